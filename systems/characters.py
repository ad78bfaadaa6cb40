"""A campaign's characters as a combat system names and describes them (issue #11): the defaults of a system whose
characters are free names, each the name of the combatant it plays in the system's battles.

- `character_name(name) -> str`: the name as the campaign keeps it, or ValueError saying what is wrong;
- `character_names() -> tuple[str, ...] | None`: the names a new character may take, or None for any name (the
  page then suggests the combatants of the system's examples);
- `native_groups() -> tuple[str, ...]`: the groups a character may start with the equipment of (none: the add
  form asks nothing);
- `character_facts(name, record, options) -> tuple[CharacterFact, ...]`: what the character's card shows beyond
  its record, under the campaign's option values `options`: a label and a text, or a label and badges (a name,
  its value, and how good it is for the character, -2 to 2, which the page colours).

A system with its own (Magic Realm's catalogue characters, native groups and relationships) exports its own from
`systems/<system>/characters.py`. Pure Python: no Django."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Mapping

NAME_LENGTH = 60  # the campaign's column (Character.catalogue_name)
FREE_NAME_MESSAGE = (f"Give the character's name as its combatant is named in battles (one line, up to {NAME_LENGTH} "
                     "characters).")


@dataclass(frozen=True)
class Badge:
    """One of a fact's items drawn as a badge: `name` (a native group), `value` (Friendly) and `tone`, -2 (bad for
    the character) to 2 (good), which the page colours."""

    name: str
    value: str
    tone: int = 0


@dataclass(frozen=True)
class CharacterFact:
    """A line of a character's card: `label` over `text`, or over `badges` when it has them (`text` is then what
    the badges say in words, for a reader without colours)."""

    label: str
    text: str
    badges: tuple[Badge, ...] = ()


def is_one_line(value: str) -> bool:
    """No control characters (CR, LF, tab, NUL...) and no Unicode line or paragraph separators: a character's
    name reaches emails' Subject lines (campaigns/names.py says why)."""
    return not any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in value)


def free_name(name: str) -> str:
    """Any one-line name up to 60 characters, kept as given (stripped): the name of its combatant in battles."""
    name = str(name or "").strip()
    if not name or not is_one_line(name) or len(name) > NAME_LENGTH:
        raise ValueError(FREE_NAME_MESSAGE)
    return name


def any_name() -> tuple[str, ...] | None:
    """None: a character may take any name."""
    return None


def no_native_groups() -> tuple[str, ...]:
    """No starting native group: the add form has no such field."""
    return ()


def no_facts(name: str, record: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[CharacterFact, ...]:
    """Nothing on the card beyond the record."""
    return ()
