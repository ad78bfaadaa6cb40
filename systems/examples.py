"""The worked examples in docs/examples/ as starting points: a GM starts a battle of a system from one of its
examples (its combatants and their state), with the plays and dice taken out. They are the same files the
golden tests resolve, so every starter is known to be a valid battle."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@lru_cache(maxsize=None)
def _examples() -> tuple[tuple[str, dict[str, Any]], ...]:
    return tuple((path.stem, json.loads(path.read_text())) for path in sorted(EXAMPLES.glob("*.json"))
                 if not path.name.endswith(".result.json"))


def starters(system) -> list[tuple[str, str, dict[str, Any]]]:
    """(key, title, state) of each example of `system` (a package of systems/), its plays and dice left out: a
    copy the caller may change of what is worked out once per system (asking each side's plays form of every
    example takes Magic Realm's two dozen examples near two seconds, and every new battle page shows them)."""
    return copy.deepcopy(_starters_of(system))


@lru_cache(maxsize=None)
def _starters_of(system) -> list[tuple[str, str, dict[str, Any]]]:
    from systems import system_of

    found = []
    for key, data in _examples():
        if system_of(data) != system.NAME:
            continue
        state = _state_of(system, data)
        found.append((key, data.get("title") or key.replace("-", " "), state))
    return found


def _state_of(system, data: dict[str, Any]) -> dict[str, Any]:
    owners = {"dice", "seed"}
    for side in system.sides(data):
        owners |= {f.path.split(".")[0] for f in system.plays_form(data, side).fields if f.path}
    return {key: value for key, value in data.items() if key not in owners}
