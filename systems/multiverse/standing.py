"""What a Multiverse side's player knows of his own combatant before the cycle (systems/interface.py
`standing`): life, the four attributes, magic, dead. Pure."""

from __future__ import annotations

from typing import Any

ATTRIBUTES = ("acuity", "finesse", "strength", "endurance")


def standing(round_input: dict[str, Any], side: str) -> tuple[str, ...]:
    entry = next((c for c in round_input.get("combatants", []) if c.get("name") == side), None)
    if entry is None:
        return ()
    if entry.get("dead"):
        return (f"{side}: dead",)
    lines = [f"{side}: life {entry.get('life', '?')}",
             ", ".join(f"{name.title()} {entry[name]}" for name in ATTRIBUTES if name in entry)]
    if "magic_high" in entry or "magic_low" in entry:
        lines.append(f"Magic {entry.get('magic_high', 0)} high, {entry.get('magic_low', 0)} low")
    return tuple(line for line in lines if line)
