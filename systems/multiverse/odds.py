"""Multiverse odds queries (spec/odds-systems.md): a d10 pool against a difficulty, or an attack against a
defender's Acuity. Answers `p_success` and `successes` (P of exactly 0..dice successes; each success of
an attack is one point of damage), and, as every system's answer, `outcomes`: each count as "2 successes" (a
test) or "2 damage" (an attack), excluding each other and adding up to 1."""

from __future__ import annotations

from systems.errors import OddsQueryError
from systems.multiverse.pool import COVER_PENALTY, attack_difficulty, success_chance
from systems.pools import at_least_one, exact, successes_distribution
from systems.query import boolean_at, integer_at, object_at

MAX_POOL = 20


def odds(query: dict) -> dict:
    if "test" in query:
        test = object_at(query, "test", "test")
        dice = integer_at(test, "dice", "test.dice", low=1, high=MAX_POOL)
        difficulty = integer_at(test, "difficulty", "test.difficulty")
        steps = [f"Difficulty {difficulty} (Multiverse: a test against a difficulty)"]
        unit = ("success", "successes")
    elif "attack" in query:
        attack = object_at(query, "attack", "attack")
        target = object_at(query, "target", "target")
        dice = integer_at(attack, "dice", "attack.dice", low=1, high=MAX_POOL)
        acuity = integer_at(target, "acuity", "target.acuity")
        acting = boolean_at(target, "acting", "target.acting")
        vigilance = boolean_at(target, "vigilance", "target.vigilance")
        cover_name = target.get("cover", "none")
        if cover_name not in COVER_PENALTY:
            raise OddsQueryError(f"target.cover: must be one of {', '.join(COVER_PENALTY)}, not {cover_name!r}")
        difficulty = attack_difficulty(acuity, acting=acting, vigilance=vigilance, cover=COVER_PENALTY[cover_name])
        steps = [
            f"Difficulty: Acuity {acuity}"
            + (" - 2 (acting without Vigilance)" if acting and not vigilance else "")
            + (f" + {COVER_PENALTY[cover_name]} ({cover_name} cover)" if COVER_PENALTY[cover_name] else "")
            + f" = {difficulty} (Multiverse: Attacking; cover for ranged attacks)"
        ]
        unit = ("damage", "damage")  # a point of life a success (MV 5.2, ruling R3)
    else:
        raise OddsQueryError("test: is required (or attack and target)")
    p_die = success_chance(difficulty)
    p_success = at_least_one(dice, p_die)
    distribution = successes_distribution(dice, p_die)
    steps.append(f"One d10 succeeds on {difficulty} or more: {exact(p_die)}; "
                 f"at least one of {dice}: {exact(p_success)} (Multiverse: each die showing the difficulty or more is a success)")
    return {
        "system": "multiverse",
        "difficulty": difficulty,
        "p_success": float(p_success),
        "p_success_exact": exact(p_success),
        "successes": [float(p) for p in distribution],
        "successes_exact": [exact(p) for p in distribution],
        "outcomes": {f"{count} {unit[count != 1]}": float(p) for count, p in enumerate(distribution)},
        "explanation": steps,
    }
