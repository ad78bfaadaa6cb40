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
        add("fatigued", f"{character} owes {_plural(owed['fatigue'], 'asterisk')} of fatigue: the chits ticked "
                        f"to fatigue show {stars}.")
    return errors


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
