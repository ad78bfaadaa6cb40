"""A joust pass as a JSON file (systems/fallen_empire/joust.schema.json): read it, resolve it, write the
result. The plug-in's `resolve` (and so `manage.py resolve_round`) calls `resolve_file`."""

from __future__ import annotations

from pathlib import Path

from systems.dice import resolve_with_dice
from systems.errors import RoundFileError
from systems.fallen_empire.joust import JoustOutcome, JoustState, Jouster, resolve_pass
from systems.schema import check_against_schema

SCHEMA_PATH = Path(__file__).with_name("joust.schema.json")


def read_state(data: dict) -> JoustState:
    check_against_schema(data, SCHEMA_PATH)
    jousters = tuple(Jouster(entry["name"], entry["pool"]) for entry in data["jousters"])
    if jousters[0].name == jousters[1].name:
        raise RoundFileError([("jousters.1.name", f"both jousters are called {jousters[0].name!r}")])
    if data.get("outcome") is None:  # an empty pool ends the joust (FE J.7): only a finished one records it
        empty = [(f"jousters.{index}.pool", f"{jouster.name} has no dice left: the joust is over (FE J.7)")
                 for index, jouster in enumerate(jousters) if jouster.pool == 0]
        if empty:
            raise RoundFileError(empty)
    return JoustState(jousters, passes=data.get("passes", 0), max_passes=data.get("max_passes"),
                      outcome=outcome_from_json(data.get("outcome")))


def outcome_from_json(data: dict | None) -> JoustOutcome | None:
    """A finished joust's outcome, written into the next pass's input so that it takes no more choices."""
    if data is None:
        return None
    return JoustOutcome(data["how"], data["winner"], tuple(data.get("injured", ())), tuple(data.get("ejected", ())),
                        dict(data.get("damage", {})))


def outcome_to_json(outcome: JoustOutcome | None) -> dict | None:
    if outcome is None:
        return None
    return {"how": outcome.how, "winner": outcome.winner, "injured": list(outcome.injured),
            "ejected": list(outcome.ejected), "damage": dict(outcome.damage)}


def resolve_file(data: dict, seed: int | None = None, dice=None) -> dict:
    """The result of the pass in `data`: its log, the dice thrown and the jousters' state after it."""
    state = read_state(data)
    result, dice, seed = resolve_with_dice(data, seed, lambda dice: resolve_pass(state, data.get("choices", {}), dice), dice)
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
