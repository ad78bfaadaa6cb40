"""`manage.py combat_odds` (spec/odds.md): a thin wrapper over the query's system's `odds` through the interface
(Magic Realm's answers with the engine's attack_odds)."""

import io
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command

import systems

from systems.magic_realm.engine.odds import attack_odds

QUERY = {"rules": "optional-3e", "attack": {"spell": "Fiery Blast", "time": 0}, "target": {"denizen": "T Troll"}, "intercept": None}


def run(path):
    out = io.StringIO()
    call_command("combat_odds", str(path), stdout=out)
    return json.loads(out.getvalue())


def run_failing(path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("combat_odds", str(path), stdout=out)
    return exited.value.code, json.loads(out.getvalue())


def test_it_prints_the_same_answer_as_the_engine_function(tmp_path):
    query_file = tmp_path / "query.json"
    query_file.write_text(json.dumps(QUERY))
    answer = run(query_file)
    assert answer == json.loads(json.dumps(attack_odds(QUERY)))
    assert set(answer["outcomes"]) == {"killed", "wounded", "armor damaged", "armor destroyed", "no effect", "miss"}


def test_it_exits_2_naming_the_field_of_an_unknown_name(tmp_path):
    query_file = tmp_path / "query.json"
    query_file.write_text(json.dumps(dict(QUERY, target={"denizen": "T Trol"})))
    code, answer = run_failing(query_file)
    assert code == 2
    assert answer["error"].startswith("target.denizen: unknown denizen 'T Trol'")
    assert "T Troll" in answer["error"]


def test_it_exits_2_on_a_file_that_is_not_json(tmp_path):
    query_file = tmp_path / "query.json"
    query_file.write_text("{not json")
    code, answer = run_failing(query_file)
    assert code == 2 and answer["error"].startswith("query: not valid JSON")


def test_it_exits_2_on_a_missing_file(tmp_path):
    code, answer = run_failing(tmp_path / "absent.json")
    assert code == 2 and "cannot read" in answer["error"]


def test_it_reads_the_query_from_standard_input_with_a_dash():
    manage = Path(__file__).resolve().parents[2] / "manage.py"
    completed = subprocess.run(
        [sys.executable, str(manage), "combat_odds", "-"],
        input=json.dumps({"rules": "bimr4", "run": {"move_time": 4, "attackers": [{"move_time": 3}]}}),
        capture_output=True, text=True, timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["p_success"] == pytest.approx(16 / 36)  # modifier 4 - 3 + 1 = +2: a high die of 4 or less


def test_a_rider_query_with_maneuvers_needs_no_move_time_on_the_target():
    """Issue #12.2: spec/odds.md, "With "maneuvers", the target needs no move_time"."""
    query = {"rules": "optional-2e", "attack": {"harm": "H", "sharpness": 1, "time": 3},
             "target": {"vulnerability": "M", "armored": False},
             "maneuvers": [{"time": 4, "intercept": True}, {"time": 5, "intercept": False}]}
    completed = subprocess.run([sys.executable, "manage.py", "combat_odds", "-"], input=json.dumps(query),
                               capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert completed.returncode == 0, completed.stdout
    assert json.loads(completed.stdout)["p_kill"] == 1.0


def test_rolls_report_the_harm_the_table_gives_before_armor():
    """Issue #12.2: a T harm that passes through H armor (penetrating armor, a missile) is reported as T,
    not as the H that passed the armor."""
    query = {"rules": "optional-2e", "attack": {"harm": "T", "sharpness": 0, "time": 3, "missile": True},
             "target": {"character": True, "vulnerability": "M", "armor": [{"toughness": "H"}], "move_time": 3},
             "intercept": True}
    completed = subprocess.run([sys.executable, "manage.py", "combat_odds", "-"], input=json.dumps(query),
                               capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    rolls = json.loads(completed.stdout)["rolls"]
    assert rolls[3]["table"] == "no change" and rolls[3]["harm"] == "T"


@pytest.mark.parametrize("query, system", [({"system": "any-system", "x": 1}, "any-system"), ({"x": 1}, "magic-realm")])
def test_it_prints_what_the_querys_system_answers_through_the_interface(tmp_path, monkeypatch, query, system):
    def odds(asked):
        return {"answered by": system, "query": asked}

    monkeypatch.setattr(systems, "get_system", lambda name: SimpleNamespace(odds=odds) if name == system else None)
    query_file = tmp_path / "query.json"
    query_file.write_text(json.dumps(query))
    assert run(query_file) == {"answered by": system, "query": query}
