"""The contract of a GM's hand adjustments (systems/interface.py `adjustments` and `adjust`), the same for all
four systems over every example's state before and after its round: every change offered applies, leaves a
state the system accepts, and never touches the state it was given; a change not offered is refused in words."""

import copy

import pytest

from systems import get_system
from systems.interface import Adjustment, AdjustmentRefused, fill
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS, answer, states_of

STATES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]
# A Magic Realm example's state keeps its encounter step (interface_examples.without_plays): a play there may
# use a chit the GM then wounds, and is refused naming that play, as any play that breaks the rules. The state
# itself must stay one the system accepts.
PLAYS = ("plays", "encounter.")


def errors_in_the_state(system, state):
    return [error for error in state_errors(system, state) if not error.path.startswith(PLAYS)]


def state_id(case):
    return f"{case[0]}:{case[1]}"


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_every_adjustment_offered_applies_and_leaves_a_state_the_system_accepts(case):
    name, _, state = case
    system = get_system(name)
    given = copy.deepcopy(state)
    offered = system.adjustments(state)
    assert all(isinstance(adjustment, Adjustment) and adjustment.value and adjustment.label for adjustment in offered)
    assert len({adjustment.value for adjustment in offered}) == len(offered)
    for adjustment in offered:
        changed, sentence = system.adjust(state, adjustment.value)
        assert sentence.strip(), adjustment
        assert errors_in_the_state(system, changed) == [], adjustment
        assert changed != state or adjustment.value, adjustment
    assert state == given


@pytest.mark.parametrize("case", [case for case in STATES if not case[1].startswith("thirty-combatants")], ids=state_id)
def test_an_adjusted_state_still_plays_a_round_from_its_forms(case):
    name, _, state = case
    system = get_system(name)
    offered = system.adjustments(state)
    for adjustment in {offered[0].value, offered[-1].value} if offered else ():
        changed, _ = system.adjust(state, adjustment)
        for side in system.sides(changed):
            form = system.plays_form(changed, side)
            changed = fill(changed, form, answer(form))
        resolution = system.resolve(changed, seed=11)
        assert resolution.state is not None, adjustment


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_change_no_system_offers_is_refused_in_words(name):
    system = get_system(name)
    _, state = states_of(name)[0]
    for change in ("", "no-such-change|Nobody|", "|||"):
        with pytest.raises(AdjustmentRefused) as refused:
            system.adjust(state, change)
        assert str(refused.value).strip()
