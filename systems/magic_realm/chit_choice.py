"""The wounds and fatigue a character owes after a round, and the chits he chooses for them (rule: end of the
round; issue #14.3): what he owes (the round's `summaries`), what is wrong with a choice (one plain sentence per
problem, by box: "wounded", "fatigued", or "__all__"), and the battle state with the choice made.

Pure functions on a battle's state (`{"state": {"characters": [...]}}`, every chit as {id, label, state}: the
battle's state, or `battle_state.long_form` of a round's). The interface's dues (`dues.py`) check a choice
here."""

from __future__ import annotations

import copy
from typing import Any, Iterable

from systems.magic_realm.battle_state import character_entry


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summaries(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each character's summary of the round, by name, with `ran_away`: he ran away (8.3) and is out of the
    battle, as the round's new state records it (`fled`; the encounter step's `ran_away` sets it): the
    engine's summary itself says only whether he was killed."""
    result = result or {}
    fled = {character["id"] for character in (result.get("state") or {}).get("characters", []) if character.get("fled")}
    return {summary["character"]: {**summary, "ran_away": summary["character"] in fled and not summary.get("killed")}
            for summary in result.get("summaries", [])}


def owed_for(result: dict[str, Any], character: str) -> dict[str, int]:
    """The wounds and asterisks of fatigue a character must choose chits for; the dead owe nothing
    (issue #14.3)."""
    summary = summaries(result).get(character, {})
    if summary.get("killed"):
        return {"wounds": 0, "fatigue": 0}
    return {"wounds": int(summary.get("wounds_owed", 0)), "fatigue": int(summary.get("fatigue_owed", 0))}


def pays_fatigue(chit: dict[str, Any]) -> bool:
    """A chit that may be fatigued: a fresh one with asterisks."""
    return chit["state"] == "fresh" and "*" in chit["label"]


def fatigue_due(chits: Iterable[dict[str, Any]], wounded: list[str], owed: int) -> int:
    """The asterisks a character fatigues for `owed`, with the chits not ticked to be wounded (Herald's
    ruling, docs/rulings.md): exactly `owed` when fresh chits add up to it; else the least sum above it
    (a FIGHT M3** pays one asterisk, without change); else every fresh asterisk he has."""
    sums = {0}
    for chit in chits:
        if pays_fatigue(chit) and chit["id"] not in wounded:
            sums |= {total + chit["label"].count("*") for total in sums}
    if owed in sums:
        return owed
    above = [total for total in sums if total > owed]
    return min(above) if above else max(sums)


def choice_errors(battle_state: dict[str, Any], character: str, owed: dict[str, int], wounded: list[str],
                  fatigued: list[str]) -> dict[str, list[str]]:
    """What is wrong with a choice of chits, by box ("wounded", "fatigued"), one sentence per problem.

    Rule (end of round): a character wounds one chit per wound owed, any chit not already wounded, and
    fatigues fresh chits whose asterisks add up to the fatigue owed."""
    entry = character_entry(battle_state, character)
    if entry is None:
        return {"__all__": [f"{character} is not in this battle."]}
    if entry.get("dead"):
        return {"__all__": [f"{character} is dead and owes no wounds or fatigue."]}
    chits = {chit["id"]: chit for chit in entry.get("chits", [])}
    errors: dict[str, list[str]] = {}

    def add(box: str, message: str) -> None:
        errors.setdefault(box, []).append(message)

    if len(wounded) != owed["wounds"]:
        add("wounded", f"{character} owes {plural(owed['wounds'], 'wound')}: tick exactly "
                       f"{plural(owed['wounds'], 'chit')} to wound (ticked: {len(wounded)}).")
    if len(set(wounded)) != len(wounded):
        add("wounded", "Tick each chit once.")
    for chit_id in dict.fromkeys(wounded):
        if chit_id not in chits:
            add("wounded", f"{character} has no chit {chit_id}.")
        elif chits[chit_id]["state"] == "wounded":
            add("wounded", f"{chit_id} is already wounded.")
    stars = 0
    for chit_id in dict.fromkeys(fatigued):
        chit = chits.get(chit_id)
        if chit is None:
            add("fatigued", f"{character} has no chit {chit_id}.")
        elif chit_id in wounded:
            add("fatigued", f"{chit_id} is ticked to be wounded: it cannot be fatigued too.")
        elif chit["state"] != "fresh":
            add("fatigued", f"{chit_id} is already {chit['state']}: only a fresh chit can be fatigued.")
        elif "*" not in chit["label"]:
            add("fatigued", f"{chit_id} has no asterisk: fatigue is paid with chits that have asterisks.")
        else:
            stars += chit["label"].count("*")
    if "fatigued" not in errors and stars != owed["fatigue"]:
        due = fatigue_due(chits.values(), wounded, owed["fatigue"])
        message = _fatigue_error(character, owed["fatigue"], due, stars)
        if message:
            add("fatigued", message)
    return errors


def _fatigue_error(character: str, owed: int, due: int, stars: int) -> str | None:
    """The sentence for chits that show `stars` asterisks where `due` are to be paid for `owed` (None: paid)."""
    if due == owed:
        return f"{character} owes {plural(owed, 'asterisk')} of fatigue: the chits ticked to fatigue show {stars}."
    if stars == due:
        return None
    if due > owed:
        return (f"{character} owes {plural(owed, 'asterisk')} of fatigue and no fresh chits add up to exactly that: "
                f"tick chits showing {due}, the least above it (no change is given; the chits ticked show {stars}).")
    return (f"{character} owes {plural(owed, 'asterisk')} of fatigue but has only {plural(due, 'asterisk')} on "
            f"fresh chits: tick them all (the chits ticked show {stars}).")


def apply_chit_choice(battle_state: dict[str, Any], character: str, wounded: list[str], fatigued: list[str],
                      undo: tuple[list[str], list[str]] | None = None) -> dict[str, Any]:
    """The battle state with the chosen chits wounded and fatigued (a previous record undone first), a copy:
    the state given is not changed."""
    new_state = copy.deepcopy(battle_state)
    entry = character_entry(new_state, character)
    chits = {chit["id"]: chit for chit in entry.get("chits", [])}
    if undo:
        for chit_id in [*undo[0], *undo[1]]:
            if chit_id in chits:
                chits[chit_id]["state"] = "fresh"
    for chit_id in fatigued:
        chits[chit_id]["state"] = "fatigued"
    for chit_id in wounded:
        chits[chit_id]["state"] = "wounded"
    return new_state
