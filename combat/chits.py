"""The wounds and fatigue a character chooses after a round (issue #14.3): what is wrong with a choice,
one plain sentence per problem beside the boxes it concerns (the rule's, `choice_errors` and `fatigue_due`,
are Magic Realm's: `systems/magic_realm/chit_choice.py`, re-exported here), and the state the choice is checked
against (the round's end, so that sending the choice already recorded again is no error).

Pure functions on the battle state (docs/battles.md), no Django."""

from __future__ import annotations

import copy
from typing import Any

from combat import resolution, round_file
from systems.magic_realm.chit_choice import choice_errors, fatigue_due  # noqa: F401 (the record form's)


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
