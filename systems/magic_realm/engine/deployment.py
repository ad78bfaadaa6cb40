"""Deployment of hirelings (8.3), and a hireling set against a target in the melee step (8.4.2): the
hireling becomes unhidden, an unassigned denizen turns to fight it, natives battle its owner; with Watchful
Natives 1.2, the rest of a watchful group attacks the character; Extended Treachery when deployed against
its own group.
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_log import (
    BATTLING_LURED,
    DEPLOYMENT,
    EXTENDED_TREACHERY,
    WATCHFUL_DEPLOYED,
)
from systems.magic_realm.engine.encounter_model import Deploy
from systems.magic_realm.engine.encounter_state import EncounterState, hidden_target
from systems.magic_realm.engine.treachery import rebellion, treacherous
from systems.magic_realm.engine.watchful_natives import send_watchful_group, watchful_of_group


def minion_attacks(
    state: EncounterState, minion: str, target: str, rule: tuple[str, str], verb: str, done: str
) -> str | None:
    """A hireling deployed against (or, in the melee step, made to target) someone. Returns the native
    group of a watchful native it was set against (Watchful Natives 1.2), if any."""
    character = state.owner.get(minion)
    if character is None:
        state.log("deploy", f"{minion} has rebelled and obeys no one", rule, (minion,))
        return None
    if treacherous(state, minion, target):
        group = state.minions[minion].group or ""
        rebellion(
            state,
            character,
            group,
            f"{character} {verb} his hired {minion} against {target}, of its own group ({group})",
            EXTENDED_TREACHERY,
        )
        return None
    if hidden_target(state, target):
        state.log(
            "deploy", f"{minion} cannot attack {target}: it is not unhidden in the clearing", rule, (minion,)
        )
        return None
    attackers = [name for name, whom in state.targets.items() if whom == minion and name in state.denizens]
    if attackers:
        state.log(
            "deploy",
            f"{minion} cannot be {done}: {', '.join(attackers)} already "
            f"{'attacks' if len(attackers) == 1 else 'attack'} it and it fights back",
            rule,
            (character, minion),
        )
        return None
    state.unhide(minion, "it attacks", rule)
    state.targets[minion] = target
    state.log("deploy", f"{character} {verb} {minion} against {target}", rule, (character, minion, target))
    denizen = state.denizens.get(target)
    if denizen is None:
        return None
    if denizen.kind == "native" and denizen.group:
        state.mark_battling(
            denizen.group, character, f"his hireling {minion} attacks {target}", BATTLING_LURED
        )
    was_watchful = target in state.watchful
    if target not in state.targets:
        # An unassigned denizen attacked by a minion turns on it (Watchful Natives 1.2: "assigned to fight
        # the deployed minion"; in the basic rules it fights its most recent attacker).
        state.assign(target, minion)
        state.log(
            "deploy",
            f"{target} turns to fight {minion}",
            WATCHFUL_DEPLOYED if was_watchful else rule,
            (minion, target),
        )
    return denizen.group if was_watchful else None


def deployment(state: EncounterState, deployments: tuple[Deploy, ...]) -> None:
    """Deployment (8.3): each character, in turn, deploys his hirelings. With Watchful Natives (1.2), once
    he has finished, every other watchful native of a group he deployed against attacks him (1.3 if he
    is hidden or absent)."""
    by_character: dict[str, list[Deploy]] = {}
    for deploy in deployments:
        owner = state.owner.get(deploy.minion, "")
        by_character.setdefault(owner, []).append(deploy)
    for character, deploys in by_character.items():
        watchful_groups: list[str] = []
        for deploy in deploys:
            group = minion_attacks(state, deploy.minion, deploy.target, DEPLOYMENT, "deploys", "deployed")
            if group and state.rules.watchful_natives and group not in watchful_groups:
                watchful_groups.append(group)
        for group in watchful_groups:
            send_watchful_group(
                state,
                character,
                watchful_of_group(state, group),
                WATCHFUL_DEPLOYED,
                f"{character} deployed a minion against a watchful {group} native",
            )
