"""One attack against one target: hit determination, the table modifier, the Missile and Fumble
tables, harm, armor and the outcome, with a log event for each step.

The melee round (combat.engine.melee) and the odds calculator (combat.engine.odds) both resolve attacks
through `resolve_attack`, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.engine.dice import Roll
from combat.engine.log import Event

BOX_ATTACK_NAMES = {1: "Thrust", 2: "Swing", 3: "Smash"}
BOX_MANEUVER_NAMES = {1: "Charge", 2: "Dodge", 3: "Duck"}
NO_MANEUVER_TIME = 8  # rule 5.4/4


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
