"""The wounds and fatigue a character chooses after a round (issue #14.3): what is wrong with a choice,
one plain sentence per problem beside the boxes it concerns, and the state the choice is checked against
(the round's end, so that sending the choice already recorded again is no error).

Pure functions on the battle state (docs/battles.md), no Django."""

from __future__ import annotations

import copy
from typing import Any

from combat import resolution, round_file


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def choice_errors(battle_state: dict[str, Any], character: str, owed: dict[str, int], wounded: list[str],
                  fatigued: list[str]) -> dict[str, list[str]]:
    """What is wrong with a choice of chits, by box ("wounded", "fatigued"), one sentence per problem.

    Rule (end of round): a character wounds one chit per wound owed, any chit not already wounded, and
    fatigues fresh chits whose asterisks add up to the fatigue owed."""
    entry = round_file.character_entry(battle_state, character)
    if entry is None:
        return {"__all__": [f"{character} is not in this battle."]}
    if entry.get("dead"):
        return {"__all__": [f"{character} is dead and owes no wounds or fatigue."]}
    chits = {chit["id"]: chit for chit in entry.get("chits", [])}
    errors: dict[str, list[str]] = {}

    def add(box: str, message: str) -> None:
        errors.setdefault(box, []).append(message)

    if len(wounded) != owed["wounds"]:
        add("wounded", f"{character} owes {_plural(owed['wounds'], 'wound')}: tick exactly "
                       f"{_plural(owed['wounds'], 'chit')} to wound (ticked: {len(wounded)}).")
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
        if due == owed["fatigue"]:
            add("fatigued", f"{character} owes {_plural(owed['fatigue'], 'asterisk')} of fatigue: the chits ticked "
                            f"to fatigue show {stars}.")
        elif stars != due and due > owed["fatigue"]:
            add("fatigued", f"{character} owes {_plural(owed['fatigue'], 'asterisk')} of fatigue and no fresh chits "
                            f"add up to exactly that: tick chits showing {due}, the least above it (no change is "
                            f"given; the chits ticked show {stars}).")
        elif stars != due:
            add("fatigued", f"{character} owes {_plural(owed['fatigue'], 'asterisk')} of fatigue but has only "
                            f"{_plural(due, 'asterisk')} on fresh chits: tick them all (the chits ticked show {stars}).")
    return errors


def fatigue_due(chits: Any, wounded: list[str], owed: int) -> int:
    """The asterisks a character fatigues for `owed`, with the chits not ticked to be wounded (Herald's
    ruling, docs/rulings.md): exactly `owed` when fresh chits add up to it; else the least sum above it
    (a FIGHT M3** pays one asterisk, without change); else every fresh asterisk he has."""
    sums = {0}
    for chit in chits:
        if chit["state"] == "fresh" and chit["id"] not in wounded and "*" in chit["label"]:
            sums |= {total + chit["label"].count("*") for total in sums}
    if owed in sums:
        return owed
    above = [total for total in sums if total > owed]
    return min(above) if above else max(sums)


def state_before(battle_state: dict[str, Any], character: str, recorded: tuple[list[str], list[str]] | None,
                 result: dict[str, Any] | None) -> dict[str, Any]:
    """The battle state with a recorded choice taken back: each chit it wounded or fatigued returns to its
    state at the end of the round (`result["state"]`), or to fresh when the result does not say."""
    if not recorded:
        return battle_state
    state = copy.deepcopy(battle_state)
    entry = round_file.character_entry(state, character)
    if entry is None:
        return state
    ended = {}
    if (result or {}).get("state"):
        end = resolution.normalized_state(result["state"])
        ended = {chit["id"]: chit["state"] for c in end.get("characters", []) if c["id"] == character
                 for chit in c.get("chits", [])}
    taken_back = set(recorded[0]) | set(recorded[1])
    for chit in entry.get("chits", []):
        if chit["id"] in taken_back:
            chit["state"] = ended.get(chit["id"], "fresh")
    return state


def same_choice(recorded: tuple[list[str], list[str]], wounded: list[str], fatigued: list[str]) -> bool:
    return sorted(recorded[0]) == sorted(wounded) and sorted(recorded[1]) == sorted(fatigued)
