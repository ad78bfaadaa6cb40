"""Enchanted Realms' odds query (spec/odds-systems.md): one attack's die pool against Protective Points.

{"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 4}, "target": {"pp": 11}}
answers `p_hit`, the chance that at least one die strikes (rule ER 4.4 A strike), and, as every system's
answer, `outcomes`: "hit" and "miss", which exclude each other and add up to 1.

Herald's own field beside the spec's: `target.guard_dice` (0 to 2, default 0), the guard dice not yet rolled
(ER 3.1: a d4 for range, a second for melee and savage attacks), which `pp` then leaves out. A guard throw
holds for the whole pool, so the pool's dice are independent only once it is known: the answer counts the pool
against each throw on its own and weighs the throws alike."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from systems.enchanted_realms.protection import GUARD_DIE
from systems.enchanted_realms.strike import strike_chance
from systems.pools import exact, successes_distribution
from systems.query import integer_at, object_at

MAX_POOL = 5  # "it can exceed the 5d20 limit": a pool from skills is at most five dice
MAX_GUARD_DICE = 2  # range and melee (ER 3.1)


def odds(query: dict) -> dict:
    attack = object_at(query, "attack", "attack")
    target = object_at(query, "target", "target")
    dice = integer_at(attack, "dice", "attack.dice", low=1, high=MAX_POOL)
    bonus = integer_at(attack, "bonus", "attack.bonus", default=0)
    pp = integer_at(target, "pp", "target.pp")
    guard_dice = integer_at(target, "guard_dice", "target.guard_dice", low=0, high=MAX_GUARD_DICE, default=0)
    guards = [sum(throw) for throw in product(range(1, GUARD_DIE + 1), repeat=guard_dice)]
    chances = [strike_chance(bonus, pp + guard) for guard in guards]
    p_die = sum(chances, Fraction(0)) / len(guards)
    strikes = [sum(column, Fraction(0)) / len(guards)
               for column in zip(*(successes_distribution(dice, chance) for chance in chances))]
    p_hit = 1 - strikes[0]
    steps = [f"One d20 strikes on a natural 20, never on a natural 1, otherwise when d20 + {bonus} ≥ {pp}: "
             f"{exact(p_die)} (rule ER 4.3 Natural 20 and natural 1)",
             f"At least one of {dice} dice strikes: 1 - (1 - {exact(p_die)})^{dice} = {exact(p_hit)} (rule ER 4.4 A strike)"]
    if guard_dice:
        steps = [f"Protective Points {pp} + {guard_dice}d{GUARD_DIE} guard dice not yet rolled, each of their "
                 f"{len(guards)} throws alike (rule ER 3.1 Guard rolls): one d20 strikes on a natural 20, never on a "
                 f"natural 1, otherwise when d20 + {bonus} ≥ the Protective Points: {exact(p_die)} on average "
                 "(rule ER 4.3 Natural 20 and natural 1)",
                 f"At least one of {dice} dice strikes, each guard throw counted on its own: {exact(p_hit)} "
                 "(rule ER 4.4 A strike)"]
    return {
        "system": "enchanted-realms",
        "p_hit": float(p_hit),
        "p_hit_exact": exact(p_hit),
        "p_die_strikes": float(p_die),
        "strikes": [float(p) for p in strikes],
        "outcomes": {"hit": float(p_hit), "miss": float(strikes[0])},
        "explanation": steps,
    }
