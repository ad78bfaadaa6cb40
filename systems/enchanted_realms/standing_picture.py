"""Each combatant's hit points and Protective Points as labelled bars (the plug-in's `picture`).

Before the round from the round input's state; after it from the resolution's state, the hit points the round
took shaded after what is left, with the round's Protective Points from its guard rolls (ER 3.2, 3.3); the down
(ER 8) struck through and named so. Only the state is read, never a side's plays: they are sealed until the
round resolves. Pure Python; every name is escaped (systems/svg.py)."""

from __future__ import annotations

from typing import Any

from systems.svg import DOWN, MUTED, bar, document, text

WIDTH, ROW, LABEL_X, BAR_X, BAR_W, BAR_H = 340, 62, 12, 84, 150, 12
HP_FILL, PP_FILL = "#2f6b2f", "#1f3f7a"


def _hit_points(name: str, hp: int, before: int | None) -> str:
    words = f"{name}: {hp} hit points"
    if before is not None and before != hp:
        words += f", {before - hp} lost this round (from {before})" if before > hp else f" (from {before})"
    return words


def _protection(name: str, static: int, guard: dict[str, Any] | None) -> tuple[str, str]:
    """The PP's title and the words beside its bar: the static part, and the round's own after it resolved."""
    title = f"{name}: static Protective Points {static}"
    shown = ""
    if guard:
        title += (f"; this round {guard['against_ranged']} against ranged attacks, {guard['against_melee']} against "
                  "melee and savage")
        shown = f"this round: {guard['against_ranged']} against ranged, {guard['against_melee']} against melee"
    return title, shown


def standing_picture(round_input: dict[str, Any], output: dict[str, Any] | None = None) -> str:
    """The picture before the round (`output` None) or after it (the resolution's `output`)."""
    before = {c["name"]: c for c in round_input["combatants"]}
    combatants = output["state"]["combatants"] if output else round_input["combatants"]
    guards = (output or {}).get("guards") or {}
    number = round_input.get("round", 1)
    hp_scale = max([1, *(c["hp"] for c in combatants), *(c["hp"] for c in before.values())])
    pp_scale = max([1, *(c["static_pp"] for c in combatants), *(g["against_melee"] for g in guards.values())])
    body = [text(LABEL_X, 20, f"Round {number}: " + ("after" if output else "before"), 13, bold=True)]
    top = 30
    for combatant in combatants:
        name, hp, down = combatant["name"], combatant["hp"], bool(combatant.get("down"))
        was = before.get(name, combatant)["hp"] if output else None
        y = top
        body.append(text(LABEL_X, y + 14, name, 13, bold=True, struck=down, css_class="combatant-down" if down else "",
                         title=f"{name} ({combatant['side']})" + (" is down" if down else "")))
        body.append(text(WIDTH - 12, y + 14, ("✝ down · " if down else "") + combatant["side"], 11, fill=MUTED, anchor="end"))
        hp_words = _hit_points(name, hp, was)
        body.append(text(LABEL_X, y + 32, "Hit points", 11, fill=MUTED))
        body.append(bar(BAR_X, y + 22, BAR_W, BAR_H, hp, hp_scale, hp_words, fill=DOWN if down else HP_FILL,
                        lost_from=was, css_class="hit-points"))
        lost = f" (−{was - hp})" if was is not None and was > hp else ""
        body.append(text(BAR_X + BAR_W + 6, y + 32, f"{hp}{lost}", 12, bold=True, title=hp_words))
        pp_title, pp_shown = _protection(name, combatant["static_pp"], guards.get(name))
        body.append(text(LABEL_X, y + 50, "PP", 11, fill=MUTED))
        body.append(bar(BAR_X, y + 42, BAR_W, 8, combatant["static_pp"], pp_scale, pp_title, fill=PP_FILL,
                        css_class="protective-points"))
        body.append(text(BAR_X + BAR_W + 6, y + 50, str(combatant["static_pp"]), 11, title=pp_title))
        if pp_shown:
            body.append(text(BAR_X, y + 63, pp_shown, 10, fill=MUTED, title=pp_title))
        top += ROW + (12 if pp_shown else 0)
    label = (f"Hit points and Protective Points of each combatant after round {number}, the hit points lost shaded"
             if output else f"Hit points and Protective Points of each combatant before round {number}")
    return document(WIDTH, top + 4, label, body, "standing-picture")
