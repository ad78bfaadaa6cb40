"""A Multiverse tick cycle as a JSON file (cycle.schema.json beside this file): read, resolve, write.
The plug-in's `resolve` (and so `manage.py resolve_round`) calls `resolve_file`."""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path

from systems.dice import resolve_with_dice
from systems.multiverse.cycle import resolve_cycle
from systems.multiverse.model import Action, Combatant, CycleInput, InProgress
from systems.schema import check_against_schema

SCHEMA_PATH = Path(__file__).with_name("cycle.schema.json")
COMBATANT_FIELDS = [field.name for field in fields(Combatant)]


def _action(entry: dict) -> Action:
    return Action(**entry)


def read_cycle(data: dict) -> CycleInput:
    check_against_schema(data, SCHEMA_PATH)
    combatants = tuple(Combatant(**entry) for entry in data["combatants"])
    actions = {name: tuple(_action(entry) for entry in entries) for name, entries in data.get("actions", {}).items()}
    in_progress = {name: InProgress(_action(entry["action"]), entry["ticks_left"])
                   for name, entry in data.get("in_progress", {}).items()}
    return CycleInput(data.get("cycle", 1), combatants, actions, in_progress)


def resolve_file(data: dict, seed: int | None = None, dice=None) -> dict:
    cycle_input = read_cycle(data)
    result, dice, seed = resolve_with_dice(data, seed, lambda dice: resolve_cycle(cycle_input, dice), dice)
    return {
        "format": "herald-multiverse/1",
        "system": "multiverse",
        "cycle": cycle_input.cycle,
        "seed": seed,
        "dice": [face for throw in dice.history for face in throw.faces],
        "events": [event.to_dict() for event in result.events],
        "combat_ends": result.combat_ends,
        "state": {
            "combatants": [{name: getattr(c, name) for name in COMBATANT_FIELDS} for c in result.combatants],
            "in_progress": {name: {"action": asdict(carried.action), "ticks_left": carried.ticks_left}
                            for name, carried in result.in_progress.items()},
        },
    }
