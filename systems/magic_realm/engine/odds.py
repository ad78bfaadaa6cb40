"""The odds calculator of spec/odds.md: exact probabilities for one attack, or for running away.

`attack_odds(query)` answers the JSON query of spec/odds.md (the `combat_odds` command and the web odds
panel both call it). It resolves the attack with the code of `resolve_attack`, which the melee round
uses (what comes before the table roll once, then each possible high die), per possible geometry
(which box the target maneuvered in, which side a denizen shows), weighs each result by its exact probability (`fractions.Fraction`) and returns
floats.

Unknowns weighed:
- `intercept: null`: the target's maneuver is in each of the three boxes with probability 1/3 (the
  attack's box is fixed as box 1): 1/3 intercepted, 2/3 in another box (undercut or missed).
- `may_change_tactics: true`: the denizen turns over before the attack with probability 11/36 (a 6 on
  either of two dice), unless it cannot (a red-side-up Tremendous monster).
- the dice: the high die of two shows h with probability (2h - 1)/36; one die (archers) 1/6 each.

Reading the query is `odds_query`'s; running away's odds are `run_away_odds`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any

from systems.magic_realm.engine.attack import (
    HARM_LETTERS,
    applied_level,
    Attack,
    AttackError,
    AttackResult,
    Maneuver,
    Target,
    _before_the_roll,
)
from systems.magic_realm.engine.catalogue import Catalogue
from systems.magic_realm.engine.dice import Roll
from systems.magic_realm.engine.odds_query import (
    Case,
    OddsError,
    query_catalogue,
    read_attack,
    read_object,
    read_rules,
    read_target,
    weighed_cases,
)
from systems.magic_realm.engine.odds_shared import fraction_text, high_die_probability, rules_step
from systems.magic_realm.engine.ruleset import RuleSet
from systems.magic_realm.engine.run_away_odds import run_odds

OUTCOMES = ("killed", "wounded", "armor damaged", "armor destroyed", "no effect", "miss")
_NOTHING = Fraction(0)


class _EnumeratedRoll(Roll):
    """A roll the odds calculator supposes: only its high die is meaningful (the log shows no others)."""

    enumerated = True


@lru_cache(maxsize=4096)
def attack_distribution(attack: Attack, target: Target, rules: RuleSet) -> tuple[tuple[int, Fraction, AttackResult], ...]:
    """Every result of the attack with its exact probability: one entry per high die 1..6, or a
    single entry (high 0) when no die is rolled. Cached: attacks, targets and rules are frozen."""
    # What comes before the table roll is the same for every die: worked out once, as resolve_attack would.
    pending = _before_the_roll(attack, target, rules, (attack.attacker, target.name))
    if isinstance(pending, AttackResult):
        return ((0, Fraction(1), pending),)
    count = pending.dice_count
    ones = (1,) * (count - 1)
    return tuple(
        (high, high_die_probability(high, count), pending.after(_EnumeratedRoll(pending.purpose, (high, *ones))))
        for high in range(1, 7)
    )


def _harm_code(result: AttackResult) -> str | None:
    """The harm the table gives, before any armor (spec/odds.md `rolls[].harm`): the table's letter
    raised a level by each sharpness star, X past Tremendous. Not `applied_harm`, which is what met the
    armor (issue #12.2: a T that met H armor was reported as H)."""
    if result.harm == "RED" or result.applied_harm == "RED":
        return "X"
    if not result.harm:
        return result.applied_harm
    return HARM_LETTERS[applied_level(HARM_LETTERS.index(result.harm), result.sharpness)]


def _roll_entry(high: int, probability: Fraction, result: AttackResult) -> dict:
    return {
        "roll": high,
        "probability": float(probability),
        "adjusted": result.adjusted,
        "harm": _harm_code(result),
        "result": result.outcome,
        "table": result.table_result,
        "hit": result.hit,
    }


def _describe_case(case: Case, attack: Attack) -> str:
    def where(maneuver: Maneuver) -> str:
        box = "the attack's box" if maneuver.box == attack.box else "another box"
        return f"in {box} (time {maneuver.time})"

    parts = []
    if case.side is not None:
        parts.append(f"{case.target.name} on its {case.side} side")
    maneuver = case.target.maneuver
    parts.append("no maneuver" if maneuver.box is None else f"maneuver {where(maneuver)}")
    rider = case.target.rider_maneuver
    if rider is not None:
        parts.append("rider: no maneuver of his own" if rider.box is None else f"rider's own maneuver {where(rider)}")
    return ", ".join(parts)


def attack_odds(query: dict, catalogue: Catalogue | None = None) -> dict:
    """Answer a query of spec/odds.md. Raises OddsError (naming the field) for a query it cannot answer.

    `catalogue` lets the web panel use a campaign's catalogue (`Catalogue.with_house_counters`); by
    default the game's catalogue (`get_catalogue()`)."""
    token = query_catalogue.set(catalogue)
    try:
        return _answer(query)
    finally:
        query_catalogue.reset(token)


def _answer(query: dict) -> dict:
    query = read_object(query, "query")
    rules = read_rules(query.get("rules"))
    if "run" in query:
        return run_odds(query["run"], rules)
    if "attack" not in query:
        raise OddsError("attack", "is required (or give a run)")
    if "target" not in query:
        raise OddsError("target", "is required")
    attack = read_attack(query["attack"])
    spec = read_target(query["target"], maneuvers_given=query.get("maneuvers") is not None)
    cases = weighed_cases(spec, query)

    outcomes = {name: Fraction(0) for name in OUTCOMES}
    reports = []
    try:
        for case in cases:
            report = case_report(attack, case.target, rules)
            for name, p in report.outcomes:
                if p:
                    outcomes[name] += case.probability * p
            reports.append((case, report))
    except AttackError as error:
        raise OddsError("attack", str(error)) from None

    steps = [rules_step(rules)]
    steps += [
        f"Note: {note}" for note in spec.notes
        if not (note.startswith("target.move_time") and "maneuvers" in query)
    ]
    answer: dict[str, Any] = {
        "p_kill": float(outcomes["killed"]),
        "outcomes": {name: float(p) for name, p in outcomes.items()},
    }
    if len(reports) == 1:
        report = reports[0][1]
        answer["rolls"] = [dict(entry) for entry in report.rolls]
        answer["modifier"] = report.modifier
        steps += report.steps
    else:
        if spec.may_turn:
            steps.append(
                f"Change tactics: {spec.name} turns over before the attack with probability 11/36 "
                "(a 6 on either of two dice)"
            )
        if query.get("intercept", None) is None and "maneuvers" not in query:
            steps.append(
                "Direction unknown: the target's maneuver is in each of the three boxes with probability 1/3, "
                "so it lines up with the attack with probability 1/3 and not with probability 2/3"
            )
        for case, report in reports:
            summary = ", ".join(f"{name} {fraction_text(p)}" for name, p in report.outcomes if p)
            steps.append(f"Case {fraction_text(case.probability)} — {_describe_case(case, attack)}: {summary}")
            steps += ["    " + line for line in report.steps]
    answer["cases"] = [
        {
            "probability": float(case.probability),
            "description": _describe_case(case, attack),
            "side": case.side,
            "hit": report.hit,
            "modifier": report.modifier,
            "outcomes": {name: float(p) for name, p in report.outcomes},
            "rolls": [dict(entry) for entry in report.rolls],
        }
        for case, report in reports
    ]
    steps.append("Result: " + ", ".join(f"{name} {fraction_text(p)}" for name, p in outcomes.items() if p))
    answer["steps"] = steps
    answer["explanation"] = "\n".join(steps)
    answer["exact"] = {name: fraction_text(p) for name, p in outcomes.items()}
    return answer


@dataclass(frozen=True)
class CaseReport:
    """One geometry's share of an answer, computed once per (attack, target, rules) and cached."""

    outcomes: tuple[tuple[str, Fraction], ...]
    rolls: tuple[tuple[tuple[str, Any], ...], ...]  # the six `rolls` entries, as items
    steps: tuple[str, ...]
    hit: str
    modifier: int | None  # None for a miss; 0 for a hit that rolls no table


@lru_cache(maxsize=4096)
def case_report(attack: Attack, target: Target, rules: RuleSet) -> CaseReport:
    distribution = attack_distribution(attack, target, rules)
    # The probabilities share a denominator (6 ** dice, or 1): adding integer numerators is exact and
    # spares a Fraction normalisation per die.
    denominator = lcm(*(probability.denominator for _, probability, _ in distribution))
    numerators = dict.fromkeys(OUTCOMES, 0)
    for _, probability, result in distribution:
        numerators[result.outcome] += probability.numerator * (denominator // probability.denominator)
    outcomes = {
        name: Fraction(numerator, denominator) if numerator else _NOTHING for name, numerator in numerators.items()
    }
    first = distribution[0][2]
    modifier = None
    if first.is_hit:
        modifier = first.modifier if first.modifier is not None else 0
    return CaseReport(
        outcomes=tuple(outcomes.items()),
        rolls=tuple(tuple(entry.items()) for entry in _six_rolls(distribution)),
        steps=tuple(_case_steps(distribution)),
        hit=first.hit,
        modifier=modifier,
    )


def _six_rolls(distribution) -> list[dict]:
    if distribution[0][0] == 0:
        result = distribution[0][2]
        return [_roll_entry(high, high_die_probability(high, 2), result) for high in range(1, 7)]
    return [_roll_entry(high, probability, result) for high, probability, result in distribution]


def _case_steps(distribution) -> list[str]:
    """The events before the table roll (the same for every die), then one line per high die."""
    first = distribution[0][2]
    if distribution[0][0] == 0:
        return [str(event) for event in first.events]
    table_at = next(index for index, event in enumerate(first.events) if event.kind == "table")
    steps = [str(event) for event in first.events[:table_at]]
    for high, probability, result in distribution:
        # every die's events share the same ones before the table roll, so the table is at the same place
        tail = "; ".join([str(event) for event in result.events[table_at:]])
        steps.append(f"[high die {high}, probability {fraction_text(probability)}] {tail}")
    return steps


__all__ = ["OUTCOMES", "OddsError", "attack_distribution", "attack_odds", "high_die_probability", "run_odds"]
