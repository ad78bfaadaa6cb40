"""What a Magic Realm character's player knows of him before the plays (systems/interface.py `standing`): his
chits fresh, fatigued and wounded, weapons (alerted or not), armor, horse, and who stands on his sheet, as the
app's own player page shows them. Pure."""

from __future__ import annotations

from typing import Any

from systems.magic_realm.battle_state import long_form


def standing(round_input: dict[str, Any], side: str) -> tuple[str, ...]:
    state = long_form(round_input.get("state") or {})
    entry = next((c for c in state.get("characters", []) if c.get("id") == side), None)
    if entry is None:
        return ()
    if entry.get("dead"):
        return (f"{side}: killed",)
    chits = entry.get("chits", [])
    lines = [f"{side}: {'hidden' if entry.get('hidden') else 'unhidden'}"]
    for state_name in ("fresh", "fatigued", "wounded"):
        named = [chit["id"] for chit in chits if chit.get("state") == state_name]
        if named:
            lines.append(f"{state_name}: {', '.join(named)}")
    weapons = [f"{w['name']} ({'alerted' if w.get('alerted') else 'unalerted'})" for w in entry.get("weapons", [])
               if isinstance(w, dict)]
    if weapons:
        lines.append(f"weapons: {', '.join(weapons)}")
    armor = [f"{a['name']} ({a.get('state', 'intact')})" for a in entry.get("armor", []) if isinstance(a, dict)]
    if armor:
        lines.append(f"armor: {', '.join(armor)}")
    horse = entry.get("horse")
    if isinstance(horse, dict) and not horse.get("dead") and horse.get("counter"):
        lines.append(f"horse: {horse['counter']}")
    sheet = next((s for s in round_input.get("sheets", []) if s.get("owner") == side), None)
    if sheet is not None:
        attackers = [a if isinstance(a, str) else a["combatant"] for a in sheet.get("attackers", [])]
    else:
        attackers = [d["id"] for d in state.get("denizens", []) if d.get("target") == side and not d.get("dead")
                     and not d.get("fled")]
    lines.append(f"on his sheet: {', '.join(attackers) if attackers else 'nobody attacks him'}")
    return tuple(lines)
