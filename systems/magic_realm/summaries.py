"""A Magic Realm side's summary lines for its email and results page (systems/interface.py `summaries`), the
same facts as the battle app's own result email (players/emails.py): alive, killed or run away; what hit him;
what he killed and the fame and notoriety it scored; what he owes and must choose next. Pure."""

from __future__ import annotations

from typing import Any

from systems.interface import Resolution, SideSummary
from systems.magic_realm.chit_choice import summaries as summaries_by_character

HIT_KINDS = {"harm", "hit", "wound", "kill", "armor"}


def struck(event: dict[str, Any], name: str) -> bool:
    """An event of another combatant's attack on `name`: a hit, its harm, armor, wound or kill; never a miss (a
    "hit" event whose outcome is "miss"). Its actors are the attacker first and whom it struck last (between
    them, the owner of the sheet the attack was on, when that is another)."""
    actors = event.get("actors") or []
    if event.get("kind") not in HIT_KINDS or len(actors) < 2 or actors[-1] != name or actors[0] == name:
        return False
    return (event.get("data") or {}).get("hit") != "miss"


def _status(summary: dict[str, Any]) -> str:
    if summary.get("killed"):
        return "KILLED"
    if summary.get("ran_away"):
        return "RAN AWAY: out of the battle"
    return "alive"


def _scored(summary: dict[str, Any]) -> str:
    scored = [f"{key} {summary.get(key) or 0:g}" for key in ("fame", "notoriety")]
    if summary.get("gold"):
        scored.append(f"gold {summary['gold']:g}")
    return ", ".join(scored)


def summaries(round_input: dict[str, Any], resolution: Resolution, names: tuple[str, ...]) -> tuple[SideSummary, ...]:
    output = resolution.output or {}
    by_character = summaries_by_character(output)
    events = [event for event in output.get("events", []) if isinstance(event, dict)]
    result = []
    for name in names:
        if resolution.waiting_for:
            lines = [f"{name}: the round waits: " + "; ".join(f"{e.path}: {e.message}" for e in resolution.waiting_for)]
            result.append(SideSummary(name, tuple(lines)))
            continue
        summary = by_character.get(name) or {}
        lines = [f"{name}: {_status(summary)}"]
        hits = [event["text"] for event in events if struck(event, name)]
        if hits:
            lines.append(f"what hit {name}: {' / '.join(hits)}")
        if summary.get("kills"):
            lines.append(f"kills: {', '.join(summary['kills'])} ({_scored(summary)})")
        lines += [*resolution.owes.get(name, ()), *resolution.must_choose.get(name, ())]
        if resolution.finished:
            lines.append("the combat is over")
        result.append(SideSummary(name, tuple(lines)))
    return tuple(result)
