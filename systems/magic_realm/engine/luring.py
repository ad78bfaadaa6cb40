"""Luring (8.3.4): characters lure any number of unassigned denizens, hirelings one each, onto their own
sheets; luring a native makes its group battle the character for the rest of the day (8.3.4e). A hireling
luring a member of its own group is Extended Treachery (systems.magic_realm.engine.treachery).
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import BATTLING_LURED, EXTENDED_TREACHERY, LURING
from systems.magic_realm.engine.encounter_model import Lure
from systems.magic_realm.engine.encounter_state import EncounterState
from systems.magic_realm.engine.treachery import rebellion, treacherous


def luring(state: EncounterState, lures: tuple[Lure, ...]) -> None:
    """Rule 8.3.4 Luring: a character lures any number of unassigned denizens, each hireling one, onto
    its own sheet; luring a native makes its group battle the character (8.3.4e)."""
    for lure in lures:
        denizen = state.denizens.get(lure.denizen)
        if lure.lurer not in state.characters and lure.lurer not in state.owner:
            state.log(
                "lure", f"{lure.lurer} is no longer a hireling and lures nothing", LURING, (lure.lurer,)
            )
            continue
        character = lure.lurer if lure.lurer in state.characters else state.owner[lure.lurer]
        if denizen is None or lure.denizen in state.targets:
            state.log(
                "lure",
                f"{lure.lurer} cannot lure {lure.denizen}: only an unassigned, unhired denizen can be lured",
                LURING,
                (lure.lurer, character),
            )
            continue
        if treacherous(state, lure.lurer, lure.denizen):
            group = state.minions[lure.lurer].group or ""
            rebellion(
                state,
                character,
                group,
                f"{character} has his hired {lure.lurer} lure {lure.denizen}, of its own group ({group})",
                EXTENDED_TREACHERY,
            )
            state.log(
                "lure", f"The lure is cancelled: {lure.lurer} has rebelled", EXTENDED_TREACHERY, (character,)
            )
            continue
        state.unhide(lure.lurer, "it lures", LURING)
        state.assign(lure.denizen, lure.lurer)
        state.log(
            "lure",
            f"{lure.lurer} lures {lure.denizen} onto its sheet",
            LURING,
            (lure.lurer, character, lure.denizen),
        )
        if denizen.kind == "native" and denizen.group:
            state.mark_battling(
                denizen.group, character, f"{lure.lurer} lured {lure.denizen}", BATTLING_LURED
            )
