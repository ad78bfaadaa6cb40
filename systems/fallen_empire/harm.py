"""What a blow does to the one it hits (FE 11.2-11.4 shields, FE 12 harm, dying and death): the shield's
standing order first, then the hit points, then the fall (dead, dying or unconscious)."""

from __future__ import annotations

from dataclasses import replace

from systems.fallen_empire.fight import Fight
from systems.fallen_empire.model import Combatant

DEAD_AT = -11  # FE 12.2, ruling R26: the text's range of the dying stops at -10


def wants_to_splinter(combatant: Combatant, amount: int) -> bool:
    """The standing order of FE 11.2 (ruling R24): does the bearer give up the shield for this hit?"""
    order = combatant.splinter
    if combatant.shield is None or amount <= 0 or order == "never":
        return False
    if order == "any":
        return True
    if order == "down":
        return combatant.hp - amount <= 0
    return amount >= order


def give_up_shield(fight: Fight, name: str, against: str, *, rule: str = "FE 11.2",
                   rule_name: str = "Shields shall be splintered") -> None:
    """The shield takes `against` (FE 11.2); a magic shield's first time today does not shatter (FE 11.3)."""
    shield = fight[name].shield
    if shield.kind == "magic" and not shield.spent:
        fight.update(name, shield=replace(shield, spent=True, bonus=1))
        fight.log("shield", f"{name}'s magic shield takes {against}: not shattered, but nonmagical for the rest of the "
                            "day (bonus 1)", "FE 11.3", "Magic shields", [name])
        return
    fight.update(name, shield=None)
    fight.log("shield", f"{name}'s {shield.kind} shield takes {against} and is shattered: discarded", rule, rule_name,
              [name])


def harm(fight: Fight, target: str, amount: int, *, by: str, subdual: bool = False) -> int:
    """`amount` of damage from `by` (subdual or lethal) to `target`; returns the damage dealt (0 when a
    shield took it). Whoever is hit is marked hit this round (FE 9.2, ruling R22)."""
    fight.hit_this_round.add(target)
    before = fight[target]
    if wants_to_splinter(before, amount):
        give_up_shield(fight, target, f"the blow of {amount} (standing order: {before.splinter})")
        return 0
    hp = before.hp - amount
    fight.update(target, hp=hp, subdual=before.subdual + (amount if subdual else 0))
    kind = " subdual damage (FE 8.7)" if subdual else " damage"
    fight.log("harm", f"{target} takes {amount}{kind}: hit points {before.hp} - {amount} = {hp}", "FE 5.4", "Damage",
              [by, target], damage=amount, subdual=subdual)
    if hp <= 0:
        fall(fight, target, by, lethal=not subdual)
    return amount


def fall(fight: Fight, name: str, by: str, *, lethal: bool) -> None:
    combatant = fight[name]
    status = combatant.status
    if status == "fighting" and combatant.subdual > 0:
        knock_out(fight, name, by)
    elif status == "fighting" or (status == "unconscious" and lethal):
        if not combatant.character:
            die(fight, name, by, f"a {combatant.role} at {combatant.hp} hit points is dead", "FE 12.1",
                "Monsters and others")
        elif combatant.hp <= DEAD_AT:
            die(fight, name, by, f"at {combatant.hp} hit points (-11 or less) {name} is dead", "FE 12.2", "Dying")
        else:
            become_dying(fight, name, by)
    elif status in ("dying", "stable"):
        if combatant.hp <= DEAD_AT:
            die(fight, name, by, f"at {combatant.hp} hit points (-11 or less) {name} is dead", "FE 12.2", "Dying")
        elif status == "stable":
            fight.update(name, status="dying")
            fight.log("down", f"{name} is hurt again while stable: dying again, saves at the end of each round",
                      "FE 12.4", "Stable (ruling R26)", [by, name])


def leave_melee(fight: Fight, name: str) -> str:
    former = fight.disengage(name)
    return f"; out of melee with {', '.join(former)}" if former else ""


def die(fight: Fight, name: str, by: str, why: str, rule: str, rule_name: str) -> None:
    fight.update(name, status="dead", wakes=None)
    fight.log("death", f"{name} falls: {why}{leave_melee(fight, name)}", rule, rule_name, [by, name])


def become_dying(fight: Fight, name: str, by: str) -> None:
    fight.update(name, status="dying")
    fight.log("down", f"{name} falls at {fight[name].hp} hit points (0 to -10): dying, cannot act, saves or dies at "
                      f"the end of each round{leave_melee(fight, name)}", "FE 12.2", "Dying", [by, name])


def knock_out(fight: Fight, name: str, by: str) -> None:
    """FE 12.6, ruling R28: unconscious instead of dead; the waking throws are the GM's to see."""
    turns = fight.dice.throw(1, 3, f"Waking: turns for {name}").faces[0]
    hp = fight.dice.throw(1, 3, f"Waking: hit points for {name}").faces[0]
    fight.update(name, status="unconscious", wakes=(turns, hp))
    fight.log("down", f"{name} is knocked out at {fight[name].hp} hit points, having taken {fight[name].subdual} subdual "
                      f"damage: unconscious, not dead{leave_melee(fight, name)}", "FE 12.6", "Unconscious", [by, name])
    fight.log("wake", f"{name} will wake in 1d3 ({turns}) turns with 1d3 ({hp}) hit points, or sooner if woken after "
                      "1 turn", "FE 12.6", "Unconscious", [name], seen_by=[], turns=turns, hp=hp)
