"""Reading a battle's state in the round-file format (docs/round-format.md): a character's entry, and the
melee sheets that follow from who attacks whom. Pure, so the plug-in and the battle app share them."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from systems.magic_realm.engine.round_format import state_from_json, state_to_json


def full_state(state: dict[str, Any]) -> dict[str, Any]:
    """The state with every default written out (dead, fled, target), as `sheets_for` reads it."""
    full = state_to_json(state_from_json(state))
    full["characters"] = [{**c, "dead": c.get("dead", False), "fled": c.get("fled", False)} for c in full["characters"]]
    full["denizens"] = [{**d, "dead": d.get("dead", False), "fled": d.get("fled", False), "target": d.get("target")}
                        for d in full["denizens"]]
    return full


def normalized_state(state: dict[str, Any]) -> dict[str, Any]:
    """The round file's state with every chit written out as {id, label, state} and every denizen's
    keys present, the one shape the pages and the chit records read."""
    state = copy.deepcopy(state)
    for character in state.get("characters", []):
        counts: Counter[str] = Counter()
        chits = []
        for item in character.get("chits", []):
            label = item if isinstance(item, str) else item["label"]
            counts[label] += 1
            default_id = label if counts[label] == 1 else f"{label} #{counts[label]}"
            explicit = None if isinstance(item, str) else item.get("id")
            chits.append({"id": explicit or default_id, "label": label,
                          "state": "fresh" if isinstance(item, str) else item.get("state", "fresh")})
        character["chits"] = chits
        character.setdefault("character", character["id"])
        character.setdefault("dead", False)
        character.setdefault("fled", False)
    for denizen in state.get("denizens", []):
        denizen.setdefault("counter", denizen["id"])
        for key, default in (("side", "light"), ("group", None), ("hired_by", None), ("weapon_side", "light"),
                             ("target", None), ("dead", False), ("fled", False)):
            denizen.setdefault(key, default)
    return state


def long_form(combatants: dict[str, Any]) -> dict[str, Any]:
    """The combatants with every chit as {id, label, state} and armor as {name, state}: as given when they
    are so already (the app's battles), else read through the round file's defaults. What a hand adjustment
    and a character's dues read and write back."""
    def written_out(character: dict[str, Any]) -> bool:
        return (isinstance(character.get("chits"), list)
                and all(isinstance(chit, dict) and "id" in chit and "state" in chit for chit in character["chits"])
                and all(isinstance(armor, dict) for armor in character.get("armor", [])))

    if all(written_out(character) for character in combatants.get("characters", [])):
        return combatants
    return normalized_state(full_state(combatants))


def sheets_for(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Melee sheets from who attacks whom: every active combatant attacking an owner stands on its sheet."""
    active = {c["id"] for c in state["characters"] if not c.get("dead") and not c.get("fled")}
    active |= {d["id"] for d in state["denizens"] if not d.get("dead") and not d.get("fled")}
    sheets: dict[str, dict[str, Any]] = {}
    for character in state["characters"]:
        if character["id"] in active:
            sheets[character["id"]] = {"owner": character["id"], "attackers": []}
    for denizen in state["denizens"]:
        target = denizen.get("target")
        if denizen["id"] not in active or target not in active:
            continue
        sheet = sheets.setdefault(target, {"owner": target, "attackers": []})
        sheet["attackers"].append({"combatant": denizen["id"], "box": None})
    for denizen in state["denizens"]:
        if denizen["id"] in sheets and denizen["id"] in active:
            sheets[denizen["id"]]["owner_target"] = denizen.get("target")
    return list(sheets.values())


def character_entry(battle_state: dict[str, Any], character: str) -> dict[str, Any] | None:
    """The character's entry in the battle's state, or None when it has none."""
    for entry in battle_state.get("state", {}).get("characters", []):
        if entry["id"] == character:
            return entry
    return None
