"""The BIMR4 Watchful Natives option: unhired natives unassigned at the end of random assignment, or left
behind by a character who ran away, become watchful (1); a watchful native targeted (1.1) or deployed
against (1.2) brings every other watchful native of its group onto the character's sheet, or onto his
unhidden minions if he is hidden or absent (1.3).
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import WATCHFUL, WATCHFUL_HIDDEN
from systems.magic_realm.engine.encounter_state import EncounterState


def send_watchful_group(
    state: EncounterState, character: str, natives: list[str], rule: tuple[str, str], why: str
) -> None:
    """Watchful natives pile on the character (1.1, 1.2), or, if he is hidden or not in the clearing,
    onto his unhidden minions as in random assignment (1.3); if they are all hidden, they stay watchful."""
    if not natives:
        return
    if state.unhidden_character(character):
        for name in natives:
            state.assign(name, character)
        state.log(
            "watchful",
            f"{why}: the watchful {', '.join(natives)} are put on {character}'s sheet and attack him "
            "this round",
            rule,
            (character, *natives),
        )
        return
    options = state.unhidden_minions(character)
    if not options:
        state.log(
            "watchful",
            f"{why}, but {character} and all his minions are hidden: {', '.join(natives)} stay "
            "unassigned and watchful",
            WATCHFUL_HIDDEN,
            (character, *natives),
        )
        return
    for name in natives:
        minion = state.pick_minion(name, character, options, WATCHFUL_HIDDEN)
        state.assign(name, minion)
        state.log(
            "watchful",
            f"{why}; {character} is hidden or not in the clearing: the watchful {name} is assigned to his "
            f"unhidden minion {minion}, as in random assignment",
            WATCHFUL_HIDDEN,
            (character, minion, name),
        )


def watchful_of_group(state: EncounterState, group: str) -> list[str]:
    return [name for name in state.denizens if name in state.watchful and state.denizens[name].group == group]


def unassigned_become_watchful(state: EncounterState) -> None:
    """Watchful Natives 1: at the end of random assignment, unhired natives still unassigned are watchful."""
    if not state.rules.watchful_natives:
        return
    for denizen in state.denizens.values():
        if (
            denizen.kind == "native"
            and denizen.name not in state.targets
            and denizen.name not in state.watchful
        ):
            state.watchful.add(denizen.name)
            state.log(
                "watchful",
                f"{denizen.name} ({denizen.group}) is unassigned at the end of random assignment: "
                "it is watchful",
                WATCHFUL,
                (denizen.name,),
            )


def left_behind_become_watchful(state: EncounterState, runner: str, left: list[str]) -> None:
    """Watchful Natives 1: unhired natives left behind, unassigned, by a character who ran away are watchful."""
    for attacker in left:
        if state.rules.watchful_natives and state.unhired_native(attacker) is not None:
            state.watchful.add(attacker)
            state.log(
                "watchful",
                f"{attacker} was left behind by {runner}, who ran away: it is watchful",
                WATCHFUL,
                (attacker,),
            )
