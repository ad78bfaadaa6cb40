"""The missiles phase (FE 7): missile attacks, cover and bodyguards, firing into melee, henchmen who hold
their fire, and shooting from horseback."""

from __future__ import annotations

from systems.fallen_empire.attack import Modifier, strike, surprise_modifiers
from systems.fallen_empire.fight import Fight

COVER_HOLDS = 3  # FE 7.2: 1 to 3 on 1d6 hits the cover


def missile_phase(fight: Fight, actors: list[str]) -> None:
    for name in fight.begin_phase("missiles", actors, "missile"):
        shoot(fight, name)


def shoot(fight: Fight, name: str) -> None:
    play, shooter = fight.play(name), fight[name]
    target = play.target
    if gone := fight.gone(target):
        fight.log("lost", f"{name}'s shot at {target} is lost: {gone}", "FE 5.6", "A target gone (ruling R13)",
                  [name, target])
        return
    if shooter.role == "henchman" and fight.engaged[target]:
        fight.log("hold", f"{name} holds fire: {target} is engaged in melee and a henchman never fires into a melee",
                  "FE 7.4", "Henchmen hold their fire", [name, target])
        return
    strike(fight, name, target, shooter.missile, what="Missile", rule="FE 7.1", rule_name="A missile attack",
           modifiers=missile_modifiers(fight, name), victim=lambda hit: landing(fight, name, hit))


def missile_modifiers(fight: Fight, name: str) -> tuple[Modifier, ...]:
    """The to-hit modifiers of a missile attack (FE 5.2): surprise, the weapon's own, from horseback (FE 7.5)."""
    shooter = fight[name]
    modifiers = list(surprise_modifiers(fight, name))
    if shooter.missile.to_hit:
        modifiers.append(Modifier(f"{shooter.missile.name}", shooter.missile.to_hit))
    if shooter.mounted:
        modifiers.append(Modifier("from horseback (FE 7.5)", -1))
    return tuple(modifiers)


def landing(fight: Fight, shooter: str, target: str) -> str | None:
    """Who a hit on `target` lands on: the cover (None) or a bodyguard (FE 7.2), then anyone in the target's
    melee (FE 7.3); ruling R17 for the order."""
    play = fight.play(shooter)
    if play.cover or play.covered_by:
        face = fight.dice.throw(1, 6, f"Cover: {shooter} → {target}").faces[0]
        guard = play.covered_by if play.covered_by and not fight.gone(play.covered_by) else None
        if face <= COVER_HOLDS:
            where = f"{guard}, who covers {target} with his body" if guard else "the cover"
            fight.log("cover", f"{target} is behind cover: 1d6 {face} (1 to 3): the shot hits {where}", "FE 7.2", "Cover",
                      [shooter, target] + ([guard] if guard else []), face=face)
            return guard
        fight.log("cover", f"{target} is behind cover: 1d6 {face} (4 to 6): the shot still hits {target}", "FE 7.2",
                  "Cover", [shooter, target], face=face)
    group = [name for name in fight.melee_group(target) if name != shooter]
    if len(group) < 2:
        return target
    face = fight.dice.throw(1, len(group), f"Into melee: {shooter} → {target}").faces[0]
    landed = group[face - 1]
    listed = ", ".join(f"{index} {name}" for index, name in enumerate(group, start=1))
    fight.log("into_melee", f"{target} is in a melee of {len(group)} ({listed}): 1d{len(group)} {face}: the shot hits "
                            f"{landed}" + (" (an ally!)" if not fight.enemies(shooter, landed) else ""),
              "FE 7.3", "Firing into melee (ruling R17)", [shooter, target, landed], face=face, group=group)
    return landed
