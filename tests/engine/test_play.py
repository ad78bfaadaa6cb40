"""systems.magic_realm.engine.play: the whole round a round file describes. The effort limit (at most two
asterisks a round, realmspeak-notes 1.2) counts the encounter step's chits with the melee's."""

import copy
import json
from pathlib import Path

import pytest

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.melee import RoundInvalid
from systems.magic_realm.engine.play import play_round, validate_round_file
from systems.magic_realm.engine.round_format import read_round

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
AMAZON_CHITS = ["MOVE M3**", "MOVE M3*", "MOVE M4", "FIGHT L2*", "FIGHT M4*", "FIGHT M5"]


def amazon_runs_then_fights(run_chit: str, attack_chit: str, maneuver_chit: str = "MOVE M4") -> dict:
    """The stumble example (the Amazon tries to run), with chits of our choosing."""
    data = json.loads((EXAMPLES / "encounter-stumble.json").read_text())
    data = copy.deepcopy(data)
    data["state"]["characters"][0]["chits"] = list(AMAZON_CHITS)
    data["encounter"]["actions"][0]["run"]["chit"] = run_chit
    data["plays"]["Amazon"]["attack"]["chit"] = attack_chit
    data["plays"]["Amazon"]["maneuver"]["chit"] = maneuver_chit
    return data


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def blocking(errors):
    return {error.path: error.message for error in errors if getattr(error, "severity", "error") == "error"}


def test_it_refuses_a_run_with_move_m3_double_star_and_a_fight_l2_star_in_the_melee():
    round_file = read_round(amazon_runs_then_fights("MOVE M3**", "FIGHT L2*"))

    errors = blocking(validate_round_file(round_file))

    assert list(errors) == ["plays.Amazon.attack.chit"]
    assert "3 asterisks played (MOVE M3** + FIGHT L2*)" in errors["plays.Amazon.attack.chit"]
    assert "Effort limit" in errors["plays.Amazon.attack.chit"]
    with pytest.raises(RoundInvalid) as refused:
        play_round(round_file, ScriptedDice([3, 5] * 30))
    assert [error.path for error in refused.value.errors] == ["plays.Amazon.attack.chit"]


def test_it_accepts_one_asterisk_in_the_encounter_and_one_in_the_melee():
    round_file = read_round(amazon_runs_then_fights("MOVE M3*", "FIGHT L2*"))

    assert blocking(validate_round_file(round_file)) == {}
    played = play_round(round_file, round_file.make_dice())
    assert played.encounter is not None


def test_it_names_the_encounter_chit_when_the_asterisks_are_all_in_the_encounter_and_maneuver():
    round_file = read_round(amazon_runs_then_fights("MOVE M3**", "FIGHT M5", maneuver_chit="MOVE M3*"))

    errors = blocking(validate_round_file(round_file))

    assert list(errors) == ["plays.Amazon.maneuver.chit"]
    assert "3 asterisks played" in errors["plays.Amazon.maneuver.chit"]


def test_it_refuses_the_same_chit_played_in_the_encounter_and_in_the_melee_and_counts_it_once():
    round_file = read_round(amazon_runs_then_fights("MOVE M3**", "FIGHT M5", maneuver_chit="MOVE M3**"))

    errors = blocking(validate_round_file(round_file))

    assert list(errors) == ["plays.Amazon.maneuver.chit"]
    assert "already played to run away in the encounter step" in errors["plays.Amazon.maneuver.chit"]
    assert "asterisks played" not in errors["plays.Amazon.maneuver.chit"]


def test_it_names_the_charge_chit_when_the_encounter_alone_passes_the_limit():
    data = amazon_runs_then_fights("MOVE M3**", "FIGHT M5")
    data["encounter"]["actions"] = [{"character": "Amazon", "alert": "Short Sword", "chit": "FIGHT L2*"}]
    data["encounter"]["charges"] = [{"character": "Amazon", "target": "Swordsman", "chit": "MOVE M3**"}]
    round_file = read_round(data)

    errors = blocking(validate_round_file(round_file))

    assert "encounter.actions[0].chit" in errors
    assert "3 asterisks played (MOVE M3** + FIGHT L2*)" in errors["encounter.actions[0].chit"]


def test_the_golden_examples_are_valid_round_files():
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".result.json") or json.loads(path.read_text()).get("system", "magic-realm") != "magic-realm":
            continue
        assert blocking(validate_round_file(read_round(json.loads(path.read_text())))) == {}, path.name


def test_a_casting_magic_chit_counts_toward_the_effort_limit_with_the_encounter_step_s_chits():
    """Issue #15.3: MAGIC III2** casting in the melee and MOVE L2** running in the encounter step are four
    asterisks, and are refused (the MAGIC chit was left out of the count)."""
    data = example("encounter-magic-chit-owed-once")
    data["state"]["characters"][0]["chits"] = ["MAGIC III2**", "MOVE L2**", "MOVE M4"]
    data["encounter"]["actions"] = [{"character": "Sorceror", "run": {"chit": "MOVE L2**"}}]
    data["plays"]["Sorceror"] = {"target": "Wolf", "attack": {"spell": "Fiery Blast", "chit": "MAGIC III2**", "box": 1},
                                 "maneuver": {"chit": "MOVE M4", "box": 3}}
    errors = blocking(validate_round_file(read_round(data)))
    assert any("4 asterisks played" in message for message in errors.values()), errors


def test_a_magic_chit_cast_in_the_encounter_step_is_never_owed_as_fatigue_too():
    round_file = read_round(example("encounter-magic-chit-owed-once"))
    played = play_round(round_file, round_file.make_dice())
    summary = next(s for s in played.result.summaries if s.character == "Sorceror")
    assert summary.fatigue_owed == 0


def test_fatigue_from_a_failed_run_keeps_combat_going_after_a_quiet_round():
    """Issue #15.2: a round whose only effort was a failed run (MOVE L2**, one fatigue owed) is not quiet."""
    round_file = read_round(example("encounter-a-failed-run-is-effort"))
    result = play_round(round_file, round_file.make_dice()).result
    assert not result.quiet and not result.combat_ends
    assert result.state.previous_round_quiet is False
    assert any(e.text.startswith("Combat goes on: fatigue is owed") for e in result.events)


def test_a_spell_cast_in_the_encounter_step_makes_the_round_not_quiet():
    round_file = read_round(example("encounter-magic-chit-owed-once"))
    assert not play_round(round_file, round_file.make_dice()).result.quiet
