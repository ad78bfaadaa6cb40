"""`manage.py resolve_round` resolves a joust pass file (systems/fallen_empire/joust.schema.json) through the
systems registry; a bad file exits 2 naming its field."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from systems.errors import RoundFileError
from systems.fallen_empire.joust_file import resolve_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "docs" / "examples" / "joust-first-pass.json").read_text())


def resolve_round(data) -> tuple[int, dict]:
    completed = subprocess.run([sys.executable, str(ROOT / "manage.py"), "resolve_round", "-"],
                               input=json.dumps(data), capture_output=True, text=True, timeout=60, cwd=ROOT)
    return completed.returncode, json.loads(completed.stdout)


def test_it_resolves_a_joust_pass_from_a_seed_the_same_way_every_time():
    data = {key: value for key, value in EXAMPLE.items() if key != "dice"} | {"seed": 7}
    assert resolve_file(data) == resolve_file(data)
    assert resolve_file(data)["seed"] == 7


def test_a_file_without_dice_or_seed_draws_a_seed_and_says_which():
    data = {key: value for key, value in EXAMPLE.items() if key != "dice"}
    output = resolve_file(data)
    assert isinstance(output["seed"], int)
    assert resolve_file(data | {"seed": output["seed"]})["dice"] == output["dice"]


def test_the_dice_thrown_are_written_in_the_result_so_the_pass_replays():
    output = resolve_file(EXAMPLE)
    assert resolve_file(EXAMPLE | {"dice": output["dice"]}) == output


@pytest.mark.parametrize("change, path", [
    ({"jousters": [{"name": "Sir Ash", "pool": 3}]}, "jousters"),
    ({"jousters": [{"name": "Sir Ash", "pool": 0}, {"name": "Black Knight", "pool": 5}]}, "jousters.0.pool"),
    ({"jousters": [{"name": "Sir Ash", "pool": 2}, {"name": "Sir Ash", "pool": 5}]}, "jousters.1.name"),
    ({"choices": {"Sir Ash": 3, "Black Knight": 3}, "jousters": [{"name": "Sir Ash", "pool": 2}, {"name": "Black Knight", "pool": 5}]},
     "choices.Sir Ash"),
    ({"choices": {"Sir Ash": "two", "Black Knight": 3}}, "choices.Sir Ash"),
    ({"dice": [6, 3]}, "dice"),
    ({"dice": [6, 3, 9, 1, 1]}, "dice.2"),
    ({"kind": "melee"}, "kind"),
])
def test_a_bad_joust_file_is_refused_naming_the_field(change, path):
    with pytest.raises(RoundFileError) as raised:
        resolve_file(EXAMPLE | change)
    assert path in [error_path for error_path, _ in raised.value.errors]


def test_resolve_round_exits_2_naming_the_field_of_a_bad_joust_file():
    code, output = resolve_round(EXAMPLE | {"choices": {"Sir Ash": 2}})
    assert code == 2
    assert output["errors"][0]["path"] == "choices.Black Knight"


def test_resolve_round_refuses_an_unknown_system():
    code, output = resolve_round({"system": "chess"})
    assert code == 2 and output["errors"][0]["path"] == "system"
