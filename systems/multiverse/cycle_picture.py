"""The table of a Multiverse tick cycle as SVG (the plug-in's `picture`).

Before the cycle: each combatant's standing from the state alone (life and Endurance as bars, the other
attributes, a loaded weapon, the action carried from the last cycle with the ticks it still needs, ruling R2),
never the actions declared for the cycle: those are a side's sealed plays.

After it: the cycle's 10 ticks as a timeline, one row per combatant, a mark on each tick where the log
(the resolution's `output["events"]`) says the combatant's action began (initiative, MV 1), resolved, took life
from them, or where they died, each labelled with a short name and said in full in its <title>; an arrow past
tick 10 for an action carried into the next cycle; the life before and after, the dead struck through. The tick
of an event is the one its sentence opens with ("Tick 6: ..."), the combatants it concerns its `actors`.

Pure Python; every name is escaped (systems/svg.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any

from systems.multiverse.model import TICKS_PER_CYCLE, Action
from systems.svg import DOWN, INK, MUTED, bar, document, text

WIDTH, LEFT = 340, 12
CELL, STRIP_H, LABEL_LINE = 29, 16, 10
CARRY_X = LEFT + TICKS_PER_CYCLE * CELL  # the column past tick 10: what carries into the next cycle
LIFE_FILL, ENDURANCE_FILL, HIT = "#2f6b2f", "#1f3f7a", "#b3001b"
SHORT = {"wasted": "waste"}  # a label fits a tick's column: about six letters
TICK = re.compile(r"^Tick (\d+): ")
BEGINS = re.compile(r"begins on tick (\d+)")
CARRIES = re.compile(r"needs (\d+) more ticks")


@dataclass(frozen=True)
class Mark:
    combatant: str
    tick: int  # 1-10; 11 for what carries into the next cycle
    shape: str  # start, action, hit, dead, carry
    label: str
    title: str


def _spell_marks(actors: list[str], tick: int, words: str, said: str, data: dict[str, Any]) -> list[Mark]:
    """A spell event's marks, read from `said` (the sentence without the names); `words` is its title."""
    actor = actors[0]
    if " counters " in said and len(actors) > 1:
        return [Mark(actor, tick, "action", "counter", words), Mark(actors[1], tick, "hit", "foiled", words)]
    if "tries to counter" in said:
        return [Mark(actor, tick, "action", "fail", words)]
    if "the spell is lost" in said:
        return [Mark(actor, tick, "hit", f"lost −{data.get('burn', 0)}", words)]
    if "the casting goes on" in said:
        return [Mark(actor, tick, "hit", "kept", words)]
    if " drops " in said:
        return [Mark(actor, tick, "action", "drop", words)]
    return [Mark(actor, tick, "action", "cast", words)]


def _without_names(words: str, actors: list[str]) -> str:
    """The sentence with each combatant's name put aside, so that a name ("Mage drops") is never read as what
    happened: only the log's own wording is matched."""
    for name in sorted(actors, key=len, reverse=True):
        words = words.replace(name, "\u2063")
    return words


def _marks(events: list[dict[str, Any]]) -> list[Mark]:
    """What the log says happened on which tick to whom (the sentence's own wording, the names put aside)."""
    marks: list[Mark] = []
    for event in events:
        kind, words, actors, data = event["kind"], event["text"], list(event.get("actors") or []), event.get("data") or {}
        if not actors:
            continue
        at = TICK.match(words)
        said = _without_names(words, actors)
        if at is None:
            begins, carries = BEGINS.search(said), CARRIES.search(said)
            if kind == "initiative" and begins and len(actors) == 1:
                marks.append(Mark(actors[0], max(1, int(begins.group(1))), "start", "start", words))
            elif kind == "carry" and carries:
                marks.append(Mark(actors[0], TICKS_PER_CYCLE + 1, "carry", f"+{carries.group(1)}", words))
            elif kind == "carry":
                marks.append(Mark(actors[0], 1, "start", "cont", words))
            continue
        tick = int(at.group(1))
        if kind == "attack":
            damage = int(data.get("damage", 0))
            marks.append(Mark(actors[0], tick, "action", "fire" if " fires at " in said else "hit", words))
            if damage and len(actors) > 1:
                marks.append(Mark(actors[1], tick, "hit", f"−{damage}",
                                  f"Tick {tick}: {actors[1]} loses {damage} life to {actors[0]}"))
        elif kind == "spell":
            marks += _spell_marks(actors, tick, words, said, data)
        elif kind == "death":
            marks.append(Mark(actors[0], tick, "dead", "dead", words))
        elif kind == "change" and "drops the action" in said:
            marks.append(Mark(actors[0], tick, "action", "drop", words))
        elif kind in ("load", "wasted", "move", "other"):
            marks.append(Mark(actors[0], tick, "action", SHORT.get(kind, kind), words))
    return marks


def _shape(shape: str, x: float, y: float, title: str) -> str:
    told = f"<title>{escape(title)}</title>"
    if shape == "start":
        return f'<path d="M{x - 4} {y - 5} L{x + 4} {y} L{x - 4} {y + 5} Z" fill="{MUTED}" class="mark-start">{told}</path>'
    if shape == "hit":
        return (f'<path d="M{x} {y - 5} L{x + 5} {y} L{x} {y + 5} L{x - 5} {y} Z" fill="{HIT}" class="mark-hit">'
                f'{told}</path>')
    if shape == "dead":
        return (f'<path d="M{x - 5} {y - 5} L{x + 5} {y + 5} M{x + 5} {y - 5} L{x - 5} {y + 5}" stroke="{INK}" '
                f'stroke-width="2.5" class="mark-dead">{told}</path>')
    if shape == "carry":
        return (f'<path d="M{x - 8} {y} H{x + 6} M{x + 2} {y - 4} L{x + 7} {y} L{x + 2} {y + 4}" stroke="{INK}" '
                f'stroke-width="2" fill="none" class="mark-carry">{told}</path>')
    return f'<circle cx="{x}" cy="{y}" r="5" fill="{INK}" class="mark-action">{told}</circle>'


def _timeline_row(y: float, combatant: dict[str, Any], was: int, marks: list[Mark]) -> tuple[list[str], float]:
    name, dead = combatant["name"], bool(combatant["dead"])
    life = f"life {was} → {combatant['life']}" if was != combatant["life"] else f"life {combatant['life']}"
    said = f"{name} ({combatant['side']}): {life}" + (", dead" if dead else "")
    parts = [text(LEFT, y + 13, name, 13, bold=True, struck=dead, title=said, css_class="combatant-dead" if dead else ""),
             text(WIDTH - LEFT, y + 13, ("✝ dead · " if dead else "") + life, 11, fill=DOWN if dead else MUTED,
                  anchor="end", title=said)]
    strip = y + 20
    for tick in range(TICKS_PER_CYCLE):
        parts.append(f'<rect x="{LEFT + tick * CELL}" y="{strip}" width="{CELL}" height="{STRIP_H}" '
                     f'fill="{"#f1ece2" if tick % 2 else "none"}" stroke="#d8cdb9" stroke-width="0.6"/>')
    by_tick: dict[int, list[Mark]] = {}
    for mark in marks:
        by_tick.setdefault(mark.tick, []).append(mark)
    deepest = 0
    for tick, here in sorted(by_tick.items()):
        centre = LEFT + (tick - 1) * CELL + CELL / 2
        for index, mark in enumerate(here):
            x = centre + (index - (len(here) - 1) / 2) * 10
            parts.append(_shape(mark.shape, x, strip + STRIP_H / 2, mark.title))
            colour = HIT if mark.shape == "hit" else INK
            parts.append(text(centre, strip + STRIP_H + 10 + index * LABEL_LINE, mark.label, 9, fill=colour,
                              anchor="middle", title=mark.title, css_class=f"label-{mark.shape}"))
        deepest = max(deepest, len(here))
    return parts, 20 + STRIP_H + deepest * LABEL_LINE + 10


def timeline_picture(round_input: dict[str, Any], output: dict[str, Any]) -> str:
    """The cycle as it was played, from its output."""
    before = {c["name"]: c["life"] for c in round_input.get("combatants", [])}
    marks = _marks(output.get("events", []))
    cycle = output.get("cycle", round_input.get("cycle", 1))
    body = [text(LEFT, 20, f"Cycle {cycle}: ticks 1–{TICKS_PER_CYCLE}", 13, bold=True)]
    for tick in range(1, TICKS_PER_CYCLE + 1):
        body.append(text(LEFT + (tick - 0.5) * CELL, 36, str(tick), 10, fill=MUTED, anchor="middle"))
    body.append(text(CARRY_X + 13, 36, "next", 9, fill=MUTED, anchor="middle", title="carried into the next cycle"))
    y = 42
    for combatant in output["state"]["combatants"]:
        name = combatant["name"]
        row, height = _timeline_row(y, combatant, before.get(name, combatant["life"]), [m for m in marks if m.combatant == name])
        body += row
        y += height
    label = (f"Tick cycle {cycle}: each combatant's actions on ticks 1 to {TICKS_PER_CYCLE}, the life they lost, "
             "and their life after")
    return document(WIDTH, int(y) + 4, label, body, "cycle-picture")


def _carried_strip(y: float, carried: dict[str, Any], name: str) -> list[str]:
    action, left = Action(**carried["action"]), int(carried["ticks_left"])
    words = f"{name} carries {action.describe()} into this cycle: {left} more ticks, until tick {min(left, TICKS_PER_CYCLE)}"
    parts = [text(LEFT, y + 10, f"Carries: {action.describe()}", 10, title=words)]
    for tick in range(TICKS_PER_CYCLE):
        filled = tick < left
        parts.append(f'<rect x="{LEFT + tick * CELL}" y="{y + 15}" width="{CELL - 2}" height="8" '
                     f'fill="{ENDURANCE_FILL if filled else "none"}" stroke="#b9a98f" stroke-width="0.6">'
                     f'<title>{escape(words)}</title></rect>')
    if left > TICKS_PER_CYCLE:
        parts.append(_shape("carry", CARRY_X + 12, y + 19, words))
    return parts


def standing_picture(round_input: dict[str, Any]) -> str:
    """Each combatant's standing before the cycle, from the state only (never `actions`)."""
    combatants = round_input.get("combatants", [])
    carried = round_input.get("in_progress") or {}
    cycle = round_input.get("cycle", 1)
    life_scale = max([1, *(c["life"] for c in combatants)])
    endurance_scale = max([1, *(c["endurance"] for c in combatants)])
    body = [text(LEFT, 20, f"Before cycle {cycle}", 13, bold=True)]
    y = 28
    for combatant in combatants:
        name, dead = combatant["name"], bool(combatant.get("dead"))
        body.append(text(LEFT, y + 14, name, 13, bold=True, struck=dead, css_class="combatant-dead" if dead else "",
                         title=f"{name} ({combatant['side']})" + (" is dead" if dead else "")))
        body.append(text(WIDTH - LEFT, y + 14, ("✝ dead · " if dead else "") + combatant["side"], 11, fill=MUTED, anchor="end"))
        for row, (label, key, scale, fill) in enumerate((("Life", "life", life_scale, LIFE_FILL),
                                                          ("Endurance", "endurance", endurance_scale, ENDURANCE_FILL))):
            said = f"{name}: {label} {combatant[key]}"
            body.append(text(LEFT, y + 32 + row * 16, label, 11, fill=MUTED))
            body.append(bar(84, y + 22 + row * 16, 190, 11, combatant[key], scale, said,
                            fill=DOWN if dead else fill, css_class=key))
            body.append(text(282, y + 32 + row * 16, str(combatant[key]), 12, bold=True, title=said))
        facts = f"Acuity {combatant['acuity']} · Finesse {combatant['finesse']} · Strength {combatant['strength']}"
        if combatant.get("magic_high"):
            facts += f" · magic {combatant['magic_high']}/{combatant.get('magic_low', 0)}"
        facts += " · loaded" if combatant.get("loaded") else ""
        facts += " · Vigilance" if combatant.get("vigilance") else ""
        body.append(text(LEFT, y + 66, facts, 10, fill=INK, title=f"{name}: {facts.replace(' · ', ', ')}"))
        y += 74
        if name in carried and not dead:
            body += _carried_strip(y - 2, carried[name], name)
            y += 26
    label = f"Each combatant's life, Endurance and attributes before tick cycle {cycle}, and what they carry into it"
    return document(WIDTH, y + 4, label, body, "cycle-picture")


def cycle_picture(round_input: dict[str, Any], output: dict[str, Any] | None = None) -> str:
    """The plug-in's picture: the standing before the cycle, the timeline after it."""
    return timeline_picture(round_input, output) if output else standing_picture(round_input)

