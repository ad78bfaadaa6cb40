"""Checking a Magic Realm round file through the engine, with errors naming the field (`validate`), shared by
the interface's `validate` and the plays form (which offers a chit only if the engine accepts it)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from systems.errors import FieldError
from systems.magic_realm.engine.encounter import ENCOUNTER_SCHEMA
from systems.magic_realm.engine.play import validate_round_file
from systems.magic_realm.engine.round_format import (RoundFormatError, read_round, schema_errors, schema_errors_of,
                                                      state_from_json)


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


class CheckedInput(dict):
    """A round input whose schema errors, and its state as read, are worked out once (`checked`), for the many
    trials the plays form makes of it: each trial changes one top-level key (a side's play, the encounter
    section, the sheets) and keeps the same state."""

    schema_errors: list | None = None  # None: not checked (`trial_errors` then checks each trial whole)
    parsed_state: tuple | None = None

    def replaced(self, key: str, value: Any) -> CheckedInput:
        """This input with `key` set to `value`, checked by checking `value` alone."""
        new = CheckedInput({**self, key: value})
        if self.schema_errors is None:
            return new
        new.schema_errors = [e for e in self.schema_errors if not _under(e.path, key)]
        new.schema_errors += schema_errors_of(engine_file(new), key)
        new.parsed_state = self.parsed_state
        return new


def checked(round_input: dict[str, Any]) -> CheckedInput:
    base = CheckedInput(round_input)
    errors, base.parsed_state = _checked(json.dumps(engine_file(round_input), sort_keys=True))
    base.schema_errors = list(errors)
    return base


def _under(path: str, key: str) -> bool:
    """Whether an error's path lies in the top-level `key` of the round input."""
    return path == key or path.startswith(f"{key}.")


@lru_cache(maxsize=16)
def _checked(text: str) -> tuple[tuple, tuple | None]:
    """The schema's errors of a round input (as its JSON) and its state as read: the same for every side's form
    of a round, so a page of ten sides checks the round once (the read state is frozen, and shared)."""
    data = json.loads(text)
    errors = tuple(schema_errors(data))
    if errors:
        return errors, None
    state_errors: list = []
    state = state_from_json(data["state"], state_errors)
    return errors, (state, tuple(state_errors))


def trial_errors(base: dict[str, Any], trial: dict[str, Any], key: str) -> list[FieldError]:
    """`validate(trial)`, for a trial that is `base` with `key` changed: the same errors, without checking the
    whole file against the schema again when `base` is valid but for `key` (only `trial[key]` is checked), nor
    reading its state again. The plays form asks hundreds of trials of a large battle, and the whole file's
    schema was nearly all their time (docs/performance.md). A trial that changes anything else (a key beside
    `key` that is not `base`'s own, or added) is checked whole; one may leave a key out."""
    if (not isinstance(base, CheckedInput) or base.schema_errors is None or key not in trial
            or any(not _under(error.path, key) for error in base.schema_errors)
            or any(value is not base.get(name) for name, value in trial.items() if name != key)):
        return validate(trial)
    errors = schema_errors_of(trial, key)
    if errors:
        return [FieldError(e.path, e.message) for e in errors]
    same_state = base.parsed_state is not None and trial.get("state") is base.get("state")
    try:
        round_file = read_round(engine_file(trial), schema_checked=True,
                                parsed_state=base.parsed_state if same_state else None)
    except RoundFormatError as error:
        return [FieldError(e.path, e.message) for e in error.errors]
    return [FieldError(in_round_input(e.path), e.message) for e in validate_round_file(round_file)
            if getattr(e, "severity", "error") == "error"]
