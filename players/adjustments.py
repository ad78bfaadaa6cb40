"""A GM's hand adjustment of the battle's state, for what the engine does not model (pure: state in,
state out). The change is one of `players.forms.adjustment_choices`: "<kind>|<combatant>|<item>"."""

from __future__ import annotations

import copy
from typing import Any

from combat import round_file


class AdjustmentError(ValueError):
    pass


def apply(battle_state: dict[str, Any], change: str) -> tuple[dict[str, Any], str]:
    """The new state and the sentence the history keeps."""
    kind, combatant, item = (change.split("|") + ["", ""])[:3]
    new = copy.deepcopy(battle_state)
    state = new.setdefault("state", {})
    if kind in {"fled", "killed"}:
        denizen = next((d for d in state.get("denizens", []) if d["id"] == combatant), None)
        if denizen is None:
            raise AdjustmentError(f"{combatant} is not a denizen of this battle")
        denizen["fled" if kind == "fled" else "dead"] = True
        new["sheets"] = round_file.sheets_for(state)
        return new, f"{combatant} {kind}"
    character = next((c for c in state.get("characters", []) if c["id"] == combatant), None)
    if character is None:
        raise AdjustmentError(f"{combatant} is not a character of this battle")
    if kind in {"wound", "fatigue", "rest"}:
        chit = next((c for c in character.get("chits", []) if c["id"] == item), None)
        if chit is None:
            raise AdjustmentError(f"{combatant} has no chit {item}")
        chit["state"] = {"wound": "wounded", "fatigue": "fatigued", "rest": "fresh"}[kind]
        return new, f"{combatant}'s {item} is now {chit['state']}"
    if kind in {"damage_armor", "destroy_armor"}:
        armor = next((a for a in character.get("armor", []) if a["name"] == item), None)
        if armor is None:
            raise AdjustmentError(f"{combatant} has no {item}")
        if kind == "destroy_armor":
            character["armor"] = [a for a in character["armor"] if a is not armor]
            return new, f"{combatant}'s {item} is destroyed"
        armor["state"] = "damaged"
        return new, f"{combatant}'s {item} is damaged"
    if kind == "alert":
        weapon = next((w for w in character.get("weapons", []) if w["name"] == item), None)
        if weapon is None:
            raise AdjustmentError(f"{combatant} has no {item}")
        weapon["alerted"] = not weapon.get("alerted")
        return new, f"{combatant}'s {item} is now {'alerted' if weapon['alerted'] else 'unalerted'}"
    raise AdjustmentError(f"unknown adjustment {change!r}")
