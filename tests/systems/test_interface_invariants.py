"""Invariants of the plays forms (systems/interface.py), with hypothesis: whatever a side picks from its form,
field by field among the choices open at that point, the system's validate finds nothing wrong with that side's
plays; and the round then resolves the same from the same seed."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.interface import answers_that_apply, applies, choices_open, fill, side_errors
from tests.systems.interface_examples import ALL_SYSTEMS, someone_plays, states_of

STATES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]
WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=40).filter(str.strip)


def draw_answers(data, form) -> dict:
    answers: dict = {}
    for form_field in form.fields:
        if not applies(form_field.shown_when, answers) or (not form_field.required and data.draw(st.booleans())):
            continue
        if form_field.kind == "choice":
            open_choices = choices_open(form_field, answers)
            if open_choices:
                answers[form_field.name] = data.draw(st.sampled_from(open_choices)).value
        elif form_field.kind == "multi-choice":
            open_choices = choices_open(form_field, answers)
            if open_choices:
                answers[form_field.name] = [choice.value for choice in data.draw(
                    st.lists(st.sampled_from(open_choices), unique=True, max_size=len(open_choices)))]
        elif form_field.kind == "number":
            answers[form_field.name] = data.draw(st.integers(form_field.minimum, form_field.maximum))
        elif form_field.kind == "text":
            answers[form_field.name] = data.draw(
                WORDS if form_field.pattern is None else st.from_regex(form_field.pattern, fullmatch=True))
        answers = answers_that_apply(form, answers)
    return answers


@pytest.mark.parametrize("case", STATES, ids=lambda case: f"{case[0]}:{case[1]}")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_plays_picked_from_a_form_are_accepted(case, data):
    name, _, state = case
    system = get_system(name)
    sides = system.sides(state)
    side = data.draw(st.sampled_from(sides))
    form = system.plays_form(state, side)
    played = fill(state, form, draw_answers(data, form))
    assert side_errors(system.validate(played), form) == []


@pytest.mark.parametrize("case", [case for case in STATES if someone_plays(case)],
                         ids=lambda case: f"{case[0]}:{case[1]}")
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_a_round_every_side_filled_in_is_valid_and_resolves_the_same_from_its_seed(case, data, seed):
    name, _, state = case
    system = get_system(name)
    for side in system.sides(state):
        form = system.plays_form(state, side)
        state = fill(state, form, draw_answers(data, form))
    assert system.validate(state) == []
    first, second = system.resolve(state, seed=seed), system.resolve(state, seed=seed)
    assert first.output == second.output and first.events == second.events
    assert all(event.rule for event in first.events)
