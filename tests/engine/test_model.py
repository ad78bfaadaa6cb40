"""The melee round's data types (systems.magic_realm.engine.model)."""

from __future__ import annotations

import dataclasses

import pytest

from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.model import (
    BattleState,
    CharacterState,
    Chit,
    ChitLabelError,
    DenizenState,
    HorseState,
    PlayError,
    RoundResult,
    WeaponState,
    parse_chit,
    with_chit_states,
)
from systems.magic_realm.engine.ruleset import rules_from


@pytest.mark.parametrize(
    ("label", "action", "strength", "magic", "time", "effort"),
    [
        ("FIGHT H5*", "FIGHT", "H", None, 5, 1),
        ("MOVE M4**", "MOVE", "M", None, 4, 2),
        ("MAGIC III3", "MAGIC", None, "III", 3, 0),
        ("MAGIC VIII2*", "MAGIC", None, "VIII", 2, 1),
        ("DUCK T3*", "DUCK", "T", None, 3, 1),
        ("fight l4", "FIGHT", "L", None, 4, 0),
    ],
)
def test_a_chit_is_read_as_printed(label, action, strength, magic, time, effort):
    chit = parse_chit(label)
    assert (chit.action, chit.strength, chit.magic_type, chit.time, chit.effort) == (action, strength, magic, time, effort)
    assert chit.state == "fresh"


def test_a_chits_label_is_written_back_as_printed():
    assert parse_chit("MAGIC VIII2*").label == "MAGIC VIII2*"
    assert parse_chit("FIGHT H5*").label == "FIGHT H5*"


@pytest.mark.parametrize("label", ["FIGHT", "H5", "FIGHT Q5", "MOVE M45"])
def test_a_chit_that_is_not_a_chit_is_refused(label):
    with pytest.raises(ChitLabelError):
        parse_chit(label)


def test_only_fresh_chits_are_usable():
    assert parse_chit("MOVE M4").usable
    assert not parse_chit("MOVE M4", state="fatigued").usable


def test_a_character_finds_chits_by_id_or_label_and_weapons_by_name():
    knight = CharacterState(
        "Black Knight", "Black Knight",
        chits=(parse_chit("FIGHT M4*"), parse_chit("FIGHT M4*", chit_id="FIGHT M4* #2")),
        weapons=(WeaponState("Mace"),),
    )
    assert knight.chit("FIGHT M4* #2").id == "FIGHT M4* #2"
    assert knight.chit("MOVE M4") is None
    assert knight.weapon("mace").name == "Mace"


def test_a_dead_horse_is_not_ridden():
    assert CharacterState("A", "Amazon", (), horse=HorseState("Pony")).rides
    assert not CharacterState("A", "Amazon", (), horse=HorseState("Pony", dead=True)).rides


def test_the_state_finds_combatants_by_id():
    state = BattleState(1, (CharacterState("Amazon", "Amazon", ()),), (DenizenState("Wolf", "Wolf"),))
    assert state.character("Amazon").id == "Amazon"
    assert state.denizen("Wolf").id == "Wolf"
    assert state.character("Wolf") is None and state.combatant("Dragon") is None


def test_a_fled_or_dead_denizen_is_not_active():
    assert DenizenState("Wolf", "Wolf").active
    assert not DenizenState("Wolf", "Wolf", dead=True).active
    assert not DenizenState("Wolf", "Wolf", fled=True).active


def test_every_model_type_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        parse_chit("MOVE M4").state = "wounded"


def test_chit_states_can_be_changed_by_a_new_copy():
    knight = CharacterState("Black Knight", "Black Knight", (parse_chit("MOVE M4"), parse_chit("FIGHT H5*")))
    changed = with_chit_states(knight, {"MOVE M4": "wounded"})
    assert [chit.state for chit in changed.chits] == ["wounded", "fresh"]
    assert knight.chits[0].state == "fresh"


def test_a_play_error_names_its_field():
    error = PlayError("plays.Black Knight.maneuver.chit", "unknown chit")
    assert str(error) == "plays.Black Knight.maneuver.chit: unknown chit"
    assert error.severity == "error"


def test_a_result_filters_events_by_actor():
    seen = Event("hit", "Wolf hits Amazon", "5.4/3", "Hit", actors=("Wolf", "Amazon"))
    unseen = Event("hit", "Bat hits Dwarf", "5.4/3", "Hit", actors=("Giant Bat", "Dwarf"))
    result = RoundResult(
        round_number=1, rules=rules_from("standard"), events=(seen, unseen), state=BattleState(2, ()),
        summaries=(), kills=(), harm_done=False, quiet=True, combat_ends=False, dice=(),
    )
    assert result.events_for("Amazon") == (seen,)
    assert result.summary("Amazon") is None


def test_chit_ids_default_to_the_label():
    assert parse_chit(" MOVE M4 ").id == "MOVE M4"
    assert isinstance(parse_chit("MOVE M4"), Chit)
