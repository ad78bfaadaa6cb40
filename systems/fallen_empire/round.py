"""One Fallen Empire melee round (docs/systems/fallen-empire.md, FE 1-13, rulings R5-R31). Pure: the dice
are injected and thrown in the order the page gives, so a round replays from its seed or its list.

FE 3: surprise (round 1), the start of the round (surrenders, withdrawals), initiative, then each turn's
phases (movement, missiles, melee and magic in the campaign's order, miscellany), then the end of the
round (dying saves, morale) and what each side owes."""

from __future__ import annotations

from dataclasses import dataclass

from systems.dice import Dice
from systems.errors import PlaysInvalid
from systems.events import Event
from systems.fallen_empire.aftermath import dying_saves, misc_phase
from systems.fallen_empire.fight import Fight
from systems.fallen_empire.magic import magic_phase
from systems.fallen_empire.missiles import missile_phase
from systems.fallen_empire.model import TRIGGERS, Combatant, RoundInput, Side
from systems.fallen_empire.morale import morale_checks
from systems.fallen_empire.moves import movement_phase, start_of_round
from systems.fallen_empire.order import roll_initiative, roll_surprise
from systems.fallen_empire.strikes import melee_phase
from systems.fallen_empire.validation import validate


@dataclass(frozen=True)
class RoundResult:
    surprise: dict[str, int] | None
    surprised: tuple[str, ...]
    initiative: dict[str, int]
    turns: tuple[tuple[str, ...], ...]
    events: tuple[Event, ...]
    combatants: tuple[Combatant, ...]
    sides: tuple[Side, ...]
    owes: dict[str, dict]
    combat_ends: bool


def phases(magic_before_melee: bool):
    """FE 3.3, ruling R5: movement, missiles, melee, magic, miscellany (magic before melee when asked)."""
    middle = (magic_phase, melee_phase) if magic_before_melee else (melee_phase, magic_phase)
    return (movement_phase, missile_phase, *middle, misc_phase)


def resolve_round(round_input: RoundInput, dice: Dice) -> RoundResult:
    errors = validate(round_input)
    if errors:
        raise PlaysInvalid(errors)
    fight = Fight(round_input, dice)
    surprise = roll_surprise(fight)
    start_of_round(fight)
    initiative, turns = roll_initiative(fight)
    for index, sides in enumerate(turns):
        fight.turn = index + 1
        actors = [name for name in fight.order if fight.turn_of.get(name) == index]
        for phase in phases(round_input.options.magic_before_melee):
            phase(fight, actors)
    fight.turn = 0
    dying_saves(fight)
    morale_checks(fight)
    ends = end_of_combat(fight)
    return RoundResult(surprise, tuple(sorted(fight.surprised, key=list(fight.sides).index)), initiative,
                       tuple(tuple(turn) for turn in turns), tuple(fight.events), fight.state(),
                       tuple(fight.sides.values()), owes(fight), ends)


def end_of_combat(fight: Fight) -> bool:
    """FE 13.3: the combat ends when fewer than two sides have a combatant in the fight."""
    standing = [side for side in fight.sides if any(fight[n].fighting for n in fight.order if fight.side_of(n) == side)]
    if len(standing) < 2:
        fight.log("end", "The combat ends: " + (f"only {standing[0]} has anyone in the fight" if standing
                                                else "nobody is left in the fight"), "FE 13.3", "The end of the combat",
                  [])
        return True
    return False


def owes(fight: Fight) -> dict[str, dict]:
    """FE 13.1: for each side, who plays next round, who is broken or dying, and the morale checks to come."""
    result = {}
    for side in fight.sides:
        members = [fight[name] for name in fight.order if fight.side_of(name) == side]
        checks = fight.sides[side].checks
        result[side] = {
            "plays": [c.name for c in members if c.fighting or c.status == "stable"
                      or (c.status == "dying" and c.bandages > 0)],
            "broken": [c.name for c in members if c.broken and c.fighting],
            "dying": [c.name for c in members if c.status == "dying"],
            "morale_checks": [] if "failed" in checks.values() else [t for t in TRIGGERS if t not in checks],
        }
    return result
