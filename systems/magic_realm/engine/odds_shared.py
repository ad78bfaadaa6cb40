"""What the odds calculator's two answers (an attack's in `odds`, running away's in `run_away_odds`)
share: the high die's exact chance, and how an exact fraction and the rule set are written in the steps."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from systems.magic_realm.engine.ruleset import RuleSet


@lru_cache(maxsize=64)
def high_die_probability(high: int, count: int) -> Fraction:
    """The chance that the highest of `count` dice shows `high`. Memoised: a pure function of two small
    ints, asked six times per geometry."""
    return Fraction(high**count - (high - 1) ** count, 6**count)


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def rules_step(rules: RuleSet) -> str:
    """An answer's first step: the rule set's preset and how this one differs from it."""
    return f"Rules: {rules.preset}" + _differences(rules)


@lru_cache(maxsize=64)  # a pure function of a frozen rule set, asked by every query
def _differences(rules: RuleSet) -> str:
    differences = rules.differences_from_preset()
    if not differences:
        return ""
    return " with " + ", ".join(f"{key}={value!r}" for key, value in differences.items())
