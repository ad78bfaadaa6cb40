"""The contract of `sides_in_battle` and `asks_anything` (systems/interface.py), for all four systems over every
example in docs/examples, the state it resolves to, and each of those with a combatant put out of the battle by the
system's own hand adjustment (down, dead, fled, surrendered): the sides still in the battle are some of `sides()`, in
its order; one out of the battle is asked nothing; and `asks_anything` is exactly whether the side's plays form (or
the GM's entries) has a field."""

import pytest

from systems import get_system
from systems.interface import GM
from tests.systems.interface_examples import ALL_SYSTEMS, state_id, states_of

OUT_KINDS = ("down", "dead", "killed", "fled", "surrendered")  # the adjustments that put a combatant out, if any


def put_out(name: str, label: str, state: dict) -> list[tuple[str, str, dict]]:
    """The state after the first adjustment of each kind that may put a combatant out of the battle."""
    system, cases, kinds = get_system(name), [], set()
    for adjustment in system.adjustments(state):
        kind = adjustment.value.split("|")[0]
        if kind in OUT_KINDS and kind not in kinds:
            kinds.add(kind)
            cases.append((name, f"{label}, {adjustment.label}", system.adjust(state, adjustment.value)[0]))
    return cases


EXAMPLES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]
STATES = EXAMPLES + [case for example in EXAMPLES for case in put_out(*example)]


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_the_sides_in_battle_are_some_of_the_sides_in_their_order(case):
    name, _, state = case
    system = get_system(name)
    sides, playing = system.sides(state), system.sides_in_battle(state)
    assert playing == tuple(side for side in sides if side in playing)


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_a_side_out_of_the_battle_is_asked_nothing(case):
    name, _, state = case
    system = get_system(name)
    for side in set(system.sides(state)) - set(system.sides_in_battle(state)):
        assert not system.plays_form(state, side).fields, side


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_asks_anything_is_whether_the_form_has_a_field(case):
    name, _, state = case
    system = get_system(name)
    for side in (*system.sides(state), GM):
        assert system.asks_anything(state, side) == bool(system.plays_form(state, side).fields), side


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_some_case_has_a_combatant_out_of_the_battle(name):
    """So the cases above check someone out, in every system but the Joust (a jouster out ends it)."""
    system = get_system(name)
    assert any(set(system.sides(state)) - set(system.sides_in_battle(state))
               for system_name, _, state in STATES if system_name == name)
