"""The picture of the battle beside the plays forms (issue #14.5b): every melee sheet as it stands before
the round, with the plays the GM has saved so far drawn on it (each attack naming its target), and each
character's wounds, fatigued chits, armor, weapons and horse, and who attacks whom. Drawn from the same
round file the engine will read, so the picture and the resolution never disagree."""

from __future__ import annotations

from typing import Any

from django.utils.safestring import mark_safe

from combat import round_file
from combat.character_state import character_state
from systems.magic_realm.sheet_picture import sheet_svgs


def drawn_sheets(round_input: dict[str, Any], events: list[dict[str, Any]],
                 killed: set[str] | None = None) -> list[dict[str, Any]]:
    """Every melee sheet of the round as SVG, ready for a template: the plug-in escapes every name and label
    it draws (systems/magic_realm/sheet_picture.py), so its plain string may be marked safe here."""
    return [{**sheet, "svg": mark_safe(sheet["svg"])} for sheet in sheet_svgs(round_input, events, killed)]


def _attacks(round_input: dict[str, Any]) -> list[dict[str, str]]:
    """Who attacks whom: the denizens from the sheets they stand on, the characters from their plays."""
    lines = []
    for sheet in round_input.get("sheets", []):
        for attacker in sheet.get("attackers", []):
            name = attacker if isinstance(attacker, str) else attacker.get("combatant")
            lines.append({"attacker": name, "target": sheet["owner"], "source": "on the sheet"})
        if sheet.get("owner_target"):
            lines.append({"attacker": sheet["owner"], "target": sheet["owner_target"], "source": "on the sheet"})
    for name, play in sorted((round_input.get("plays") or {}).items()):
        if play and play.get("target"):
            lines.append({"attacker": name, "target": play["target"], "source": "plays so far"})
    return lines


def battle_panel(round_, sides) -> dict[str, Any]:
    """`sides`: the round's Side rows (with their characters and players)."""
    battle = round_.battle
    round_input = round_file.build_input(battle, round_, {side.character_id: side.plays or {} for side in sides})
    dead = {denizen["id"] for denizen in round_input.get("state", {}).get("denizens", []) if denizen.get("dead")}
    characters = []
    for side in sides:
        state = character_state(battle.state, round_file.character_id(side.character))
        characters.append({**state, "player": side.character.player.name if side.character.player_id else ""})
    return {
        "sheets": drawn_sheets(round_input, [], dead),
        "characters": characters,
        "attacks": _attacks(round_input),
    }
