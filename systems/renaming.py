"""Casting a campaign's characters in a starting state: the combatants of an example renamed after the
characters who play them (systems/interface.py `rename`). Pure Python.

A starting state names a combatant wherever it refers to him: his own entry, another's target, a sheet, a side's
list. `renamed` renames every string that is exactly an old name, and every key that is one, wherever it stands
(a system puts back what only looks like a name: Magic Realm's catalogue counters). A title or a sentence that
mentions a name in passing is left as it is.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from systems.errors import FieldError, PlaysInvalid


def renamed(data: Any, names: Mapping[str, str]) -> Any:
    """`data` with each old name of `names` replaced by its new one (a new structure; `data` is not changed)."""
    if isinstance(data, str):
        return names.get(data, data)
    if isinstance(data, list):
        return [renamed(item, names) for item in data]
    if isinstance(data, dict):
        return {names.get(key, key): renamed(value, names) for key, value in data.items()}
    return data


def check_names(names: Mapping[str, str], sides: tuple[str, ...]) -> None:
    """Refuse, in words naming the combatant, a cast that names a combatant the state does not have, casts two
    combatants as one name, or gives a combatant the name another keeps."""
    errors = []
    for old, new in names.items():
        if old not in sides:
            errors.append(FieldError(old, f"{old!r} is not a combatant of this battle (its combatants: {', '.join(sides)})"))
        elif not isinstance(new, str) or not new.strip():
            errors.append(FieldError(old, "give the name the combatant takes"))
    after = [names.get(side, side) for side in sides]
    for name in sorted({name for name in after if after.count(name) > 1}):
        errors.append(FieldError(name, f"two combatants would be named {name!r}: cast each character once, and not "
                                       f"as a name another combatant keeps"))
    if errors:
        raise PlaysInvalid(errors)


def renamer(sides_of: Callable[[dict[str, Any]], tuple[str, ...]]):
    """A system's `rename`: the cast checked against the state's combatants (`sides_of`), then applied."""
    def rename(round_input: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
        names = {old: new for old, new in names.items() if old != new}
        check_names(names, tuple(sides_of(round_input)))
        return renamed(dict(round_input), names)
    return rename
