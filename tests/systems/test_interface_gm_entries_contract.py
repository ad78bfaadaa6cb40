"""The GM's own entries for a round (systems/interface.py: `plays_form(round_input, GM)`), checked the same way for
every system over every example in docs/examples, before it and after it resolves: a form whose side is the GM,
never one of `sides()`, every field written somewhere (or steering the form: a field other fields are shown beside), and the first choice of each field filled in leaving an
input `validate` accepts and `resolve` plays."""

import pytest

from systems import get_system
from systems.interface import GM, PlaysForm, alternatives, fill
from tests.systems.interface_examples import ALL_SYSTEMS, answer, examples_of, load, state_id, states_of

STATES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]
INPUTS = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_the_gms_entries_are_a_form_whose_side_is_the_gm_and_every_field_has_a_path_or_steers_the_form(case):
    name, _, state = case
    system = get_system(name)
    form = system.plays_form(state, GM)
    assert isinstance(form, PlaysForm) and form.side == GM and form.title
    steering = {name for form_field in form.fields for alternative in alternatives(form_field.shown_when)
                for name, _ in alternative}
    assert all(form_field.path or form_field.name in steering for form_field in form.fields)
    assert form.fields or form.notes  # an empty form says why


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_the_gm_is_never_one_of_the_sides(case):
    name, _, state = case
    assert GM not in get_system(name).sides(state)


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_the_first_choice_of_each_of_the_gms_fields_leaves_an_input_validate_accepts_and_resolve_plays(name, path):
    system = get_system(name)
    data = load(path)
    form = system.plays_form(data, GM)
    filled = fill(data, form, answer(form))
    assert system.validate(filled) == []
    resolution = system.resolve(filled, seed=3)
    assert resolution.events or resolution.waiting_for


@pytest.mark.parametrize("name", [name for name in ALL_SYSTEMS if name != "magic-realm"])
def test_a_system_whose_rules_leave_the_gm_nothing_to_enter_gives_an_empty_form_saying_so(name):
    system = get_system(name)
    for path in examples_of(name):
        form = system.plays_form(load(path), GM)
        assert form.fields == () and form.notes, path.stem
