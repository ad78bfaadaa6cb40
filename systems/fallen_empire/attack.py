"""One attack (FE 5): Armour Class, the attack roll against the house-default Attack Matrix, damage, and the
harm it does. Every attack of the round (melee, charge, set spear, free, missile) goes through `strike`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from systems.fallen_empire.fight import Fight
from systems.fallen_empire.harm import harm
from systems.fallen_empire.model import SHIELDMATES, Weapon

DAMAGE_PATTERN = re.compile(r"^([1-9]\d?)d([1-9]\d{0,2})([+-]\d{1,3})?$")  # as round.schema.json: no 0d6, no 1d0
HIT_BASE = 19  # FE 5.1, ruling R11: d20 + bonuses >= 19 - AC (AC 9 needs 10, AC 2 needs 17)
MIN_DAMAGE = 1  # ruling R12
D20 = range(1, 21)
NATURAL_20, NATURAL_1 = 20, 1


@dataclass(frozen=True)
class Modifier:
    label: str  # "charge (FE 8.2)"
    value: int


@dataclass(frozen=True)
class Strike:
    hit: bool
    dealt: int  # damage taken by the one hit (0 when a shield took it)
    victim: str | None = None


def attack_hits(face: int, total: int, needed: int) -> bool:
    """FE 5.1, ruling R11: the d20 `face` (its `total` with the bonuses) hits when the total equals or beats
    `needed`; a natural 20 always hits and a natural 1 always misses."""
    return face == NATURAL_20 or (face != NATURAL_1 and total >= needed)


def hit_chance(bonus: int, ac: int) -> Fraction:
    """The chance that d20 + `bonus` hits Armour Class `ac`, by enumerating the twenty faces."""
    return Fraction(sum(attack_hits(face, face + bonus, HIT_BASE - ac) for face in D20), len(D20))


def parse_damage(text: str) -> tuple[int, int, int]:
    """"2d6+1" -> (2, 6, 1)."""
    match = DAMAGE_PATTERN.match(text)
    if not match:
        raise ValueError(f"write dice like 2d6 or 1d8+1, not {text!r}")
    return int(match[1]), int(match[2]), int(match[3] or 0)


def signed(value: int, label: str) -> str:
    return f"+ {value} {label}" if value >= 0 else f"- {-value} {label}"


def shieldmate(fight: Fight, name: str) -> str | None:
    """FE 11.1, ruling R23: a fighting-man or demi-human with a shield, in the fight, standing beside name."""
    for other in fight[name].beside:
        mate = fight.people.get(other)
        if mate and other != name and mate.fighting and mate.shield and mate.char_class in SHIELDMATES:
            return other
    return None


def armour_class(fight: Fight, name: str, *, no_shield: bool = False, no_dex: bool = False) -> tuple[int, str]:
    """FE 5.3: the AC and how it is made ("armour 5 - 1 shield + 2 charging")."""
    combatant = fight[name]
    ac, parts = combatant.armour_ac, [f"armour {combatant.armour_ac}"]
    if combatant.dex_ac and not no_dex:
        ac += combatant.dex_ac
        parts.append(signed(combatant.dex_ac, "DEX"))
    if combatant.shield and not no_shield:
        ac -= combatant.shield.bonus
        parts.append(f"- {combatant.shield.bonus} shield")
    mate = None if no_shield else shieldmate(fight, name)
    if mate:
        ac -= 1
        parts.append(f"- 1 shieldmate {mate}")
    if name in fight.charging:
        ac += 2
        parts.append("+ 2 charging")
    return ac, " ".join(parts)


def roll_damage(fight: Fight, weapon: Weapon, purpose: str, *, double: bool = False,
                extra: tuple[Modifier, ...] = ()) -> tuple[int, str]:
    """FE 5.4: the weapon's dice (twice as many for a charge or a set spear) plus its bonus and `extra`."""
    count, sides, bonus = parse_damage(weapon.damage)
    thrown = fight.dice.throw(count * 2 if double else count, sides, purpose)
    total = sum(thrown.faces) + bonus + sum(modifier.value for modifier in extra)
    text = f"{thrown}" + (f" {signed(bonus, '').rstrip()}" if bonus else "")
    text += "".join(f" {signed(m.value, m.label)}" for m in extra) + (" (double dice)" if double else "")
    text += f" = {total}"
    if total < MIN_DAMAGE:
        text += f", at least {MIN_DAMAGE} (ruling R12)"
    return max(MIN_DAMAGE, total), text


def strike(fight: Fight, attacker: str, target: str, weapon: Weapon, *, what: str, rule: str, rule_name: str,
           modifiers: tuple[Modifier, ...] = (), no_shield: bool = False, no_dex: bool = False, double: bool = False,
           damage_extra: tuple[Modifier, ...] = (), subdual: bool = False, victim=None) -> Strike:
    """An attack by `attacker` on `target` with `weapon`. `victim(hit_target) -> name` may pick who the hit
    lands on instead (cover and firing into melee, FE 7.2-7.3)."""
    ac, ac_text = armour_class(fight, target, no_shield=no_shield, no_dex=no_dex)
    needed = HIT_BASE - ac
    head = f"{what}: {attacker} attacks {target} with {weapon.name}"
    if target in fight.helpless_at_start and fight[target].down:
        fight.log("attack", f"{head}: {target} has been helpless since the start of the round and is hit without a "
                            "roll", "FE 5.5", "Helpless targets (ruling R13)", [attacker, target])
    else:
        face = fight.dice.throw(1, 20, f"{what}: {attacker} → {target}").faces[0]
        bonuses = (Modifier("to-hit", fight[attacker].to_hit), *modifiers)
        total = face + sum(modifier.value for modifier in bonuses)
        sum_text = "".join(f" {signed(m.value, m.label)}" for m in bonuses if m.value or m.label == "to-hit")
        hit = attack_hits(face, total, needed)
        natural = " (a natural 20 always hits)" if face == 20 else " (a natural 1 always misses)" if face == 1 else ""
        fight.log("attack", f"{head}: d20 {face}{sum_text} = {total} against 19 - AC {ac} = {needed} (AC: {ac_text}): "
                            f"{'hits' if hit else 'misses'}{natural}", rule, rule_name, [attacker, target],
                  roll=face, total=total, needed=needed, hit=hit)
        if not hit:
            return Strike(False, 0)
    landed = victim(target) if victim else target
    if landed is None:
        return Strike(True, 0)
    amount, damage_text = roll_damage(fight, weapon, f"{what}: damage to {landed}", double=double, extra=damage_extra)
    fight.log("damage", f"{attacker}'s {weapon.name} deals {damage_text} to {landed}", rule, rule_name,
              [attacker, landed], damage=amount)
    return Strike(True, harm(fight, landed, amount, by=attacker, subdual=subdual), landed)


SURROUNDED_AT = {"man": 3, "large": 4}  # FE 8.6, ruling R21: half of six (eight)
ENCIRCLED_BY = {"man": 6, "large": 8}


def surprise_modifiers(fight: Fight, attacker: str) -> tuple[Modifier, ...]:
    return (Modifier("surprise (FE 3.1)", 1),) if fight.side_of(attacker) in fight.surprisers else ()


def surrounders(fight: Fight, target: str) -> list[str]:
    return [other for other in fight.engaged_with(target) if fight.enemies(other, target)]


def melee_modifiers(fight: Fight, attacker: str, target: str, *, charge: bool = False, rear: bool = False,
                    subdue: bool = False) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """The to-hit modifiers (FE 5.2) and damage bonuses (FE 5.4) of a melee attack."""
    modifiers = list(surprise_modifiers(fight, attacker))
    damage: list[Modifier] = []
    if charge:
        modifiers.append(Modifier("charge (FE 8.2)", 2))
    if rear:
        modifiers.append(Modifier("rear (FE 8.4)", 2))
    if fight[attacker].mounted and not fight[target].mounted:
        modifiers.append(Modifier("mounted against foot (FE 8.5)", 2))
        damage.append(Modifier("mounted (FE 8.5)", 2))
    around = surrounders(fight, target)
    if attacker in around and len(around) >= SURROUNDED_AT[fight[target].size]:
        modifiers.append(Modifier(f"surrounding, {len(around)} around (FE 8.6)", 1))
    if subdue:
        modifiers.append(Modifier("flat of the blade (FE 8.7)", -2))
    return tuple(modifiers), tuple(damage)
