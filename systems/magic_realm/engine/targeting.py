"""The melee step's targets (8.4.2), in the order they were chosen: characters become unhidden
(8.4.2b.4, or stay hidden under Ambush), natives targeted battle the character (8.4.2d.7), an unassigned
denizen goes to its own sheet, targeting one's own hired native is Treachery (8.4.2g), a watchful native
targeted brings its group (Watchful Natives 1.1, 1.3).
"""

from __future__ import annotations

from systems.magic_realm.engine.deployment import minion_attacks
from systems.magic_realm.engine.encounter_log import (
    BATTLING_TARGETED,
    TARGETING,
    TREACHERY,
    UNHIDING,
    WATCHFUL_DEPLOYED,
    WATCHFUL_TARGETED,
)
from systems.magic_realm.engine.encounter_model import MeleeTarget
from systems.magic_realm.engine.encounter_state import EncounterState, hidden_target
from systems.magic_realm.engine.treachery import rebellion
from systems.magic_realm.engine.watchful_natives import send_watchful_group, watchful_of_group


def melee_targets(state: EncounterState, targets: tuple[MeleeTarget, ...]) -> None:
    """The melee step's targets (8.4.2), in the order they were chosen."""
    for choice in targets:
        attacker, target = choice.attacker, choice.target
        if attacker in state.characters:
            _character_targets(state, choice)
            continue
        character = state.owner.get(attacker)
        group = minion_attacks(state, attacker, target, TARGETING, "sets", "set against another target")
        if group and character and state.rules.watchful_natives:
            send_watchful_group(
                state,
                character,
                watchful_of_group(state, group),
                WATCHFUL_DEPLOYED,
                f"{character}'s minion {attacker} targets a watchful {group} native",
            )


def _character_targets(state: EncounterState, choice: MeleeTarget) -> None:
    name, target = choice.attacker, choice.target
    if name in state.absent:
        return
    if hidden_target(state, target):
        state.log(
            "target", f"{name} cannot target {target}: not unhidden in the clearing", TARGETING, (name,)
        )
        return
    state.targets[name] = target
    state.log("target", f"{name} targets {target}", TARGETING, (name, target))
    if choice.stays_hidden and name in state.hidden:
        state.log("unhide", f"{name} makes his Hide roll under Ambush and stays hidden", UNHIDING, (name,))
    else:
        state.unhide(name, "he targets an individual", UNHIDING)
    if state.owner.get(target) == name:
        hired = state.minions[target]
        if hired.kind == "native" and hired.group:
            rebellion(state, name, hired.group, f"{name} targets his own hireling {target}", TREACHERY)
        return
    denizen = state.denizens.get(target)
    if denizen is None:
        return
    if denizen.kind == "native" and denizen.group:
        state.mark_battling(denizen.group, name, f"{name} targets {target}", BATTLING_TARGETED)
    if target in state.watchful and denizen.group:
        send_watchful_group(
            state,
            name,
            watchful_of_group(state, denizen.group),
            WATCHFUL_TARGETED,
            f"{name} targets the watchful {target}",
        )
    elif target not in state.targets:
        state.own_sheets.add(target)
        state.log(
            "target",
            f"{target} is unassigned: it goes to its own sheet and does not attack {name} this round",
            TARGETING,
            (name, target),
        )
