"""Magic Realm's hand adjustments behind the systems interface (systems/magic_realm/adjustments.py): what a
GM may change between rounds for what the engine does not model, and what each change does."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.interface import AdjustmentRefused
from systems.magic_realm.battle_state import full_state, normalized_state
from tests.systems.interface_examples import states_of

SYSTEM = get_system("magic-realm")
STATES = states_of("magic-realm")


def black_knight_vs_wolf():
    """The example's state before its round, its combatants written out as the app's battles keep them."""
    state = copy.deepcopy(next(state for label, state in STATES if label == "black-knight-vs-wolf (before)"))
    state["state"] = normalized_state(full_state(state["state"]))
    return state


def character(state, name):
    return next(c for c in state["state"]["characters"] if c["id"] == name)


def offered(state):
    return {adjustment.value: adjustment for adjustment in SYSTEM.adjustments(state)}


def test_it_offers_to_wound_fatigue_a_fresh_chit_and_never_to_rest_it():
    state = black_knight_vs_wolf()
    chit = next(c for c in character(state, "Black Knight")["chits"] if c["state"] == "fresh")
    values = offered(state)
    assert f"wound|Black Knight|{chit['id']}" in values and f"fatigue|Black Knight|{chit['id']}" in values
    assert f"rest|Black Knight|{chit['id']}" not in values
    assert values[f"wound|Black Knight|{chit['id']}"].label == f"Black Knight: wound {chit['id']}"
    assert values[f"wound|Black Knight|{chit['id']}"].combatant == "Black Knight"


def test_a_wounded_chit_is_offered_back_to_fresh_and_not_wounded_again():
    state = black_knight_vs_wolf()
    chit = character(state, "Black Knight")["chits"][0]["id"]
    wounded, sentence = SYSTEM.adjust(state, f"wound|Black Knight|{chit}")
    assert sentence == f"Black Knight's {chit} is now wounded"
    values = offered(wounded)
    assert f"wound|Black Knight|{chit}" not in values and f"rest|Black Knight|{chit}" in values
    rested, _ = SYSTEM.adjust(wounded, f"rest|Black Knight|{chit}")
    assert character(rested, "Black Knight")["chits"][0]["state"] == "fresh"


def test_a_denizen_killed_is_struck_from_the_sheets_and_offered_nothing_more():
    state = black_knight_vs_wolf()
    killed, sentence = SYSTEM.adjust(state, "killed|Wolf|")
    assert sentence == "Wolf killed"
    assert next(d for d in killed["state"]["denizens"] if d["id"] == "Wolf")["dead"] is True
    assert not any(adjustment.combatant == "Wolf" for adjustment in SYSTEM.adjustments(killed))
    with pytest.raises(AdjustmentRefused, match="already out of the battle"):
        SYSTEM.adjust(killed, "fled|Wolf|")


def test_armor_is_damaged_then_destroyed_and_destroyed_armor_is_offered_nothing():
    state = black_knight_vs_wolf()
    armor = character(state, "Black Knight")["armor"][0]["name"]
    damaged, sentence = SYSTEM.adjust(state, f"damage_armor|Black Knight|{armor}")
    assert sentence == f"Black Knight's {armor} is damaged"
    assert f"damage_armor|Black Knight|{armor}" not in offered(damaged)
    destroyed, _ = SYSTEM.adjust(damaged, f"destroy_armor|Black Knight|{armor}")
    assert armor not in [a["name"] for a in character(destroyed, "Black Knight")["armor"]]


def test_a_weapon_is_alerted_and_unalerted_in_turn():
    state = black_knight_vs_wolf()
    weapon = character(state, "Black Knight")["weapons"][0]["name"]
    alerted, sentence = SYSTEM.adjust(state, f"alert|Black Knight|{weapon}")
    assert sentence == f"Black Knight's {weapon} is now alerted"
    assert offered(alerted)[f"alert|Black Knight|{weapon}"].label == f"Black Knight: {weapon} unalerted"


def test_a_state_in_the_round_files_short_form_is_offered_and_changed_in_its_long_form():
    short = next(state for label, state in STATES if label == "black-knight-vs-wolf (before)")
    assert "chits" not in short["state"]["characters"][0]
    assert offered(short) == offered(black_knight_vs_wolf())
    changed, _ = SYSTEM.adjust(short, "wound|Black Knight|MOVE M5")
    assert next(c for c in character(changed, "Black Knight")["chits"] if c["id"] == "MOVE M5")["state"] == "wounded"
    assert get_system("magic-realm").validate({**short, "state": changed["state"]}) == []


@pytest.mark.parametrize("change, why", [
    ("wound|Nobody|FIGHT M4", "Nobody is not a character of this battle"),
    ("wound|Black Knight|FIGHT Z9", "Black Knight has no chit FIGHT Z9"),
    ("alert|Black Knight|Banana", "Black Knight has no Banana"),
    ("fled|Nobody|", "Nobody is not a denizen of this battle"),
    ("heal|Black Knight|", "unknown adjustment"),
    ("", "unknown adjustment"),
])
def test_a_change_it_cannot_make_is_refused_in_words(change, why):
    with pytest.raises(AdjustmentRefused, match=why):
        SYSTEM.adjust(black_knight_vs_wolf(), change)


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(STATES), picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=6))
def test_any_sequence_of_offered_adjustments_applies_and_never_touches_the_state_it_was_given(case, picks):
    _, state = case
    for pick in picks:
        choices = SYSTEM.adjustments(state)
        if not choices:
            break
        before = copy.deepcopy(state)
        state, sentence = SYSTEM.adjust(state, choices[pick % len(choices)].value)
        assert sentence
        assert before == copy.deepcopy(before)
    for adjustment in SYSTEM.adjustments(state):
        assert adjustment.label.startswith(adjustment.combatant)
