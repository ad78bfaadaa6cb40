"""Resolving a round file through its combat system's `resolve` (systems/interface.py) with a seed's dice,
the round's waits (a player's encounter choice, the GM's ruling on a magic attack), and reading the outcome
back: the battle's new state, each character's summary and the wounds and fatigue it owes, and the chits it
records for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from combat.round_file import sheets_for
from systems.magic_realm.battle_state import normalized_state  # noqa: F401 (the pages' and records' shape)
from systems.magic_realm.chit_choice import apply_chit_choice, owed_for, summaries  # noqa: F401
from systems import get_system, system_of
from systems.errors import PlaysInvalid
from systems.interface import Resolution


@dataclass
class Outcome:
    result: dict[str, Any]
    events: list[dict[str, Any]]
    state: dict[str, Any]  # the battle's new state (with its sheets)
    combat_over: bool


class Waiting(Exception):
    """The round waits for an input before it can be resolved; nothing was written. `entry` is what the
    round's GM entries (`Round.encounter`) keep of it for the page, `reason` the round's error line."""

    entry: tuple[str, Any]
    reason: str


class ChoicePending(Waiting):
    """The encounter step needs a player's choice (which hireling takes a denizen, 8.3.5a.3 and Watchful
    Natives 1.3) before the round can be resolved; `choice` is the system's output's `choice_needed`."""

    def __init__(self, choice: dict[str, Any]):
        super().__init__(choice["message"])
        self.choice = choice
        self.entry = ("choice_needed", choice)
        self.reason = f"The encounter needs a choice: {choice['message']}"


class RulingsPending(Waiting):
    """Magic attacks the sources give no table for (a Demon's Power of the Pit, the Imp's Curse) wait for the
    GM's ruling; `rulings` are the system's output's `rulings_needed`."""

    def __init__(self, rulings: list[dict[str, Any]]):
        super().__init__("; ".join(ruling["message"] for ruling in rulings))
        self.rulings = rulings
        self.entry = ("rulings_needed", rulings)
        self.reason = f"The round waits for the GM's ruling: {self}"


# What the round's GM entries keep while it waits (cleared when it resolves).
WAITING_KEYS = ("choice_needed", "rulings_needed")


def resolve(round_input: dict[str, Any], seed: int, system: str | None = None) -> Outcome:
    """Resolve the round file with the seed's dice through its combat system's `resolve` (`system`: the
    campaign's; by default the one the round file names, `systems.system_of`): the encounter step first when
    the file has an `encounter` section, then the melee round, from ONE dice stream, so the same seed replays
    the same round (and `manage.py resolve_round` replays it to the same log). Raise ValueError naming every
    error when it is invalid, ChoicePending when the encounter needs a player's choice and RulingsPending
    when a magic attack needs the GM's ruling (the system's output carries what it waits for)."""

    resolution = get_system(system or system_of(round_input)).resolve(round_input, seed=seed)
    if resolution.waiting_for:
        raise _waiting(resolution)
    result_dict = dict(resolution.output)
    events = result_dict.pop("events")
    new_state = normalized_state(result_dict["state"])
    new_state["round"] = result_dict["round"] + 1
    result_dict["seed"] = seed
    battle_state = {"state": new_state, "sheets": sheets_for(new_state)}
    return Outcome(result=result_dict, events=events, state=battle_state, combat_over=bool(resolution.finished))


def _waiting(resolution: Resolution) -> Exception:
    """The wait the system's output names, with the very JSON the round's GM entries keep of it."""
    output = resolution.output
    if "choice_needed" in output:
        return ChoicePending(output["choice_needed"])
    if "rulings_needed" in output:
        return RulingsPending(output["rulings_needed"])
    return PlaysInvalid(list(resolution.waiting_for))  # a wait the round page has no way to ask about


# --- after the round: wounds and fatigue -------------------------------------------------------------
# Magic Realm's rule, `systems/magic_realm/chit_choice.py`: re-exported for the round pages and records.
