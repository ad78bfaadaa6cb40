"""Each melee sheet of a round drawn as SVG: everything that stood on it, in the box it fought from.

The owner's plays (attack, maneuver or horse, the rider's own maneuver, shield), every attacker in the
box the repositioning dice left it in (rule 22.5/2: the log's placement and reposition events), and a
denizen's separate pieces in boxes of their own (a monster's head or club, a native's horse: Magic Realm
placement, realmspeak-notes 1.2), each tied to its owner by a bracket and named after it. A counter's
side is the one it fought on (turned over by rule 22.5/3, the log's tactics events); a Tremendous
monster red side up is drawn in red and says so; the dead are struck through and marked "dead", so
nothing is told by colour alone. A character's attack names its target; a Demon's or the Imp's magic
attack is named beside its counter with the GM's ruling (or that it waits for one), and a demon kept off
the Pilgrim by HEAVENLY PROTECTION says so. A label too long for the sheet's width goes on over more
lines, never cut off.

The boxes are stacked (not side by side) so that a 390 px phone shows the sheet at about its drawn size.

Pure Python like the rest of the plug-in: each SVG is a plain `str` in which every name and label from the
round file is escaped here (`html.escape`), so the Django side may mark it safe to put it in a page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any, Collection

from systems.magic_realm.engine.catalogue import Native

BOX_TITLES = {1: ("Thrust", "Charge"), 2: ("Swing", "Dodge"), 3: ("Smash", "Duck")}
WIDTH, LINE, FONT = 360, 20, 13
HEADER = 52  # owner's name and target
BOX_HEADER = 22
TEXT_X = 32  # room on the left for the brackets tying a piece to its owner
MAX_LABEL = 44
COLOURS = {"attacker": "#1f1b16", "red": "#b3001b", "piece": "#4a4238", "attack": "#1f1b16",
           "maneuver": "#2f6b2f", "shield": "#5f584e", "owner": "#1f3f7a"}


@dataclass
class Entry:
    kind: str  # attacker, owner, piece, attack, maneuver, shield
    label: str
    combatant: str | None = None  # whose counter or piece this is (ties a piece to its owner)
    red: bool = False
    dead: bool = False


@dataclass
class _Denizen:
    id: str
    counter: str
    side: str = "light"
    weapon_side: str = "light"
    native: bool = False
    pins: bool = False  # a Tremendous monster whose dark (red) side holds its victim
    piece_name: str | None = None  # "Giant Club", "Lancer Pony 1"
    dead: bool = False
    horse_dead: bool = False
    turned_red: bool = False  # hit without killing this round and turned red side up (after tactics)
    attack_note: str = ""  # a magic attack and the GM's ruling on it, or HEAVENLY PROTECTION (from the log)


@dataclass
class _Sheet:
    """What the log says stood on one sheet: boxes by chit label, and the labels turned over."""

    boxes: dict[str, int] = field(default_factory=dict)
    turned: list[str] = field(default_factory=list)


SHEET_GAP = 12  # between two sheets drawn in one picture


def _catalogue():
    """The engine's catalogue, for piece names and which monsters pin (are red side up when dark)."""
    from systems.magic_realm.engine.catalogue_data import get_catalogue

    return get_catalogue()


def _denizens(state: dict[str, Any], turned_red: set[str], notes: dict[str, str] | None = None) -> dict[str, _Denizen]:
    catalogue = _catalogue()
    found = {}
    for raw in state.get("denizens", []):
        denizen = _Denizen(raw["id"], raw.get("counter", raw["id"]), raw.get("side", "light"),
                           raw.get("weapon_side", "light"), native=bool(raw.get("group")),
                           dead=bool(raw.get("dead")), horse_dead=bool(raw.get("horse_dead")),
                           turned_red=raw["id"] in turned_red, attack_note=(notes or {}).get(raw["id"], ""))
        try:
            counter = catalogue.denizen(denizen.counter)
        except Exception:  # a house counter the catalogue lacks: drawn by its name, no piece names
            counter = None
        if counter is not None:
            weapon, horse, dark = getattr(counter, "weapon", None), getattr(counter, "horse", None), getattr(counter, "dark", None)
            denizen.native = isinstance(counter, Native)
            denizen.pins = bool(getattr(dark, "pins", False)) and not denizen.native
            piece = weapon or horse
            denizen.piece_name = piece.name if piece is not None else None
        found[denizen.id] = denizen
    return found


def horse_name(character_id: str, counter: str) -> str:
    """A character's horse as the log names it: "White Knight's Warhorse" for "horse/warhorse-1"."""
    catalogue = _catalogue()
    for look_up in (getattr(catalogue, "by_key", None), catalogue.horse):
        try:
            return f"{character_id}'s {look_up(counter).name}"
        except Exception:
            continue
    slug = re.sub(r"-\d+$", "", counter.rsplit("/", 1)[-1])
    return f"{character_id}'s {slug.replace('-', ' ').title()}"


def _side_words(side: str, red: bool) -> str:
    return "red side up" if red else side


def _denizen_entries(denizen: _Denizen, sheet: _Sheet, given: dict[str, int | None], killed: set[str],
                     kind: str) -> list[tuple[int | None, Entry]]:
    """The denizen's counter and its piece (head, club or horse), each with its box and side."""
    body_side = denizen.side
    if denizen.id in sheet.turned:
        body_side = "light" if body_side == "dark" else "dark"
    if denizen.turned_red:
        body_side = "dark"
    red = denizen.pins and body_side == "dark"
    suffix = " (sheet owner)" if kind == "owner" else ""
    entries = [(sheet.boxes.get(denizen.id, given.get("box")),
                Entry(kind, f"{denizen.id} ({_side_words(body_side, red)}){suffix}{denizen.attack_note}", denizen.id, red=red,
                      dead=denizen.dead or denizen.id in killed))]
    piece_label = f"{denizen.id}'s {denizen.piece_name}" if denizen.piece_name else None
    piece_box = sheet.boxes.get(piece_label) if piece_label else None
    if piece_box is None:  # no event named it (no catalogue name): the position the side gave, if any
        given_box = given.get("horse_box" if denizen.native else "weapon_box")
        if given_box is not None:
            piece_label = piece_label or f"{denizen.id}'s {'horse' if denizen.native else 'weapon'}"
            piece_box = given_box
    if piece_label and piece_box is not None and not (denizen.native and denizen.horse_dead and piece_label not in killed):
        if denizen.native:
            state = "galloping"  # denizen horses gallop in melee (realmspeak-notes 1.2, doMeleeSetup)
        else:
            state = denizen.weapon_side
            if piece_label in sheet.turned:
                state = "light" if state == "dark" else "dark"
        entries.append((piece_box, Entry("piece", f"{piece_label} ({state})", denizen.id,
                                         dead=piece_label in killed or (denizen.native and denizen.dead))))
    return entries


def _entries(sheet: dict[str, Any], play: dict[str, Any] | None, killed: set[str], denizens: dict[str, _Denizen],
             characters: dict[str, dict[str, Any]], logged: _Sheet, attacking_elsewhere: set[str]) -> dict[int, list[Entry]]:
    boxes: dict[int, list[Entry]] = {1: [], 2: [], 3: []}
    unplaced: list[Entry] = []

    def put(box: int | None, entry: Entry) -> None:
        if box in boxes:
            boxes[box].append(entry)
        else:
            unplaced.append(entry)

    attackers = [a if isinstance(a, dict) else {"combatant": a} for a in sheet.get("attackers", [])]
    owner = sheet["owner"]
    standing = [(a, "attacker") for a in attackers]
    if owner in denizens and owner not in attacking_elsewhere:
        standing.append((sheet.get("owner_position") or {"combatant": owner}, "owner"))
    for given, kind in standing:
        name = given["combatant"]
        given = {**given, "box": logged.boxes.get(name, given.get("box"))}
        if name in denizens:
            for box, entry in _denizen_entries(denizens[name], logged, given, killed, kind):
                put(box, entry)
        else:
            put(given["box"], Entry(kind, name, name, dead=name in killed or bool(characters.get(name, {}).get("dead"))))
    for index, entry in enumerate(unplaced):  # not placed and not in the log: where the engine starts
        entry.label += " ?"
        boxes[(index % 3) + 1].append(entry)
    if play:
        attack = play.get("attack") or {}
        if attack.get("box") in boxes:
            what = attack.get("spell") or attack.get("weapon") or "dagger"
            label = f"Attack: {attack.get('chit', '')} {what}".replace("  ", " ")
            if play.get("target"):  # whom the attack goes to, on its own sheet or another's
                rider = " (the rider)" if play.get("target_part") == "rider" else ""
                label += f" → {play['target']}{rider}"
            boxes[attack["box"]].append(Entry("attack", label))
        horse = (characters.get(owner) or {}).get("horse")
        horse_counter = horse.get("counter") if isinstance(horse, dict) else horse
        for key, title in (("maneuver", "Maneuver"), ("rider_maneuver", "Rider")):
            maneuver = play.get(key) or {}
            if maneuver.get("box") not in boxes:
                continue
            if maneuver.get("horse"):
                name = horse_name(owner, horse_counter) if horse_counter else f"{owner}'s horse"
                label, dead = f"Horse: {name} ({maneuver['horse']})", name in killed
            else:
                label, dead = f"{title}: {maneuver.get('chit') or maneuver.get('boots') or ''}".rstrip(), False
            boxes[maneuver["box"]].append(Entry("maneuver", label, owner, dead=dead))
        if play.get("shield_box") in boxes:
            boxes[play["shield_box"]].append(Entry("shield", "Shield"))
    return boxes


def _lines(entry: Entry) -> list[str]:
    """The entry's label broken between words into lines that fit the sheet's width (never cut off)."""
    words = (entry.label + (" ✝ dead" if entry.dead else "")).split(" ")
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > MAX_LABEL:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def _text(x: float, y: float, entry: Entry) -> str:
    label = entry.label + (" ✝ dead" if entry.dead else "")
    lines = _lines(entry)
    colour = COLOURS["red"] if entry.red else COLOURS[entry.kind]
    weight = ' font-weight="700"' if entry.red or entry.kind == "owner" else ""
    style = ' text-decoration="line-through"' if entry.dead else ""
    classes = " ".join(c for c in (f"sheet-{entry.kind}", "sheet-red" if entry.red else "", "sheet-dead" if entry.dead else "") if c)
    shown = escape(lines[0]) + "".join(f'<tspan x="{x + 10}" dy="{LINE - 4}">{escape(line)}</tspan>' for line in lines[1:])
    return (f'<text x="{x}" y="{y}" font-size="{FONT}" fill="{colour}"{weight}{style} class="{classes}">'
            f'<title>{escape(label)}</title>{shown}</text>')


def sheet_svg(sheet: dict[str, Any], play: dict[str, Any] | None, killed: set[str],
              state: dict[str, Any] | None = None, logged: _Sheet | None = None,
              attacking_elsewhere: set[str] | None = None, turned_red: set[str] | None = None,
              attack_notes: dict[str, str] | None = None) -> str:
    """One sheet. `state` is the round file's state (sides, horses, the dead); `logged` what the log says
    stood where; a denizen owner stands on its own sheet unless it is in `attacking_elsewhere`;
    `attack_notes` what a denizen's magic attack did (`_attack_notes`)."""
    state = state or {}
    denizens = _denizens(state, turned_red or set(), attack_notes)
    characters = {c["id"]: c for c in state.get("characters", [])}
    boxes = _entries(sheet, play, killed, denizens, characters, logged or _Sheet(), attacking_elsewhere or set())
    owner = sheet["owner"]
    owner_dead = owner in killed or bool((characters.get(owner) or {}).get("dead")) or (owner in denizens and denizens[owner].dead)
    y = HEADER if sheet.get("owner_target") else HEADER - 18
    body: list[str] = []
    rows: dict[str, tuple[float, float]] = {}  # a combatant's counter row, then its piece's row
    pieces: list[tuple[str, float]] = []
    for box, (attack_title, maneuver_title) in BOX_TITLES.items():
        entries = boxes[box]
        line_counts = [len(_lines(entry)) for entry in entries]
        first_line = [sum(line_counts[:index]) for index in range(len(entries))]
        height = BOX_HEADER + max(len(entries), 1) * LINE + (sum(line_counts) - len(entries)) * (LINE - 4) + 8
        body.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{height}" rx="4" fill="none" stroke="#b9a98f"/>')
        body.append(f'<text x="{TEXT_X - 4}" y="{y + 16}" font-size="12" font-weight="700" fill="#7a2e1d">Box {box}: '
                    f'{attack_title} / {maneuver_title}</text>')
        if not entries:
            body.append(f'<text x="{TEXT_X}" y="{y + BOX_HEADER + 14}" font-size="12" fill="#8a8175">(empty)</text>')
        for row, entry in enumerate(entries):
            text_y = y + BOX_HEADER + 14 + row * LINE + (first_line[row] - row) * (LINE - 4)
            body.append(_text(TEXT_X, text_y, entry))
            if entry.kind in ("attacker", "owner") and entry.combatant:
                rows.setdefault(entry.combatant, (text_y, 0))
            elif entry.kind == "piece" and entry.combatant:
                pieces.append((entry.combatant, text_y))
        y += height + 6
    for index, (combatant, piece_y) in enumerate(pieces):
        if combatant not in rows:
            continue
        owner_y = rows[combatant][0] - 4
        x = 11 + (index % 4) * 5  # side by side, so that ties on one sheet stay apart
        body.append(f'<path d="M{TEXT_X - 2} {owner_y} H{x} V{piece_y - 4} H{TEXT_X - 2}" fill="none" stroke="#4a4238" '
                    f'stroke-dasharray="3 2" class="sheet-tie"><title>{escape(combatant + "'s piece")}</title></path>')
    height = y + 4
    title = f"Melee sheet of {owner}" + (" (dead)" if owner_dead else "")
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'class="melee-sheet" aria-label="{escape(title)}">',
        f'<title>{escape(title)}</title>',
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2}" rx="6" fill="#fffdf8" stroke="#7a2e1d"/>',
        f'<text x="12" y="22" font-size="16" font-weight="700" fill="#1f1b16"'
        f'{" text-decoration=\"line-through\"" if owner_dead else ""}>{escape(owner)}{" ✝ dead" if owner_dead else ""}</text>',
    ]
    if sheet.get("owner_target"):
        head.append(f'<text x="12" y="40" font-size="12" fill="#5f584e">attacks {escape(sheet["owner_target"])}</text>')
    return "".join([*head, *body, "</svg>"])  # every interpolated name is escaped above


def _logged_sheets(events: list[dict[str, Any]]) -> dict[str, _Sheet]:
    """Boxes after placement and repositioning, and chits turned over, per sheet, from the log."""
    sheets: dict[str, _Sheet] = {}
    for event in events:
        data = event.get("data") or {}
        kind = event.get("kind")
        if kind in ("placement", "reposition") and isinstance(data.get("boxes"), dict):
            sheets.setdefault(data.get("sheet"), _Sheet()).boxes.update(data["boxes"])
        elif kind == "tactics" and data.get("turned"):
            sheets.setdefault(data.get("sheet"), _Sheet()).turned.extend(data.get("chits") or [])
    return sheets


def _turned_red(events: list[dict[str, Any]]) -> set[str]:
    """Tremendous monsters that hit without killing this round and turned red side up."""
    return {event["data"]["monster"] for event in events if (event.get("data") or {}).get("turned_red_side_up")}


RULED = {"no_effect": "no effect", "killed": "killed", "other": "as the GM ruled"}


def _attack_notes(events: list[dict[str, Any]]) -> dict[str, str]:
    """What the log says of each Demon's or the Imp's attack (systems.magic_realm.engine.magic_attacks): its spell and
    target with the GM's ruling or that it waits for one, or that HEAVENLY PROTECTION kept it off."""
    notes: dict[str, str] = {}
    for event in events:
        data = event.get("data") or {}
        kind = event.get("kind")
        if kind == "magic":
            notes[data["attacker"]] = f": {data['spell']} → {data['target']}"
        elif kind == "ruling" and data.get("attacker") in notes:
            outcome = data.get("outcome")
            said = f"{data['amount']} {outcome}" if outcome in ("wounds", "fatigue") else RULED.get(outcome, outcome)
            notes[data["attacker"]] += f", GM ruling: {said}"
        elif kind == "ruling_needed" and data.get("attacker") in notes:
            notes[data["attacker"]] += ", waits for the GM's ruling"
        elif kind == "advantage" and data.get("heavenly_protection"):
            notes[data["heavenly_protection"]] = ": no attack (HEAVENLY PROTECTION)"
    return notes


def sheet_svgs(round_input: dict[str, Any], events: list[dict[str, Any]], killed: set[str] | None = None,
               owners: Collection[str] | None = None) -> list[dict[str, Any]]:
    """Every sheet of the round (those of `owners` alone, when given), each piece in the box the repositioning dice
    left it in."""
    plays = round_input.get("plays") or {}
    state = round_input.get("state") or {}
    red = _turned_red(events)
    notes = _attack_notes(events)
    logged = _logged_sheets(events)
    sheets = round_input.get("sheets", [])
    attacking = {a if isinstance(a, str) else a.get("combatant") for s in sheets for a in s.get("attackers", [])}
    drawn = []
    for sheet in sheets:
        if owners is not None and sheet["owner"] not in owners:
            continue
        svg = sheet_svg(sheet, plays.get(sheet["owner"]), killed or set(), state, logged.get(sheet["owner"]), attacking, red,
                        notes)
        drawn.append({"owner": sheet["owner"], "svg": svg})
    return drawn


def table_picture(round_input: dict[str, Any], events: list[dict[str, Any]], killed: set[str] | None = None,
                  owners: Collection[str] | None = None, label: str = "The melee sheets") -> str | None:
    """Every sheet of the round (those of `owners` alone, when given) in one SVG, one below the other (the
    interface's `picture` and `picture_for`); None when the round has no such melee sheet (an encounter step
    alone)."""
    drawn = sheet_svgs(round_input, events, killed, owners)
    if not drawn:
        return None
    parts, top = [], 0
    for sheet in drawn:
        height = int(re.search(r'viewBox="0 0 \d+ (\d+)"', sheet["svg"]).group(1))
        parts.append(sheet["svg"].replace("<svg ", f'<svg x="0" y="{top}" width="{WIDTH}" height="{height}" ', 1))
        top += height + SHEET_GAP
    height = top - SHEET_GAP
    # Drawn at a third over the sheets' own size: without a width a page stretches it across the whole column.
    shown = WIDTH * 4 // 3
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{shown}" '
            f'height="{height * shown // WIDTH}" role="img" '
            f'class="melee-sheets" aria-label="{escape(label)}">{"".join(parts)}</svg>')
