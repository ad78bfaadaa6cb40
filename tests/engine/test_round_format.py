"""The JSON round file: schema, reading, writing, and the examples in docs/examples/ with their golden results."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from systems.magic_realm.engine.dice import ScriptedDice, SeededDice
from systems.magic_realm.engine.melee import resolve_round
from systems.magic_realm.engine.round_format import (
    RoundFormatError,
    load_round,
    read_round,
    result_from_json,
    result_to_json,
    round_to_json,
    schema,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
MELEE_EXAMPLES = [
    "black-knight-vs-wolf",
    "light-bow-vs-giant",
    "rider-horse-and-rider",
    "red-side-up-t-troll",
    "thirty-combatants",
]


def minimal(**extra):
    data = {"rules": "standard", "state": {"characters": [{"id": "Black Knight"}]}}
    data.update(extra)
    return data


def error_paths(data):
    with pytest.raises(RoundFormatError) as raised:
        read_round(data)
    return [error.path for error in raised.value.errors]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.validators.validator_for(schema()).check_schema(schema())


@pytest.mark.parametrize("name", MELEE_EXAMPLES)
def test_every_example_is_valid_against_the_schema(name):
    jsonschema.validate(json.loads((EXAMPLES / f"{name}.json").read_text()), schema())


@pytest.mark.parametrize("name", MELEE_EXAMPLES)
def test_every_example_resolves_to_its_golden_result(name):
    round_file = load_round(EXAMPLES / f"{name}.json")
    result = resolve_round(round_file.round_input, round_file.make_dice())
    expected = json.loads((EXAMPLES / f"{name}.result.json").read_text())
    assert json.loads(json.dumps(result_to_json(result))) == expected


def test_there_are_at_least_five_melee_examples_with_results():
    assert len([name for name in MELEE_EXAMPLES if (EXAMPLES / f"{name}.result.json").exists()]) >= 5


def test_the_thirty_combatant_example_has_thirty_combatants():
    state = load_round(EXAMPLES / "thirty-combatants.json").round_input.state
    assert len(state.characters) + len(state.denizens) == 30


def test_characters_take_their_chits_weapons_and_armor_from_the_catalogue_when_not_given():
    knight = read_round(minimal()).round_input.state.character("Black Knight")
    assert knight.chit("FIGHT H5*") is not None
    assert knight.chit("FIGHT M4* #2") is not None
    assert [weapon.name for weapon in knight.weapons] == ["Mace"]
    assert [armor.name for armor in knight.armor] == ["Armor", "Shield"]


def test_chits_given_in_the_file_replace_the_catalogues():
    data = minimal(state={"characters": [{"id": "Black Knight", "chits": ["MOVE M4", {"label": "FIGHT H5*", "state": "wounded"}]}]})
    knight = read_round(data).round_input.state.character("Black Knight")
    assert [(chit.id, chit.state) for chit in knight.chits] == [("MOVE M4", "fresh"), ("FIGHT H5*", "wounded")]


def test_a_malformed_chit_names_its_field():
    data = minimal(state={"characters": [{"id": "Black Knight", "chits": ["FIGHT"]}]})
    assert error_paths(data) == ["state.characters.Black Knight.chits.FIGHT"]


def test_an_unknown_character_names_its_field():
    data = minimal(state={"characters": [{"id": "Black Knigth"}]})
    assert error_paths(data) == ["state.characters.Black Knigth.character"]


def test_a_box_out_of_range_names_its_field():
    data = minimal(plays={"Black Knight": {"maneuver": {"chit": "MOVE M4*", "box": 4}}})
    assert error_paths(data) == ["plays.Black Knight.maneuver.box"]


def test_a_missing_box_names_the_box_not_the_play_it_belongs_to():
    data = minimal(plays={"Black Knight": {"maneuver": {"chit": "MOVE M4*"}}})
    assert error_paths(data) == ["plays.Black Knight.maneuver.box"]


def test_an_unknown_field_is_refused():
    data = minimal(plays={"Black Knight": {"manoeuvre": {"chit": "MOVE M4*", "box": 1}}})
    assert error_paths(data) == ["plays.Black Knight"]


def test_a_die_must_show_one_to_six():
    assert error_paths(minimal(dice=[1, 7])) == ["dice.1"]


def test_a_bad_rule_set_names_its_setting():
    assert error_paths(minimal(rules={"preset": "standard", "riding_horses": True})) == ["rules.riding_horses"]


def test_the_dice_come_from_the_file_or_its_seed():
    scripted = read_round(minimal(dice=[3, 4])).make_dice()
    seeded = read_round(minimal(seed=5)).make_dice()
    assert isinstance(scripted, ScriptedDice) and scripted.roll(2, "x").dice == (3, 4)
    assert isinstance(seeded, SeededDice) and seeded.seed == 5


def test_an_encounter_section_is_kept_for_the_encounter_step():
    assert read_round(minimal(encounter={"battling": []})).encounter == {"battling": []}


@pytest.mark.parametrize("name", MELEE_EXAMPLES)
def test_a_round_written_and_read_again_is_the_same_round(name):
    round_input = load_round(EXAMPLES / f"{name}.json").round_input
    again = read_round(json.loads(json.dumps(round_to_json(round_input)))).round_input
    assert again == round_input


@pytest.mark.parametrize("name", MELEE_EXAMPLES)
def test_a_result_written_and_read_again_is_the_same_result(name):
    round_file = load_round(EXAMPLES / f"{name}.json")
    result = resolve_round(round_file.round_input, round_file.make_dice())
    again = result_from_json(json.loads(json.dumps(result_to_json(result))))
    assert result_to_json(again) == result_to_json(result)
    assert again.state == result.state
    assert again.kills == result.kills


def test_the_new_state_is_a_valid_next_round():
    round_file = load_round(EXAMPLES / "black-knight-vs-wolf.json")
    result = resolve_round(round_file.round_input, round_file.make_dice())
    next_round = minimal(state=result_to_json(result)["state"])
    assert read_round(next_round).round_input.state == result.state
