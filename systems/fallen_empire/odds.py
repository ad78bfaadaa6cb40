"""Fallen Empire's odds queries (spec/odds-systems.md): one jouster's throw, and (Herald's own shape beside
the spec's) one attack roll of the melee.

{"system": "fallen-empire", "joust": {"dice": 3}} answers `p_unhorse` and `p_injure`.
{"system": "fallen-empire", "attack": {"to_hit": 3}, "target": {"ac": 5}} answers `p_hit`, the chance that
d20 + `to_hit` (the attacker's own and every modifier of FE 5.2) equals or beats 19 - `ac` (FE 5.1, ruling
R11: a natural 20 always hits, a natural 1 always misses); `"helpless": true` in `target`, a target down since
the start of the round, is hit without a roll (FE 5.5, ruling R13).

Each answer also has, as every system's, `outcomes` that exclude each other and add up to 1: the throw's
"unhorses", "injures" (three 1s injure and do not unhorse) and "neither"; the attack's "hit" and "miss"."""

from __future__ import annotations

from fractions import Fraction

from systems.errors import OddsQueryError
from systems.fallen_empire.attack import HIT_BASE, hit_chance
from systems.fallen_empire.joust_throw import MAX_THROW, throw_chances
from systems.pools import exact
from systems.query import boolean_at, integer_at, object_at


def odds(query: dict) -> dict:
    if "joust" in query:
        return joust_odds(query)
    if "attack" in query:
        return attack_odds(query)
    raise OddsQueryError("joust: is required (or attack and target)")


def joust_odds(query: dict) -> dict:
    joust = object_at(query, "joust", "joust")
    dice = integer_at(joust, "dice", "joust.dice", low=1, high=MAX_THROW)
    p_unhorse, p_injure = throw_chances(dice)
    return {
        "system": "fallen-empire",
        "p_unhorse": float(p_unhorse),
        "p_unhorse_exact": exact(p_unhorse),
        "p_injure": float(p_injure),
        "p_injure_exact": exact(p_injure),
        "outcomes": {"unhorses": float(p_unhorse), "injures": float(p_injure),
                     "neither": float(1 - p_unhorse - p_injure)},
        "explanation": [
            f"Unhorsing needs three dice showing the same number other than 1: {exact(p_unhorse)} with {dice} "
            "(Fallen Empire, the Joust: Unhorsing and Helm Tipping)",
            f"Injuring: every one of the {dice} dice shows a 1: (1/6)^{dice} = {exact(p_injure)} (Fallen Empire, the Joust: Injuring the Opponent)",
        ],
    }


def attack_odds(query: dict) -> dict:
    attack = object_at(query, "attack", "attack")
    target = object_at(query, "target", "target")
    to_hit = integer_at(attack, "to_hit", "attack.to_hit", default=0)
    ac = integer_at(target, "ac", "target.ac")  # descending: 9 none, lower with armour, shield, magic
    needed = HIT_BASE - ac
    if boolean_at(target, "helpless", "target.helpless"):
        p_hit = Fraction(1)
        steps = ["The target has been helpless since the start of the round: hit without a roll (FE 5.5, ruling R13)"]
    else:
        p_hit = hit_chance(to_hit, ac)
        steps = [f"d20 {'+' if to_hit >= 0 else '-'} {abs(to_hit)} hits when it equals or beats 19 - AC {ac} = "
                 f"{needed}; a natural 20 always hits, a natural 1 always misses: {exact(p_hit)} "
                 "(FE 5.1 The attack roll, ruling R11)"]
    return {
        "system": "fallen-empire",
        "p_hit": float(p_hit),
        "p_hit_exact": exact(p_hit),
        "needed": needed,
        "outcomes": {"hit": float(p_hit), "miss": float(1 - p_hit)},
        "explanation": steps,
    }
