"""The spells a character knows, on his entry in the round file (docs/round-format.md, `spells`; docs/rulings.md,
"Spells a character knows"): read and written back, each checked against the catalogue, and, when given, the
only spells he casts."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from systems.magic_realm.checks import validate
from systems.magic_realm.engine.melee import resolve_round
from systems.magic_realm.engine.round_format import (RoundFormatError, read_round, result_from_json, result_to_json,
                                                     round_to_json, schema)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def sorceror(spells=None, attack_spell="Fiery Blast") -> dict:
    """The Sorceror, a Wolf on his sheet, casting `attack_spell` at it with MAGIC IV4*."""
    entry = {"id": "Sorceror", **({"spells": spells} if spells is not None else {})}
    return {"rules": "standard",
            "state": {"characters": [entry], "denizens": [{"id": "Wolf", "target": "Sorceror"}]},
            "sheets": [{"owner": "Sorceror", "attackers": [{"combatant": "Wolf", "box": 1}]}],
            "plays": {"Sorceror": {"target": "Wolf", "attack": {"chit": "MAGIC IV4*", "box": 2, "spell": attack_spell}}},
            "seed": 5}


def error_paths(data) -> list[str]:
    with pytest.raises(RoundFormatError) as raised:
        read_round(data)
    return [error.path for error in raised.value.errors]


def test_the_schema_accepts_a_characters_spells_as_a_list_of_names():
    jsonschema.validate(sorceror(["Fiery Blast", "Peace"]), schema())


@pytest.mark.parametrize("spells", ["Fiery Blast", [3], [""], ["Peace", "Peace"]])
def test_the_schema_refuses_spells_that_are_not_a_list_of_distinct_names(spells):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(sorceror(spells), schema())
    assert all(path.startswith("state.characters.Sorceror.spells") for path in error_paths(sorceror(spells)))


def test_an_unknown_spell_is_an_error_naming_the_spell_on_the_characters_entry():
    with pytest.raises(RoundFormatError) as raised:
        read_round(sorceror(["Peace", "Fiery Blastt"]))
    [error] = raised.value.errors
    assert error.path == "state.characters.Sorceror.spells.Fiery Blastt"
    assert "unknown spell 'Fiery Blastt'" in error.message and "Fiery Blast" in error.message


def test_spells_read_by_their_catalogue_names_and_written_back_read_the_same():
    round_input = read_round(sorceror(["fiery blast", "Peace"])).round_input
    assert round_input.state.characters[0].spells == ("Fiery Blast", "Peace")
    written = round_to_json(round_input, seed=5)
    assert written["state"]["characters"][0]["spells"] == ["Fiery Blast", "Peace"]
    assert read_round(json.loads(json.dumps(written))).round_input == round_input


def test_a_character_without_spells_is_written_without_them_and_one_knowing_none_with_an_empty_list():
    assert "spells" not in round_to_json(read_round(sorceror()).round_input)["state"]["characters"][0]
    empty = read_round(sorceror([])).round_input
    assert empty.state.characters[0].spells == ()
    assert round_to_json(empty)["state"]["characters"][0]["spells"] == []


def test_an_attack_with_a_spell_the_character_does_not_know_is_refused_when_his_spells_are_given():
    errors = validate(sorceror(["Peace", "Lightning Bolt"]))
    assert [(e.path, e.message) for e in errors] == [
        ("plays.Sorceror.attack.spell", "Sorceror does not know Fiery Blast (his spells: Peace, Lightning Bolt)")]
    assert [e.path for e in validate(sorceror([]))] == ["plays.Sorceror.attack.spell"]


def test_an_attack_with_a_spell_he_knows_or_with_his_spells_not_given_is_accepted():
    assert validate(sorceror(["Fiery Blast"])) == []
    assert validate(sorceror(["fiery blast"], attack_spell="FIERY BLAST")) == []
    assert validate(sorceror()) == []


def test_an_encounter_step_cast_of_a_spell_the_character_does_not_know_is_refused_when_his_spells_are_given():
    data = json.loads((EXAMPLES / "encounter-magic-chit-owed-once.json").read_text())
    assert validate(data) == []
    data["state"]["characters"][0]["spells"] = ["Peace"]
    assert [(e.path, e.message) for e in validate(data)] == [
        ("encounter.actions[0].cast", "Sorceror does not know Fiery Blast (his spells: Peace)")]
    data["state"]["characters"][0]["spells"] = ["Peace", "Fiery Blast"]
    assert validate(data) == []


def test_the_new_state_keeps_the_spells_for_the_next_round():
    round_file = read_round(sorceror(["Fiery Blast", "Peace"]))
    result = resolve_round(round_file.round_input, round_file.make_dice())
    written = json.loads(json.dumps(result_to_json(result)))
    assert written["state"]["characters"][0]["spells"] == ["Fiery Blast", "Peace"]
    assert result_from_json(written).state == result.state
