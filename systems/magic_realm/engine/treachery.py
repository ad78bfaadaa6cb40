"""Treachery (8.4.2g) and the BIMR4 Extended Treachery option: a character who turns a hired native
against its own group (or targets his own hireling) sees every native of that group he hired rebel; he
loses fame equal to their notoriety, and the group battles him for the rest of the day.
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import TREACHERY
from systems.magic_realm.engine.encounter_model import Denizen, Rebel
from systems.magic_realm.engine.encounter_state import EncounterState


def rebellion(state: EncounterState, character: str, group: str, cause: str, rule: tuple[str, str]) -> None:
    """Rule 8.4.2g Treachery (and BIMR4 Extended Treachery): every hired native of the group rebels.

    Each becomes unhired, goes to its own sheet, battles the character for the rest of the day, and the
    character loses fame equal to its notoriety.
    """
    rebels = [
        name
        for name, owner in state.owner.items()
        if owner == character and state.minions[name].kind == "native" and state.minions[name].group == group
    ]
    state.log(
        "treachery",
        f"{cause}: every {group} native hired by {character} rebels ({', '.join(rebels)})",
        rule,
        (character, *rebels),
        group=group,
    )
    for name in rebels:
        minion = state.minions[name]
        del state.owner[name]
        state.denizens[name] = Denizen(
            name=name,
            kind="native",
            move_time=minion.move_time,
            group=group,
            flying=minion.flying,
            notoriety=minion.notoriety,
        )
        state.targets.pop(name, None)
        state.hidden.discard(name)
        state.own_sheets.add(name)
        state.rebels.append(Rebel(name, group, character, minion.notoriety))
        state.fame_lost[character] = state.fame_lost.get(character, 0) + minion.notoriety
        state.log(
            "rebel",
            f"{name} rebels: unhired, on its own sheet, battling {character}; {character} loses "
            f"{minion.notoriety} fame (its notoriety {minion.notoriety}); fame lost so far "
            f"{state.fame_lost[character]}",
            TREACHERY,
            (character, name),
            fame_lost=minion.notoriety,
        )
    state.battling.add((group, character))


def treacherous(state: EncounterState, minion: str, victim: str) -> bool:
    """Extended Treachery: a hired native turned against a member of its own native group."""
    if not state.rules.extended_treachery or minion not in state.owner:
        return False
    hired = state.minions[minion]
    return hired.kind == "native" and hired.group is not None and state.group_of(victim) == hired.group
