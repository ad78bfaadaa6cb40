"""Running away (8.3): with the Stumble table (5.1, Optional Combat Rules) a roll against the attackers
on his sheet (flying: flying attackers only, 5.1/3), without it a move time strictly faster than every
attacker; not after charging, not with a red-side-up monster on his sheet, and with his horse under riding
horses (5.2). Those left behind are unassigned; unhired natives among them become watchful (Watchful
Natives 1).
"""

from __future__ import annotations

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


def run_away(state: EncounterState, run: RunAway) -> None:
    """Running away (8.3; Stumble 5.1 when on)."""
    name = run.character
    what = (
        run.chit
        or {"move": "a MOVE chit", "boots": "Boots", "horse": "his horse", "fly": "a FLY chit"}[run.using]
    )

    def refuse(reason: str, rule: tuple[str, str]) -> None:
        state.runs.append(RunResult(name, False, reason, attempted=False))
        state.log("run", f"{name} cannot run away: {reason}", rule, (name,))

    holder = next(
        (d for d in state.denizens.values() if d.red_side_up and state.targets.get(d.name) == name), None
    )
    if holder is not None:
        return refuse(
            f"{holder.name} is red side up on his sheet", STUMBLE if state.rules.stumble else RUNNING
        )
    if name in state.chargers:
        return refuse("he charged this round", CHARGING)
    if state.rules.riding_horses and state.characters[name].horse and run.using not in ("horse", "fly"):
        return refuse(f"he rides {state.characters[name].horse} and must play it", RIDING)
    flying = run.using == "fly"
    attackers = _attackers_on_sheet(state, name, flying)
    listing = ", ".join(f"{who} (move time {time})" for who, time in attackers) or "none"
    if state.rules.stumble:
        if not attackers:
            state.log(
                "run",
                f"{name} runs away with {what}: no attacker on his sheet, no Stumble roll",
                STUMBLE,
                (name,),
            )
            return _ran(state, name, RunResult(name, True, "no attackers"))
        fastest = min(time for _, time in attackers)
        modifier = stumble_modifier(run.move_time, fastest, len(attackers))
        die_modifier = state.characters[name].die_modifier
        roll = state.roll(2, f"Stumble: {name} runs away")
        adjusted = roll.high + die_modifier + modifier
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
    slower = [(who, time) for who, time in attackers if run.move_time >= time]
    if slower:
        who, time = min(slower, key=lambda pair: pair[1])
        return refuse(
            f"his move time {run.move_time} is not strictly faster than {who} (move time {time}); "
            f"attackers: {listing}",
            RUNNING,
        )
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
