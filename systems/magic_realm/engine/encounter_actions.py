"""The encounter actions (8.3), in order: running away (systems.magic_realm.engine.running_away), alerting a weapon
and casting a spell; each chit played is recorded for the round's effort.
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import ALERTING, CASTING
from systems.magic_realm.engine.encounter_model import AlertWeapon, EncounterAction, RunAway
from systems.magic_realm.engine.encounter_state import EncounterState
from systems.magic_realm.engine.running_away import run_away


def encounter_actions(state: EncounterState, actions: tuple[EncounterAction, ...]) -> None:
    for action in actions:
        if action.character in state.absent:
            continue
        if isinstance(action, RunAway):
            run_away(state, action)
            if action.using != "horse" and any(
                r.character == action.character and r.attempted for r in state.runs
            ):
                state.played(action.character, action.chit)
            continue
        state.played(action.character, action.chit)
        if isinstance(action, AlertWeapon):
            state.alerted.append((action.character, action.weapon))
            state.log(
                "alert",
                f"{action.character} alerts his {action.weapon}"
                + (f" with {action.chit}" if action.chit else ""),
                ALERTING,
                (action.character,),
            )
        else:
            state.spells.append(action)
            state.log(
                "spell",
                f"{action.character} casts {action.spell}" + (f" with {action.chit}" if action.chit else ""),
                CASTING,
                (action.character,),
            )
