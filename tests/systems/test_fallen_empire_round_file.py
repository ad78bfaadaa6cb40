"""`manage.py resolve_round` resolves a Fallen Empire melee round file (systems/fallen_empire/round.schema.json)
through the systems registry, beside the Joust's pass files; a bad file exits 2 naming its field."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from systems import get_system
from systems.errors import RoundFileError
from systems.fallen_empire.files import resolve_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
AMBUSH = json.loads((EXAMPLES / "fallen-empire-goblin-ambush.json").read_text())
WITHDRAWAL = json.loads((EXAMPLES / "fallen-empire-fighting-withdrawal.json").read_text())
JOUST = json.loads((EXAMPLES / "joust-first-pass.json").read_text())


def resolve_round(data) -> tuple[int, dict]:
    completed = subprocess.run([sys.executable, str(ROOT / "manage.py"), "resolve_round", "-"],
                               input=json.dumps(data), capture_output=True, text=True, timeout=60, cwd=ROOT)
    return completed.returncode, json.loads(completed.stdout)


def without_dice(data):
    return {key: value for key, value in data.items() if key != "dice"}


def test_the_registry_sends_a_melee_file_and_a_joust_file_to_their_own_resolvers():
    system = get_system("fallen-empire")
    assert system.resolve_file(AMBUSH)["kind"] == "melee"
    assert system.resolve_file(JOUST)["kind"] == "joust"


def test_resolve_round_prints_a_melee_round_with_its_log_state_and_what_each_side_owes():
    code, output = resolve_round(AMBUSH)
    assert code == 0
    assert output["format"] == "herald-fallen-empire/1" and output["surprise"] == {
        "throws": {"Party": 3, "Goblins": 6}, "surprised": ["Party"]}
    assert output["owes"]["Party"]["broken"] == ["Tam"]
    assert all(event["line"].endswith(")") and "(rule FE " in event["line"] for event in output["events"])


def test_a_round_from_a_seed_is_the_same_every_time_and_its_dice_replay_it():
    data = without_dice(WITHDRAWAL) | {"seed": 11}
    first = resolve_file(data)
    assert first == resolve_file(data) and first["seed"] == 11
    assert resolve_file(WITHDRAWAL | {"dice": first["dice"]})["events"] == first["events"]


def test_a_file_without_dice_or_seed_draws_a_seed_and_says_which():
    output = resolve_file(without_dice(WITHDRAWAL))
    assert isinstance(output["seed"], int)
    assert resolve_file(without_dice(WITHDRAWAL) | {"seed": output["seed"]})["dice"] == output["dice"]


def test_the_new_state_is_the_next_rounds_file_without_its_plays():
    state = resolve_file(AMBUSH)["state"]
    assert state["round"] == 2
    tam = {"Tam": {"action": "move", "distance": 12}, "Sir Ash": {"action": "melee", "target": "Goblin 2"}}
    output = resolve_file(state | {"plays": tam, "seed": 5})
    assert output["round"] == 2 and output["surprise"] is None
    assert "Tam is broken and, clear of melee, flees the battle (rule FE 4.4 Broken)" in [e["line"] for e in output["events"]]


@pytest.mark.parametrize("change, path", [
    ({"kind": None}, "kind"),
    ({"kind": "tourney"}, "kind"),
    ({"plays": {"Nobody": {"action": "none"}}}, "plays.Nobody"),
    ({"plays": {"Hob": {"action": "dance"}}}, "plays.Hob.action"),
    ({"plays": {"Hob": {"action": "melee", "target": "Mia"}}}, "plays.Hob.target"),
    ({"plays": {"Hob": {"action": "melee"}}}, "plays.Hob.target"),
    ({"plays": {"Goblin 1": {"action": "charge", "target": "Hob", "distance": 2}}}, "plays.Goblin 1.distance"),
    ({"plays": {"Mia": {"action": "spell", "spell": "Bolt", "damage": "lots"}}}, "plays.Mia.damage"),
    ({"sides": [{"name": "Party"}]}, "sides"),
    ({"options": {"magic_first": True}}, "options"),
    ({"dice": [3, 6]}, "dice"),
    ({"dice": [3, 6, 25]}, "dice.2"),
])
def test_a_bad_melee_file_is_refused_naming_the_field(change, path):
    data = {key: value for key, value in (AMBUSH | change).items() if value is not None}
    with pytest.raises(RoundFileError) as raised:
        resolve_file(data)
    assert path in [error_path for error_path, _ in raised.value.errors], raised.value.errors


@pytest.mark.parametrize("field, value, path", [
    ("side", "Elves", "combatants.0.side"),
    ("hp", 20, "combatants.0.hp"),
    ("engaged_with", ["Goblin 1"], "combatants.0.engaged_with"),
    ("engaged_with", ["Hob"], "combatants.0.engaged_with"),
    ("status", "dying", "combatants.0.status"),
    ("melee", {"name": "club", "damage": "d6", "type": "hand"}, "combatants.0.melee"),
])
def test_a_combatant_that_breaks_the_rules_is_refused_naming_the_field(field, value, path):
    combatants = [dict(AMBUSH["combatants"][0], **{field: value}), *AMBUSH["combatants"][1:]]
    with pytest.raises(RoundFileError) as raised:
        resolve_file(AMBUSH | {"combatants": combatants})
    assert path in [error_path for error_path, _ in raised.value.errors], raised.value.errors


def test_resolve_round_exits_2_naming_the_field_of_a_bad_melee_file():
    code, output = resolve_round(AMBUSH | {"plays": {"Tam": {"action": "retreat"}}})
    assert code == 2
    assert output["errors"][0]["path"] == "plays.Tam.action"
    assert "not engaged in melee" in output["errors"][0]["message"]


def test_joust_files_still_resolve_unchanged():
    golden = json.loads((EXAMPLES / "joust-first-pass.result.json").read_text())
    assert resolve_file(JOUST) == golden
