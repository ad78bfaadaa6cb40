"""What the per-system tests of a GM's hand adjustments share: the errors of a state as the app's
`combat/system_rounds.state_errors` counts them (validate's errors minus those the sides' plays forms own),
and a Hypothesis check that any sequence of offered adjustments keeps a state valid."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems.interface import side_errors

JOUST_OVER = "the joust is over"  # a finished joust refuses any further pass: it is no round to resolve


def state_errors(system, state: dict) -> list:
    errors = system.validate(state)
    owned = {error for side in system.sides(state)
             for error in side_errors(errors, system.plays_form(state, side))}
    return [error for error in errors if error not in owned]


def errors_of_a_battle_state(system, state: dict) -> list:
    """`state_errors`, where a finished joust's own "the joust is over" is the end the state records, not a
    fault of the state (Resolution.state of a joust's last pass says the same)."""
    return [error for error in state_errors(system, state)
            if not (state.get("outcome") and error.path == "choices" and error.message == JOUST_OVER)]


def assert_every_offered_adjustment_applies(system, state: dict) -> None:
    before = copy.deepcopy(state)
    for adjustment in system.adjustments(state):
        new_state, sentence = system.adjust(state, adjustment.value)
        assert errors_of_a_battle_state(system, new_state) == [], (adjustment, new_state)
        assert sentence and adjustment.combatant and adjustment.combatant in adjustment.label
        assert state == before, adjustment  # never mutated
        assert new_state != state, adjustment


def random_sequences_stay_valid(system, states):
    @settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data):
        _, state = data.draw(st.sampled_from(states))
        for _ in range(data.draw(st.integers(1, 15))):
            offered = system.adjustments(state)
            if not offered:
                break
            state, _ = system.adjust(state, data.draw(st.sampled_from(offered)).value)
            assert errors_of_a_battle_state(system, state) == []
    return check


def by_value(system, state: dict, value: str):
    return next(adjustment for adjustment in system.adjustments(state) if adjustment.value == value)


def combatant(state: dict, name: str) -> dict:
    return next(entry for entry in state["combatants"] if entry["name"] == name)


def made(system, state: dict, value: str, label: str, sentence: str) -> dict:
    """The state after the offered change `value`, whose label and sentence are as given."""
    assert by_value(system, state, value).label == label
    new_state, said = system.adjust(state, value)
    assert said == sentence
    return new_state


def every_offered_adjustment_applies(system, states):
    """A test over each state: something is offered, and every offered change applies to a copy and leaves a
    valid state."""
    @pytest.mark.parametrize(("label", "state"), states, ids=[label for label, _ in states])
    def check(label, state):
        assert system.adjustments(state) or state.get("outcome")  # a joust ended by injury takes no change
        assert_every_offered_adjustment_applies(system, state)
    return check
