"""Magic Realm's `asks_anything` and `sides_in_battle` (systems/magic_realm/plugin.py) answer from the state alone what
its plays form would, without the form's trials against the engine: exactly `bool(plays_form(round_input, side).fields)`
for every side and the GM's entries, over every Magic Realm example in docs/examples (as written, without its plays,
and the state it resolves to), and over examples whose characters are killed or fled at random."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.interface import GM
from tests.systems.interface_examples import examples_of, load, states_of, without_plays

MAGIC_REALM = get_system("magic-realm")
CASES = ([(f"{path.stem} (as written)", load(path)) for path in examples_of("magic-realm")]
         + states_of("magic-realm"))
SMALL = [without_plays(load(path)) for path in examples_of("magic-realm")
         if len(load(path)["state"]["characters"]) <= 3]


def asked(round_input, side) -> bool:
    return bool(MAGIC_REALM.plays_form(round_input, side).fields)


@pytest.mark.parametrize("label,round_input", CASES, ids=[label for label, _ in CASES])
def test_it_answers_as_the_form_for_every_side_and_the_gm(label, round_input):
    for side in (*MAGIC_REALM.sides(round_input), GM):
        assert MAGIC_REALM.asks_anything(round_input, side) == asked(round_input, side), side


@pytest.mark.parametrize("label,round_input", CASES, ids=[label for label, _ in CASES])
def test_the_sides_in_battle_are_those_whose_form_asks_something(label, round_input):
    sides = MAGIC_REALM.sides(round_input)
    assert MAGIC_REALM.sides_in_battle(round_input) == tuple(side for side in sides if asked(round_input, side))


def test_the_examples_include_a_character_out_of_the_battle_and_gm_entries_both_ways():
    """The cases above are worth something: some character is out of the battle somewhere, and the GM's form asks
    something in some case and nothing in another."""
    assert any(set(MAGIC_REALM.sides(data)) - set(MAGIC_REALM.sides_in_battle(data)) for _, data in CASES)
    assert {MAGIC_REALM.asks_anything(data, GM) for _, data in CASES} == {True, False}


@st.composite
def with_characters_out(draw):
    """A small example without its plays, each character left alone, killed or fled."""
    data = copy.deepcopy(draw(st.sampled_from(SMALL)))
    for character in data["state"]["characters"]:
        out = draw(st.sampled_from(("in", "dead", "fled")))
        if out != "in":
            character[out] = True
    return data


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(with_characters_out())
def test_it_answers_as_the_form_whoever_is_killed_or_fled(round_input):
    for side in (*MAGIC_REALM.sides(round_input), GM):
        assert MAGIC_REALM.asks_anything(round_input, side) == asked(round_input, side), side
    dead_or_fled = {c["id"] for c in round_input["state"]["characters"] if c.get("dead") or c.get("fled")}
    assert set(MAGIC_REALM.sides_in_battle(round_input)) == set(MAGIC_REALM.sides(round_input)) - dead_or_fled
