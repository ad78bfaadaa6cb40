"""A character's secret starting information as a combat system asks for it (issue #11): the defaults of a system
whose characters have none.

- `starting_form(name, options) -> PlaysForm | None`: the questions of the character `name`'s secret starting
  information under the campaign's option values `options`, fields with no path (the answers are kept as they are,
  by field name); None: the system's characters have none (the campaign's page for it is then 404);
- `check_starting(answers, options) -> list[FieldError]`: what is wrong with those answers, each error naming its
  field (or a name no field has, for what concerns several: the page shows it above the form);
- `starting_record(answers) -> dict`: what a battle starts the character with from them, laid over his record
  (`Character.battle_record`); {} for nothing;
- `starting_from_old(old) -> dict`: the answers from the starting information a campaign file kept before issue #11
  (the system's own keys); {} for a system that had none.

`keeps_starting(system)` says whether a system has its own at all (the characters page's link, an import's check).

A system with its own (Magic Realm's victory requirements, starting location, spells and enchanted chits) exports
its own from `systems/<system>/starting.py`. Pure Python: no Django."""

from __future__ import annotations

from typing import Any, Mapping

from systems.errors import FieldError
from systems.interface import PlaysForm


def keeps_starting(system) -> bool:
    """Whether the system's characters have secret starting information, asked without building a form: its
    `starting_form` is its own, not the default `no_starting_form` (which answers None for every character)."""
    return system.starting_form is not no_starting_form


def no_starting_form(name: str, options: Mapping[str, Any]) -> PlaysForm | None:
    """None: the system's characters have no secret starting information."""
    return None


def nothing_to_check(answers: Mapping[str, Any], options: Mapping[str, Any]) -> list[FieldError]:
    """No questions, so nothing wrong."""
    return []


def nothing_to_start_with(answers: Mapping[str, Any]) -> dict[str, Any]:
    """Nothing laid over the record."""
    return {}


def nothing_old(old: Mapping[str, Any]) -> dict[str, Any]:
    """No starting information before issue #11 either."""
    return {}
