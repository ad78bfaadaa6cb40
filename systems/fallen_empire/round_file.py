"""A Fallen Empire melee round as a JSON file (round.schema.json beside this file): read it, resolve it,
write the result. The result's `state` is the next round's file without its plays."""

from __future__ import annotations

from pathlib import Path

from systems.dice import resolve_with_dice
from systems.fallen_empire.model import DEFAULT_MORALE, Combatant, Options, Play, RoundInput, Shield, Side, Weapon
from systems.fallen_empire.round import resolve_round
from systems.schema import check_against_schema

SCHEMA_PATH = Path(__file__).with_name("round.schema.json")
FORMAT = "herald-fallen-empire/1"
RENAMED = {"class": "char_class"}  # JSON name -> Python name


def _weapon(entry: dict | None) -> Weapon | None:
    return None if entry is None else Weapon(entry["name"], entry["damage"], entry["type"], entry.get("to_hit", 0))


def read_combatant(entry: dict) -> Combatant:
    values = {RENAMED.get(key, key): value for key, value in entry.items()}
    if values.get("shield") is not None:
        values["shield"] = Shield(**values["shield"])
    values["melee"] = _weapon(values.get("melee"))
    values["missile"] = _weapon(values.get("missile"))
    values["beside"] = tuple(values.get("beside", ()))
    values["engaged_with"] = tuple(values.get("engaged_with", ()))
    wakes = values.get("wakes")
    values["wakes"] = (wakes["turns"], wakes["hp"]) if wakes else None
    return Combatant(**values)


def read_play(entry: dict) -> Play:
    return Play(**{key: tuple(value) if key == "passing" else value for key, value in entry.items()})


def read_round(data: dict) -> RoundInput:
    check_against_schema(data, SCHEMA_PATH)
    sides = tuple(Side(entry["name"], entry.get("party", False), entry.get("morale", DEFAULT_MORALE),
                       dict(entry.get("checks", {}))) for entry in data["sides"])
    combatants = tuple(read_combatant(entry) for entry in data["combatants"])
    plays = {name: read_play(entry) for name, entry in data.get("plays", {}).items()}
    return RoundInput(data.get("round", 1), sides, combatants, plays, Options(**data.get("options", {})))


def _weapon_json(weapon: Weapon | None, missile: bool) -> dict | None:
    if weapon is None:
        return None
    entry = {"name": weapon.name, "damage": weapon.damage, "type": weapon.type}
    return entry | {"to_hit": weapon.to_hit} if missile else entry


def combatant_json(c: Combatant) -> dict:
    return {
        "name": c.name, "side": c.side, "role": c.role, "class": c.char_class, "hp": c.hp, "max_hp": c.max_hp,
        "armour_ac": c.armour_ac, "dex_ac": c.dex_ac,
        "shield": None if c.shield is None else {"kind": c.shield.kind, "bonus": c.shield.bonus, "spent": c.shield.spent},
        "to_hit": c.to_hit, "melee": _weapon_json(c.melee, False), "missile": _weapon_json(c.missile, True),
        "move": c.move, "mounted": c.mounted, "size": c.size, "save_death": c.save_death, "con": c.con,
        "bandages": c.bandages, "splinter": c.splinter, "beside": list(c.beside), "status": c.status,
        "broken": c.broken, "subdual": c.subdual, "engaged_with": list(c.engaged_with),
        "wakes": None if c.wakes is None else {"turns": c.wakes[0], "hp": c.wakes[1]},
    }


def resolve_file(data: dict, seed: int | None = None, dice=None) -> dict:
    round_input = read_round(data)
    result, dice, seed = resolve_with_dice(data, seed, lambda dice: resolve_round(round_input, dice), dice)
    options = round_input.options
    return {
        "format": FORMAT,
        "system": "fallen-empire",
        "kind": "melee",
        "round": round_input.round,
        "seed": seed,
        "dice": [face for throw in dice.history for face in throw.faces],
        "surprise": None if result.surprise is None else {"throws": result.surprise, "surprised": list(result.surprised)},
        "initiative": result.initiative,
        "turns": [list(turn) for turn in result.turns],
        "events": [event.to_dict() for event in result.events],
        "owes": result.owes,
        "combat_ends": result.combat_ends,
        "state": {
            "format": FORMAT,
            "system": "fallen-empire",
            "kind": "melee",
            "round": round_input.round + 1,
            "options": {"magic_before_melee": options.magic_before_melee, "surprise": options.surprise},
            "sides": [{"name": s.name, "party": s.party, "morale": s.morale, "checks": dict(s.checks)}
                      for s in result.sides],
            "combatants": [combatant_json(c) for c in result.combatants],
        },
    }
