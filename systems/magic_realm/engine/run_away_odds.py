"""The odds of running away (or picking up) in the odds calculator of spec/odds.md: rule 5.1, with
Stumble or without. `odds.attack_odds` answers a query with a "run" here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from systems.magic_realm.engine.attackers import denizen_move_time, denizen_side
from systems.magic_realm.engine.catalogue import Monster
from systems.magic_realm.engine.odds_query import (
    OddsError,
    lookup_counter,
    read_bool,
    read_int,
    read_object,
    read_side,
)
from systems.magic_realm.engine.odds_shared import fraction_text, high_die_probability, rules_step
from systems.magic_realm.engine.ruleset import RuleSet
from systems.magic_realm.engine.tables import stumble_modifier, stumble_table


def run_odds(value: Any, rules: RuleSet) -> dict:
    """Rule 5.1: the chance that running away (or picking up) completes.
    Stumble: high die + own move time - fastest attacker's move time + number of attackers ≤ 6.
    Without Stumble (basic game): the move time must be faster than every attacker's."""
    data = read_object(value, "run")
    move_time = read_int(data, "move_time", "run", low=0, high=8)
    flying = read_bool(data, "flying", "run")
    attackers = data.get("attackers", [])
    if not isinstance(attackers, list):
        raise OddsError("run.attackers", "must be a list of attackers")
    times: list[int] = []
    steps = [rules_step(rules)]
    for index, item in enumerate(attackers):
        path = f"run.attackers[{index}]"
        item = read_object(item, path)
        if "denizen" in item:
            counter = lookup_counter(f"{path}.denizen", "denizen", item["denizen"])
            side = read_side(item, path)
            face = denizen_side(counter, side)
            if face.pins or face.harm == "RED":
                steps.append(f"5.1: {counter.name} is red side up on the sheet: the character cannot run")
                return _run_answer(Fraction(0), None, [], steps)
            is_flying = isinstance(counter, Monster) and counter.flying
            time = denizen_move_time(counter, side)
            label = f"{counter.name} ({side}, move {time})"
        else:
            time = read_int(item, "move_time", path, low=0, high=8)
            is_flying = bool(read_bool(item, "flying", path))
            label = f"attacker (move {time})"
        if flying and not is_flying:
            steps.append(f"5.1/3: {label} does not fly and does not count")
            continue
        times.append(time)
        steps.append(f"Attacker: {label}")
    if not times:
        steps.append("No attacker on the sheet: the action completes without a roll")
        return _run_answer(Fraction(1), None, [], steps)
    fastest = min(times)
    if not rules.stumble:
        success = move_time < fastest
        steps.append(
            f"Basic rules (no Stumble): move time {move_time} {'<' if success else '≥'} fastest attacker's "
            f"{fastest} → {'completes' if success else 'cannot run'}"
        )
        return _run_answer(Fraction(int(success)), None, [], steps)
    modifier = stumble_modifier(move_time, fastest, len(times))
    steps.append(
        f"5.1/1 Stumble: own move time {move_time} - fastest attacker's {fastest} + {len(times)} attackers "
        f"= {modifier:+d}"
    )
    rolls = []
    p_success = Fraction(0)
    for high in range(1, 7):
        probability = high_die_probability(high, 2)
        result = stumble_table(high + modifier)
        if result.completed:
            p_success += probability
        rolls.append({
            "roll": high, "probability": float(probability), "adjusted": result.adjusted,
            "result": "completed" if result.completed else "cancelled",
        })
        steps.append(
            f"5.1/2 high die {high} ({fraction_text(probability)}): {high} + ({modifier}) = {result.adjusted} → "
            f"{'completed (6 or less)' if result.completed else 'cancelled (7 or more)'}"
        )
    return _run_answer(p_success, modifier, rolls, steps)


def _run_answer(p_success: Fraction, modifier: int | None, rolls: list[dict], steps: list[str]) -> dict:
    steps = steps + [f"Result: the run completes with probability {fraction_text(p_success)}"]
    return {
        "p_success": float(p_success),
        "modifier": modifier,
        "rolls": rolls,
        "steps": steps,
        "explanation": "\n".join(steps),
        "exact": {"p_success": fraction_text(p_success)},
    }
