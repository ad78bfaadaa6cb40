"""The Joust (docs/systems/fallen-empire.md, FE J.1-J.8 and rulings R1-R4): one pass at a time.

Each pass both jousters have chosen, in secret, how many dice to throw; `resolve_pass` throws them with
the injected dice and returns the new state and the log. Pure: no Django, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from systems.dice import Dice
from systems.errors import FieldError, PlaysInvalid
from systems.events import Event
from systems.fallen_empire.joust_throw import MAX_THROW, injures, unhorses

DAMAGE_DIE = 6


@dataclass(frozen=True)
class Jouster:
    name: str
    pool: int


@dataclass(frozen=True)
class JoustOutcome:
    """How the joust ended: `how` is "pools", "unhorsed", "injured" or "draw"; `winner` is None for a draw."""

    how: str
    winner: str | None
    injured: tuple[str, ...] = ()
    ejected: tuple[str, ...] = ()
    damage: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class JoustState:
    jousters: tuple[Jouster, Jouster]
    passes: int = 0
    max_passes: int | None = None  # ruling R1: a campaign may stop after three rides
    outcome: JoustOutcome | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def jouster(self, name: str) -> Jouster:
        return next(jouster for jouster in self.jousters if jouster.name == name)

    def opponent(self, name: str) -> Jouster:
        return next(jouster for jouster in self.jousters if jouster.name != name)


@dataclass(frozen=True)
class PassResult:
    state: JoustState
    events: tuple[Event, ...]
    throws: Mapping[str, tuple[int, ...]]


def dice_open_to(state: JoustState, name: str) -> range:
    """The numbers of dice a jouster may choose this pass (FE J.2): 1 to 3, never more than the pool."""
    return range(1, min(MAX_THROW, state.jouster(name).pool) + 1)


def validate_choices(state: JoustState, choices: Mapping[str, object]) -> list[FieldError]:
    if state.over:
        return [FieldError("choices", "the joust is over")]
    errors = []
    names = {jouster.name for jouster in state.jousters}
    for unknown in sorted(set(choices) - names):
        errors.append(FieldError(f"choices.{unknown}", f"{unknown} is not jousting here"))
    for jouster in state.jousters:
        path = f"choices.{jouster.name}"
        if jouster.name not in choices:
            errors.append(FieldError(path, f"{jouster.name} has not chosen how many dice to throw"))
            continue
        value = choices[jouster.name]
        allowed = dice_open_to(state, jouster.name)
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            errors.append(FieldError(path, f"{jouster.name} may throw {allowed.start} to {allowed.stop - 1} dice "
                                           f"(pool {jouster.pool}), not {value!r} (rule FE J.2 Choosing)"))
    return errors


def pair_losses(first: tuple[str, tuple[int, ...]], second: tuple[str, tuple[int, ...]]) -> tuple[int, int, list[str]]:
    """Dice lost by each jouster when the throws (name, faces) are paired (FE J.3-J.5, ruling R2), with a
    line per pair."""
    (first_name, first_faces), (second_name, second_faces) = first, second
    lost_first = lost_second = 0
    lines = []
    for a, b in zip(sorted(first_faces, reverse=True), sorted(second_faces, reverse=True)):
        tie_note = " (a tie goes to the smaller throw)" if a == b else ""
        if a > b or (a == b and len(first_faces) < len(second_faces)):
            lost_second += 1
            lines.append(f"{a} against {b}: {first_name} wins{tie_note}")
        elif b > a or (a == b and len(second_faces) < len(first_faces)):
            lost_first += 1
            lines.append(f"{a} against {b}: {second_name} wins{tie_note}")
        else:
            lines.append(f"{a} against {b}: a tie with equal throws, no die lost (ruling R2)")
    return lost_first, lost_second, lines


def resolve_pass(state: JoustState, choices: Mapping[str, int], dice: Dice) -> PassResult:
    errors = validate_choices(state, choices)
    if errors:
        raise PlaysInvalid(errors)
    number = state.passes + 1
    first, second = state.jousters
    events: list[Event] = []
    throws = {}
    for jouster in state.jousters:
        thrown = dice.throw(choices[jouster.name], 6, f"Joust pass {number}: {jouster.name}")
        throws[jouster.name] = thrown.faces
        events.append(Event("throw", f"Pass {number}: {jouster.name} throws {thrown} from a pool of {jouster.pool}",
                            "FE J.3", "Pairing", (jouster.name,), {"faces": list(thrown.faces)}))

    injurers = [jouster.name for jouster in state.jousters if injures(throws[jouster.name])]
    if injurers:
        return _injury(state, injurers, throws, dice, events, number)

    unhorsing = [jouster.name for jouster in state.jousters if unhorses(throws[jouster.name])]
    if len(unhorsing) == 1:
        winner = unhorsing[0]
        loser = state.opponent(winner).name
        events.append(Event("unhorse", f"{winner} throws three {throws[winner][0]}s and unhorses {loser}: "
                                       f"{winner} wins the joust", "FE J.6", "Unhorsing", (winner, loser)))
        return PassResult(replace(state, passes=number, outcome=JoustOutcome("unhorsed", winner)), tuple(events), throws)
    if len(unhorsing) == 2:
        events.append(Event("unhorse", "Both throw a triple and would unhorse each other: neither does; the pass is "
                                       "scored normally", "FE J.6", "Unhorsing", (first.name, second.name)))

    lost_first, lost_second, lines = pair_losses((first.name, throws[first.name]), (second.name, throws[second.name]))
    unmatched = abs(len(throws[first.name]) - len(throws[second.name]))
    events.append(Event(
        "pairs",
        f"Pairs, highest with highest: {'; '.join(lines)}"
        + (f"; {unmatched} die without a mate is not counted" if unmatched == 1 else
           f"; {unmatched} dice without a mate are not counted" if unmatched else ""),
        "FE J.4", "Winning a pair", (first.name, second.name),
    ))
    after = (replace(first, pool=first.pool - lost_first), replace(second, pool=second.pool - lost_second))
    for before, now, lost in ((first, after[0], lost_first), (second, after[1], lost_second)):
        events.append(Event("pool", f"{now.name} loses {lost} {'die' if lost == 1 else 'dice'}: pool {before.pool} - "
                                    f"{lost} = {now.pool}", "FE J.5", "Losing dice", (now.name,)))
    new_state = replace(state, jousters=after, passes=number)
    ran_out = any(jouster.pool == 0 for jouster in after)
    last_ride = state.max_passes is not None and number >= state.max_passes
    if ran_out or last_ride:
        outcome = by_pools(after)
        reason = "a jouster is out of dice" if ran_out else f"the last of {state.max_passes} rides is run (ruling R1)"
        verdict = f"{outcome.winner} wins" if outcome.winner else "a draw"
        events.append(Event("end", f"The joust ends: {reason}. Pools {after[0].name} {after[0].pool}, "
                                   f"{after[1].name} {after[1].pool}: {verdict}", "FE J.7", "The end of the joust",
                            (first.name, second.name)))
        new_state = replace(new_state, outcome=outcome)
    return PassResult(new_state, tuple(events), throws)


def by_pools(jousters: tuple[Jouster, Jouster]) -> JoustOutcome:
    """The end of the joust by pools (FE J.7): the larger pool wins; equal pools are a draw."""
    first, second = jousters
    if first.pool == second.pool:
        return JoustOutcome("draw", None)
    return JoustOutcome("pools", first.name if first.pool > second.pool else second.name)


def _injury(state, injurers, throws, dice, events, number) -> PassResult:
    injured = tuple(state.opponent(name).name for name in injurers)
    damage = {}
    for injurer in injurers:
        victim = state.opponent(injurer).name
        count = len(throws[injurer])
        wound = dice.throw(count, DAMAGE_DIE, f"Joust pass {number}: damage to {victim}")
        damage[victim] = sum(wound.faces)
        events.append(Event("injury", f"{injurer} throws all 1s and injures {victim}: {count}d6 of damage {wound} = "
                                      f"{damage[victim]}; {victim} is out of the tournament to recover and {injurer} "
                                      "is ejected, dishonoured", "FE J.8", "Injuring", (injurer, victim)))
    winner = injured[0] if len(injured) == 1 else None
    outcome = JoustOutcome("injured" if winner else "draw", winner, injured=injured, ejected=tuple(injurers),
                           damage=damage)
    events.append(Event("end", "The joust ends by injury: " + (f"{winner} is recorded as the winner (ruling R3)"
                                                                if winner else "both are injured, a draw (ruling R3)"),
                        "FE J.8", "Injuring", tuple(injurers)))
    return PassResult(replace(state, passes=number, outcome=outcome), tuple(events), throws)
