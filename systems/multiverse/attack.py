"""Attacks (MV 5, MV 6.2): the difficulty and the pool, one point of life per success."""

from __future__ import annotations

from systems.multiverse.model import PACES, Action, Combatant
from systems.multiverse.pool import ACTING_WITHOUT_VIGILANCE, COVER_PENALTY


def difficulty_against(defender: Combatant, defender_action: Action | None, *, cover: str = "none") -> tuple[int, list[str]]:
    """The difficulty of an attack on `defender`, and the steps in words.

    Acuity; -2 when the defender is in the middle of an action of their own (not a move, which has its own
    penalty: ruling in docs) and has no Vigilance (MV 5.1); -1 a multiplier when moving at a run or sprint
    (MV 4, ruling R5); + cover for a ranged attack (MV 6.2)."""
    difficulty = defender.acuity
    steps = [f"Acuity {defender.acuity}"]
    if defender_action is not None and defender_action.kind != "move" and not defender.vigilance:
        difficulty -= ACTING_WITHOUT_VIGILANCE
        steps.append(f"- {ACTING_WITHOUT_VIGILANCE} (busy with an action, no Vigilance)")
    if defender_action is not None and defender_action.kind == "move" and PACES[defender_action.pace] > 1:
        penalty = PACES[defender_action.pace] - 1
        difficulty -= penalty
        steps.append(f"- {penalty} ({defender_action.pace}ning)" if defender_action.pace == "run" else f"- {penalty} (sprinting)")
    if COVER_PENALTY.get(cover):
        difficulty += COVER_PENALTY[cover]
        steps.append(f"+ {COVER_PENALTY[cover]} ({cover} cover)")
    return difficulty, steps
