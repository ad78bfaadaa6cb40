"""What an Enchanted Realms side's player knows of his own combatant before the plays (systems/interface.py
`standing`): hit points, static Protective Points, initiative modifier, down. Pure."""

from __future__ import annotations

from typing import Any


def standing(round_input: dict[str, Any], side: str) -> tuple[str, ...]:
    entry = next((c for c in round_input.get("combatants", []) if c.get("name") == side), None)
    if entry is None:
        return ()
    facts = [f"{entry.get('hp', '?')} hit points", f"{entry.get('static_pp', 0)} static Protective Points"]
    if entry.get("initiative_modifier"):
        facts.append(f"initiative modifier {entry['initiative_modifier']:+d}")
    if entry.get("down"):
        facts.append("down")
    return (f"{side}: {', '.join(facts)}",)
