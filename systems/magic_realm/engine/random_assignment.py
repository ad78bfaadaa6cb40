"""Random assignment (8.3.5a.3): each unassigned denizen goes to a battle group by a roll-off (high die
plus the character's die modifiers; two plain dice when absent), ties rolled again up to MAX_TIE_ROLLS
times; a hidden or absent character's unhidden hireling takes it (the player chooses among several).
Unhired natives still unassigned then become watchful (Watchful Natives 1, systems.magic_realm.engine.watchful_natives).
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import RANDOM_ASSIGNMENT
from systems.magic_realm.engine.encounter_state import EncounterState
from systems.magic_realm.engine.watchful_natives import unassigned_become_watchful


MAX_TIE_ROLLS = 20  # a roll-off that ties this often is a broken dice script, not a game


def _available(state: EncounterState, character: str) -> bool:
    return (state.unhidden_character(character) and not state.held_by_red_monster(character)) or bool(
        state.unhidden_minions(character)
    )


def random_assignment(state: EncounterState) -> None:
    """Rule 8.3.5a.3 Random assignment: for each unassigned denizen, every battle group with someone
    unhidden in the clearing rolls (high die + the character's die-roll modifiers; two plain dice for an
    absent character); the highest takes it, ties roll again. It attacks the character if he is present
    and unhidden, otherwise his unhidden hireling (the player chooses among several).
    Then, with Watchful Natives, unhired natives still unassigned become watchful (Watchful Natives 1)."""
    for denizen in list(state.denizens.values()):
        if denizen.name in state.targets:
            continue
        candidates = [
            name
            for name in state.characters
            if _available(state, name)
            and (denizen.kind == "monster" or (denizen.group or "", name) in state.battling)
        ]
        if not candidates:
            state.log(
                "assignment",
                f"{denizen.name} stays unassigned: no battle group with someone unhidden in the clearing "
                + ("is battling it" if denizen.kind == "native" else "can take it"),
                RANDOM_ASSIGNMENT,
                (denizen.name,),
            )
            continue
        winner = candidates[0] if len(candidates) == 1 else roll_off(state, denizen.name, candidates)
        if len(candidates) == 1:
            state.log(
                "assignment",
                f"{winner} is the only battle group that can take {denizen.name}: no roll",
                RANDOM_ASSIGNMENT,
                (winner, denizen.name),
            )
        if state.unhidden_character(winner) and not state.held_by_red_monster(winner):
            target = winner
        else:
            target = state.pick_minion(
                denizen.name, winner, state.unhidden_minions(winner), RANDOM_ASSIGNMENT
            )
        state.assign(denizen.name, target)
        state.log(
            "assignment",
            f"{denizen.name} is assigned to {target}"
            + ("" if target == winner else f" ({winner}'s hireling)"),
            RANDOM_ASSIGNMENT,
            (winner, target, denizen.name),
        )
    unassigned_become_watchful(state)


def roll_off(state: EncounterState, denizen: str, candidates: list[str]) -> str:
    rolling = list(candidates)
    for attempt in range(MAX_TIE_ROLLS):
        scores: dict[str, int] = {}
        parts: list[str] = []
        for name in rolling:
            character = state.characters[name]
            present = state.in_clearing(name)
            modifier = character.die_modifier if present else 0
            roll = state.roll(2, f"Random assignment of {denizen}: {name}")
            scores[name] = roll.high + modifier
            detail = f"high die {roll.high}" + (f" {modifier:+d}" if modifier else "")
            if not present:
                detail += " (absent: two plain dice)"
            parts.append(f"{name} {roll.dice} → {detail} = {scores[name]}")
        best = max(scores.values())
        leaders = [name for name in rolling if scores[name] == best]
        again = " (roll again among the tied)" if attempt else ""
        state.log(
            "roll",
            f"Random assignment of {denizen}{again}: " + "; ".join(parts),
            RANDOM_ASSIGNMENT,
            (*rolling, denizen),
            scores=scores,
        )
        if len(leaders) == 1:
            state.log(
                "assignment",
                f"{leaders[0]} rolls highest ({best}) and takes {denizen}",
                RANDOM_ASSIGNMENT,
                (leaders[0], denizen),
            )
            return leaders[0]
        state.log(
            "assignment",
            f"{' and '.join(leaders)} tie at {best}: they roll again",
            RANDOM_ASSIGNMENT,
            (*leaders, denizen),
        )
        rolling = leaders
    raise RuntimeError(f"random assignment of {denizen} tied {MAX_TIE_ROLLS} times")
