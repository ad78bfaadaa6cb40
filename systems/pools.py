"""Exact distributions of dice pools: how many of n independent dice succeed, each with the same chance.

Shared by the systems whose attacks roll a pool of dice and count the dice that succeed (Enchanted
Realms' d20s against Protective Points, Multiverse's d10s against a difficulty)."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def successes_distribution(dice: int, p_each: Fraction) -> list[Fraction]:
    """P(exactly k dice succeed) for k = 0..dice: the binomial distribution, exact."""
    return [comb(dice, k) * p_each**k * (1 - p_each) ** (dice - k) for k in range(dice + 1)]


def at_least_one(dice: int, p_each: Fraction) -> Fraction:
    return 1 - (1 - p_each) ** dice


def exact(probability: Fraction) -> str:
    """A fraction as text ("5/216"), beside the float, so a reader can check the arithmetic."""
    return f"{probability.numerator}/{probability.denominator}" if probability.denominator != 1 else str(probability.numerator)
