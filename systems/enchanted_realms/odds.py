"""Enchanted Realms' odds query (spec/odds-systems.md): one attack's die pool against Protective Points.

{"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 4}, "target": {"pp": 11}}
answers `p_hit`, the chance that at least one die strikes (rule ER 4.4 A strike)."""

from __future__ import annotations

from systems.enchanted_realms.strike import strike_chance
from systems.pools import at_least_one, exact, successes_distribution
from systems.query import integer_at, object_at

MAX_POOL = 5  # "it can exceed the 5d20 limit": a pool from skills is at most five dice


def odds(query: dict) -> dict:
    attack = object_at(query, "attack", "attack")
    target = object_at(query, "target", "target")
    dice = integer_at(attack, "dice", "attack.dice", low=1, high=MAX_POOL)
    bonus = integer_at(attack, "bonus", "attack.bonus", default=0)
    pp = integer_at(target, "pp", "target.pp")
    p_die = strike_chance(bonus, pp)
    p_hit = at_least_one(dice, p_die)
    strikes = successes_distribution(dice, p_die)
    return {
        "system": "enchanted-realms",
        "p_hit": float(p_hit),
        "p_hit_exact": exact(p_hit),
        "p_die_strikes": float(p_die),
        "strikes": [float(p) for p in strikes],
        "explanation": [
            f"One d20 strikes on a natural 20, never on a natural 1, otherwise when d20 + {bonus} ≥ {pp}: "
            f"{exact(p_die)} (rule ER 4.3 Natural 20 and natural 1)",
            f"At least one of {dice} dice strikes: 1 - (1 - {exact(p_die)})^{dice} = {exact(p_hit)} (rule ER 4.4 A strike)",
        ],
    }
