"""One attack's strike and damage (ER 4.1-6.4): the pool against PP, damage per striking die plus the
modifiers once, and crits with their award dice and the exploding chain."""

from __future__ import annotations

from dataclasses import dataclass

from systems.dice import Dice
from systems.enchanted_realms.model import Attack
from systems.enchanted_realms.strike import NATURAL_20, die_strikes
from systems.events import Event

CRIT_MIN_POOL = 2


@dataclass(frozen=True)
class Strike:
    faces: tuple[int, ...]
    striking: tuple[int, ...]  # faces of the pool that strike
    award_faces: tuple[int, ...]  # the award dice of crits, in the order thrown
    award_damage: tuple[int, ...]  # the d3 of each award die that strikes
    damage: int

    @property
    def struck(self) -> bool:
        return bool(self.striking) or bool(self.award_damage)


def modifiers(attack: Attack) -> int:
    """What is added once to a strike's damage (ER 5.2): melee and savage add the damage modifier and the
    weight; ranged adds the weight only."""
    return attack.weight + (0 if attack.method == "ranged" else attack.damage_modifier)


def roll_strike(attacker: str, attack: Attack, pp: int, dice: Dice) -> tuple[Strike, list[Event]]:
    faces = dice.throw(attack.dice, 20, f"Attack: {attacker} → {attack.target}").faces
    striking = tuple(face for face in faces if die_strikes(face, attack.bonus, pp))
    events = [Event(
        "attack",
        f"{attacker} attacks {attack.target} ({attack.method}): {attack.dice}d20 ({', '.join(map(str, faces))}) "
        f"{attack.bonus:+d} each against PP {pp}: "
        + ", ".join(_die_text(face, attack.bonus, pp) for face in faces),
        "ER 4.3", "Natural 20 and natural 1", (attacker, attack.target),
        {"faces": list(faces), "pp": pp, "striking": len(striking)},
    )]
    award_faces: list[int] = []
    award_damage: list[int] = []
    crits = attack.crit_style and attack.dice >= CRIT_MIN_POOL and NATURAL_20 in faces
    if NATURAL_20 in faces and not crits:
        reason = "no style skill that crits" if not attack.crit_style else f"a pool of {attack.dice} d20 (two needed)"
        events.append(Event("crit", f"The natural 20 strikes but is no crit: {reason}", "ER 6.1",
                            "When a natural 20 is a crit", (attacker,)))
    while crits:
        award = dice.throw(1, 20, f"Crit award die: {attacker} → {attack.target}").faces[0]
        award_faces.append(award)
        text = f"Crit: {attacker} gains an award d20: {_die_text(award, attack.bonus, pp)}"
        if die_strikes(award, attack.bonus, pp):
            extra = dice.throw(1, 3, f"Crit damage: {attacker} → {attack.target}").faces[0]
            award_damage.append(extra)
            text += f"; it strikes for d3 = {extra} damage (ER 6.4)"
        crits = award == NATURAL_20
        if crits:
            text += "; another natural 20: the chain explodes (ER 6.3)"
        events.append(Event("crit", text, "ER 6.2", "The award die", (attacker, attack.target), {"award": award}))
    if not striking and not award_damage:
        events.append(Event("miss", f"No die strikes: {attacker} misses {attack.target}", "ER 4.4", "A strike",
                            (attacker, attack.target)))
        return Strike(faces, striking, tuple(award_faces), tuple(award_damage), 0), events
    damage = len(striking) + sum(award_damage) + modifiers(attack)
    return Strike(faces, striking, tuple(award_faces), tuple(award_damage), damage), events


def damage_text(strike: Strike, attack: Attack) -> str:
    parts = [f"{len(strike.striking)} striking {'die' if len(strike.striking) == 1 else 'dice'}"]
    parts += [f"crit d3 {value}" for value in strike.award_damage]
    if attack.method == "ranged":
        parts.append(f"weight {attack.weight}")
    else:
        parts += [f"damage modifier {attack.damage_modifier}", f"weight {attack.weight}"]
    return " + ".join(parts) + f" = {strike.damage}"


def _die_text(face: int, bonus: int, pp: int) -> str:
    if face == NATURAL_20:
        return "20 (natural 20: strikes)"
    if face == 1:
        return "1 (natural 1: misses)"
    total = face + bonus
    return f"{face}{bonus:+d} = {total} ({'strikes' if total >= pp else 'misses'})"
