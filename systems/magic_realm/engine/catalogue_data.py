"""Load the versioned catalogue files (systems/magic_realm/data/catalogue/*.json) into the typed counters.

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

from systems.magic_realm.engine.catalogue import (
    Armor,
    Catalogue,
    Character,
    Horse,
    Monster,
    Native,
    Season,
    Spell,
    Weapon,
)

# The counters' files, in the system's own package; its Django part (django_app) loads them into the database.
DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "catalogue"
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


@lru_cache(maxsize=None)
def _hints(cls) -> dict[str, Any]:
    """A dataclass's field types, evaluated once (the module uses postponed annotations)."""
    return typing.get_type_hints(cls)


@lru_cache(maxsize=None)
def _fields(cls) -> tuple[tuple[str, bool], ...]:
    """(name, required) for each field of a dataclass."""
    return tuple(
        (field.name, field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING)
        for field in dataclasses.fields(cls)
    )


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
        hints = _hints(hint)
        for name, _required in _fields(hint):
            _check(getattr(value, name), hints[name], f"{path}.{name}", errors)


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


def _convert(value, hint, path: str):
    """A stored (JSON) value as the annotated type: nested dataclasses built, lists as tuples."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if value is None:
        return None
    if origin in (Union, types.UnionType):
        classes = [arg for arg in args if dataclasses.is_dataclass(arg)]
        return _build(classes[0], value, path) if classes else value
    if dataclasses.is_dataclass(hint):
        return _build(hint, value, path)
    if origin is tuple and isinstance(value, (list, tuple)):
        return tuple(_convert(item, args[0], f"{path}[{index}]") for index, item in enumerate(value))
    if origin is frozenset and isinstance(value, (list, tuple, set, frozenset)):
        return frozenset(value)
    if origin is dict and isinstance(value, dict):
        return {key: _convert(item, args[1], f"{path}.{key}") for key, item in sorted(value.items())}
    return value  # a scalar, or a value of the wrong shape: validate_counter names it


def _build(cls, data: Any, path: str):
    """Construct a frozen dataclass (and those inside it) from a dict, naming the field path in any error."""
    if data is None:
        raise CatalogueDataError(path, "is required")
    if not isinstance(data, dict):
        raise CatalogueDataError(path, "must be an object")
    hints = _hints(cls)
    fields = _fields(cls)
    for name, required in fields:
        if required and name not in data:
            raise CatalogueDataError(f"{path}.{name}", "is required")
    values = {name: _convert(data[name], hints[name], f"{path}.{name}") for name, _ in fields if name in data}
    return cls(**values)


COUNTER_TYPES = {
    "character": Character,
    "monster": Monster,
    "native": Native,
    "horse": Horse,
    "weapon": Weapon,
    "armor": Armor,
    "spell": Spell,
    "season": Season,
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
    if kind not in COUNTER_TYPES:
        raise CatalogueDataError("kind", f"unknown kind {kind!r}")
    try:
        counter = _build(COUNTER_TYPES[kind], data, path)
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
            raise CatalogueDataError(
                file_name, "missing; regenerate with `python -m systems.magic_realm.django_app.convert`"
            ) from None
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
