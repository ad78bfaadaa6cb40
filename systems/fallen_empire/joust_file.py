"""A joust pass as a JSON file (systems/fallen_empire/joust.schema.json): read it, resolve it, write the
result. `manage.py resolve_round` calls `resolve_file` through the systems registry."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import jsonschema

from systems.dice import DiceExhausted, ScriptedDice, SeededDice
from systems.errors import RoundFileError
from systems.fallen_empire.joust import JoustInvalid, JoustOutcome, JoustState, Jouster, resolve_pass

SCHEMA_PATH = Path(__file__).with_name("joust.schema.json")


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


def _path(error: jsonschema.ValidationError) -> str:
    return ".".join(str(part) for part in error.absolute_path) or "(file)"


def read_state(data: dict) -> JoustState:
    errors = sorted(jsonschema.Draft202012Validator(schema()).iter_errors(data), key=lambda error: list(error.absolute_path))
    if errors:
        raise RoundFileError([(_path(error), error.message) for error in errors])
    jousters = tuple(Jouster(entry["name"], entry["pool"]) for entry in data["jousters"])
    if jousters[0].name == jousters[1].name:
        raise RoundFileError([("jousters.1.name", f"both jousters are called {jousters[0].name!r}")])
    return JoustState(jousters, passes=data.get("passes", 0), max_passes=data.get("max_passes"))


def outcome_to_json(outcome: JoustOutcome | None) -> dict | None:
    if outcome is None:
        return None
    return {"how": outcome.how, "winner": outcome.winner, "injured": list(outcome.injured),
            "ejected": list(outcome.ejected), "damage": dict(outcome.damage)}


def resolve_file(data: dict, seed: int | None = None) -> dict:
    """The result of the pass in `data`: its log, the dice thrown and the jousters' state after it."""
    state = read_state(data)
    if seed is None and "dice" not in data:
        seed = data.get("seed", random.SystemRandom().randrange(2**63))
    dice = SeededDice(seed) if seed is not None else ScriptedDice(list(data["dice"]))
    try:
        result = resolve_pass(state, data["choices"], dice)
    except JoustInvalid as error:
        raise RoundFileError([(e.path, e.message) for e in error.errors]) from error
    except DiceExhausted as error:
        raise RoundFileError([("dice", f"not enough dice in the file: {error}")]) from error
    after = result.state
    return {
        "format": "herald-joust/1",
        "system": "fallen-empire",
        "kind": "joust",
        "seed": seed,
        "dice": [face for throw in dice.history for face in throw.faces],
        "throws": {name: list(faces) for name, faces in result.throws.items()},
        "events": [event.to_dict() for event in result.events],
        "state": {
            "jousters": [{"name": jouster.name, "pool": jouster.pool} for jouster in after.jousters],
            "passes": after.passes,
            "max_passes": after.max_passes,
            "over": after.over,
            "outcome": outcome_to_json(after.outcome),
        },
    }
