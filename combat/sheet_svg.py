"""Each melee sheet of a round drawn as SVG: the owner's attack and maneuver in their boxes, and who
stood in which red box after the repositioning dice (rule 22.5/2: the log's reposition events)."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BOX_TITLES = {1: ("Thrust", "Charge"), 2: ("Swing", "Dodge"), 3: ("Smash", "Duck")}
WIDTH, COLUMN, TOP = 600, 200, 56
MAX_LABEL = 28


def _lines_for(sheet: dict[str, Any], play: dict[str, Any] | None) -> dict[int, list[tuple[str, str]]]:
    boxes: dict[int, list[tuple[str, str]]] = {1: [], 2: [], 3: []}
    unplaced = []
    for attacker in sheet.get("attackers", []):
        box = attacker.get("box")
        if box in boxes:
            boxes[box].append(("attacker", attacker["combatant"]))
        else:
            unplaced.append(attacker["combatant"])
    for index, name in enumerate(unplaced):  # not placed and not in the log: show where the engine starts
        boxes[(index % 3) + 1].append(("attacker", f"{name}?"))
    if play:
        attack = play.get("attack") or {}
        if attack.get("box") in boxes:
            what = attack.get("spell") or attack.get("weapon") or "dagger"
            boxes[attack["box"]].append(("attack", f"Attack: {attack.get('chit', '')} {what}"))
        for key, title in (("maneuver", "Maneuver"), ("rider_maneuver", "Rider")):
            maneuver = play.get(key) or {}
            if maneuver.get("box") in boxes:
                what = maneuver.get("chit") or (f"horse {maneuver['horse']}" if maneuver.get("horse") else "")
                boxes[maneuver["box"]].append(("maneuver", f"{title}: {what}"))
        if play.get("shield_box") in boxes:
            boxes[play["shield_box"]].append(("shield", "Shield"))
    return boxes


def sheet_svg(sheet: dict[str, Any], play: dict[str, Any] | None, killed: set[str]) -> SafeString:
    boxes = _lines_for(sheet, play)
    rows = max(len(entries) for entries in boxes.values()) or 1
    height = TOP + 28 + rows * 22 + 12
    owner = sheet["owner"]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'class="melee-sheet" aria-label="Melee sheet of {escape(owner)}">',
        f'<title>Melee sheet of {escape(owner)}</title>',
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2}" rx="6" fill="#fffdf8" stroke="#7a2e1d"/>',
        f'<text x="12" y="24" font-size="16" font-weight="700" fill="#1f1b16">{escape(owner)}'
        f'{" ✝" if owner in killed else ""}</text>',
    ]
    if sheet.get("owner_target"):
        parts.append(f'<text x="{WIDTH - 12}" y="24" font-size="12" text-anchor="end" fill="#5f584e">attacks {escape(sheet["owner_target"])}</text>')
    colours = {"attacker": "#a3261b", "attack": "#1f1b16", "maneuver": "#2f6b2f", "shield": "#5f584e"}
    for box, (attack_title, maneuver_title) in BOX_TITLES.items():
        x = (box - 1) * COLUMN
        parts.append(f'<rect x="{x + 6}" y="{TOP - 22}" width="{COLUMN - 12}" height="{height - TOP + 10}" fill="none" stroke="#d9d0c1"/>')
        parts.append(f'<text x="{x + COLUMN / 2}" y="{TOP - 6}" font-size="12" text-anchor="middle" fill="#5f584e">{box}: {attack_title} / {maneuver_title}</text>')
        for row, (kind, label) in enumerate(boxes[box]):
            mark = " ✝" if kind == "attacker" and label.rstrip("?") in killed else ""
            shown = label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"
            parts.append(
                f'<text x="{x + 12}" y="{TOP + 20 + row * 22}" font-size="12" fill="{colours[kind]}">'
                f'<title>{escape(label)}</title>{escape(shown)}{mark}</text>'
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every interpolated name is escaped above


def sheet_svgs(round_input: dict[str, Any], events: list[dict[str, Any]], killed: set[str] | None = None) -> list[dict[str, Any]]:
    """Every sheet of the round, attackers in the boxes the repositioning dice left them in."""
    plays = round_input.get("plays") or {}
    final_boxes: dict[str, dict[str, int]] = {}
    for event in events:
        data = event.get("data") or {}
        if event.get("kind") == "reposition" and isinstance(data.get("boxes"), dict):
            final_boxes.setdefault(data.get("sheet"), {}).update(data["boxes"])
    drawn = []
    for sheet in round_input.get("sheets", []):
        boxes = final_boxes.get(sheet["owner"], {})
        placed = {**sheet, "attackers": [{**a, "box": boxes.get(a["combatant"], a.get("box"))} for a in sheet.get("attackers", [])]}
        drawn.append({"owner": sheet["owner"], "svg": sheet_svg(placed, plays.get(sheet["owner"]), killed or set())})
    return drawn
