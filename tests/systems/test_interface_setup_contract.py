"""The contract of a new battle's set-up (systems/setup.py: `setup_form`, `set_up`), the same for every system:
no form (None) and a `set_up` that refuses, or a form whose every field `set_up` reads (a wrong answer to any of
them is refused naming it) and whose required answers alone set up a state the system accepts with only the
sides' plays missing, each side with a plays form."""

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import Field, PlaysForm
from systems.setup import cannot_set_up, lines, listed, no_setup_form, pair
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS

CHARACTERS = ("Amazon", "Black Knight", "Swordsman")  # Magic Realm's catalogue names; any system takes any names
WITH_FORM = [name for name in ALL_SYSTEMS if get_system(name).setup_form(CHARACTERS) is not None]
WITHOUT_FORM = [name for name in ALL_SYSTEMS if name not in WITH_FORM]
WRONG = "§ nothing of the kind §"


def wrong_answer(form_field: Field):
    """An answer no question of the form takes: a choice it does not offer, text it cannot read."""
    if form_field.kind == "multi-choice":
        return [WRONG]
    if form_field.kind == "number":
        return (form_field.maximum or 0) + 1000
    return WRONG


def required_answers(form: PlaysForm) -> dict:
    """The required questions answered with their first choice (alone in a list for a multi-choice)."""
    answers = {}
    for form_field in form.fields:
        if form_field.required and form_field.choices:
            first = form_field.choices[0].value
            answers[form_field.name] = [first] if form_field.kind == "multi-choice" else first
    return answers


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_system_has_no_setup_form_or_one_whose_fields_are_read_not_written(name):
    form = get_system(name).setup_form(CHARACTERS)
    if form is None:
        return
    assert isinstance(form, PlaysForm) and form.fields
    assert all(form_field.path is None for form_field in form.fields)  # set_up reads them; nothing is filled in
    assert len({form_field.name for form_field in form.fields}) == len(form.fields)


def test_some_systems_set_up_from_a_form_and_some_from_their_examples():
    assert WITH_FORM == ["magic-realm"] and WITHOUT_FORM


@pytest.mark.parametrize("name", WITHOUT_FORM)
def test_a_system_without_a_setup_form_refuses_to_set_up(name):
    system = get_system(name)
    with pytest.raises(PlaysInvalid) as refused:
        system.set_up({"characters": list(CHARACTERS)}, CHARACTERS)
    assert [error.path for error in refused.value.errors] == ["__all__"]


@pytest.mark.parametrize("name", WITH_FORM)
def test_set_up_refuses_a_wrong_answer_to_any_field_of_its_form_naming_that_field(name):
    system = get_system(name)
    form = system.setup_form(CHARACTERS)
    for form_field in form.fields:
        answers = {**required_answers(form), form_field.name: wrong_answer(form_field)}
        with pytest.raises(PlaysInvalid) as refused:
            system.set_up(answers, CHARACTERS)
        assert [error.path for error in refused.value.errors] == [form_field.name], form_field.name
        assert all(error.message for error in refused.value.errors)


@pytest.mark.parametrize("name", WITH_FORM)
def test_the_required_answers_set_up_a_battle_the_system_accepts_with_a_form_for_each_side(name):
    system = get_system(name)
    form = system.setup_form(CHARACTERS)
    round_input = system.set_up(required_answers(form), CHARACTERS)
    assert state_errors(system, round_input) == []
    assert system.sides(round_input)
    for side in system.sides(round_input):
        assert system.plays_form(round_input, side).side == side


@pytest.mark.parametrize("name", WITH_FORM)
def test_with_no_living_character_the_form_still_asks_and_set_up_refuses_naming_a_field(name):
    system = get_system(name)
    form = system.setup_form(())
    with pytest.raises(PlaysInvalid) as refused:
        system.set_up(required_answers(form), ())
    assert {error.path for error in refused.value.errors} <= {form_field.name for form_field in form.fields}


def test_the_shared_defaults_ask_nothing_and_refuse_to_set_up():
    assert no_setup_form(CHARACTERS) is None
    with pytest.raises(PlaysInvalid, match="starts? from one of its examples"):
        cannot_set_up({}, CHARACTERS)


def test_a_list_is_read_one_item_a_line_or_comma_separated():
    assert listed("Wolf\n\n  T Troll , Giant Bat\n") == ["Wolf", "T Troll", "Giant Bat"]
    assert listed(["Wolf ", "", "Giant"]) == ["Wolf", "Giant"]
    assert listed(None) == listed("") == []


def test_lines_are_read_one_a_line_whatever_commas_they_hold():
    assert lines(" Fiery Blast, Peace \r\n\n Peace\n") == ["Fiery Blast, Peace", "Peace"]
    assert lines(["Peace ", " "]) == ["Peace"] and lines(None) == lines("") == []


@pytest.mark.parametrize("line, expected", [
    ("Wolf -> Amazon", ("Wolf", "Amazon")), ("Wolf #2→Black Knight", ("Wolf #2", "Black Knight")),
    ("Wolf attacks Amazon", ("Wolf", "Amazon")), ("Wolf Amazon", None), ("Wolf ->", None),
    ("Wolf -> Amazon -> Giant", None),
])
def test_a_pair_is_read_as_attacker_then_target(line, expected):
    assert pair(line) == expected
