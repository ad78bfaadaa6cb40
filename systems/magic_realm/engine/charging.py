"""Charging (8.3): a character charges another with a MOVE chit or horse; the chit is an attacker on
the target's sheet, the charger becomes unhidden and cannot run away this round.
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import CHARGING
from systems.magic_realm.engine.encounter_model import Charge
from systems.magic_realm.engine.encounter_state import EncounterState


def charging(state: EncounterState, charges: tuple[Charge, ...]) -> None:
    """Charging (8.3): a charge chit is an attacker on the target's sheet; the charger becomes unhidden
    and cannot run away this round."""
    for charge in charges:
        if not state.unhidden_character(charge.target):
            state.log(
                "charge",
                f"{charge.character} cannot charge {charge.target}: not unhidden in the clearing",
                CHARGING,
                (charge.character,),
            )
            continue
        state.unhide(charge.character, "he charges", CHARGING)
        if charge.using != "horse":
            state.played(charge.character, charge.chit)
        state.charges.setdefault(charge.target, []).append(charge)
        state.chargers.add(charge.character)
        state.log(
            "charge",
            f"{charge.character} charges {charge.target} with {charge.chit or 'a move'} "
            f"(move time {charge.move_time})",
            CHARGING,
            (charge.character, charge.target),
        )
