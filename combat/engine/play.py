"""A whole round as a round file describes it: the encounter step (when the file has an `encounter`
section), then the melee step, drawing from ONE dice stream so that a seed replays the round exactly.

The `resolve_round` command and the battles' resolve task both call `play_round`, so a round downloaded
from the app replays to the same log on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from combat.engine import encounter as encounter_step
from combat.engine.dice import Dice
from combat.engine.log import Event
from combat.engine.melee import RULES, resolve_round
from combat.engine.model import RoundResult
from combat.engine.round_format import RoundFile


class EncounterChoicePending(Exception):
    """The encounter step needs a player's choice (which hireling takes a denizen: rule 8.3.5a.3 and
    Watchful Natives 1.3) before the round can be resolved."""

    def __init__(self, choice: encounter_step.ChoiceNeeded):
        super().__init__(choice.message)
        self.choice = choice


@dataclass(frozen=True)
class PlayedRound:
    """The melee result, with the encounter's events first in its log and the encounter's chits in
    each character's effort; `encounter` is what the encounter step decided (None without one)."""

    result: RoundResult
    encounter: dict[str, Any] | None = None


def play_round(round_file: RoundFile, dice: Dice, catalogue=None) -> PlayedRound:
    """Raises EncounterInvalid or RoundInvalid naming each field, or EncounterChoicePending."""
    if round_file.encounter is None:
        return PlayedRound(resolve_round(round_file.round_input, dice, catalogue))
    encounter = encounter_step.encounter_from_round(round_file.round_input, round_file.encounter, catalogue)
    errors = encounter_step.validate_encounter(encounter)
    if errors:
        raise encounter_step.EncounterInvalid(errors)
    decided = encounter_step.resolve_encounter(encounter, dice)
    if decided.choice_needed is not None:
        raise EncounterChoicePending(decided.choice_needed)
    melee_input = encounter_step.apply_encounter(round_file.round_input, decided)
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
    return PlayedRound(result, summary)


def _with_encounter_effort(melee: RoundResult, chits_played) -> tuple[tuple, list[Event]]:
    """The chits played in the encounter step (charge, run, alert, cast) count toward the round's effort:
    the fatigue owed becomes every asterisk of the round less the free one (rule of effort, at most
    two asterisks a round, one of them free)."""
    rule, rule_name = RULES["fatigue"]
    summaries = []
    events = []
    for summary in melee.summaries:
        chits = list(chits_played.get(summary.character, ()))
        extra = sum(chit.split(" #")[0].count("*") for chit in chits)
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
