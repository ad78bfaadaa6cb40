"""The melee phase (FE 8): melee attacks (rear, subdual, mounted, surrounded), the charge's blow, and the
set spear that could not be set."""

from __future__ import annotations

from systems.fallen_empire.attack import melee_modifiers, strike
from systems.fallen_empire.fight import Fight


def melee_phase(fight: Fight, actors: list[str]) -> None:
    for name in fight.begin_phase("melee", actors):
        action = fight.play(name).action
        if action == "melee":
            melee_attack(fight, name)
        elif action == "charge":
            charge_attack(fight, name)
        elif action == "set_spear":
            unset_spear(fight, name)


def out_of_reach(fight: Fight, name: str, target: str, what: str) -> bool:
    """FE 5.6: the attack is lost when its target is gone or not in reach (logged once)."""
    why = fight.unreached.get(name) or fight.gone(target)
    in_melee = target in fight.engaged[name] or target in fight.engaged_at_phase_start.get(name, ())
    if why is None and fight[target].fighting and not in_melee:
        why = f"{target} is not in melee with {name}"
    if why:
        fight.log("lost", f"{name}'s {what} on {target} is lost: {why}", "FE 5.6", "A target gone (ruling R13)",
                  [name, target])
    return why is not None


def rear_allowed(fight: Fight, name: str, target: str) -> bool:
    """Ruling R20: from the rear when the target faces someone else, or is surprised."""
    return bool(fight.engaged[target] - {name}) or fight.surprised_now(target)


def melee_attack(fight: Fight, name: str) -> None:
    play = fight.play(name)
    target = play.target
    if out_of_reach(fight, name, target, "melee attack"):
        return
    rear = play.rear and rear_allowed(fight, name, target)
    if play.rear and not rear:
        fight.log("rear", f"{name} cannot come at {target} from the rear: {target} faces nobody else and is not "
                          "surprised; the attack is made from the front", "FE 8.4", "Rear attacks (ruling R20)",
                  [name, target])
    elif rear:
        fight.log("rear", f"{name} attacks {target} from the rear (dishonourably): +2, and {target}'s shield does not "
                          "count", "FE 8.4", "Rear attacks", [name, target])
    modifiers, damage = melee_modifiers(fight, name, target, rear=rear, subdue=play.subdue)
    strike(fight, name, target, fight[name].melee, what="Melee", rule="FE 8.1", rule_name="A melee attack",
           modifiers=modifiers, no_shield=rear, damage_extra=damage, subdual=play.subdue)


def charge_attack(fight: Fight, name: str) -> None:
    """FE 8.2: the charge strikes at +2 with double dice, unless stopped (FE 6.4) or negated (FE 8.3)."""
    play = fight.play(name)
    if name in fight.charge_stopped or out_of_reach(fight, name, play.target, "charge"):
        return
    modifiers, damage = melee_modifiers(fight, name, play.target, charge=True, subdue=play.subdue)
    strike(fight, name, play.target, fight[name].melee, what="Charge", rule="FE 8.2", rule_name="The charge",
           modifiers=modifiers, double=True, damage_extra=damage, subdual=play.subdue)


def unset_spear(fight: Fight, name: str) -> None:
    """FE 8.3, ruling R19: a setter who could not set fights his charger normally; one nobody charged waits."""
    if name in fight.set_struck:
        return
    chargers = [charger for charger in fight.charged_at.get(name, []) if fight[charger].fighting
                and charger in fight.engaged[name]]
    if not chargers:
        fight.log("set_spear", f"{name} waits with his spear set, but no charge reaches him: no attack this round",
                  "FE 8.3", "Setting the spear (ruling R19)", [name])
        return
    charger = chargers[0]
    modifiers, damage = melee_modifiers(fight, name, charger)
    strike(fight, name, charger, fight[name].melee, what="Melee (the spear not set)", rule="FE 8.3",
           rule_name="Setting the spear (ruling R19)", modifiers=modifiers, damage_extra=damage)
