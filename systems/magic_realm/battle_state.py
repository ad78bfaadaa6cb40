"""Reading a battle's state in the round-file format (docs/round-format.md): a character's entry, and the
melee sheets that follow from who attacks whom. Pure, so the plug-in and the battle app share them."""

from __future__ import annotations

from typing import Any


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
