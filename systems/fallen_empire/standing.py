"""What a Fallen Empire side's player knows of his own combatant before the round (systems/interface.py
`standing`): in melee his hit points, armour class, shield, weapons and state; in the Joust his pool. Pure."""

from __future__ import annotations

from typing import Any


def standing(round_input: dict[str, Any], side: str) -> tuple[str, ...]:
    if round_input.get("kind") == "joust":
        jouster = next((j for j in round_input.get("jousters", []) if j.get("name") == side), None)
        return (f"{side}: {jouster.get('pool', '?')} dice left in the pool",) if jouster else ()
    entry = next((c for c in round_input.get("combatants", []) if c.get("name") == side), None)
    if entry is None:
        return ()
    facts = [f"{entry.get('hp', '?')} of {entry.get('max_hp', entry.get('hp', '?'))} hit points",
             f"AC {entry.get('armour_ac', '?')}"]
    shield = entry.get("shield")
    if isinstance(shield, dict):
        facts.append(f"{shield.get('kind', 'plain')} shield")
    if entry.get("mounted"):
        facts.append("mounted")
    if entry.get("status") and entry["status"] != "fighting":
        facts.append(str(entry["status"]))
    lines = [f"{side}: {', '.join(facts)}"]
    weapons = [w.get("name") for w in (entry.get("melee"), entry.get("missile")) if isinstance(w, dict) and w.get("name")]
    if weapons:
        lines.append(f"weapons: {', '.join(weapons)}")
    return tuple(lines)
