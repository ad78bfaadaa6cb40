"""Tests of a pool of d10s against a difficulty (MV 3, MV 5, MV 7.1): a die succeeds on the difficulty or more."""

from __future__ import annotations

from systems.dice import Dice

ACUITY_CHECK = 8  # "a Difficulty (difficulty 8) Acuity check" (MV 3)
CHALLENGING = 7  # "a Challenging (difficulty 7) test" (MV 7.1)


def pool_test(dice: Dice, count: int, difficulty: int, purpose: str) -> tuple[int, tuple[int, ...]]:
    """(successes, faces) of `count` d10 against `difficulty`; no dice, no success (ruling R7)."""
    faces = dice.throw(count, 10, purpose).faces if count > 0 else ()
    return sum(face >= difficulty for face in faces), faces


def faces_text(faces: tuple[int, ...]) -> str:
    return f"{len(faces)}d10 ({', '.join(map(str, faces))})" if faces else "no dice"
