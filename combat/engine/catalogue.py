"""The game catalogue as typed, read-only data: every counter of the original game.

The counters come from versioned JSON files in combat/data/catalogue/, made from the reference data
by `python -m combat.catalogue.convert` (see docs/catalogue.md). This module is pure Python: the engine,
`combat_odds` and the Django app all read the catalogue through `get_catalogue()`.

Harm letters are "N" (Negligible), "L", "M", "H", "T" and "RED" (a red-side-up Tremendous monster:
an automatic kill). Times are integers; None where the counter shows none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Letter = Literal["N", "L", "M", "H", "T", "RED"]
Box = Literal[1, 2, 3]  # 1 Thrust/Charge, 2 Swing/Dodge, 3 Smash/Duck
Kind = Literal["character", "chit", "monster", "monster_weapon", "native", "horse", "weapon", "armor", "spell"]


class UnknownCounter(LookupError):
    """No counter of that kind has that name. `suggestions` are the closest names."""

    def __init__(self, name: str, kind: str, suggestions: list[str]):
        self.name = name
        self.kind = kind
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")


@dataclass(frozen=True)
class DenizenSide:
    """One side of a monster, monster weapon part or native counter."""

    move_time: int | None
    attack_time: int | None
    harm: Letter | None  # None: the side has no attack (light-side Spear Goblin)
    sharpness: int = 0
    length: int = 0
    missile: bool = False
    pins: bool = False  # the red side of a Tremendous monster: it holds its target
    magic_type: str | None = None  # demons and the imp attack with magic


@dataclass(frozen=True)
class MonsterWeapon:
    """A monster's head or club: a separate attacker with its own sides."""

    key: str
    name: str
    light: DenizenSide
    dark: DenizenSide


@dataclass(frozen=True)
class Monster:
    key: str  # stable and unique, e.g. "monster/t-troll-1"
    name: str  # the reference data's name, e.g. "T Troll"
    vulnerability: Letter
    armored: bool
    flying: bool
    fame: int
    notoriety: int
    light: DenizenSide
    dark: DenizenSide
    weapon: MonsterWeapon | None = None
    can_change_tactics: bool = True  # False for those that never turn over (red-side pins and the like)
    aliases: tuple[str, ...] = ()
    notes: str = ""


@dataclass(frozen=True)
class HorseSide:
    move_time: int
    strength: Letter


@dataclass(frozen=True)
class Horse:
    """A trade horse, or a native's horse."""

    key: str
    name: str  # "Pony", "Horse", "Warhorse"
    kind: Literal["pony", "horse", "warhorse"]
    vulnerability: Letter
    armored: bool
    walking: HorseSide  # RealmSpeak's "trot" side
    galloping: HorseSide
    price: int = 0
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Native:
    key: str
    name: str  # "Order 3", "Company HQ"
    group: str  # "Order"
    rank: str  # "1".."n" or "HQ"
    vulnerability: Letter
    armored: bool
    archer: bool
    light: DenizenSide
    dark: DenizenSide
    notoriety: int
    wage: int  # base_price: wage and gold bounty
    fame: int = 0
    horse: Horse | None = None
    can_change_tactics: bool = True
    aliases: tuple[str, ...] = ()
    notes: str = ""


@dataclass(frozen=True)
class WeaponSide:
    harm: Letter | None  # None: the side shows no harm letter (unalerted Spear)
    sharpness: int = 0
    attack_time: int | None = None  # printed time replaces the FIGHT chit's time


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    weight: Letter
    length: int
    missile: bool
    two_handed: bool
    price: int
    unalerted: WeaponSide
    alerted: WeaponSide
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Armor:
    key: str
    name: str
    toughness: Letter  # its vulnerability
    weight: Letter
    protects: frozenset[int]  # boxes protected; a shield protects the box it is played in: empty here
    shield: bool
    prices: dict[str, int] = field(default_factory=dict)  # intact / damaged / destroyed
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionChit:
    key: str
    action: str  # "MOVE", "FIGHT", "MAGIC", "DUCK", "BERSERK", "FLY", ...
    strength: Letter | None  # MOVE and FIGHT chits; None for MAGIC
    time: int | None
    effort: int  # asterisks
    magic_type: str | None = None  # "I".."VIII" for MAGIC chits
    label: str = ""  # how it is written, e.g. "FIGHT H5*", "MAGIC III3"


@dataclass(frozen=True)
class Character:
    key: str
    name: str
    vulnerability: Letter
    knight: bool
    relationships: dict[str, int]  # native group → -2 enemy .. +2 ally, before Knight's Adjustment
    weapons: tuple[str, ...]  # starting weapon names
    armor: tuple[str, ...]  # starting armor names
    chits: tuple[ActionChit, ...]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Spell:
    key: str
    name: str
    magic_type: str
    harm: Letter | None
    sharpness: int
    length: int
    missile: bool
    attack_time: int | None = None  # Roof Collapses has its own time
    attack: bool = False  # an attack spell
    text: str = ""


@dataclass(frozen=True)
class WeatherEffect:
    name: str
    days: int
    basic: int
    sunlight: int
    sheltered: int
    frozen_water: bool
    note: str | None


@dataclass(frozen=True)
class Season:
    number: int
    name: str
    victory_points: int
    seventh_day_magic: tuple[str, ...]
    mountain_cost: int
    weather: dict[str, WeatherEffect]  # "clear", "showers", "storm", "special"


class Catalogue:
    """All counters, by kind; lookup by name accepts aliases and suggests the closest names.

    Filled in by combat.engine.catalogue_data (the loader of the versioned JSON files).
    """

    def __init__(
        self,
        *,
        version: str,
        characters: list[Character],
        monsters: list[Monster],
        natives: list[Native],
        horses: list[Horse],
        weapons: list[Weapon],
        armor: list[Armor],
        spells: list[Spell],
        seasons: list[Season],
    ):
        self.version = version
        self.characters = characters
        self.monsters = monsters
        self.natives = natives
        self.horses = horses
        self.weapons = weapons
        self.armor = armor
        self.spells = spells
        self.seasons = seasons
