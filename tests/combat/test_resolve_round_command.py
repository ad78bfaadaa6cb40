"""`manage.py resolve_round FILE`: resolve one round file through its system's `resolve` (docs/systems.md), print
the log and the new state as JSON; exit 2 with errors naming the field for a file that breaks the rules,
resolving nothing."""

import io
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from combat.management.commands import resolve_round
from systems.interface import Resolution
from tests.systems.test_magic_realm_spells_and_encounter_form import hidden_knight_with_two_hirelings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def run(path, *args):
    out = io.StringIO()
    call_command("resolve_round", str(path), *args, stdout=out)
    return json.loads(out.getvalue())


def run_failing(path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("resolve_round", str(path), stdout=out)
    return exited.value.code, json.loads(out.getvalue())


def write(tmp_path, data):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    return path


def example(name):
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def test_it_prints_the_log_and_the_new_state_as_json():
    output = run(EXAMPLES / "black-knight-vs-wolf.json")
    assert output == json.loads((EXAMPLES / "black-knight-vs-wolf.result.json").read_text())
    assert output["state"]["round"] == 2
    assert any("Wolf" in event["line"] and event["rule"] for event in output["events"])


def test_it_takes_the_dice_from_the_seed_and_records_it():
    first = run(EXAMPLES / "thirty-combatants.json")
    again = run(EXAMPLES / "thirty-combatants.json")
    assert first == again and first["seed"] == 30


def test_a_seed_on_the_command_line_replaces_the_files_dice():
    output = run(EXAMPLES / "black-knight-vs-wolf.json", "--seed", "3")
    assert output["seed"] == 3


def test_it_exits_2_on_a_move_chit_played_while_riding_under_the_optional_rules(tmp_path):
    data = example("rider-horse-and-rider")
    data["plays"]["White Knight"]["maneuver"] = {"chit": "MOVE H5*", "box": 2}
    del data["plays"]["White Knight"]["rider_maneuver"]
    code, output = run_failing(write(tmp_path, data))
    assert code == 2
    assert [error["path"] for error in output["errors"]] == ["plays.White Knight.maneuver.chit"]
    assert "state" not in output


def test_it_exits_2_on_an_unknown_chit(tmp_path):
    data = example("black-knight-vs-wolf")
    data["plays"]["Black Knight"]["attack"]["chit"] = "FIGHT T1"
    code, output = run_failing(write(tmp_path, data))
    assert code == 2 and output["errors"][0]["path"] == "plays.Black Knight.attack.chit"


def test_it_exits_2_on_three_asterisks(tmp_path):
    data = example("black-knight-vs-wolf")
    data["plays"]["Black Knight"]["attack"]["chit"] = "FIGHT H4**"
    code, output = run_failing(write(tmp_path, data))
    assert code == 2 and output["errors"][0]["path"] == "plays.Black Knight.effort"
    assert "3 asterisks" in output["errors"][0]["message"]


def test_it_exits_2_on_an_unknown_counter(tmp_path):
    data = example("black-knight-vs-wolf")
    data["state"]["denizens"][0]["counter"] = "Wolfe"
    code, output = run_failing(write(tmp_path, data))
    assert code == 2 and output["errors"][0]["path"] == "state.denizens.Wolf.counter"


def test_it_exits_2_when_the_file_has_too_few_dice(tmp_path):
    data = example("light-bow-vs-giant")
    data["dice"] = [4]
    code, output = run_failing(write(tmp_path, data))
    assert code == 2 and output["errors"][0]["path"] == "dice"


def test_it_exits_2_on_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "round.json"
    path.write_text("{not json")
    code, output = run_failing(path)
    assert code == 2 and output["errors"][0]["message"].startswith("not valid JSON")


def test_it_exits_2_on_a_missing_file(tmp_path):
    code, output = run_failing(tmp_path / "absent.json")
    assert code == 2 and "cannot read" in output["errors"][0]["message"]


def test_it_reads_the_round_from_standard_input_with_a_dash():
    completed = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "resolve_round", "-"],
        input=(EXAMPLES / "red-side-up-t-troll.json").read_text(),
        capture_output=True, text=True, timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["state"]["characters"][0]["dead"] is True


@pytest.mark.parametrize(
    "name",
    ["encounter-stumble", "encounter-watchful-natives", "encounter-extended-treachery", "encounter-knights-adjustment"],
)
def test_it_resolves_the_encounter_step_before_the_melee(name):
    expected = json.loads((EXAMPLES / f"{name}.result.json").read_text())["encounter"]
    output = run(EXAMPLES / f"{name}.json")
    encounter_lines = [event["line"] for event in output["events"][: output["encounter"]["event_count"]]]
    assert encounter_lines == output["encounter"]["events"]
    assert output["encounter"]["events"] == expected["events"]



def test_it_exits_2_when_the_run_and_the_melee_together_play_three_asterisks(tmp_path):
    data = example("encounter-stumble")
    data["state"]["characters"][0]["chits"] = ["MOVE M3**", "MOVE M4", "FIGHT L2*", "FIGHT M5"]
    data["encounter"]["actions"][0]["run"]["chit"] = "MOVE M3**"
    data["plays"]["Amazon"]["attack"]["chit"] = "FIGHT L2*"
    data["plays"]["Amazon"]["maneuver"]["chit"] = "MOVE M4"
    code, output = run_failing(write(tmp_path, data))
    assert code == 2
    assert [error["path"] for error in output["errors"]] == ["plays.Amazon.attack.chit"]
    assert "at most two asterisks a round" in output["errors"][0]["message"]


def test_it_prints_what_the_files_system_resolves_through_the_interface(tmp_path, monkeypatch):
    asked = []

    def resolve(data, *, seed=None, dice=None):
        asked.append((data["system"], seed))
        return Resolution((), data, {}, {}, {"resolved by": data["system"]})

    monkeypatch.setattr(resolve_round, "get_system", lambda name: SimpleNamespace(resolve=resolve))
    assert run(write(tmp_path, {"system": "any-system"}), "--seed", "4") == {"resolved by": "any-system"}
    assert asked == [("any-system", 4)]


def test_it_exits_2_naming_an_unknown_system(tmp_path):
    code, output = run_failing(write(tmp_path, {"system": "chess"}))
    assert code == 2 and [error["path"] for error in output["errors"]] == ["system"]


def test_it_exits_2_naming_the_encounter_choice_the_round_waits_for(tmp_path):
    code, output = run_failing(write(tmp_path, hidden_knight_with_two_hirelings()))
    assert code == 2 and [error["path"] for error in output["errors"]] == ["encounter.choices.Wolf"]


@pytest.mark.parametrize("name", ["black-knight-vs-wolf", "joust-first-pass", "multiverse-counterspell"])
def test_text_prints_each_line_of_the_log_before_the_json(name):
    out = io.StringIO()
    call_command("resolve_round", str(EXAMPLES / f"{name}.json"), "--text", stdout=out)
    golden = json.loads((EXAMPLES / f"{name}.result.json").read_text())
    lines = out.getvalue().splitlines()
    assert lines[:len(golden["events"])] == [event["line"] for event in golden["events"]]
    assert json.loads(out.getvalue()[out.getvalue().index("\n{") + 1:]) == golden
