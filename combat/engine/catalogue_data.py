"""Load the versioned catalogue files (combat/data/catalogue/*.json) into the typed counters.

Pure Python: `get_catalogue()` reads the files once per process. The same builders turn a house
counter's stored dict into a typed counter (`counter_from_dict`), and `counter_to_dict` goes back, so
the database and the files share one format (docs/catalogue.md).
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from combat.engine.catalogue import (
    ActionChit,
    Armor,
    Catalogue,
    Character,
    DenizenSide,
    Horse,
    HorseSide,
    Monster,
    MonsterWeapon,
    Native,
    Season,
    Spell,
    Weapon,
    WeatherEffect,
    WeaponSide,
)

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "catalogue"
FILES = {
    "character": "characters.json",
    "monster": "monsters.json",
    "native": "natives.json",
    "horse": "horses.json",
    "weapon": "weapons.json",
    "armor": "armor.json",
    "spell": "spells.json",
    "season": "seasons.json",
}


class CatalogueDataError(ValueError):
    """A catalogue file or a house counter's data is malformed; `field` names the part at fault."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}")


def _build(cls, data: dict[str, Any], path: str, **nested):
    """Construct a frozen dataclass from a dict, naming the field path in any error."""
    if not isinstance(data, dict):
        raise CatalogueDataError(path, "must be an object")
    names = {f.name for f in dataclasses.fields(cls)}
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    missing = sorted(required - set(data) - set(nested))
    if missing:
        raise CatalogueDataError(f"{path}.{missing[0]}", "is required")
    values = {key: value for key, value in data.items() if key in names}
    values.update(nested)
    for key, value in list(values.items()):
        if isinstance(value, list):
            values[key] = tuple(value)
    return cls(**values)


def _denizen_side(data, path: str) -> DenizenSide:
    return _build(DenizenSide, data, path)


def build_monster(data: dict, path: str = "monster") -> Monster:
    weapon = data.get("weapon")
    return _build(
        Monster,
        data,
        path,
        light=_denizen_side(data.get("light"), f"{path}.light"),
        dark=_denizen_side(data.get("dark"), f"{path}.dark"),
        weapon=(
            _build(
                MonsterWeapon,
                weapon,
                f"{path}.weapon",
                light=_denizen_side(weapon.get("light"), f"{path}.weapon.light"),
                dark=_denizen_side(weapon.get("dark"), f"{path}.weapon.dark"),
            )
            if weapon
            else None
        ),
    )


def build_horse(data: dict, path: str = "horse") -> Horse:
    return _build(
        Horse,
        data,
        path,
        walking=_build(HorseSide, data.get("walking"), f"{path}.walking"),
        galloping=_build(HorseSide, data.get("galloping"), f"{path}.galloping"),
    )


def build_native(data: dict, path: str = "native") -> Native:
    horse = data.get("horse")
    return _build(
        Native,
        data,
        path,
        light=_denizen_side(data.get("light"), f"{path}.light"),
        dark=_denizen_side(data.get("dark"), f"{path}.dark"),
        horse=build_horse(horse, f"{path}.horse") if horse else None,
    )


def build_weapon(data: dict, path: str = "weapon") -> Weapon:
    return _build(
        Weapon,
        data,
        path,
        unalerted=_build(WeaponSide, data.get("unalerted"), f"{path}.unalerted"),
        alerted=_build(WeaponSide, data.get("alerted"), f"{path}.alerted"),
    )


def build_armor(data: dict, path: str = "armor") -> Armor:
    return _build(
        Armor,
        data,
        path,
        protects=frozenset(data.get("protects", ())),
        prices=dict(data.get("prices", {})),
    )


def build_character(data: dict, path: str = "character") -> Character:
    return _build(
        Character,
        data,
        path,
        relationships=dict(data.get("relationships", {})),
        chits=tuple(_build(ActionChit, chit, f"{path}.chits[{i}]") for i, chit in enumerate(data.get("chits", []))),
        optional_chits=tuple(
            _build(ActionChit, chit, f"{path}.optional_chits[{i}]")
            for i, chit in enumerate(data.get("optional_chits", []))
        ),
    )


def build_spell(data: dict, path: str = "spell") -> Spell:
    return _build(Spell, data, path)


def build_season(data: dict, path: str = "season") -> Season:
    weather = data.get("weather") or {}
    return _build(
        Season,
        data,
        path,
        weather={
            name: _build(WeatherEffect, effect, f"{path}.weather.{name}") for name, effect in sorted(weather.items())
        },
    )


BUILDERS = {
    "character": build_character,
    "monster": build_monster,
    "native": build_native,
    "horse": build_horse,
    "weapon": build_weapon,
    "armor": build_armor,
    "spell": build_spell,
    "season": build_season,
}


def counter_from_dict(kind: str, data: dict, path: str | None = None):
    """A typed counter from its stored dict; raises CatalogueDataError naming the field at fault."""
    if kind not in BUILDERS:
        raise CatalogueDataError("kind", f"unknown kind {kind!r}")
    try:
        return BUILDERS[kind](data, path or kind)
    except TypeError as error:  # a value of the wrong shape deep inside
        raise CatalogueDataError(path or kind, str(error)) from error


def _plain(value):
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def counter_to_dict(counter) -> dict:
    """The stored (JSON) form of a typed counter: the same shape as the catalogue files."""
    return _plain(dataclasses.asdict(counter))


def read_files(directory: Path = DATA_DIR) -> dict[str, dict]:
    contents = {}
    for kind, file_name in FILES.items():
        path = Path(directory) / file_name
        try:
            contents[kind] = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise CatalogueDataError(file_name, f"missing; regenerate with `python -m combat.catalogue.convert`") from None
    return contents


def load_catalogue(directory: Path = DATA_DIR) -> Catalogue:
    contents = read_files(directory)
    versions = {content["version"] for content in contents.values()}
    if len(versions) != 1:
        raise CatalogueDataError("version", f"the files come from different conversions: {sorted(versions)}")
    built = {
        kind: [
            counter_from_dict(kind, entry, f"{FILES[kind]}[{index}]")
            for index, entry in enumerate(content["counters"])
        ]
        for kind, content in contents.items()
    }
    return Catalogue(
        version=versions.pop(),
        characters=built["character"],
        monsters=built["monster"],
        natives=built["native"],
        horses=built["horse"],
        weapons=built["weapon"],
        armor=built["armor"],
        spells=built["spell"],
        seasons=built["season"],
    )


@lru_cache(maxsize=1)
def get_catalogue() -> Catalogue:
    """The original game's catalogue, read once per process."""
    return load_catalogue(DATA_DIR)
