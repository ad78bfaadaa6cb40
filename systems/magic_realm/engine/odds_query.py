"""Reading and checking an odds query (spec/odds.md) for the odds calculator (`odds`): its rules, its
attack, its target, and the geometries (maneuver boxes, the denizen's side) the answer weighs.

A wrong value raises `OddsError` naming its path in the query ("target.denizen").
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any
from weakref import WeakKeyDictionary

from systems.magic_realm.engine.attack import ArmorLayer, Attack, Maneuver, Target
from systems.magic_realm.engine.attackers import (
    DENIZEN_SIDES,
    HORSE_SIDES,
    PlayError,
    can_turn_over,
    character_target,
    denizen_attack,
    denizen_move_time,
    horse_target,
    other_side,
    spell_attack,
    weapon_attack,
)
from systems.magic_realm.engine.catalogue import Catalogue, UnknownCounter
from systems.magic_realm.engine.ruleset import RuleSet, RuleSetError, rules_from

CHANGE_TACTICS = Fraction(11, 36)  # a 6 on either of two dice
_CERTAIN = Fraction(1)
ATTACK_BOX = 1
NOT_INTERCEPTING_BOX = 2
HARM_LETTER_SET = ("N", "L", "M", "H", "T", "RED")
VULNERABILITIES = ("L", "M", "H", "T")


class OddsError(ValueError):
    """A query that cannot be answered; `field` is the path of the wrong value ("target.denizen")."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


# The catalogue of the query being answered, set by `attack_odds`: the readers look counters up in it.
query_catalogue: ContextVar[Catalogue | None] = ContextVar("odds_catalogue", default=None)


def _catalogue() -> Catalogue:
    """The catalogue of the query being answered: a campaign's (with its house counters), or the game's."""
    chosen = query_catalogue.get()
    if chosen is not None:
        return chosen
    from systems.magic_realm.engine.catalogue_data import get_catalogue

    return get_catalogue()


_FOUND: WeakKeyDictionary = WeakKeyDictionary()  # catalogue → {(kind, name): counter}


def _found_in(catalogue: Catalogue) -> dict:
    """The lookups already answered from one catalogue (catalogues do not change once built): a lookup
    normalises the name, which costs as much as a first-time query's arithmetic."""
    try:
        return _FOUND.setdefault(catalogue, {})
    except TypeError:  # a catalogue that cannot be weakly referenced: no memo
        return {}


def lookup_counter(field: str, kind: str, name: Any):
    if not isinstance(name, str) or not name.strip():
        raise OddsError(field, f"must be the name of a {kind}")
    catalogue = _catalogue()
    found = _found_in(catalogue)
    key = (kind, name)
    try:
        return found[key]
    except KeyError:
        pass
    try:
        counter = found[key] = catalogue.lookup(kind, name)
        return counter
    except UnknownCounter as error:
        hint = f"; did you mean {', '.join(repr(s) for s in error.suggestions)}?" if error.suggestions else ""
        raise OddsError(field, f"unknown {kind} {name!r}{hint}") from None


def read_int(data: dict, key: str, field: str, *, required: bool = True, default=None, low=None, high=None, nullable=False):
    if key not in data:
        if required:
            raise OddsError(f"{field}.{key}", "is required")
        return default
    value = data[key]
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise OddsError(f"{field}.{key}", f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise OddsError(f"{field}.{key}", f"must be from {low} to {high}, not {value}")
    return value


def read_bool(data: dict, key: str, field: str, default: bool | None = False):
    value = data.get(key, default)
    if value is not None and not isinstance(value, bool):
        raise OddsError(f"{field}.{key}", f"must be true or false, not {value!r}")
    return value


def _letter(value: Any, field: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value.strip().upper() not in allowed:
        raise OddsError(field, f"must be one of {', '.join(allowed)}, not {value!r}")
    return value.strip().upper()


def read_object(value: Any, field: str) -> dict:
    if not isinstance(value, dict):
        raise OddsError(field, "must be a JSON object")
    return value


def read_side(data: dict, field: str, default: str = "light") -> str:
    side = data.get("side", default)
    if not isinstance(side, str) or side not in DENIZEN_SIDES:
        raise OddsError(f"{field}.side", f"must be light or dark, not {side!r}")
    return side


def read_rules(value: Any) -> RuleSet:
    if value is None:
        raise OddsError("rules", "is required: a preset name, or {\"preset\": NAME, ...overrides}")
    try:
        return rules_from(value)
    except RuleSetError as error:
        field, message = next(iter(error.errors.items()))
        path = "rules" if field == "rules" or isinstance(value, str) else f"rules.{field}"
        raise OddsError(path, message) from None


def _monster_weapon_part(name: str):
    """A monster's head or club named on its own ("Giant Club")."""
    wanted = name.strip().casefold()
    for monster in _catalogue().monsters:
        if monster.weapon is not None and monster.weapon.name.casefold() == wanted:
            return monster.weapon
    return None


def read_attack(value: Any) -> Attack:
    data = read_object(value, "attack")
    field = "attack"
    die_modifier = read_int(data, "die_modifier", field, required=False, default=0)
    try:
        if "weapon" in data:
            name = data["weapon"]
            weapon = None
            if not (isinstance(name, str) and name.strip().casefold() == "dagger"):
                weapon = lookup_counter("attack.weapon", "weapon", name)
            fight = read_object(data.get("fight", {}), "attack.fight")
            strength = fight.get("strength")
            if strength is not None:
                strength = _letter(strength, "attack.fight.strength", ("L", "M", "H", "T"))
            fight_time = read_int(fight, "time", "attack.fight", required=False, nullable=True, low=0, high=8)
            attack = weapon_attack(
                weapon, alerted=read_bool(data, "alerted", field), fight_strength=strength, fight_time=fight_time,
                box=ATTACK_BOX, die_modifier=die_modifier,
            )
        elif "spell" in data and "harm" not in data:
            spell = lookup_counter("attack.spell", "spell", data["spell"])
            attack = spell_attack(spell, magic_time=read_int(data, "time", field, low=0, high=8), box=ATTACK_BOX)
        elif "denizen" in data:
            name = data["denizen"]
            counter = _monster_weapon_part(name) if isinstance(name, str) else None
            counter = counter or lookup_counter("attack.denizen", "denizen", name)
            attack = denizen_attack(counter, read_side(data, field), box=ATTACK_BOX)
            if attack.harm is None:
                raise OddsError("attack.side", f"{counter.name} has no attack on its {data.get('side', 'light')} side")
        elif "harm" in data:
            harm = _letter(data["harm"], "attack.harm", HARM_LETTER_SET)
            spell = data.get("spell")
            if spell is not None and not isinstance(spell, str):
                raise OddsError("attack.spell", "must be a spell's name")
            attack = Attack(
                attacker=str(data.get("name") or spell or "attack"), harm=harm,
                sharpness=read_int(data, "sharpness", field, required=False, default=0, low=0, high=5),
                time=read_int(data, "time", field, low=0, high=8), box=ATTACK_BOX,
                missile=read_bool(data, "missile", field), spell=spell,
                one_die=read_bool(data, "one_die", field), die_modifier=die_modifier,
            )
        else:
            raise OddsError("attack", "give a weapon, a spell, a denizen, or a raw harm letter")
    except PlayError as error:
        raise OddsError(f"attack.{error.field}", str(error).split(": ", 1)[1]) from None
    if "one_die" in data and "harm" not in data:
        attack = replace(attack, one_die=read_bool(data, "one_die", field))
    if die_modifier and attack.die_modifier != die_modifier:
        attack = replace(attack, die_modifier=die_modifier)
    return attack


@dataclass(frozen=True)
class TargetSpec:
    """The target before the geometry is chosen: a function of (maneuver box, side)."""

    kind: str
    name: str
    vulnerability: str
    armored: bool = False
    armor: tuple[ArmorLayer, ...] = ()
    move_time: int | None = None
    side: str | None = None
    counter: Any = None
    may_turn: bool = False
    notes: tuple[str, ...] = ()
    horse_time: int | None = None  # a native attacked on his horse (aim "rider"): the horse's maneuver

    def move_time_on(self, side: str | None) -> int | None:
        if self.counter is not None and side is not None and self.kind == "denizen":
            return denizen_move_time(self.counter, side)
        return self.move_time


def _armor_list(value: Any, field: str) -> tuple[ArmorLayer, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise OddsError(field, "must be a list of armor pieces, outermost first")
    layers = []
    for index, item in enumerate(value):
        path = f"{field}[{index}]"
        item = read_object(item, path)
        state = item.get("state", "intact")
        if state not in ("intact", "damaged"):
            raise OddsError(f"{path}.state", f"must be intact or damaged, not {state!r}")
        if "name" in item and "toughness" not in item:
            piece = lookup_counter(f"{path}.name", "armor", item["name"])
            layers.append(ArmorLayer(piece.name, piece.toughness, state))
        elif "toughness" in item:
            toughness = _letter(item["toughness"], f"{path}.toughness", VULNERABILITIES)
            layers.append(ArmorLayer(str(item.get("name") or f"{toughness} armor"), toughness, state))
        else:
            raise OddsError(path, "give the armor's name or its toughness")
    return tuple(layers)


def read_target(value: Any, *, maneuvers_given: bool = False) -> TargetSpec:
    """The query's target. With "maneuvers" the maneuvers give the times, so no move_time is needed
    (spec/odds.md, "maneuvers and intercept")."""
    data = read_object(value, "target")
    field = "target"
    if data.get("character") not in (None, False):
        character = data["character"]
        notes = []
        if isinstance(character, str):
            counter = lookup_counter("target.character", "character", character)
            vulnerability = counter.vulnerability
            name = counter.name
        elif character is True:
            counter, vulnerability, name = None, None, "character"
        else:
            raise OddsError("target.character", "must be a character's name or true")
        if "vulnerability" in data:
            vulnerability = _letter(data["vulnerability"], "target.vulnerability", VULNERABILITIES)
        if vulnerability is None:
            raise OddsError("target.vulnerability", "is required for a raw character (L, M, H or T)")
        if "move_time" not in data:
            notes.append("target.move_time not given: the character is taken to have played no maneuver (5.4/4)")
        return TargetSpec(
            kind="character", name=str(data.get("name") or name), vulnerability=vulnerability,
            armor=_armor_list(data.get("armor"), "target.armor"),
            move_time=read_int(data, "move_time", field, required=False, nullable=True, low=0, high=8),
            notes=tuple(notes),
        )
    if "horse" in data:
        horse = lookup_counter("target.horse", "horse", data["horse"])
        side = data.get("side", "galloping")
        if not isinstance(side, str) or side not in HORSE_SIDES:
            raise OddsError("target.side", f"a horse is walking or galloping, not {side!r}")
        built = horse_target(horse, side, box=ATTACK_BOX)
        return TargetSpec(
            kind="horse", name=horse.name, vulnerability=horse.vulnerability, armored=horse.armored,
            move_time=built.maneuver.time,
        )
    if "denizen" in data:
        counter = lookup_counter("target.denizen", "denizen", data["denizen"])
        side = read_side(data, field)
        aim = data.get("aim", "horse")
        if aim not in ("horse", "rider"):
            raise OddsError("target.aim", f"must be horse or rider, not {aim!r}")
        horse = getattr(counter, "horse", None)
        if horse is not None and aim == "horse":
            return TargetSpec(
                kind="horse", name=horse.name, vulnerability=horse.vulnerability, armored=horse.armored,
                move_time=horse.galloping.move_time,
                notes=(f"{counter.name} rides {horse.name}: the attack hits the horse, galloping in melee "
                       "(rule 5.3; give \"aim\": \"rider\" to attack the rider)",),
            )
        may_change = read_bool(data, "may_change_tactics", field)
        notes = []
        may_turn = bool(may_change) and can_turn_over(counter, side)
        if may_change and not may_turn:
            notes.append(f"{counter.name} cannot turn over on its {side} side (red-side-up Tremendous monster)")
        horse_time = None
        if horse is not None:
            horse_time = horse.galloping.move_time
            notes.append(
                f"{counter.name} rides {horse.name}: the attack must intercept or undercut the horse's "
                f"maneuver (galloping, time {horse_time}); the native's own maneuver (box unknown unless "
                "\"maneuvers\" gives it) changes the table roll (rules 5.2, 5.3/2, 5.4/2)"
            )
        return TargetSpec(
            kind="denizen", name=counter.name, vulnerability=counter.vulnerability, armored=counter.armored,
            side=side, counter=counter, may_turn=may_turn, notes=tuple(notes), horse_time=horse_time,
        )
    if "vulnerability" in data:
        return TargetSpec(
            kind="denizen", name=str(data.get("name") or "denizen"),
            vulnerability=_letter(data["vulnerability"], "target.vulnerability", VULNERABILITIES),
            armored=bool(read_bool(data, "armored", field)),
            move_time=read_int(data, "move_time", field, required=not maneuvers_given, nullable=maneuvers_given,
                           low=0, high=8),
        )
    raise OddsError("target", "give a denizen, a character, a horse, or a raw vulnerability")


_INTERCEPTED = ((ATTACK_BOX, Fraction(1)),)
_NOT_INTERCEPTED = ((NOT_INTERCEPTING_BOX, Fraction(1)),)
_DIRECTION_UNKNOWN = ((ATTACK_BOX, Fraction(1, 3)), (NOT_INTERCEPTING_BOX, Fraction(2, 3)))


def _box_choices(intercept: Any, field: str) -> tuple[tuple[int, Fraction], ...]:
    if intercept is True:
        return _INTERCEPTED
    if intercept is False:
        return _NOT_INTERCEPTED
    if intercept is None:
        # Two of the three boxes do not line up with the attack; which of the two cannot matter.
        return _DIRECTION_UNKNOWN
    raise OddsError(field, f"must be true, false or null, not {intercept!r}")


def _maneuver_choices(time: int | None, intercept: Any, field: str):
    if time is None:
        return ((Maneuver(None, None), Fraction(1)),)
    return tuple((Maneuver(box, time), p) for box, p in _box_choices(intercept, field))


@dataclass(frozen=True)
class Case:
    probability: Fraction
    target: Target
    side: str | None


def weighed_cases(spec: TargetSpec, query: dict) -> list[Case]:
    sides: list[tuple[str | None, Fraction]] = [(spec.side, _CERTAIN)]
    if spec.may_turn:
        sides = [(spec.side, 1 - CHANGE_TACTICS), (other_side(spec.side), CHANGE_TACTICS)]
    maneuvers = query.get("maneuvers")
    cases = []
    for side, side_p in sides:
        if maneuvers is not None:
            if not isinstance(maneuvers, list) or not 1 <= len(maneuvers) <= 2:
                raise OddsError("maneuvers", "must list the horse's maneuver, then the rider's own (1 or 2 entries)")
            choices = []
            for index, entry in enumerate(maneuvers):
                entry = read_object(entry, f"maneuvers[{index}]")
                time = read_int(entry, "time", f"maneuvers[{index}]", nullable=True, low=0, high=8)
                choices.append(_maneuver_choices(time, entry.get("intercept"), f"maneuvers[{index}].intercept"))
            riders = choices[1] if len(choices) == 2 else ((None, Fraction(1)),)
            for horse, horse_p in choices[0]:
                for rider, rider_p in riders:
                    target = _build_target(spec, horse, rider)
                    cases.append(Case(side_p * horse_p * rider_p, target, side))
        elif spec.horse_time is not None:
            rider_time = spec.move_time_on(side)
            for horse, horse_p in _maneuver_choices(spec.horse_time, query.get("intercept"), "intercept"):
                for rider, rider_p in _maneuver_choices(rider_time, None, "maneuvers"):
                    cases.append(Case(side_p * horse_p * rider_p, _build_target(spec, horse, rider), side))
        else:
            time = spec.move_time_on(side)
            for maneuver, p in _maneuver_choices(time, query.get("intercept"), "intercept"):
                cases.append(Case(p if side_p is _CERTAIN else side_p * p, _build_target(spec, maneuver, None), side))
    return cases


def _build_target(spec: TargetSpec, maneuver: Maneuver, rider: Maneuver | None) -> Target:
    """A rider's own maneuver counts only against the rider (5.3/2), never against his horse (5.3/1)."""
    if spec.kind == "horse":
        rider = None
    if spec.kind == "character":
        return character_target(
            None, maneuver=maneuver, armor=spec.armor, rider_maneuver=rider,
            vulnerability=spec.vulnerability, name=spec.name,
        )
    return Target(
        name=spec.name, kind=spec.kind, vulnerability=spec.vulnerability, maneuver=maneuver,
        armored=spec.armored, rider_maneuver=rider,
    )
