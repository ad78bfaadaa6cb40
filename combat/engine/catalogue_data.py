"""Load the versioned catalogue files (combat/data/catalogue/*.json) into the typed counters.

Pure Python: `get_catalogue()` reads the files once per process. The same builders turn a house
counter's stored dict into a typed counter (`counter_from_dict`), and `counter_to_dict` goes back, so
the database and the files share one format (docs/catalogue.md).
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Union

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

    def __init__(self, field: str, message: str, errors: list[tuple[str, str]] | None = None):
        self.field = field
        self.message = message
        self.errors = errors or [(field, message)]
        super().__init__(f"{field}: {message}")


# Plausible ranges for the numbers printed on counters: a house counter outside them is a typo.
NUMBER_RANGES = {
    "move_time": (0, 9),
    "attack_time": (0, 9),
    "time": (0, 9),
    "sharpness": (0, 4),
    "length": (0, 20),
    "effort": (0, 3),
    "missile_length": (0, 20),
}


def _describe(hint) -> str:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return "one of " + ", ".join(str(arg) for arg in typing.get_args(hint))
    return getattr(hint, "__name__", str(hint))


def _check(value, hint, path: str, errors: list[tuple[str, str]]) -> None:
    """Append (path, reason) for each value that does not fit its type annotation or range."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return
        options = [arg for arg in args if arg is not type(None)]
        if len(options) == 1:
            _check(value, options[0], path, errors)
        elif not any(_fits(value, option) for option in options):
            errors.append((path, "must be " + " or ".join(_describe(option) for option in options)))
        return
    if origin is Literal:
        if value not in args:
            errors.append((path, f"must be {_describe(hint)}, not {value!r}"))
        return
    if hint is bool:
        if not isinstance(value, bool):
            errors.append((path, "must be true or false"))
        return
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            errors.append((path, "must be a whole number"))
            return
        field_name = path.rsplit(".", 1)[-1]
        if field_name in NUMBER_RANGES:
            low, high = NUMBER_RANGES[field_name]
            if not low <= value <= high:
                errors.append((path, f"must be between {low} and {high}"))
        return
    if hint is str:
        if not isinstance(value, str):
            errors.append((path, "must be text"))
        return
    if origin in (tuple, frozenset):
        if not isinstance(value, (tuple, list, frozenset, set)):
            errors.append((path, "must be a list"))
            return
        for index, item in enumerate(sorted(value) if isinstance(value, (set, frozenset)) else value):
            _check(item, args[0], f"{path}[{index}]", errors)
        return
    if origin is dict:
        if not isinstance(value, dict):
            errors.append((path, "must be an object"))
            return
        for key, item in value.items():
            _check(key, args[0], f"{path}.{key}", errors)
            _check(item, args[1], f"{path}.{key}", errors)
        return
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, hint):
            errors.append((path, f"must be a {hint.__name__}"))
            return
        hints = typing.get_type_hints(hint)
        for field in dataclasses.fields(hint):
            _check(getattr(value, field.name), hints[field.name], f"{path}.{field.name}", errors)


def _fits(value, hint) -> bool:
    errors: list[tuple[str, str]] = []
    _check(value, hint, "", errors)
    return not errors


def validate_counter(counter, path: str) -> list[tuple[str, str]]:
    """Every problem with a typed counter's values, as (field path, reason)."""
    errors: list[tuple[str, str]] = []
    _check(counter, type(counter), path, errors)
    if not getattr(counter, "name", "x").strip():
        errors.append((f"{path}.name", "must not be empty"))
    return errors


def _build(cls, data: dict[str, Any], path: str, **nested):
    """Construct a frozen dataclass from a dict, naming the field path in any error."""
    if data is None:
        raise CatalogueDataError(path, "is required")
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


def _unknown_fields(data, plain, path: str) -> list[str]:
    if not isinstance(data, dict) or not isinstance(plain, dict):
        return []
    unknown = [f"{path}.{key}" for key in sorted(set(data) - set(plain))]
    for key in sorted(set(data) & set(plain)):
        unknown += _unknown_fields(data[key], plain[key], f"{path}.{key}")
    return unknown


def counter_from_dict(kind: str, data: dict, path: str | None = None, strict: bool = False):
    """A typed, checked counter from its stored dict.

    Raises CatalogueDataError whose `errors` name each field at fault ("monster.light.harm"). `strict`
    also rejects fields the counter does not have (a house counter's typo), instead of ignoring them.
    """
    path = path or kind
    if kind not in BUILDERS:
        raise CatalogueDataError("kind", f"unknown kind {kind!r}")
    try:
        counter = BUILDERS[kind](data, path)
    except (TypeError, AttributeError) as error:  # a value of the wrong shape deep inside
        raise CatalogueDataError(path, f"malformed: {error}") from error
    errors = validate_counter(counter, path)
    if strict:
        errors += [(field, "is not a field of this counter") for field in
                   _unknown_fields(data, counter_to_dict(counter), path)]
    if errors:
        raise CatalogueDataError(errors[0][0], errors[0][1], errors)
    return counter


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
