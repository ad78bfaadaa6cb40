"""The odds calculator of spec/odds.md: exact probabilities for one attack, or for running away.

`attack_odds(query)` answers the JSON query of spec/odds.md (the `combat_odds` command and the web odds
panel both call it). It resolves the attack with the code of `resolve_attack`, which the melee round
uses (what comes before the table roll once, then each possible high die), per possible geometry
(which box the target maneuvered in, which side a denizen shows), weighs each result by its exact probability (`fractions.Fraction`) and returns
floats.

Unknowns weighed:
- `intercept: null`: the target's maneuver is in each of the three boxes with probability 1/3 (the
  attack's box is fixed as box 1): 1/3 intercepted, 2/3 in another box (undercut or missed).
- `may_change_tactics: true`: the denizen turns over before the attack with probability 11/36 (a 6 on
  either of two dice), unless it cannot (a red-side-up Tremendous monster).
- the dice: the high die of two shows h with probability (2h - 1)/36; one die (archers) 1/6 each.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any
from weakref import WeakKeyDictionary

from systems.magic_realm.engine.attack import (
    HARM_LETTERS,
    applied_level,
    ArmorLayer,
    Attack,
    AttackError,
    AttackResult,
    Maneuver,
    Target,
    _before_the_roll,
)
from systems.magic_realm.engine.attackers import (
    DENIZEN_SIDES,
    HORSE_SIDES,
    PlayError,
    can_turn_over,
    character_target,
    denizen_attack,
    denizen_move_time,
    denizen_side,
    horse_target,
    other_side,
    spell_attack,
    weapon_attack,
)
from systems.magic_realm.engine.catalogue import Catalogue, Monster, UnknownCounter
from systems.magic_realm.engine.dice import Roll
from systems.magic_realm.engine.ruleset import RuleSet, RuleSetError, rules_from
from systems.magic_realm.engine.tables import stumble_modifier, stumble_table

OUTCOMES = ("killed", "wounded", "armor damaged", "armor destroyed", "no effect", "miss")
CHANGE_TACTICS = Fraction(11, 36)
_NOTHING = Fraction(0)
_CERTAIN = Fraction(1)  # a 6 on either of two dice
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


@lru_cache(maxsize=64)
def high_die_probability(high: int, count: int) -> Fraction:
    """The chance that the highest of `count` dice shows `high`. Memoised: a pure function of two small
    ints, asked six times per geometry."""
    return Fraction(high**count - (high - 1) ** count, 6**count)


class _EnumeratedRoll(Roll):
    """A roll the odds calculator supposes: only its high die is meaningful (the log shows no others)."""

    enumerated = True


@lru_cache(maxsize=4096)
def attack_distribution(attack: Attack, target: Target, rules: RuleSet) -> tuple[tuple[int, Fraction, AttackResult], ...]:
    """Every result of the attack with its exact probability: one entry per high die 1..6, or a
    single entry (high 0) when no die is rolled. Cached: attacks, targets and rules are frozen."""
    # What comes before the table roll is the same for every die: worked out once, as resolve_attack would.
    pending = _before_the_roll(attack, target, rules, (attack.attacker, target.name))
    if isinstance(pending, AttackResult):
        return ((0, Fraction(1), pending),)
    count = pending.dice_count
    ones = (1,) * (count - 1)
    return tuple(
        (high, high_die_probability(high, count), pending.after(_EnumeratedRoll(pending.purpose, (high, *ones))))
        for high in range(1, 7)
    )


# ---------------------------------------------------------------- reading the query

_query_catalogue: ContextVar[Catalogue | None] = ContextVar("odds_catalogue", default=None)


def _catalogue() -> Catalogue:
    """The catalogue of the query being answered: a campaign's (with its house counters), or the game's."""
    chosen = _query_catalogue.get()
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


def _lookup(field: str, kind: str, name: Any):
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


def _int(data: dict, key: str, field: str, *, required: bool = True, default=None, low=None, high=None, nullable=False):
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


def _bool(data: dict, key: str, field: str, default: bool | None = False):
    value = data.get(key, default)
    if value is not None and not isinstance(value, bool):
        raise OddsError(f"{field}.{key}", f"must be true or false, not {value!r}")
    return value


def _letter(value: Any, field: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value.strip().upper() not in allowed:
        raise OddsError(field, f"must be one of {', '.join(allowed)}, not {value!r}")
    return value.strip().upper()


def _object(value: Any, field: str) -> dict:
    if not isinstance(value, dict):
        raise OddsError(field, "must be a JSON object")
    return value


def _side(data: dict, field: str, default: str = "light") -> str:
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
    data = _object(value, "attack")
    field = "attack"
    die_modifier = _int(data, "die_modifier", field, required=False, default=0)
    try:
        if "weapon" in data:
            name = data["weapon"]
            weapon = None
            if not (isinstance(name, str) and name.strip().casefold() == "dagger"):
                weapon = _lookup("attack.weapon", "weapon", name)
            fight = _object(data.get("fight", {}), "attack.fight")
            strength = fight.get("strength")
            if strength is not None:
                strength = _letter(strength, "attack.fight.strength", ("L", "M", "H", "T"))
            fight_time = _int(fight, "time", "attack.fight", required=False, nullable=True, low=0, high=8)
            attack = weapon_attack(
                weapon, alerted=_bool(data, "alerted", field), fight_strength=strength, fight_time=fight_time,
                box=ATTACK_BOX, die_modifier=die_modifier,
            )
        elif "spell" in data and "harm" not in data:
            spell = _lookup("attack.spell", "spell", data["spell"])
            attack = spell_attack(spell, magic_time=_int(data, "time", field, low=0, high=8), box=ATTACK_BOX)
        elif "denizen" in data:
            name = data["denizen"]
            counter = _monster_weapon_part(name) if isinstance(name, str) else None
            counter = counter or _lookup("attack.denizen", "denizen", name)
            attack = denizen_attack(counter, _side(data, field), box=ATTACK_BOX)
            if attack.harm is None:
                raise OddsError("attack.side", f"{counter.name} has no attack on its {data.get('side', 'light')} side")
        elif "harm" in data:
            harm = _letter(data["harm"], "attack.harm", HARM_LETTER_SET)
            spell = data.get("spell")
            if spell is not None and not isinstance(spell, str):
                raise OddsError("attack.spell", "must be a spell's name")
            attack = Attack(
                attacker=str(data.get("name") or spell or "attack"), harm=harm,
                sharpness=_int(data, "sharpness", field, required=False, default=0, low=0, high=5),
                time=_int(data, "time", field, low=0, high=8), box=ATTACK_BOX,
                missile=_bool(data, "missile", field), spell=spell,
                one_die=_bool(data, "one_die", field), die_modifier=die_modifier,
            )
        else:
            raise OddsError("attack", "give a weapon, a spell, a denizen, or a raw harm letter")
    except PlayError as error:
        raise OddsError(f"attack.{error.field}", str(error).split(": ", 1)[1]) from None
    if "one_die" in data and "harm" not in data:
        attack = replace(attack, one_die=_bool(data, "one_die", field))
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
        item = _object(item, path)
        state = item.get("state", "intact")
        if state not in ("intact", "damaged"):
            raise OddsError(f"{path}.state", f"must be intact or damaged, not {state!r}")
        if "name" in item and "toughness" not in item:
            piece = _lookup(f"{path}.name", "armor", item["name"])
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
    data = _object(value, "target")
    field = "target"
    if data.get("character") not in (None, False):
        character = data["character"]
        notes = []
        if isinstance(character, str):
            counter = _lookup("target.character", "character", character)
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
            move_time=_int(data, "move_time", field, required=False, nullable=True, low=0, high=8),
            notes=tuple(notes),
        )
    if "horse" in data:
        horse = _lookup("target.horse", "horse", data["horse"])
        side = data.get("side", "galloping")
        if not isinstance(side, str) or side not in HORSE_SIDES:
            raise OddsError("target.side", f"a horse is walking or galloping, not {side!r}")
        built = horse_target(horse, side, box=ATTACK_BOX)
        return TargetSpec(
            kind="horse", name=horse.name, vulnerability=horse.vulnerability, armored=horse.armored,
            move_time=built.maneuver.time,
        )
    if "denizen" in data:
        counter = _lookup("target.denizen", "denizen", data["denizen"])
        side = _side(data, field)
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
        may_change = _bool(data, "may_change_tactics", field)
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
            armored=bool(_bool(data, "armored", field)),
            move_time=_int(data, "move_time", field, required=not maneuvers_given, nullable=maneuvers_given,
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


def _cases(spec: TargetSpec, query: dict) -> list[Case]:
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
                entry = _object(entry, f"maneuvers[{index}]")
                time = _int(entry, "time", f"maneuvers[{index}]", nullable=True, low=0, high=8)
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


# ---------------------------------------------------------------- answering

def _harm_code(result: AttackResult) -> str | None:
    """The harm the table gives, before any armor (spec/odds.md `rolls[].harm`): the table's letter
    raised a level by each sharpness star, X past Tremendous. Not `applied_harm`, which is what met the
    armor (issue #12.2: a T that met H armor was reported as H)."""
    if result.harm == "RED" or result.applied_harm == "RED":
        return "X"
    if not result.harm:
        return result.applied_harm
    return HARM_LETTERS[applied_level(HARM_LETTERS.index(result.harm), result.sharpness)]


def _roll_entry(high: int, probability: Fraction, result: AttackResult) -> dict:
    return {
        "roll": high,
        "probability": float(probability),
        "adjusted": result.adjusted,
        "harm": _harm_code(result),
        "result": result.outcome,
        "table": result.table_result,
        "hit": result.hit,
    }


def _describe_case(case: Case, attack: Attack) -> str:
    def where(maneuver: Maneuver) -> str:
        box = "the attack's box" if maneuver.box == attack.box else "another box"
        return f"in {box} (time {maneuver.time})"

    parts = []
    if case.side is not None:
        parts.append(f"{case.target.name} on its {case.side} side")
    maneuver = case.target.maneuver
    parts.append("no maneuver" if maneuver.box is None else f"maneuver {where(maneuver)}")
    rider = case.target.rider_maneuver
    if rider is not None:
        parts.append("rider: no maneuver of his own" if rider.box is None else f"rider's own maneuver {where(rider)}")
    return ", ".join(parts)


def _fmt(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def attack_odds(query: dict, catalogue: Catalogue | None = None) -> dict:
    """Answer a query of spec/odds.md. Raises OddsError (naming the field) for a query it cannot answer.

    `catalogue` lets the web panel use a campaign's catalogue (`Catalogue.with_house_counters`); by
    default the game's catalogue (`get_catalogue()`)."""
    token = _query_catalogue.set(catalogue)
    try:
        return _answer(query)
    finally:
        _query_catalogue.reset(token)


def _answer(query: dict) -> dict:
    query = _object(query, "query")
    rules = read_rules(query.get("rules"))
    if "run" in query:
        return run_odds(query["run"], rules)
    if "attack" not in query:
        raise OddsError("attack", "is required (or give a run)")
    if "target" not in query:
        raise OddsError("target", "is required")
    attack = read_attack(query["attack"])
    spec = read_target(query["target"], maneuvers_given=query.get("maneuvers") is not None)
    cases = _cases(spec, query)

    outcomes = {name: Fraction(0) for name in OUTCOMES}
    reports = []
    try:
        for case in cases:
            report = case_report(attack, case.target, rules)
            for name, p in report.outcomes:
                if p:
                    outcomes[name] += case.probability * p
            reports.append((case, report))
    except AttackError as error:
        raise OddsError("attack", str(error)) from None

    steps = [f"Rules: {rules.preset}" + _differences(rules)]
    steps += [
        f"Note: {note}" for note in spec.notes
        if not (note.startswith("target.move_time") and "maneuvers" in query)
    ]
    answer: dict[str, Any] = {
        "p_kill": float(outcomes["killed"]),
        "outcomes": {name: float(p) for name, p in outcomes.items()},
    }
    if len(reports) == 1:
        report = reports[0][1]
        answer["rolls"] = [dict(entry) for entry in report.rolls]
        answer["modifier"] = report.modifier
        steps += report.steps
    else:
        if spec.may_turn:
            steps.append(
                f"Change tactics: {spec.name} turns over before the attack with probability 11/36 "
                "(a 6 on either of two dice)"
            )
        if query.get("intercept", None) is None and "maneuvers" not in query:
            steps.append(
                "Direction unknown: the target's maneuver is in each of the three boxes with probability 1/3, "
                "so it lines up with the attack with probability 1/3 and not with probability 2/3"
            )
        for case, report in reports:
            summary = ", ".join(f"{name} {_fmt(p)}" for name, p in report.outcomes if p)
            steps.append(f"Case {_fmt(case.probability)} — {_describe_case(case, attack)}: {summary}")
            steps += ["    " + line for line in report.steps]
    answer["cases"] = [
        {
            "probability": float(case.probability),
            "description": _describe_case(case, attack),
            "side": case.side,
            "hit": report.hit,
            "modifier": report.modifier,
            "outcomes": {name: float(p) for name, p in report.outcomes},
            "rolls": [dict(entry) for entry in report.rolls],
        }
        for case, report in reports
    ]
    steps.append("Result: " + ", ".join(f"{name} {_fmt(p)}" for name, p in outcomes.items() if p))
    answer["steps"] = steps
    answer["explanation"] = "\n".join(steps)
    answer["exact"] = {name: _fmt(p) for name, p in outcomes.items()}
    return answer


@dataclass(frozen=True)
class CaseReport:
    """One geometry's share of an answer, computed once per (attack, target, rules) and cached."""

    outcomes: tuple[tuple[str, Fraction], ...]
    rolls: tuple[tuple[tuple[str, Any], ...], ...]  # the six `rolls` entries, as items
    steps: tuple[str, ...]
    hit: str
    modifier: int | None  # None for a miss; 0 for a hit that rolls no table


@lru_cache(maxsize=4096)
def case_report(attack: Attack, target: Target, rules: RuleSet) -> CaseReport:
    distribution = attack_distribution(attack, target, rules)
    # The probabilities share a denominator (6 ** dice, or 1): adding integer numerators is exact and
    # spares a Fraction normalisation per die.
    denominator = lcm(*(probability.denominator for _, probability, _ in distribution))
    numerators = dict.fromkeys(OUTCOMES, 0)
    for _, probability, result in distribution:
        numerators[result.outcome] += probability.numerator * (denominator // probability.denominator)
    outcomes = {
        name: Fraction(numerator, denominator) if numerator else _NOTHING for name, numerator in numerators.items()
    }
    first = distribution[0][2]
    modifier = None
    if first.is_hit:
        modifier = first.modifier if first.modifier is not None else 0
    return CaseReport(
        outcomes=tuple(outcomes.items()),
        rolls=tuple(tuple(entry.items()) for entry in _six_rolls(distribution)),
        steps=tuple(_case_steps(distribution)),
        hit=first.hit,
        modifier=modifier,
    )


@lru_cache(maxsize=64)  # a pure function of a frozen rule set, asked by every query
def _differences(rules: RuleSet) -> str:
    differences = rules.differences_from_preset()
    if not differences:
        return ""
    return " with " + ", ".join(f"{key}={value!r}" for key, value in differences.items())


def _six_rolls(distribution) -> list[dict]:
    if distribution[0][0] == 0:
        result = distribution[0][2]
        return [_roll_entry(high, high_die_probability(high, 2), result) for high in range(1, 7)]
    return [_roll_entry(high, probability, result) for high, probability, result in distribution]


def _case_steps(distribution) -> list[str]:
    """The events before the table roll (the same for every die), then one line per high die."""
    first = distribution[0][2]
    if distribution[0][0] == 0:
        return [str(event) for event in first.events]
    table_at = next(index for index, event in enumerate(first.events) if event.kind == "table")
    steps = [str(event) for event in first.events[:table_at]]
    for high, probability, result in distribution:
        # every die's events share the same ones before the table roll, so the table is at the same place
        tail = "; ".join([str(event) for event in result.events[table_at:]])
        steps.append(f"[high die {high}, probability {_fmt(probability)}] {tail}")
    return steps


# ---------------------------------------------------------------- running away (Stumble)

def run_odds(value: Any, rules: RuleSet) -> dict:
    """Rule 5.1: the chance that running away (or picking up) completes.
    Stumble: high die + own move time - fastest attacker's move time + number of attackers ≤ 6.
    Without Stumble (basic game): the move time must be faster than every attacker's."""
    data = _object(value, "run")
    move_time = _int(data, "move_time", "run", low=0, high=8)
    flying = _bool(data, "flying", "run")
    attackers = data.get("attackers", [])
    if not isinstance(attackers, list):
        raise OddsError("run.attackers", "must be a list of attackers")
    times: list[int] = []
    steps = [f"Rules: {rules.preset}" + _differences(rules)]
    for index, item in enumerate(attackers):
        path = f"run.attackers[{index}]"
        item = _object(item, path)
        if "denizen" in item:
            counter = _lookup(f"{path}.denizen", "denizen", item["denizen"])
            side = _side(item, path)
            face = denizen_side(counter, side)
            if face.pins or face.harm == "RED":
                steps.append(f"5.1: {counter.name} is red side up on the sheet: the character cannot run")
                return _run_answer(Fraction(0), None, [], steps)
            is_flying = isinstance(counter, Monster) and counter.flying
            time = denizen_move_time(counter, side)
            label = f"{counter.name} ({side}, move {time})"
        else:
            time = _int(item, "move_time", path, low=0, high=8)
            is_flying = bool(_bool(item, "flying", path))
            label = f"attacker (move {time})"
        if flying and not is_flying:
            steps.append(f"5.1/3: {label} does not fly and does not count")
            continue
        times.append(time)
        steps.append(f"Attacker: {label}")
    if not times:
        steps.append("No attacker on the sheet: the action completes without a roll")
        return _run_answer(Fraction(1), None, [], steps)
    fastest = min(times)
    if not rules.stumble:
        success = move_time < fastest
        steps.append(
            f"Basic rules (no Stumble): move time {move_time} {'<' if success else '≥'} fastest attacker's "
            f"{fastest} → {'completes' if success else 'cannot run'}"
        )
        return _run_answer(Fraction(int(success)), None, [], steps)
    modifier = stumble_modifier(move_time, fastest, len(times))
    steps.append(
        f"5.1/1 Stumble: own move time {move_time} - fastest attacker's {fastest} + {len(times)} attackers "
        f"= {modifier:+d}"
    )
    rolls = []
    p_success = Fraction(0)
    for high in range(1, 7):
        probability = high_die_probability(high, 2)
        result = stumble_table(high + modifier)
        if result.completed:
            p_success += probability
        rolls.append({
            "roll": high, "probability": float(probability), "adjusted": result.adjusted,
            "result": "completed" if result.completed else "cancelled",
        })
        steps.append(
            f"5.1/2 high die {high} ({_fmt(probability)}): {high} + ({modifier}) = {result.adjusted} → "
            f"{'completed (6 or less)' if result.completed else 'cancelled (7 or more)'}"
        )
    return _run_answer(p_success, modifier, rolls, steps)


def _run_answer(p_success: Fraction, modifier: int | None, rolls: list[dict], steps: list[str]) -> dict:
    steps = steps + [f"Result: the run completes with probability {_fmt(p_success)}"]
    return {
        "p_success": float(p_success),
        "modifier": modifier,
        "rolls": rolls,
        "steps": steps,
        "explanation": "\n".join(steps),
        "exact": {"p_success": _fmt(p_success)},
    }


__all__ = ["OUTCOMES", "OddsError", "attack_distribution", "attack_odds", "high_die_probability", "run_odds"]
