"""The plays form's trials (systems/magic_realm/checks.py `trial_errors`): the form tries hundreds of plays
against the engine, each the round input with one key changed; checking only that key against the schema, and
reading the state once, must give exactly what `validate` gives on the whole trial."""

import json
from pathlib import Path

import pytest

from systems import get_system
from systems.magic_realm import checks, encounter_form, form
from systems.magic_realm.checks import checked, trial_errors, validate

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SYSTEM = get_system("magic-realm")


def magic_realm_examples():
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".result.json"):
            continue
        data = json.loads(path.read_text())
        if data.get("system", "magic-realm") == "magic-realm":
            yield pytest.param({k: v for k, v in data.items() if k not in ("plays", "dice", "seed")}, id=path.stem)


@pytest.mark.parametrize("round_input", list(magic_realm_examples()))
def test_every_sides_form_is_the_one_whole_checks_give(round_input, monkeypatch):
    quick = {side: SYSTEM.plays_form(round_input, side) for side in SYSTEM.sides(round_input)}
    whole = lambda base, trial, key: validate(trial)  # noqa: E731 (the slow way, every trial checked whole)
    monkeypatch.setattr(form, "trial_errors", whole)
    monkeypatch.setattr(encounter_form, "trial_errors", whole)
    assert quick == {side: SYSTEM.plays_form(round_input, side) for side in SYSTEM.sides(round_input)}


def black_knight_vs_wolf():
    data = json.loads((EXAMPLES / "black-knight-vs-wolf.json").read_text())
    return {k: v for k, v in data.items() if k != "plays"}


def test_a_play_the_schema_refuses_is_named_as_validate_names_it():
    base = black_knight_vs_wolf()
    trial = {**base, "plays": {"Black Knight": {"attack": {"chit": "FIGHT H5*", "box": 9}}}}
    assert trial_errors(checked(base), trial, "plays") == validate(trial) != []


def test_a_play_the_rules_refuse_is_named_as_validate_names_it():
    base = black_knight_vs_wolf()
    trial = {**base, "plays": {"Black Knight": {"attack": {"chit": "MOVE M5", "box": 1}}}}
    assert trial_errors(checked(base), trial, "plays") == validate(trial) != []


def test_a_base_the_schema_refuses_elsewhere_is_checked_whole():
    base = {**black_knight_vs_wolf(), "sheets": "not a list"}
    trial = {**base, "plays": {"Black Knight": {}}}
    assert trial_errors(checked(base), trial, "plays") == validate(trial) != []


def test_a_round_input_is_checked_against_the_schema_once_for_every_sides_form(monkeypatch):
    calls = []
    real = checks.schema_errors
    monkeypatch.setattr(checks, "schema_errors", lambda data: calls.append(1) or real(data))
    checks._checked.cache_clear()
    base = black_knight_vs_wolf()
    base["title"] = "checked once"  # not a round input any earlier test cached
    for _ in range(3):
        SYSTEM.plays_form(base, "Black Knight")
    assert len(calls) == 1
