"""Running away (8.3): with the Stumble table (5.1, Optional Combat Rules) a roll against the attackers
on his sheet (flying: flying attackers only, 5.1/3), without it a move time strictly faster than every
attacker; not after charging, not with a red-side-up monster on his sheet, and with his horse under riding
horses (5.2). Those left behind are unassigned; unhired natives among them become watchful (Watchful
Natives 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from systems.magic_realm.engine.encounter_log import CHARGING, RIDING, RUNNING, STUMBLE
from systems.magic_realm.engine.encounter_model import RunAway, RunResult
from systems.magic_realm.engine.encounter_state import EncounterState
from systems.magic_realm.engine.tables import stumble_modifier, stumble_table
from systems.magic_realm.engine.watchful_natives import left_behind_become_watchful


def _attackers_on_sheet(state: EncounterState, character: str, flying: bool) -> list[tuple[str, int]]:
    """The attackers on a character's sheet with their move times: denizens and other characters'
    hirelings attacking him, and a charge chit (5.1: "denizens and ACTION chits"; a monster's head or
    club is part of its monster). Flying (5.1/3) counts only flying attackers."""
    found: list[tuple[str, int]] = []
    for name, target in state.targets.items():
        if target != character:
            continue
        counter = state.denizens.get(name) or state.minions.get(name)
        if counter is None or (flying and not counter.flying):
            continue
        found.append((name, counter.move_time))
    if not flying:
        for charge in state.charges.get(character, []):
            found.append((f"{charge.character}'s charge", charge.move_time))
    return found


@dataclass(frozen=True)
class RunOutlook:
    """What the rules make of a run before any die is thrown (`run_outlook`): refused (`refusal`, why, and the
    `rule` it cites), or allowed with the attackers on his sheet; with Stumble and attackers, a roll whose high
    die adds `die_modifier` and `stumble` (`stumble_modifier`: the attackers and the time against the fastest)."""

    refusal: str = ""
    rule: tuple[str, str] = RUNNING
    attackers: tuple[tuple[str, int], ...] = ()
    fastest: int | None = None
    stumble: int | None = None  # None: no Stumble roll
    die_modifier: int = 0
    flying: bool = False  # a FLY chit: `attackers` holds only the flying ones (5.1/3)

    @property
    def rolls(self) -> bool:
        return self.stumble is not None

    @property
    def modifier(self) -> int:
        """All that adds to the Stumble roll's high die: the die modifiers and the Stumble modifier."""
        return self.die_modifier + (self.stumble or 0)


def run_outlook(state: EncounterState, run: RunAway) -> RunOutlook:
    """Whether the run is refused, and why (a red-side-up monster holds him, he charged, riding horses 5.2, or
    without Stumble a move time not strictly faster than every attacker), else the Stumble roll it makes, if
    any, against the attackers on his sheet in `state`. No die is thrown: `run_away` throws them."""
    name = run.character
    holder = next(
        (d for d in state.denizens.values() if d.red_side_up and state.targets.get(d.name) == name), None
    )
    if holder is not None:
        return RunOutlook(f"{holder.name} is red side up on his sheet", STUMBLE if state.rules.stumble else RUNNING)
    if name in state.chargers:
        return RunOutlook("he charged this round", CHARGING)
    if state.rules.riding_horses and state.characters[name].horse and run.using not in ("horse", "fly"):
        return RunOutlook(f"he rides {state.characters[name].horse} and must play it", RIDING)
    flying = run.using == "fly"
    attackers = tuple(_attackers_on_sheet(state, name, flying))
    if state.rules.stumble:
        if not attackers:
            return RunOutlook(rule=STUMBLE, flying=flying)
        fastest = min(time for _, time in attackers)
        return RunOutlook(rule=STUMBLE, attackers=attackers, fastest=fastest,
                          stumble=stumble_modifier(run.move_time, fastest, len(attackers)),
                          die_modifier=state.characters[name].die_modifier, flying=flying)
    slower = [(who, time) for who, time in attackers if run.move_time >= time]
    if slower:
        who, time = min(slower, key=lambda pair: pair[1])
        others = f"; attackers: {_listing(attackers)}" if len(attackers) > 1 else ""  # one: already named
        return RunOutlook(
            f"his move time {run.move_time} is not strictly faster than {who} (move time {time}){others}",
            RUNNING,
            attackers,
            flying=flying,
        )
    return RunOutlook(attackers=attackers, flying=flying)


def _listing(attackers) -> str:
    return ", ".join(f"{who} (move time {time})" for who, time in attackers) or "none"


def run_away(state: EncounterState, run: RunAway) -> None:
    """Running away (8.3; Stumble 5.1 when on): refused, or made, as `run_outlook` says, the Stumble roll thrown."""
    name = run.character
    what = (
        run.chit
        or {"move": "a MOVE chit", "boots": "Boots", "horse": "his horse", "fly": "a FLY chit"}[run.using]
    )
    outlook = run_outlook(state, run)
    if outlook.refusal:
        state.runs.append(RunResult(name, False, outlook.refusal, attempted=False))
        state.log("run", f"{name} cannot run away: {outlook.refusal}", outlook.rule, (name,))
        return None
    flying = run.using == "fly"
    attackers = outlook.attackers
    listing = _listing(attackers)
    if state.rules.stumble:
        if not outlook.rolls:
            state.log(
                "run",
                f"{name} runs away with {what}: no attacker on his sheet, no Stumble roll",
                STUMBLE,
                (name,),
            )
            return _ran(state, name, RunResult(name, True, "no attackers"))
        fastest, die_modifier = outlook.fastest, outlook.die_modifier
        roll = state.roll(2, f"Stumble: {name} runs away")
        adjusted = roll.high + outlook.modifier
        result = stumble_table(adjusted)
        arithmetic = (
            f"high die {roll.high}"
            + (f" {die_modifier:+d} (his die modifiers)" if die_modifier else "")
            + f" + {len(attackers)} attacker{'s' if len(attackers) != 1 else ''}"
            + f" + (own time {run.move_time} - fastest attacker {fastest}) = {adjusted}"
        )
        verdict = "6 or less: the run completes" if result.completed else "7 or more: the run is cancelled"
        state.log(
            "stumble",
            f"{name} runs with {what}{' (flying: flying attackers only)' if flying else ''}; "
            f"attackers {listing}. "
            f"Stumble: {arithmetic} → {verdict}",
            STUMBLE,
            (name,),
            roll=list(roll.dice),
            adjusted=adjusted,
        )
        if not result.completed:
            state.runs.append(RunResult(name, False, "stumbled", adjusted))
            return None
        return _ran(state, name, RunResult(name, True, "completed", adjusted))
    state.log(
        "run",
        f"{name} runs away with {what} (time {run.move_time}), faster than every attacker ({listing})",
        RUNNING,
        (name,),
    )
    return _ran(state, name, RunResult(name, True, "faster than every attacker"))


def _ran(state: EncounterState, name: str, result: RunResult) -> None:
    """He leaves the clearing. Those attacking him are left behind, unassigned; unhired natives among
    them become watchful (Watchful Natives 1). His hirelings stay."""
    state.runs.append(result)
    state.ran_away.append(name)
    state.absent.add(name)
    state.charges.pop(name, None)
    left = [attacker for attacker, target in state.targets.items() if target == name]
    for attacker in left:
        del state.targets[attacker]
    state.targets.pop(name, None)
    if left:
        state.log(
            "run",
            f"{name} has run away: {', '.join(left)} are left behind, unassigned",
            RUNNING,
            (name, *left),
        )
    left_behind_become_watchful(state, name, left)
