"""One attack against one target: hit determination, the table modifier, the Missile and Fumble
tables, harm, armor and the outcome, with a log event for each step.

The melee round (systems.magic_realm.engine.melee) and the odds calculator (systems.magic_realm.engine.odds) both resolve attacks
through `resolve_attack`, so the two can never disagree.

Harm is a letter and sharpness stars: Negligible (N) < L < M < H < T < beyond Tremendous (X). Each star
raises the harm one level; table results move the letter, and a decrease below Negligible eats stars,
so the harm inflicted (letter plus stars, rule 5.4) drops one level per level and never below
Negligible (no harm, but still a hit). The harm that counts against armor and
vulnerability, the *applied* harm, is the letter plus the stars, at most X.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from systems.magic_realm.engine.dice import Dice, Roll
from systems.magic_realm.engine.log import Event, section
from systems.magic_realm.engine.ruleset import RuleSet
from systems.magic_realm.engine.tables import FUMBLE_TABLE_NAME, MISSILE_TABLE_NAMES, TableResult, fumble_table, missile_table

BOX_ATTACK_NAMES = {1: "Thrust", 2: "Swing", 3: "Smash"}
BOX_MANEUVER_NAMES = {1: "Charge", 2: "Dodge", 3: "Duck"}
NO_MANEUVER_TIME = 8  # rule 5.4/4

HARM_LETTERS = ("N", "L", "M", "H", "T", "X")
LEVEL = {letter: level for level, letter in enumerate(HARM_LETTERS)}
BEYOND_TREMENDOUS = LEVEL["X"]
UNDERCUT_PENALTY = 4  # rule 5.4/1
KLUDGE_SPELLS = ("fiery blast", "lightning bolt")

# (number, name) of every rule the events cite. Basic-game rules have no number in our sources, so
# they are cited by the rulebook section they are in (`section`, issue #14.6).
RULES = {
    "hit": ("5.4/3", "Hit determination (the normal procedure: intercept or undercut)"),
    "no_maneuver": ("5.4/4", "No maneuver played: always intercepted, counts as time 8"),
    "modifier": ("5.4/1", "Time advantage and undercut modifier"),
    "rider": ("5.4/2", "Rider's own maneuver"),
    "fumble": ("5.4/1", FUMBLE_TABLE_NAME),
    "missile": ("5.4", "Optional Missile table"),
    "standard_missile": (section("Missile table"), "Missile table"),
    "cancelled": (section("Resolving attacks"), "Attack cancelled"),
    "attack_build": (section("Resolving attacks"), "Weapon, FIGHT chit and attack time"),
    "red": (section("Tremendous monsters"), "Red-side-up Tremendous monster: automatic kill"),
    "harm": (section("Harm"), "Harm: letter and sharpness stars"),
    "negligible": ("5.4", "Negligible harm still counts as a hit"),
    "star_on_armor": ("5.4/3", "An attack that hits armor loses one sharpness star"),
    "kill": (section("Harm"), "Harm against vulnerability"),
    "wound": (section("Wounds"), "Wounds"),
    "armor": (section("Armor"), "Armor damaged or destroyed"),
    "table_wound": ("5.4", "Missile table 'wound' result"),
    "beyond_t": ("5.5/1", "Harm beyond Tremendous ignores armor"),
    "penetrating": ("5.5/1", "Penetrating armor"),
    "penetrating_layers": ("5.5/2", "Penetrating several pieces of armor"),
    "kludge": ("kludge", "Hamblen's kludge: time-0 Fiery Blast / Lightning Bolt lose a star"),
    "double_kludge": ("house", "Community fix: a time-0 Fiery Blast loses two stars"),
    "spell_penalty": ("house", "Community fix: extra undercut penalty for an attack spell"),
    "alerted_spell_time": ("house", "Community fix: time used for a time-0 attack spell"),
}


@dataclass(frozen=True)
class Maneuver:
    """A played maneuver. box None means none was played: always intercepted, time 8 (rule 5.4/4)."""

    box: int | None
    time: int | None


@dataclass(frozen=True)
class ArmorLayer:
    name: str
    toughness: str  # L, M, H or T
    state: str = "intact"  # "intact" or "damaged"


@dataclass(frozen=True)
class Attack:
    attacker: str  # display name for the log: "Black Knight", "T Troll", "Giant's Club"
    harm: str | None  # N, L, M, H, T or RED; None: this side has no attack
    sharpness: int
    time: int  # the attack time used to determine the hit
    box: int | None  # 1 Thrust, 2 Swing, 3 Smash; None only in odds (direction unknown)
    length: int = 0
    missile: bool = False
    spell: str | None = None  # an attack spell's name: magic attacks never roll on the Fumble table
    one_die: bool = False  # the attacker rolls one die on the table
    weapon: str | None = None
    die_modifier: int = 0  # the attacker's own die-roll modifiers
    cancelled: str | None = None  # why the attack is cancelled (a weapon heavier than its FIGHT chit)
    notes: tuple[str, ...] = ()  # how the attack was built (the FIGHT chit's extra level, ...)


@dataclass(frozen=True)
class Target:
    name: str
    kind: str  # "character", "denizen" or "horse"
    vulnerability: str
    maneuver: Maneuver  # what the attack must intercept or undercut (for a rider: the horse's)
    armored: bool = False  # an armored denizen or horse loses one star
    armor: tuple[ArmorLayer, ...] = ()  # a character's armor protecting the box hit, outermost first
    rider_maneuver: Maneuver | None = None  # an attack aimed at a rider who played his own maneuver (5.4/2)


@dataclass(frozen=True)
class AttackResult:
    hit: str  # "intercept", "undercut", "miss" or "cancelled"
    outcome: str  # "killed", "wounded", "armor damaged", "armor destroyed", "no effect" or "miss"
    modifier: int | None
    roll: Roll | None
    adjusted: int | None
    table_result: str | None  # "+1 level", "wound", "Negligible", ...
    harm: str | None  # harm letter after the tables, before armor
    sharpness: int
    wounds: int
    armor_changes: tuple[tuple[str, str], ...]  # (armor name, "damaged" or "destroyed")
    events: tuple[Event, ...]
    applied_harm: str | None = None  # the harm that met armor/vulnerability: N..T or X, "RED"
    table: str | None = None  # the table rolled on
    notes: tuple[str, ...] = field(default=())

    @property
    def is_hit(self) -> bool:
        return self.hit in ("intercept", "undercut")

    @property
    def killed(self) -> bool:
        return self.outcome == "killed"


class AttackError(ValueError):
    """An attack or target that cannot be resolved (unknown harm letter, no attack box)."""


def harm_text(level: int, stars: int) -> str:
    return HARM_LETTERS[level] + "*" * stars


def applied_level(level: int, stars: int) -> int:
    return min(level + stars, BEYOND_TREMENDOUS)


def _event(key: str, kind: str, text: str, actors: tuple[str, ...], **data) -> Event:
    number, name = RULES[key]
    return Event(kind, text, number, name, actors, data)


def maneuver_time(maneuver: Maneuver) -> int:
    """Rule 5.4/4: no maneuver counts as time 8."""
    if maneuver.box is None or maneuver.time is None:
        return NO_MANEUVER_TIME
    return maneuver.time


def determine_hit(attack: Attack, target: Target) -> str:
    """Rule 5.4/3 (the basic procedure): intercept when the attack's box is the maneuver's, or the
    target played no maneuver (5.4/4); undercut when the attack time is strictly faster; else miss."""
    maneuver = target.maneuver
    if maneuver.box is None:
        return "intercept"
    if attack.box is None:
        raise AttackError("the attack has no box: give Thrust (1), Swing (2) or Smash (3)")
    if attack.box == maneuver.box:
        return "intercept"
    if maneuver.time is not None and attack.time < maneuver.time:
        return "undercut"
    return "miss"


def _is_spell(attack: Attack, name: str) -> bool:
    return attack.spell is not None and attack.spell.strip().casefold() == name


@dataclass(frozen=True)
class Modifier:
    """The table modifier (Hamblen's ruling: fixed when the hit is determined) and its terms."""

    total: int
    terms: tuple[str, ...]  # "3 - 4", "4", ...: the arithmetic shown in the log
    events: tuple[Event, ...]

    @property
    def expression(self) -> str:
        return _expression(self.terms)


def _expression(terms) -> str:
    """The terms of a modifier as the log shows them: "3 - 4 + 4"."""
    return " + ".join(terms).replace("+ -", "- ")


def table_modifier(attack: Attack, target: Target, hit: str, rules: RuleSet) -> Modifier:
    """Rule 5.4/1: attack time - target maneuver time, +4 when the attack did not intercept.
    Rule 5.4/2: against a rider who played his own maneuver, the same two terms again for it.
    Rule 5.4/4: no maneuver counts as time 8 (and is always intercepted).
    Community fixes: `alerted_spell_time` replaces a time-0 spell's time here (never for the hit);
    `fiery_blast_undercut_penalty` / `lightning_bolt_undercut_penalty` add to an undercut.
    The attacker's own die modifiers are added too."""
    return _table_modifier(attack, target, hit, rules, (attack.attacker, target.name))


def _table_modifier(attack: Attack, target: Target, hit: str, rules: RuleSet, actors: tuple[str, ...]) -> Modifier:
    events: list[Event] = []
    terms: list[str] = []
    total = 0
    attack_time = attack.time
    if attack.spell is not None and attack.time == 0 and rules.alerted_spell_time is not None:
        attack_time = rules.alerted_spell_time
        events.append(_event(
            "alerted_spell_time", "modifier",
            f"{attack.spell} cast at time 0 uses time {attack_time} in the table modifier", actors,
        ))
    target_time = maneuver_time(target.maneuver)
    total += attack_time - target_time
    terms.append(f"{attack_time} - {target_time}")
    text = f"attack time {attack_time} - maneuver time {target_time}"
    if target.maneuver.box is None:
        text += " (no maneuver counts as 8)"
    if hit != "intercept":
        total += UNDERCUT_PENALTY
        terms.append(str(UNDERCUT_PENALTY))
        text += f" + {UNDERCUT_PENALTY} for not intercepting"
    events.append(_event("modifier", "modifier", f"Table modifier: {text} = {total:+d}", actors, term=total))

    if target.rider_maneuver is not None and rules.riding_horses:
        rider = target.rider_maneuver
        rider_time = maneuver_time(rider)
        rider_intercepted = rider.box is None or rider.box == attack.box
        rider_total = attack_time - rider_time + (0 if rider_intercepted else UNDERCUT_PENALTY)
        total += rider_total
        terms.append(f"{attack_time} - {rider_time}")
        rider_text = f"attack time {attack_time} - rider's maneuver time {rider_time}"
        if rider.box is None:
            rider_text += " (no maneuver of his own counts as 8)"
        if not rider_intercepted:
            terms.append(str(UNDERCUT_PENALTY))
            rider_text += f" + {UNDERCUT_PENALTY} for not intercepting the rider"
        events.append(_event(
            "rider", "modifier", f"Rider: {rider_text} = {rider_total:+d}", actors, term=rider_total,
        ))

    if hit == "undercut":
        for spell, setting in (
            ("fiery blast", rules.fiery_blast_undercut_penalty),
            ("lightning bolt", rules.lightning_bolt_undercut_penalty),
        ):
            if setting and _is_spell(attack, spell):
                total += setting
                terms.append(str(setting))
                events.append(_event(
                    "spell_penalty", "modifier",
                    f"{attack.spell} undercut: + {setting} more", actors, term=setting,
                ))
    return Modifier(total, tuple(terms), tuple(events))


def _die_text(roll: Roll) -> str:
    if len(roll.dice) == 1:
        return f"die {roll.dice[0]}"
    if getattr(roll, "enumerated", False):  # the odds calculator supposes only the high die
        return f"high die {roll.high}"
    return f"high die {roll.high} (of {', '.join(str(d) for d in roll.dice)})"


def resolve_attack(attack: Attack, target: Target, rules: RuleSet, dice: Dice) -> AttackResult:
    """Resolve one attack: hit (5.4/3, 5.4/4), modifier (5.4/1, 5.4/2), the Fumble or Missile table
    (5.4), harm and stars, armor (5.4/3 star loss; 5.5 penetrating armor) and the outcome."""
    return _resolve_attack(attack, target, rules, dice, (attack.attacker, target.name))


def _resolve_attack(attack: Attack, target: Target, rules: RuleSet, dice: Dice, actors: tuple[str, ...]) -> AttackResult:
    """`resolve_attack` with the events' actors given: the melee round names hirelings' owners too, and
    writing them at once spares it a copy of every event."""
    pending = _before_the_roll(attack, target, rules, actors)
    if isinstance(pending, AttackResult):
        return pending
    return pending.after(dice.roll(pending.dice_count, pending.purpose))


def _finisher(attack: Attack, events: list[Event], notes: tuple[str, ...]):
    """The function that ends an attack: `values` is (modifier, roll, adjusted, table_result, harm,
    sharpness, table) once a table was rolled (`_table_values`), none of them before."""
    untouched = (None, None, None, None, None, attack.sharpness, None)

    def finish(hit: str, outcome: str, values: tuple = untouched, *, wounds=0, armor_changes=(), applied_harm=None) -> AttackResult:
        modifier, roll, adjusted, table_result, harm, sharpness, table = values
        return AttackResult(
            hit, outcome, modifier, roll, adjusted, table_result, harm, sharpness, wounds, armor_changes,
            tuple(events), applied_harm, table, notes,
        )

    return finish


def _before_the_roll(attack: Attack, target: Target, rules: RuleSet, actors: tuple[str, ...]) -> AttackResult | _Pending:
    """Everything before the table roll: the result itself when no die is rolled (cancelled, missed,
    red side up, no table), else what the roll needs. The odds calculator works this out once for the
    six high dice it supposes."""
    events: list[Event] = []
    notes = attack.notes  # a tuple: every result of this attack shares it
    finish = _finisher(attack, events, notes)

    for note in attack.notes:
        events.append(_event("attack_build", "attack", note[:1].upper() + note[1:], actors))
    if attack.cancelled or attack.harm is None:
        reason = attack.cancelled or "this side has no attack"
        events.append(_event("cancelled", "attack", f"{attack.attacker}'s attack is cancelled: {reason}", actors))
        return finish("cancelled", "no effect")
    if attack.harm != "RED" and attack.harm not in LEVEL:
        raise AttackError(f"unknown harm letter {attack.harm!r}: use N, L, M, H, T or RED")

    hit = determine_hit(attack, target)
    maneuver = target.maneuver
    attack_name = BOX_ATTACK_NAMES.get(attack.box, "attack") if attack.box else "attack"
    if maneuver.box is None:
        events.append(_event(
            "no_maneuver", "hit",
            f"Hit: {attack.attacker}'s {attack_name} (time {attack.time}) intercepts {target.name}, "
            "who played no maneuver", actors, hit=hit,
        ))
    elif hit == "intercept":
        events.append(_event(
            "hit", "hit",
            f"Hit: {attack.attacker}'s {attack_name} (box {attack.box}) intercepts {target.name}'s "
            f"{BOX_MANEUVER_NAMES[maneuver.box]} (box {maneuver.box})", actors, hit=hit,
        ))
    else:
        relation = "<" if hit == "undercut" else ">="
        outcome_word = "undercuts" if hit == "undercut" else "misses"
        events.append(_event(
            "hit", "hit",
            f"Hit: {attack.attacker}'s {attack_name} (box {attack.box}) does not line up with "
            f"{target.name}'s {BOX_MANEUVER_NAMES[maneuver.box]} (box {maneuver.box}); attack time "
            f"{attack.time} {relation} maneuver time {maneuver.time} → {outcome_word}", actors, hit=hit,
        ))
    if hit == "miss":
        return finish("miss", "miss")

    if attack.harm == "RED":
        events.append(_event(
            "red", "kill",
            f"{attack.attacker} is red side up: {target.name} is killed, whatever armor, tables or "
            "vulnerability", actors,
        ))
        return finish(hit, "killed", (None, None, None, None, "RED", attack.sharpness, None), applied_harm="RED")

    level = LEVEL[attack.harm]
    stars = attack.sharpness
    events.append(_event(
        "harm", "harm", f"Harm: {attack.attacker} inflicts {harm_text(level, stars)}", actors,
        harm=harm_text(level, stars),
    ))
    stars = _apply_kludge(attack, rules, stars, events, actors)

    modifier: Modifier | None = None
    if attack.missile:
        table_name = MISSILE_TABLE_NAMES[rules.missile_table]
        rule_key = "standard_missile" if rules.missile_table == "standard" else "missile"
        if rules.missile_table != "standard":
            modifier = _table_modifier(attack, target, hit, rules, actors)
    elif attack.spell is None and rules.fumble:
        table_name = FUMBLE_TABLE_NAME
        rule_key = "fumble"
        modifier = _table_modifier(attack, target, hit, rules, actors)
    else:
        table_values = (None, None, None, None, HARM_LETTERS[level], stars, None)
        return _apply_to_target(attack, target, rules, hit, level, stars, False, events, actors, finish, table_values)
    if modifier is not None:
        events.extend(modifier.events)
    return _Pending(attack, target, rules, actors, events, notes, hit, level, stars, modifier, table_name, rule_key)


class _Pending:
    """An attack waiting for its table roll (see `_before_the_roll`); `after(roll)` finishes it and can be
    called once per supposed roll, each call with its own copy of the events so far. What does not
    depend on the die (the modifier's arithmetic, the table's name) is worked out here, once."""

    __slots__ = (
        "attack", "target", "rules", "actors", "events", "notes", "hit", "level", "stars", "table_name",
        "rule_number", "read", "total", "expression", "table_title", "dice_count", "purpose",
    )

    def __init__(self, attack, target, rules, actors, events, notes, hit, level, stars, modifier, table_name, rule_key):
        self.attack, self.target, self.rules, self.actors = attack, target, rules, actors
        self.events, self.notes, self.hit, self.level, self.stars = events, notes, hit, level, stars
        self.table_name = table_name
        self.rule_number = RULES[rule_key][0]
        self.read = fumble_table if rule_key == "fumble" else partial(missile_table, rules.missile_table)
        terms = list(modifier.terms) if modifier else []
        if attack.die_modifier:
            terms.append(str(attack.die_modifier))
        self.total = (modifier.total if modifier else 0) + attack.die_modifier
        self.expression = _expression(terms) if terms else None
        self.table_title = table_name.split(" (")[0].removesuffix(" table")
        self.dice_count = 1 if attack.one_die else 2
        self.purpose = f"{table_name}: {attack.attacker} → {target.name}"

    def after(self, roll: Roll) -> AttackResult:
        attack, actors, total = self.attack, self.actors, self.total
        events = list(self.events)
        finish = _finisher(attack, events, self.notes)
        adjusted = roll.high + total
        outcome_table = self.read(adjusted)
        label = outcome_table.label
        if self.expression is not None:
            arithmetic = f"{_die_text(roll)} + ({self.expression}) = {adjusted}"
        else:
            arithmetic = f"{_die_text(roll)} = {adjusted}"
        if outcome_table.clamped_roll != adjusted:
            arithmetic += f", read as {outcome_table.clamped_roll}"
        table_name = self.table_name
        events.append(Event(
            "table", f"{self.table_title}: {arithmetic} → {label}", self.rule_number, table_name,
            actors, {"roll": list(roll.dice), "adjusted": adjusted, "result": label},
        ))
        level, stars = _move_levels(self.level, self.stars, outcome_table, attack, events, actors)
        table_values = (total, roll, adjusted, label, HARM_LETTERS[level], stars, table_name)
        wound_result = outcome_table.effect == "wound"
        return _apply_to_target(
            attack, self.target, self.rules, self.hit, level, stars, wound_result, events, actors, finish, table_values,
        )


def _apply_kludge(attack: Attack, rules: RuleSet, stars: int, events: list[Event], actors) -> int:
    """Hamblen's kludge: a Fiery Blast or Lightning Bolt cast at time 0 loses one more star
    (community fix `fiery_blast_double_kludge`: a time-0 Fiery Blast loses two)."""
    if not rules.kludge or attack.spell is None or attack.time != 0:
        return stars
    if not any(_is_spell(attack, name) for name in KLUDGE_SPELLS):
        return stars
    lost = 2 if rules.fiery_blast_double_kludge and _is_spell(attack, "fiery blast") else 1
    key = "double_kludge" if lost == 2 else "kludge"
    new_stars = max(0, stars - lost)
    events.append(_event(
        key, "harm",
        f"Kludge: {attack.spell} cast at time 0 loses {lost} star{'s' if lost > 1 else ''}: "
        f"{stars} - {lost} = {new_stars}", actors,
    ))
    return new_stars


def _move_levels(level: int, stars: int, result: TableResult, attack: Attack, events, actors) -> tuple[int, int]:
    """Table results move the harm letter; a decrease below Negligible eats stars; nothing goes below
    Negligible (no harm, but still a hit)."""
    before = harm_text(level, stars)
    if result.effect == "negligible":
        level, stars = 0, 0
    elif result.effect is None and result.levels:
        moved = level + result.levels
        if moved < 0:
            # Below Negligible the decrease eats the stars: the harm the attack inflicts (letter and
            # stars, rule 5.4) drops level by level, and never below Negligible.
            level, stars = 0, max(0, stars + moved)
        else:
            level = min(moved, BEYOND_TREMENDOUS)
    else:
        return level, stars
    events.append(_event(
        "harm", "harm", f"Harm: {before} {result.label} → {harm_text(level, stars)}", actors,
        harm=harm_text(level, stars),
    ))
    return level, stars


def _lose_star(stars: int, why: str, events: list[Event], actors) -> int:
    """Rule 5.4/3: an attack that hits armor (or an armored denizen or horse) loses one star."""
    if stars == 0:
        events.append(_event("star_on_armor", "harm", f"{why}: no sharpness star to lose", actors))
        return 0
    events.append(_event("star_on_armor", "harm", f"{why}: loses one star, {stars} - 1 = {stars - 1}", actors))
    return stars - 1


def _apply_to_target(attack, target, rules, hit, level, stars, wound_result, events, actors, finish, values):
    vulnerability = LEVEL.get(target.vulnerability)
    if vulnerability is None:
        raise AttackError(f"unknown vulnerability {target.vulnerability!r}: use L, M, H or T")
    applied = applied_level(level, stars)

    if level == 0 and stars == 0 and not wound_result:
        events.append(_event(
            "negligible", "harm",
            f"Negligible harm: {target.name} takes no harm, but the attack still hit", actors,
        ))
        return finish(hit, "no effect", values, applied_harm="N")

    if target.kind != "character":
        if wound_result:
            events.append(_event("table_wound", "harm", f"'wound' has no effect on {target.name} (not a character)", actors))
            return finish(hit, "no effect", values, applied_harm="N")
        if target.armored:
            stars = _lose_star(stars, f"{target.name} is armored", events, actors)
            applied = applied_level(level, stars)
        return _versus_vulnerability(
            target, applied, vulnerability, hit, events, actors, finish, values, wound=False,
            shown=harm_text(level, stars),
        )

    armor = target.armor
    if wound_result:
        if armor:
            events.append(_event("table_wound", "harm", f"'wound' hits {target.name}'s {armor[0].name}: no effect", actors))
            return finish(hit, "no effect", values, applied_harm="N")
        events.append(_event("table_wound", "wound", f"'wound': {target.name}, hit where unarmored, takes 1 wound", actors))
        # "wound" replaces the harm: one wound, never a kill; it shows as Negligible harm.
        return finish(hit, "wounded", values, wounds=1, applied_harm="N")

    if not armor:
        return _versus_vulnerability(
            target, applied, vulnerability, hit, events, actors, finish, values, wound=True,
            shown=harm_text(level, stars),
        )

    if attack.missile and applied == BEYOND_TREMENDOUS:
        events.append(_event(
            "beyond_t", "kill",
            f"{harm_text(level, stars)} = beyond Tremendous: the missile ignores {target.name}'s armor and kills",
            actors,
        ))
        return finish(hit, "killed", values, applied_harm="X")

    if attack.missile and rules.penetrating_armor:
        return _penetrate(target, level, stars, vulnerability, hit, events, actors, finish, values)

    stars = _lose_star(stars, f"The attack hits {target.name}'s {armor[0].name}", events, actors)
    applied = applied_level(level, stars)
    return _hit_armor(target, applied, hit, events, actors, finish, values)


def _versus_vulnerability(target, applied, vulnerability, hit, events, actors, finish, values, *, wound, shown=""):
    """Harm at least the target's vulnerability kills; a character otherwise takes a wound from L up."""
    harm = (f"{shown} = " if shown and shown != HARM_LETTERS[applied] else "") + HARM_LETTERS[applied]
    if applied >= vulnerability:
        events.append(_event(
            "kill", "kill", f"{harm} ≥ {target.name}'s vulnerability {target.vulnerability}: killed", actors,
        ))
        return finish(hit, "killed", values, applied_harm=HARM_LETTERS[applied])
    if wound and applied >= LEVEL["L"]:
        events.append(_event(
            "wound", "wound",
            f"{harm} < {target.name}'s vulnerability {target.vulnerability}: not killed, 1 wound", actors,
        ))
        return finish(hit, "wounded", values, wounds=1, applied_harm=HARM_LETTERS[applied])
    events.append(_event(
        "kill", "harm", f"{harm} < {target.name}'s vulnerability {target.vulnerability}: no effect", actors,
    ))
    return finish(hit, "no effect", values, applied_harm=HARM_LETTERS[applied])


def _hit_armor(target, applied, hit, events, actors, finish, values):
    """Basic rules: harm equal to the armor damages it (destroys it if already damaged), greater
    destroys it; the character is not killed and takes 1 wound if the harm is M or more."""
    piece = target.armor[0]
    harm = HARM_LETTERS[applied]
    if piece.toughness not in LEVEL:
        raise AttackError(f"unknown armor toughness {piece.toughness!r}: use L, M, H or T")
    toughness = LEVEL[piece.toughness]
    changes: tuple[tuple[str, str], ...] = ()
    if applied > toughness or (applied == toughness and piece.state == "damaged"):
        why = "greater than" if applied > toughness else "equal to the already damaged"
        text = f"{harm} {why} {piece.name} ({piece.toughness}): destroyed"
        changes = ((piece.name, "destroyed"),)
        outcome = "armor destroyed"
    elif applied == toughness:
        text = f"{harm} = {piece.name} ({piece.toughness}): damaged"
        changes = ((piece.name, "damaged"),)
        outcome = "armor damaged"
    else:
        text = f"{harm} < {piece.name} ({piece.toughness}): the armor holds"
        outcome = "no effect"
    wounds = 1 if applied >= LEVEL["M"] else 0
    text += f"; {target.name} is not killed" + (f" and takes 1 wound ({harm} ≥ M)" if wounds else "")
    events.append(_event("armor", "armor", text, actors, armor=piece.name))
    if outcome == "no effect" and wounds:
        outcome = "wounded"
    return finish(hit, outcome, values, wounds=wounds, armor_changes=changes, applied_harm=harm)


def _penetrate(target, level, stars, vulnerability, hit, events, actors, finish, values):
    """Rule 5.5: a missile hitting a character's armor loses a star, never damages the armor; each
    stronger piece stops it, an equal one stops it with one wound, a weaker one lets it through one
    level lower (5.5/2); what gets through meets the character as if unarmored."""
    stars = _lose_star(stars, f"The missile hits {target.name}'s armor", events, actors)
    current = applied_level(level, stars)
    for piece in target.armor:
        toughness = LEVEL[piece.toughness]
        harm = HARM_LETTERS[current]
        if toughness > current:
            events.append(_event(
                "penetrating", "armor", f"Penetrating armor: {piece.name} ({piece.toughness}) > {harm}: stopped, no wound",
                actors, armor=piece.name,
            ))
            return finish(hit, "no effect", values, applied_harm=harm)
        if toughness == current:
            events.append(_event(
                "penetrating", "wound", f"Penetrating armor: {piece.name} ({piece.toughness}) = {harm}: stopped with 1 wound",
                actors, armor=piece.name,
            ))
            return finish(hit, "wounded", values, wounds=1, applied_harm=harm)
        current -= 1
        events.append(_event(
            "penetrating_layers", "armor",
            f"Penetrating armor: {harm} > {piece.name} ({piece.toughness}): through, one level lower → "
            f"{HARM_LETTERS[current]}", actors, armor=piece.name,
        ))
    return _versus_vulnerability(target, current, vulnerability, hit, events, actors, finish, values, wound=True)
