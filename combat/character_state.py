"""A character's state as a player knows it before the plays (their chits, weapons, armor, horse and who
stands on their sheet), read from a battle's stored state. The player's page and emails show it for one
character; the GM's battle panel shows it for every character."""

from __future__ import annotations

from typing import Any


def character_state(battle_state: dict[str, Any], name: str) -> dict[str, Any]:
    """What a player knows of their own character before the plays: chits, weapons, armor, horse and
    who stands on their sheet (nothing of the other sides' plays)."""
    state = battle_state.get("state", {})
    entry = next((c for c in state.get("characters", []) if c["id"] == name), None) or {}
    chits = entry.get("chits", [])
    sheet = next((s for s in battle_state.get("sheets", []) if s.get("owner") == name), {})
    horse = entry.get("horse") or {}
    return {
        "name": name,
        "fresh": [c["id"] for c in chits if c.get("state") == "fresh"],
        "fatigued": [c["id"] for c in chits if c.get("state") == "fatigued"],
        "wounded": [c["id"] for c in chits if c.get("state") == "wounded"],
        "weapons": [f"{w['name']} ({'alerted' if w.get('alerted') else 'unalerted'})" for w in entry.get("weapons", [])],
        "armor": [f"{a['name']} ({a.get('state', 'intact')})" for a in entry.get("armor", [])],
        "horse": horse.get("counter") if horse and not horse.get("dead") else "",
        "attackers": [a["combatant"] for a in sheet.get("attackers", [])],
        "dead": bool(entry.get("dead")),
    }
