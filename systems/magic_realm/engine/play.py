"""A whole round as a round file describes it: the encounter step (when the file has an `encounter`
section), then the melee step, drawing from ONE dice stream so that a seed replays the round exactly.

The `resolve_round` command and the battles' resolve task both call `play_round`, so a round downloaded
from the app replays to the same log on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from systems.magic_realm.engine import encounter as encounter_step
from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.melee import (
    RULES,
    RoundInvalid,
    effort_limit_error,
    limit_chits,
    resolve_round,
    validate_round,
)
from systems.magic_realm.engine.model import PlayError, RoundResult
from systems.magic_realm.engine.round_format import RoundFile


class RoundPending(Exception):
    """The round cannot be resolved yet: it waits for an input (a player's choice, a GM's ruling)."""


class EncounterChoicePending(RoundPending):
    """The encounter step needs a player's choice (which hireling takes a denizen: rule 8.3.5a.3 and
    Watchful Natives 1.3) before the round can be resolved."""

    def __init__(self, choice: encounter_step.ChoiceNeeded):
        super().__init__(choice.message)
        self.choice = choice


class GmRulingPending(RoundPending):
    """A magic attack the sources give no table for (a Demon's Power of the Pit, the Imp's Curse) waits for
    the GM's ruling (systems.magic_realm.engine.magic_attacks): give each one in the round file's `gm_rulings` and
    resolve again with the same dice, which replay the round identically up to it. `played` is the round
    as far as it went, for its log."""

    def __init__(self, played: "PlayedRound"):
        self.played = played
        self.needed = played.result.rulings_needed
        super().__init__("; ".join(needed.message for needed in self.needed))


@dataclass(frozen=True)
class PlayedRound:
    """The melee result, with the encounter's events first in its log and the encounter's chits in
    each character's effort; `encounter` is what the encounter step decided (None without one)."""

    result: RoundResult
    encounter: dict[str, Any] | None = None


def play_round(round_file: RoundFile, dice: Dice, catalogue=None) -> PlayedRound:
    """Raises EncounterInvalid or RoundInvalid naming each field, or a RoundPending: EncounterChoicePending
    or GmRulingPending."""
    played = _play(round_file, dice, catalogue)
    if played.result.rulings_needed:
        raise GmRulingPending(played)
    return played


def _play(round_file: RoundFile, dice: Dice, catalogue=None) -> PlayedRound:
    if round_file.encounter is None:
        return PlayedRound(resolve_round(round_file.round_input, dice, catalogue))
    encounter = encounter_step.encounter_from_round(round_file.round_input, round_file.encounter, catalogue)
    errors = encounter_step.validate_encounter(encounter)
    if errors:
        raise encounter_step.EncounterInvalid(errors)
    effort = effort_errors(round_file)
    if effort:
        raise RoundInvalid(effort)
    decided = encounter_step.resolve_encounter(encounter, dice)
    if decided.choice_needed is not None:
        raise EncounterChoicePending(decided.choice_needed)
    melee_input = replace(
        encounter_step.apply_encounter(round_file.round_input, decided),
        encounter_chits=tuple((name, chit) for name, chits in decided.chits_played.items() for chit in chits),
    )
    melee = resolve_round(melee_input, dice, catalogue)
    summaries, effort_events = _with_encounter_effort(melee, decided.chits_played)
    summary = encounter_step.encounter_summary(decided, melee_input)
    summary["event_count"] = len(decided.events)
    summary["runs"] = [
        {"character": run.character, "ran": run.ran, "reason": run.reason,
         "adjusted_roll": run.adjusted_roll, "attempted": run.attempted}
        for run in decided.runs
    ]
    result = replace(
        melee,
        events=tuple(decided.events) + melee.events + tuple(effort_events),
        summaries=summaries,
    )
    return PlayedRound(_not_quiet_after_encounter_effort(result, decided), summary)


def _not_quiet_after_encounter_effort(result: RoundResult, decided) -> RoundResult:
    """Fatigue owed or a spell cast in the encounter step make the round not quiet, as they would in the
    melee (issue #15.2: a round whose only effort was a failed run ended combat)."""
    if not result.quiet:
        return result
    reasons = []
    if any(summary.fatigue_owed for summary in result.summaries):
        reasons.append("fatigue is owed")
    if decided.spells:
        reasons.append("a spell was cast in the encounter step")
    if not reasons:
        return result
    rule, rule_name = RULES["combat_ends"]
    no_character_left = not any(not c.dead and not c.fled for c in result.state.characters)
    if no_character_left:  # combat ends whatever the effort; the round was not quiet all the same
        return replace(result, quiet=False, state=replace(result.state, previous_round_quiet=False))
    event = Event("end", f"Combat goes on: {', '.join(reasons)} this round (the encounter step counts)",
                  rule, rule_name, (), {"quiet": False, "combat_ends": False})
    events = tuple(e for e in result.events if not (e.kind == "end" and e.rule == rule and "quiet" in e.data))
    return replace(
        result,
        events=events + (event,),
        quiet=False,
        combat_ends=False,
        state=replace(result.state, previous_round_quiet=False),
    )


def _with_encounter_effort(melee: RoundResult, chits_played) -> tuple[tuple, list[Event]]:
    """The chits played in the encounter step (charge, run, alert, cast) count toward the round's effort:
    the fatigue owed becomes every asterisk of the round less the free one (rule of effort, at most
    two asterisks a round, one of them free)."""
    rule, rule_name = RULES["fatigue"]
    summaries = []
    events = []
    for summary in melee.summaries:
        chits = list(chits_played.get(summary.character, ()))
        # A MAGIC chit cast in the encounter step fatigues itself, as in the melee: its asterisks count
        # toward the limit (effort_errors) but are never owed as fatigue too (issue #15.3).
        extra = sum(chit.split(" #")[0].count("*") for chit in chits if not chit.startswith("MAGIC"))
        if not extra:
            summaries.append(summary)
            continue
        total = summary.asterisks_played + extra
        owed = max(0, total - 1)
        summaries.append(replace(summary, encounter_asterisks=extra, asterisks_played=total, fatigue_owed=owed))
        events.append(Event(
            "fatigue",
            f"{summary.character} also played {', '.join(chits)} in the encounter step: "
            f"{summary.asterisks_played} + {extra} = {total} asterisk(s) this round, 1 is free, {owed} to fatigue",
            rule, rule_name, (summary.character,), {"asterisks": total, "fatigue_owed": owed},
        ))
    return tuple(summaries), events


def validate_round_file(round_file: RoundFile, catalogue=None) -> list[PlayError | encounter_step.EncounterError]:
    """Every error of a round file, each naming its field: the melee plays (`validate_round`), the
    encounter section (`encounter_from_round`, `validate_encounter`) and the effort limit across the
    whole round (`effort_errors`). Warnings (severity "warning") do not stop the round.

    With an encounter section, the melee sheets and the plays' targets are left to the encounter step,
    which builds the sheets and may give a play its target (`play_round` checks them after it)."""
    errors: list = list(validate_round(round_file.round_input, catalogue))
    if round_file.encounter is None:
        return errors
    errors = [error for error in errors if not _settled_by_encounter(error.path)]
    try:
        encounter = encounter_step.encounter_from_round(round_file.round_input, round_file.encounter, catalogue)
    except encounter_step.EncounterInvalid as invalid:
        errors.extend(invalid.errors)
    else:
        errors.extend(encounter_step.validate_encounter(encounter))
    return errors + effort_errors(round_file)


def _settled_by_encounter(path: str) -> bool:
    return path.startswith("sheets") or (path.startswith("plays.") and path.endswith(".target"))


def effort_errors(round_file: RoundFile) -> list[PlayError]:
    """Effort limit (realmspeak-notes 1.2): at most two asterisks a round, counted over the chits of the
    encounter step (charge, run, alert, cast) and of the melee (attack, maneuver, rider's own maneuver)
    together. A chit named in both steps is counted once and is an error: a chit is played once a round.
    A round whose melee plays alone pass the limit is reported by `validate_round`, not here."""
    if round_file.encounter is None:
        return []
    round_input = round_file.round_input
    named = _encounter_chits(round_file.encounter)
    errors: list[PlayError] = []
    for character in round_input.state.characters:
        if character.dead or character.fled:
            continue
        play = round_input.play(character.id)
        melee_chits = [
            (f"plays.{character.id}.{field}", chit) for field, chit in (limit_chits(character, play) if play else [])
        ]
        encounter_chits = [
            (path, character.chit(label)) for path, label in named.get(character.id, ())
            if character.chit(label) is not None
        ]
        first_path: dict[str, str] = {}
        chits_used = []
        for path, chit in encounter_chits + melee_chits:
            if chit.id in first_path:
                errors.append(PlayError(
                    path, f"{chit.id} is already played {_played_where(first_path[chit.id], round_file.encounter)}: "
                    "a chit is played once a round",
                ))
                continue
            first_path[chit.id] = path
            chits_used.append((path, chit))
        if sum(chit.effort for _, chit in melee_chits) > 2:  # the melee alone: validate_round reports it
            continue
        last_effort = next((path for path, chit in reversed(chits_used) if chit.effort), "")
        error = effort_limit_error(last_effort, chits_used)
        if error is not None:
            errors.append(error)
    return errors


# Where a chit is played, as a GM says it, by the last part of its path.
_MELEE_PLACES = {"attack.chit": "as the attack chit", "maneuver.chit": "as the maneuver",
                 "rider_maneuver.chit": "as the rider's own maneuver"}


def _played_where(path: str, section) -> str:
    """Where a chit is already played, in the game's words ("to run away in the encounter step"), from
    its path in the round file ("encounter.actions[0].run.chit"), issue #14.6."""
    if path.startswith("encounter.charges["):
        return "to charge in the encounter step"
    if path.startswith("encounter.actions["):
        index = int(path.split("[", 1)[1].split("]", 1)[0])
        actions = (section or {}).get("actions", [])
        action = actions[index] if index < len(actions) else {}
        if "run" in action:
            return "to run away in the encounter step"
        if action.get("alert"):
            return f"to alert the {action['alert']} in the encounter step"
        if action.get("cast"):
            return f"to cast {action['cast']} in the encounter step"
        return "in the encounter step"
    return next((place for ending, place in _MELEE_PLACES.items() if path.endswith(ending)), "in the melee")


def _encounter_chits(section) -> dict[str, list[tuple[str, str]]]:
    """The chits a round file's `encounter` section names, by character: (field, chit label)."""
    named: dict[str, list[tuple[str, str]]] = {}
    for i, charge in enumerate(section.get("charges", [])):
        if charge.get("chit"):
            named.setdefault(charge["character"], []).append((f"encounter.charges[{i}].chit", charge["chit"]))
    for i, action in enumerate(section.get("actions", [])):
        run = action.get("run")
        if isinstance(run, dict) and run.get("chit"):
            named.setdefault(action["character"], []).append((f"encounter.actions[{i}].run.chit", run["chit"]))
        elif action.get("chit"):
            named.setdefault(action["character"], []).append((f"encounter.actions[{i}].chit", action["chit"]))
    return named
