"""Whether one d20 of a die pool strikes (Enchanted Realms, "Striking the Opponent" and "Raw Dice").

A die strikes when it shows a natural 20 (always strikes), or when it does not show a natural 1 (always
misses) and die + bonus equals or beats the target's Protective Points."""

from __future__ import annotations

from fractions import Fraction

D20 = range(1, 21)
NATURAL_20 = 20
NATURAL_1 = 1


def die_strikes(face: int, bonus: int, pp: int) -> bool:
    if face == NATURAL_20:
        return True
    if face == NATURAL_1:
        return False
    return face + bonus >= pp


def strike_chance(bonus: int, pp: int) -> Fraction:
    """The chance that one d20 strikes, by enumerating its twenty faces."""
    return Fraction(sum(die_strikes(face, bonus, pp) for face in D20), len(D20))
