"""Turning catalogue counters and plays into an `Attack` and a `Target` for `resolve_attack`.

- A character's weapon (basic rules): the weapon's current side gives the harm letter and stars; a
  FIGHT chit stronger than the weapon's weight adds one level to a striking weapon; a weapon heavier
  than the chit cancels the attack; a time printed on the weapon's side replaces the chit's time.
- No weapon: the dagger, Negligible with one star and Negligible weight (so any FIGHT chit makes it L*).
- An attack spell: its harm and stars, the MAGIC chit's time (0 when alerted), missile or not; the
  kludge is applied by `resolve_attack`, which knows the rule set.
- A denizen's side (or its head/club): harm, stars, attack time, length; native archers roll one die.
- Targets: a denizen's side (vulnerability, armored, move time), a horse's side, a character with the
  armor protecting the box hit, outermost first (shield, then helmet or breastplate, then suit).
"""

from __future__ import annotations

from collections.abc import Iterable

from systems.magic_realm.engine.attack import HARM_LETTERS, LEVEL, ArmorLayer, Attack, Maneuver, Target
from systems.magic_realm.engine.catalogue import (
    Armor,
    Character,
    DenizenSide,
    Horse,
    Monster,
    MonsterWeapon,
    Native,
    Spell,
    Weapon,
)

DAGGER_NAME = "dagger"
DAGGER_HARM = "N"
DAGGER_SHARPNESS = 1
DAGGER_WEIGHT = "N"
DEFAULT_MONSTER_MOVE_TIME = 6  # a denizen side that prints no move time
DENIZEN_SIDES = {"light": "light", "dark": "dark", "red": "dark"}
HORSE_SIDES = {"walking": "walking", "galloping": "galloping", "trot": "walking", "gallop": "galloping"}


class PlayError(ValueError):
    """A play the rules do not allow or that lacks a value; `field` names what is wrong."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}")


def _strength(letter: str | None) -> int:
    return LEVEL.get(letter or "N", 0)


def weapon_attack(
    weapon: Weapon | None,
    *,
    alerted: bool,
    fight_strength: str | None,
    fight_time: int | None,
    box: int | None,
    attacker: str | None = None,
    die_modifier: int = 0,
) -> Attack:
    """A character's attack with a weapon (or the dagger when `weapon` is None) and a FIGHT chit.

    Basic rules: one level more when the chit is stronger than a striking weapon's weight; the attack
    is cancelled when the weapon is heavier than the chit; the side's printed time replaces the chit's."""
    if weapon is None:
        name, weight, missile, length = DAGGER_NAME, DAGGER_WEIGHT, False, 0
        harm, sharpness, printed_time = DAGGER_HARM, DAGGER_SHARPNESS, None
    else:
        side = weapon.alerted if alerted else weapon.unalerted
        name, weight, missile, length = weapon.name, weapon.weight, weapon.missile, weapon.length
        harm, sharpness, printed_time = side.harm, side.sharpness, side.attack_time
    attacker = attacker or name
    time = printed_time if printed_time is not None else fight_time
    if time is None:
        raise PlayError("fight.time", f"the {name} prints no attack time on this side: give the FIGHT chit's time")
    notes: list[str] = []
    if printed_time is not None and fight_time is not None and printed_time != fight_time:
        notes.append(f"the {name}'s printed time {printed_time} replaces the FIGHT chit's time {fight_time}")
    cancelled = None
    if fight_strength is not None and _strength(weight) > _strength(fight_strength):
        cancelled = f"the {name} ({weight}) is heavier than the FIGHT chit ({fight_strength})"
    elif (
        harm is not None
        and not missile
        and fight_strength is not None
        and _strength(fight_strength) > _strength(weight)
        and harm in LEVEL
    ):
        bumped = HARM_LETTERS[min(LEVEL[harm] + 1, LEVEL["X"])]
        notes.append(
            f"FIGHT chit {fight_strength} is stronger than the {name}'s weight {weight}: "
            f"harm {harm} + 1 level = {bumped}"
        )
        harm = bumped
    return Attack(
        attacker=attacker, harm=harm, sharpness=sharpness, time=time, box=box, length=length,
        missile=missile, weapon=name, die_modifier=die_modifier, cancelled=cancelled, notes=tuple(notes),
    )


def spell_attack(spell: Spell, *, magic_time: int, box: int | None, attacker: str | None = None) -> Attack:
    """An attack spell cast with a MAGIC chit of `magic_time` (0 when the chit was alerted)."""
    if not spell.attack or spell.harm is None:
        raise PlayError("spell", f"{spell.name} is not an attack spell")
    time = spell.attack_time if spell.attack_time is not None else magic_time
    return Attack(
        attacker=attacker or spell.name, harm=spell.harm, sharpness=spell.sharpness, time=time, box=box,
        length=spell.length, missile=spell.missile, spell=spell.name,
    )


def denizen_side(counter: Monster | Native | MonsterWeapon, side: str) -> DenizenSide:
    try:
        return getattr(counter, DENIZEN_SIDES[side])
    except KeyError:
        raise PlayError("side", f"must be light or dark, not {side!r}") from None


def denizen_attack(
    counter: Monster | Native | MonsterWeapon, side: str, *, box: int | None, attacker: str | None = None,
) -> Attack:
    """A monster's, native's or monster weapon part's attack on its current side. Natives with the
    archer attribute roll one die on the Missile table."""
    face = denizen_side(counter, side)
    if face.harm is None and isinstance(counter, Monster) and counter.weapon is not None:
        return denizen_attack(counter.weapon, side, box=box, attacker=attacker)
    archer = isinstance(counter, Native) and counter.archer and face.missile
    return Attack(
        attacker=attacker or counter.name, harm=face.harm, sharpness=face.sharpness,
        time=face.attack_time if face.attack_time is not None else DEFAULT_MONSTER_MOVE_TIME,
        box=box, length=face.length, missile=face.missile, one_die=archer,
        notes=("an archer rolls one die on the Missile table",) if archer else (),
    )


def denizen_move_time(counter: Monster | Native, side: str) -> int:
    face = denizen_side(counter, side)
    return face.move_time if face.move_time is not None else DEFAULT_MONSTER_MOVE_TIME


def can_turn_over(counter: Monster | Native, side: str) -> bool:
    """Change tactics (22.5/3): a side that pins or does RED harm never turns over, and neither side of a
    monster the catalogue marks `can_change_tactics=False` does: Tremendous monsters keep the side they
    show and go red side up only by hitting (RealmSpeak: "Tremendous monsters don't change tactics";
    issue #15.1, where a light-side T Troll turned red on a 6 and killed without ever hitting)."""
    face = denizen_side(counter, side)
    if face.pins or face.harm == "RED":
        return False
    return counter.can_change_tactics


def weapon_can_turn_over(monster: Monster, monster_side: str, *, while_red: bool = False) -> bool:
    """Whether a monster's head or club may change tactics on its own box's roll (it turns over apart
    from its monster). `monster` and `monster_side` are the MONSTER's counter and side, not the weapon's:
    while the monster is red side up (its side pins or does RED harm) the head or club keeps its side,
    unless `while_red` (the ruling `weapon_turns_while_red`, docs/rulings.md; RealmSpeak turns it on a 6
    in its box whatever its monster shows)."""
    face = denizen_side(monster, monster_side)
    return while_red or not (face.pins or face.harm == "RED")


def other_side(side: str) -> str:
    return "dark" if DENIZEN_SIDES[side] == "light" else "light"


def denizen_target(
    counter: Monster | Native, side: str, *, box: int | None, name: str | None = None,
) -> Target:
    """A monster or native on `side`: its vulnerability, armor and the side's move time as maneuver."""
    time = denizen_move_time(counter, side)
    return Target(
        name=name or counter.name, kind="denizen", vulnerability=counter.vulnerability,
        maneuver=Maneuver(box, time if box is not None else None), armored=counter.armored,
    )


def horse_target(horse: Horse, side: str, *, box: int | None, name: str | None = None) -> Target:
    """A horse on its walking or galloping side (denizen horses gallop in melee)."""
    try:
        face = getattr(horse, HORSE_SIDES[side])
    except KeyError:
        raise PlayError("side", f"a horse is walking or galloping, not {side!r}") from None
    return Target(
        name=name or horse.name, kind="horse", vulnerability=horse.vulnerability,
        maneuver=Maneuver(box, face.move_time if box is not None else None), armored=horse.armored,
    )


def _armor_order(piece: Armor) -> int:
    if piece.shield:
        return 0
    if piece.protects != frozenset({1, 2, 3}):
        return 1
    return 2


def armor_for_box(
    pieces: Iterable[tuple[Armor, str]], box: int, shield_box: int | None = None,
) -> tuple[ArmorLayer, ...]:
    """The armor protecting `box`, outermost first: a shield only in the box it was played in, a
    helmet box 3, a breastplate boxes 1-2, a suit every box. `pieces` are (armor, state) pairs."""
    hit = [
        (armor, state) for armor, state in pieces
        if (armor.shield and shield_box == box) or (not armor.shield and box in armor.protects)
    ]
    hit.sort(key=lambda pair: _armor_order(pair[0]))
    return tuple(ArmorLayer(armor.name, armor.toughness, state) for armor, state in hit)


def character_target(
    character: Character | None,
    *,
    maneuver: Maneuver,
    armor: tuple[ArmorLayer, ...] = (),
    rider_maneuver: Maneuver | None = None,
    vulnerability: str | None = None,
    name: str | None = None,
) -> Target:
    """A character hit in a box protected by `armor` (outermost first)."""
    vulnerability = vulnerability or (character.vulnerability if character else None)
    if vulnerability is None:
        raise PlayError("vulnerability", "a character needs a vulnerability (L, M, H or T)")
    return Target(
        name=name or (character.name if character else "character"), kind="character",
        vulnerability=vulnerability, maneuver=maneuver, armor=armor, rider_maneuver=rider_maneuver,
    )
