"""An Enchanted Realms round as a JSON file (round.schema.json beside this file): read, resolve, write.
The plug-in's `resolve` (and so `manage.py resolve_round`) calls `resolve_file`."""

from __future__ import annotations

from pathlib import Path

from systems.dice import resolve_with_dice
from systems.enchanted_realms.model import Attack, Combatant, Play, RoundInput
from systems.enchanted_realms.round import resolve_round
from systems.schema import check_against_schema

SCHEMA_PATH = Path(__file__).with_name("round.schema.json")


def read_round(data: dict) -> RoundInput:
    check_against_schema(data, SCHEMA_PATH)
    combatants = tuple(
        Combatant(entry["name"], entry["side"], entry["hp"], entry["static_pp"],
                  entry.get("initiative_modifier", 0), entry.get("down", False))
        for entry in data["combatants"]
    )
    plays = {}
    for name, entry in data.get("plays", {}).items():
        attack = entry.get("attack")
        plays[name] = Play(
            attack=Attack(attack["target"], attack["method"], attack["dice"], attack.get("bonus", 0),
                          attack.get("damage_modifier", 0), attack.get("weight", 0),
                          attack.get("crit_style", False)) if attack else None,
            other=entry.get("other"),
            reaction=entry.get("reaction"),
        )
    return RoundInput(data.get("round", 1), combatants, plays)


def resolve_file(data: dict, seed: int | None = None, dice=None) -> dict:
    round_input = read_round(data)
    result, dice, seed = resolve_with_dice(data, seed, lambda dice: resolve_round(round_input, dice), dice)
    return {
        "format": "herald-enchanted-realms/1",
        "system": "enchanted-realms",
        "round": round_input.round,
        "seed": seed,
        "dice": [face for throw in dice.history for face in throw.faces],
        "order": list(result.order),
        "guards": {name: {"range": guard.range_die, "melee": guard.melee_die, "against_ranged": guard.against_ranged,
                          "against_melee": guard.against_melee} for name, guard in result.guards.items()},
        "events": [event.to_dict() for event in result.events],
        "damage_done": result.damage_done,
        "state": {"combatants": [{"name": c.name, "side": c.side, "hp": c.hp, "static_pp": c.static_pp,
                                  "initiative_modifier": c.initiative_modifier, "down": c.down}
                                 for c in result.combatants]},
    }
