"""Every system's secret starting information through the interface (systems/starting.py): a system exports its four
functions; its form, where it has one, asks questions with no path; its check gives FieldErrors; what a battle starts
a character with is a dict, nothing from no answers; a system without a form checks nothing and gives nothing."""

import pytest

from systems import SYSTEMS, get_system
from systems.errors import FieldError
from systems.interface import PlaysForm
from systems.starting import keeps_starting

STARTING = ("starting_form", "check_starting", "starting_record", "starting_from_old")


def options_of(system):
    return [system.options().complete({"preset": preset.name}) for preset in system.options().presets]


def a_name(system):
    return (system.character_names() or ("Aldric",))[0]


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_its_starting_information(name):
    assert set(STARTING) <= set(get_system(name).__all__)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_starting_form_asks_questions_that_write_nowhere(name):
    system = get_system(name)
    for options in options_of(system):
        form = system.starting_form(a_name(system), options)
        assert form is None or (isinstance(form, PlaysForm) and form.fields
                                and all(field.path is None for field in form.fields))


@pytest.mark.parametrize("name", SYSTEMS)
def test_no_answers_start_a_battle_with_nothing_and_the_check_gives_field_errors(name):
    system = get_system(name)
    assert system.starting_record({}) == {}
    for options in options_of(system):
        errors = system.check_starting({}, options)
        assert all(isinstance(error, FieldError) and error.path and error.message for error in errors)
        if system.starting_form(a_name(system), options) is None:
            assert errors == [] and system.starting_from_old({"anything": 1}) == {}


@pytest.mark.parametrize("name", SYSTEMS)
def test_whether_a_system_keeps_starting_information_is_whether_its_form_asks_any(name):
    system = get_system(name)
    asked = [system.starting_form(a_name(system), options) is not None for options in options_of(system)]
    assert set(asked) == {keeps_starting(system)}
