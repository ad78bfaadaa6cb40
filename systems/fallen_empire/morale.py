"""Morale (FE 4): who checks, the two triggers, the house-default 2d6 throw, and breaking."""

from __future__ import annotations

from dataclasses import replace

from systems.fallen_empire.fight import Fight
from systems.fallen_empire.model import MORALE_ROLES, TRIGGERS

TRIGGER_NAMES = {"first_casualty": "its first casualty", "half": "half of it or more defeated"}


def checking_order(fight: Fight) -> list[str]:
    """FE 4.1: the monsters' sides first, then the player characters' side."""
    sides = list(fight.sides.values())
    return [side.name for side in sides if not side.party] + [side.name for side in sides if side.party]


def checkers(fight: Fight, side: str) -> list[str]:
    return [name for name in fight.order if fight.side_of(name) == side and fight[name].role in MORALE_ROLES
            and fight[name].fighting and not fight[name].broken]


def due(fight: Fight, side: str) -> list[str]:
    """FE 4.2: the triggers a side has met and not yet checked."""
    members = [name for name in fight.order if fight.side_of(name) == side]
    defeated = sum(fight[name].defeated for name in members)
    met = {"first_casualty": defeated >= 1, "half": 2 * defeated >= len(members)}
    checks = fight.sides[side].checks
    if "failed" in checks.values():
        return []
    return [trigger for trigger in TRIGGERS if met[trigger] and trigger not in checks]


def morale_checks(fight: Fight) -> None:
    """FE 4.2-4.4, rulings R6-R8: at the end of the round each side throws for each trigger it has met."""
    fight.phase = "end"
    for side in checking_order(fight):
        for trigger in due(fight, side):
            who = checkers(fight, side)
            if not who:
                record(fight, side, trigger, "none")
                continue
            morale = fight.sides[side].morale
            faces = fight.dice.throw(2, 6, f"Morale: {side}").faces
            total = sum(faces)
            passed = total <= morale
            record(fight, side, trigger, "passed" if passed else "failed")
            fight.log("morale", f"Morale check of {side} for {TRIGGER_NAMES[trigger]}: 2d6 ({faces[0]}, {faces[1]}) = {total} "
                                f"{'≤' if passed else '>'} morale {morale}: {'passes' if passed else 'fails'}", "FE 4.3",
                      "The morale roll (ruling R6)", who, seen_by=[side], faces=list(faces), trigger=trigger)
            if not passed:
                for name in who:
                    fight.update(name, broken=True)
                fight.log("broken", f"{side}: the side breaks, {', '.join(who)} will surrender or run away (from the next round "
                                    "each may only withdraw, retreat, move, surrender or do nothing)", "FE 4.4",
                          "Broken (ruling R8)", who)
                break
            if all(fight.sides[side].checks.get(t) == "passed" for t in TRIGGERS):
                fight.log("morale", f"{side}: the side has passed both morale checks: it fights to the death", "FE 4.4",
                          "Broken", who, seen_by=[side])


def record(fight: Fight, side: str, trigger: str, result: str) -> None:
    fight.sides[side] = replace(fight.sides[side], checks={**fight.sides[side].checks, trigger: result})
