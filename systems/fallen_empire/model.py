"""Fallen Empire melee: combatants, sides and plays (docs/systems/fallen-empire.md, FE 1-2). Frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field

ROLES = ("pc", "henchman", "npc", "monster")
CLASSES = ("fighting-man", "man-at-arms", "demi-human", "magic-user", "cleric", "thief", "other")
MELEE_TYPES = ("hand", "spear", "pole-arm", "lance", "natural", "horns")
MISSILE_TYPES = ("shortbow", "longbow", "crossbow", "sling", "thrown")
SHIELD_KINDS = ("plain", "magic", "rowan")
SIZES = ("man", "large")
STATUSES = ("fighting", "dying", "stable", "unconscious", "dead", "fled", "surrendered")
DOWN = ("dying", "stable", "unconscious")
OUT = ("dead", "fled", "surrendered")
SPLINTER_WORDS = ("never", "any", "down")
ACTIONS = ("withdraw", "surrender", "move", "retreat", "charge", "missile", "melee", "set_spear", "spell", "bandage",
           "other", "none")
TARGETED = ("charge", "missile", "melee")
BROKEN_MAY = ("withdraw", "retreat", "move", "surrender", "none")  # FE 4.4
CHARACTER_ROLES = ("pc", "henchman")  # the dying rules (FE 12.2, ruling R26)
MORALE_ROLES = ("henchman", "npc", "monster")  # FE 4.1
SETTERS = ("fighting-man", "man-at-arms", "demi-human")  # FE 8.3
SHIELDMATES = ("fighting-man", "demi-human")  # FE 11.1
HORSEBACK_MISSILES = ("shortbow", "thrown")  # FE 7.4, ruling R18
DEFAULT_MORALE = 7  # FE 4.3, house default
DEFAULT_SAVE = 12  # FE 12.3, house default
TRIGGERS = ("first_casualty", "half")  # FE 4.2


@dataclass(frozen=True)
class Shield:
    kind: str = "plain"
    bonus: int = 1
    spent: bool = False  # a magic shield given up once today (FE 11.3)


@dataclass(frozen=True)
class Weapon:
    name: str
    damage: str  # "1d8+1"
    type: str  # a MELEE_TYPES or MISSILE_TYPES entry
    to_hit: int = 0  # a missile weapon's own bonus


@dataclass(frozen=True)
class Combatant:
    name: str
    side: str
    hp: int
    max_hp: int
    armour_ac: int
    role: str = "pc"
    char_class: str = "other"
    dex_ac: int = 0
    shield: Shield | None = None
    to_hit: int = 0
    melee: Weapon | None = None
    missile: Weapon | None = None
    move: int = 12
    mounted: bool = False
    size: str = "man"
    save_death: int = DEFAULT_SAVE
    con: int = 10
    bandages: int = 0
    splinter: str | int = "never"
    beside: tuple[str, ...] = ()
    status: str = "fighting"
    broken: bool = False
    subdual: int = 0
    engaged_with: tuple[str, ...] = ()
    wakes: tuple[int, int] | None = None  # (turns, hit points) for the unconscious (FE 12.6)

    @property
    def fighting(self) -> bool:
        return self.status == "fighting"

    @property
    def down(self) -> bool:
        return self.status in DOWN

    @property
    def out(self) -> bool:
        return self.status in OUT

    @property
    def defeated(self) -> bool:
        return self.down or self.out

    @property
    def character(self) -> bool:
        return self.role in CHARACTER_ROLES


@dataclass(frozen=True)
class Side:
    name: str
    party: bool = False
    morale: int = DEFAULT_MORALE
    checks: dict[str, str] = field(default_factory=dict)  # trigger -> "passed" / "failed" (FE 4.2)


@dataclass(frozen=True)
class Play:
    action: str = "none"
    target: str | None = None
    distance: int | None = None
    passing: tuple[str, ...] = ()
    cover: bool = False
    covered_by: str | None = None
    rear: bool = False
    subdue: bool = False
    covers: str | None = None
    spell: str | None = None
    damage: str | None = None
    patient: str | None = None
    text: str | None = None
    opportunity: bool = True


@dataclass(frozen=True)
class Options:
    magic_before_melee: bool = False  # ruling R5: the author's earlier order
    surprise: bool = True  # FE 3.1: thrown in round 1 unless the GM rules it out


@dataclass(frozen=True)
class RoundInput:
    round: int
    sides: tuple[Side, ...]
    combatants: tuple[Combatant, ...]
    plays: dict[str, Play]
    options: Options = Options()

    def combatant(self, name: str) -> Combatant:
        return next(combatant for combatant in self.combatants if combatant.name == name)

    def side(self, name: str) -> Side:
        return next(side for side in self.sides if side.name == name)

    def play(self, name: str) -> Play:
        return self.plays.get(name, Play())
