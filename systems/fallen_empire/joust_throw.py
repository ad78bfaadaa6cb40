"""What one jouster's throw does by itself (the Joust: Unhorsing and Helm Tipping; Injuring the Opponent).

- Three dice all showing the same number, other than three 1s, unhorse the opponent.
- Every die thrown showing a 1 (on one, two or three dice) injures the opponent: dishonourable."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

MAX_THROW = 3
D6 = range(1, 7)


def unhorses(faces: tuple[int, ...]) -> bool:
    return len(faces) == MAX_THROW and len(set(faces)) == 1 and faces[0] != 1


def injures(faces: tuple[int, ...]) -> bool:
    return all(face == 1 for face in faces)


def throw_chances(dice: int) -> tuple[Fraction, Fraction]:
    """(P(unhorse), P(injure)) for a throw of `dice` dice, by enumerating every throw."""
    throws = list(product(D6, repeat=dice))
    return (Fraction(sum(map(unhorses, throws)), len(throws)), Fraction(sum(map(injures, throws)), len(throws)))
