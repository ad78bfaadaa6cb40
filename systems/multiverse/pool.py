"""A pool of d10s against a difficulty (Multiverse): a die is a success when it shows the difficulty or
more; an attack's difficulty is the defender's Acuity, 2 lower when the defender is taking an action of
its own and has no Vigilance, plus cover for a ranged attack."""

from __future__ import annotations

from fractions import Fraction

D10 = range(1, 11)
ACTING_WITHOUT_VIGILANCE = 2
COVER_PENALTY = {"none": 0, "quarter": 1, "half": 2, "three-quarters": 3}


def success_chance(difficulty: int) -> Fraction:
    """The chance that one d10 shows `difficulty` or more, by enumerating its ten faces."""
    return Fraction(sum(face >= difficulty for face in D10), len(D10))


def attack_difficulty(acuity: int, *, acting: bool, vigilance: bool, cover: int = 0) -> int:
    lowered = ACTING_WITHOUT_VIGILANCE if acting and not vigilance else 0
    return acuity - lowered + cover
