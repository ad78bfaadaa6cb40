"""The game catalogue as typed, read-only data: every counter of the original game.

The counters come from versioned JSON files in systems/magic_realm/data/catalogue/, made from the reference
data by `python -m systems.magic_realm.django_app.convert` (docs/catalogue.md). This module is pure Python: the
engine, `combat_odds` and the Django part (systems/magic_realm/django_app) read the catalogue through
`get_catalogue()`.

Harm letters are "N" (Negligible), "L", "M", "H", "T" and "RED" (a red-side-up Tremendous monster:
an automatic kill). Times are integers; None where the counter shows none.
"""

from __future__ import annotations

import difflib
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
    attack_spell: str | None = None  # the magic attack's table: "powerofthepit" (demons), "curse" (imp)


@dataclass(frozen=True)
class MonsterWeapon:
    """A monster's head or club: a separate attacker with its own sides."""

    key: str
    name: str
    light: DenizenSide
    dark: DenizenSide
    dragon_missile: bool = False  # a dragon's head may breathe fire as a missile (optional rule)
    missile_length: int | None = None  # the head's length when it does


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
    bounty: int = 0  # gold (base_price)
    tags: tuple[str, ...] = ()  # "dragon", "giant", "goblin", ...
    setup_start: str = ""


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
    move_bonus: str | None = None  # "double" (pony), "extra" (horse): daytime movement only
    native_group: str | None = None  # set for a native's horse
    sold_at: str = ""  # the dwelling that sells a trade horse
    can_change_tactics: bool = True  # native horses never turn over (realmspeak-notes 1.2)
    notes: str = ""


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
    missile: bool = False  # attacks with a missile weapon (crossbowmen, archers)
    hire_type: str = ""  # "group" or "single"
    dwelling: str = ""


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
    throwable: bool = False
    fame: int = 0
    notoriety: int = 0
    treasure: bool = False  # a treasure weapon (Bane Sword, Truesteel Sword, ...)
    notes: str = ""


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
    treasure: bool = False  # a treasure worn as armor (Gold Helmet, Golden Crown, Ointment of Steel)
    fame: int = 0
    notoriety: int = 0
    text: str = ""
    notes: str = ""


@dataclass(frozen=True)
class ActionChit:
    key: str
    action: str  # "MOVE", "FIGHT", "MAGIC", "DUCK", "BERSERK", "FLY", ...
    strength: Letter | None  # MOVE and FIGHT chits; None for MAGIC
    time: int | None
    effort: int  # asterisks
    magic_type: str | None = None  # "I".."VIII" for MAGIC chits
    label: str = ""  # how it is written, e.g. "FIGHT H5*", "MAGIC III3"
    level: int = 0  # the development level that brings it
    box_constraint: int | None = None  # the Dwarf's DUCK chit may only be played in box 3
    optional: str = ""  # "remove": left out under the character's optional rule; "add": added by it


@dataclass(frozen=True)
class Character:
    key: str
    name: str
    vulnerability: Letter
    knight: bool
    relationships: dict[str, int]  # native group → -2 enemy .. +2 ally, before Knight's Adjustment
    weapons: tuple[str, ...]  # starting weapon names
    armor: tuple[str, ...]  # starting armor names
    chits: tuple[ActionChit, ...]  # the 12 chits of the standard character
    aliases: tuple[str, ...] = ()
    fighter: bool = False
    magic_user: bool = False
    optional_chits: tuple[ActionChit, ...] = ()  # added only under the character's optional rule
    start: tuple[str, ...] = ()  # starting dwellings
    level_names: tuple[str, ...] = ()
    spell_count: int = 0
    spell_types: tuple[str, ...] = ()
    advantages: tuple[str, ...] = ()
    notes: str = ""


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
    color: str = ""  # the color magic it needs
    duration: str = ""
    target: str = ""
    aliases: tuple[str, ...] = ()
    notes: str = ""


@dataclass(frozen=True)
class WeatherEffect:
    name: str
    days: int
    basic: int
    sunlight: int
    sheltered: int
    frozen_water: bool
    note: str | None
    note_id: str | None = None  # the reference data's special-note number, e.g. "note7"


@dataclass(frozen=True)
class Season:
    number: int
    name: str
    victory_points: int
    seventh_day_magic: tuple[str, ...]
    mountain_cost: int
    weather: dict[str, WeatherEffect]  # "clear", "showers", "storm", "special"
    description: str = ""
    aliases: tuple[str, ...] = ()


Counter = Character | Monster | MonsterWeapon | Native | Horse | Weapon | Armor | Spell | ActionChit

# The kinds a lookup or a search can name, and the attribute of Catalogue that lists them.
SEARCH_KINDS = {
    "character": "characters",
    "monster": "monsters",
    "native": "natives",
    "horse": "horses",
    "weapon": "weapons",
    "armor": "armor",
    "spell": "spells",
}


def normalize_name(text: str) -> str:
    """Lower case, hyphens/underscores/apostrophes as spaces, single spaces: "t-troll" == "T Troll"."""
    cleaned = text.lower().replace("\u2019", "'")
    for mark in "-_'.,":
        cleaned = cleaned.replace(mark, " ")
    return " ".join(cleaned.split())


def kind_of(counter: object) -> str:
    """"monster", "native", "horse", ... for any counter (from its key's prefix)."""
    return getattr(counter, "key", "season/").split("/", 1)[0]


def is_house_counter(counter: object) -> bool:
    return "/house-" in getattr(counter, "key", "")


class CallableList(list):
    """A list of counters that is also the lookup by name: `catalogue.armor` lists the armor and
    `catalogue.armor("Helmet")` finds one (the contract names both)."""

    def __init__(self, items, lookup):
        super().__init__(items)
        self._lookup = lookup

    def __call__(self, name: str):
        return self._lookup(name)


class Catalogue:
    """All counters, by kind; lookup by name accepts aliases and suggests the closest names.

    Filled in by systems.magic_realm.engine.catalogue_data (the loader of the versioned JSON files). A campaign's
    house counters come first in every list and in lookups by name, so a house counter named like an
    original replaces it for that campaign (see `with_house_counters`).
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
        native_horses: list[Horse] | None = None,
    ):
        self.version = version
        self.characters = characters
        self.monsters = monsters
        self.natives = natives
        self.horses = horses
        self.weapons = weapons
        self.armor = CallableList(armor, self.armor_piece)
        self.spells = spells
        self.seasons = seasons
        self.native_horses = list(native_horses or [n.horse for n in natives if n.horse is not None])
        self._by_key: dict[str, object] = {}
        self._by_name: dict[str, dict[str, list[object]]] = {}
        self._by_alias: dict[str, dict[str, list[object]]] = {}
        for kind, attribute in SEARCH_KINDS.items():
            names: dict[str, list[object]] = {}
            aliases: dict[str, list[object]] = {}
            for counter in getattr(self, attribute):
                names.setdefault(normalize_name(counter.name), []).append(counter)
                for alias in counter.aliases:
                    aliases.setdefault(normalize_name(alias), []).append(counter)
                self._register_key(counter)
            self._by_name[kind] = names
            self._by_alias[kind] = aliases

    def _register_key(self, counter: object) -> None:
        self._by_key.setdefault(counter.key, counter)
        for part in (getattr(counter, "weapon", None), getattr(counter, "horse", None)):
            if part is not None:
                self._by_key.setdefault(part.key, part)
        for chit in (*getattr(counter, "chits", ()), *getattr(counter, "optional_chits", ())):
            self._by_key.setdefault(chit.key, chit)

    # --- lookups ---------------------------------------------------------------------------

    def _lookup(self, kinds: tuple[str, ...], name: str, label: str):
        # A catalogue key ("horse/pony-4") names one counter exactly: every place that takes a counter
        # accepts its key as well as its name (issue #15.6).
        keyed = self._by_key.get(str(name))
        if keyed is not None and str(name).split("/", 1)[0] in kinds:
            return keyed
        wanted = normalize_name(str(name))
        for index in (self._by_name, self._by_alias):
            for kind in kinds:
                found = index[kind].get(wanted)
                if found:
                    return found[0]
        raise UnknownCounter(str(name), label, self.suggest(str(name), kinds))

    def suggest(self, name: str, kinds: tuple[str, ...] | None = None, limit: int = 5) -> list[str]:
        """The closest reference names (or aliases' counters' names) to `name`."""
        kinds = kinds or tuple(SEARCH_KINDS)
        candidates: dict[str, str] = {}
        for kind in kinds:
            for index in (self._by_name[kind], self._by_alias[kind]):
                for normalized, counters in index.items():
                    candidates.setdefault(normalized, counters[0].name)
        wanted = normalize_name(name)
        close = difflib.get_close_matches(wanted, list(candidates), n=limit * 2, cutoff=0.5)
        containing = [normalized for normalized in candidates if wanted and wanted in normalized]
        suggestions: list[str] = []
        for normalized in [*close, *containing]:
            display = candidates[normalized]
            if display not in suggestions:
                suggestions.append(display)
        return suggestions[:limit]

    def monster(self, name: str) -> Monster:
        return self._lookup(("monster",), name, "monster")

    def native(self, name: str) -> Native:
        return self._lookup(("native",), name, "native")

    def denizen(self, name: str) -> Monster | Native:
        return self._lookup(("monster", "native"), name, "denizen")

    def weapon(self, name: str) -> Weapon:
        return self._lookup(("weapon",), name, "weapon")

    def armor_piece(self, name: str) -> Armor:
        return self._lookup(("armor",), name, "armor")

    def horse(self, name: str) -> Horse:
        return self._lookup(("horse",), name, "horse")

    def character(self, name: str) -> Character:
        return self._lookup(("character",), name, "character")

    def spell(self, name: str) -> Spell:
        return self._lookup(("spell",), name, "spell")

    def season(self, name_or_number: str | int) -> Season:
        text = str(name_or_number).strip()
        if text.lstrip("-").isdigit():
            for season in self.seasons:
                if season.number == int(text):
                    return season
        wanted = normalize_name(text)
        for season in self.seasons:
            if wanted in (normalize_name(season.name), *map(normalize_name, season.aliases)):
                return season
        names = [season.name for season in self.seasons]
        close = difflib.get_close_matches(text, names, n=3, cutoff=0.5)
        raise UnknownCounter(text, "season", close)

    def by_key(self, key: str):
        try:
            return self._by_key[key]
        except KeyError:
            close = difflib.get_close_matches(key, list(self._by_key), n=5, cutoff=0.6)
            raise UnknownCounter(key, "key", close) from None

    def lookup(self, kind: str, name: str):
        """The counter of that kind ("monster", "native", "denizen", ...) with that name."""
        if kind == "denizen":
            return self.denizen(name)
        if kind == "season":
            return self.season(name)
        if kind not in SEARCH_KINDS:
            raise UnknownCounter(name, kind, [])
        return self._lookup((kind,), name, kind)

    def all(self, kind: str | None = None) -> list:
        """Every counter of a kind (or of every kind), in catalogue order."""
        kinds = [kind] if kind else list(SEARCH_KINDS)
        return [counter for k in kinds for counter in getattr(self, SEARCH_KINDS[k])]

    def search(self, text: str = "", kind: str | None = None) -> list:
        """Counters whose name, aliases, group or notes contain every word of `text`."""
        if kind is not None and kind not in SEARCH_KINDS:
            raise UnknownCounter(kind, "kind", [k for k in SEARCH_KINDS if k.startswith(kind[:1])])
        words = normalize_name(text).split()
        found = []
        for counter in self.all(kind):
            haystack = " ".join(
                normalize_name(part)
                for part in (counter.name, *counter.aliases, getattr(counter, "group", ""), kind_of(counter))
            )
            if all(word in haystack for word in words):
                found.append(counter)
        return found

    def with_house_counters(self, counters: list) -> Catalogue:
        """A copy with a campaign's house counters placed first, so they win lookups by name."""
        grouped: dict[str, list] = {kind: [] for kind in SEARCH_KINDS}
        for counter in counters:
            grouped[kind_of(counter)].append(counter)
        return Catalogue(
            version=self.version,
            characters=grouped["character"] + self.characters,
            monsters=grouped["monster"] + self.monsters,
            natives=grouped["native"] + self.natives,
            horses=grouped["horse"] + self.horses,
            weapons=grouped["weapon"] + self.weapons,
            armor=grouped["armor"] + list(self.armor),
            spells=grouped["spell"] + self.spells,
            seasons=self.seasons,
            native_horses=self.native_horses,
        )

    def counts(self) -> dict[str, int]:
        return {kind: len(getattr(self, attribute)) for kind, attribute in SEARCH_KINDS.items()} | {
            "season": len(self.seasons),
            "native_horse": len(self.native_horses),
        }
