"""The encounter examples of docs/examples resolve the same way every time: the encounter step is
compared with its golden file (docs/examples/encounter-*.result.json, the `encounter` section of resolve_round's output), and the melee round that
follows is resolved twice with the same dice and must agree.

To regenerate a golden file after a deliberate change: `manage.py resolve_round docs/examples/NAME.json >
docs/examples/NAME.result.json`, then read the diff."""

import json
from pathlib import Path

import pytest

from systems.magic_realm.engine.encounter import (
    apply_encounter,
    encounter_from_round,
    encounter_summary,
    play_round_file,
    resolve_encounter,
)
from systems.magic_realm.engine.round_format import load_round, result_to_json

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NAMES = ["watchful-natives", "extended-treachery", "knights-adjustment", "stumble"]


def summary_of(name):
    round_file = load_round(EXAMPLES / f"encounter-{name}.json")
    dice = round_file.make_dice()
    result = resolve_encounter(encounter_from_round(round_file.round_input, round_file.encounter or {}), dice)
    return encounter_summary(result, apply_encounter(round_file.round_input, result))


@pytest.mark.parametrize("name", NAMES)
def test_the_example_s_encounter_matches_its_golden_file(name):
    golden = json.loads((EXAMPLES / f"encounter-{name}.result.json").read_text())["encounter"]
    summary = summary_of(name)
    assert summary == {key: value for key, value in golden.items() if key in summary}


@pytest.mark.parametrize("name", NAMES)
def test_the_example_s_melee_round_resolves_the_same_way_every_time(name):
    first = play_round_file(load_round(EXAMPLES / f"encounter-{name}.json"))
    second = play_round_file(load_round(EXAMPLES / f"encounter-{name}.json"))
    assert encounter_summary(first[0]) == encounter_summary(second[0])
    assert result_to_json(first[1]) == result_to_json(second[1])
    assert first[1].events, "the melee round was resolved"


def test_example_a_puts_every_soldier_on_the_berserker_s_sheet():
    summary = summary_of("watchful-natives")
    assert summary["sheets"][0] == {
        "owner": "Berserker",
        "attackers": ["Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"],
        "owner_target": None,
    }


def test_the_treachery_example_costs_the_captain_the_notoriety_of_both_rebels():
    summary = summary_of("extended-treachery")
    assert summary["fame_lost"] == {"Captain": 9}
    assert [rebel[0] for rebel in summary["rebels"]] == ["Soldier 1", "Soldier HQ"]


def test_the_knights_adjustment_example_reads_the_friendly_column():
    summary = summary_of("knights-adjustment")
    assert any("Friendly, not Allied, with the Company" in line for line in summary["events"])
    assert ["Company", "Black Knight"] in summary["battling"]


def test_the_stumble_example_logs_the_stumble_arithmetic():
    summary = summary_of("stumble")
    assert any("Stumble: high die" in line and "(rule 5.1" in line for line in summary["events"])


@pytest.mark.parametrize("name", NAMES)
def test_the_example_s_encounter_section_follows_the_encounter_schema(name):
    import jsonschema

    from systems.magic_realm.engine.encounter import ENCOUNTER_SCHEMA

    data = json.loads((EXAMPLES / f"encounter-{name}.json").read_text())
    jsonschema.Draft202012Validator(ENCOUNTER_SCHEMA).validate(data["encounter"])
