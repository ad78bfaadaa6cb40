"""Checking a Magic Realm round file through the engine, with errors naming the field (`validate`), shared by
the interface's `validate` and the plays form (which offers a chit only if the engine accepts it)."""

from __future__ import annotations

import re
from typing import Any

from systems.errors import FieldError
from systems.magic_realm.engine.encounter import ENCOUNTER_SCHEMA
from systems.magic_realm.engine.play import validate_round_file
from systems.magic_realm.engine.round_format import RoundFormatError, read_round


# The encounter step's own checks name a field within the section ("actions[0].character"); the round input's
# path to it starts with "encounter.".
SECTION_KEYS = frozenset(ENCOUNTER_SCHEMA["properties"])
FIRST_PART = re.compile(r"[^.\[]+")


def engine_file(round_input: dict[str, Any]) -> dict[str, Any]:
    """The registry's "system" key is not part of the engine's round file (as in `resolve_round`)."""
    return {key: value for key, value in round_input.items() if key != "system"}


def validate(round_input: Any) -> list[FieldError]:
    """The schema's and the rules' errors; warnings (a weapon too heavy for its chit) do not stop a round."""
    if not isinstance(round_input, dict):
        return [FieldError("(file)", "a round file is a JSON object")]
    try:
        round_file = read_round(engine_file(round_input))
    except RoundFormatError as error:
        return [FieldError(e.path, e.message) for e in error.errors]
    return [FieldError(in_round_input(e.path), e.message) for e in validate_round_file(round_file)
            if getattr(e, "severity", "error") == "error"]


def in_round_input(path: str) -> str:
    """The error's path in the round input: an encounter-step field under `encounter.`."""
    first = FIRST_PART.match(path)
    return f"encounter.{path}" if first and first.group() in SECTION_KEYS else path
