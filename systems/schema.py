"""Checking a system's round file against its JSON schema, with errors that name the field."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jsonschema

from systems.errors import FieldError, RoundFileError


@lru_cache(maxsize=None)
def _validator(path: Path) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(path.read_text()))


def check_against_schema(data: object, schema_path: Path) -> None:
    if not isinstance(data, dict):
        raise RoundFileError([("(file)", "a round file is a JSON object")])
    errors = sorted(_validator(schema_path).iter_errors(data), key=lambda error: list(error.absolute_path))
    if errors:
        raise RoundFileError([(".".join(map(str, error.absolute_path)) or "(file)", _message(error)) for error in errors])


def _message(error: jsonschema.ValidationError) -> str:
    """The error in the schema's own words where it has them: a `pattern` beside a `patternError` ("write
    dice like 2d6 or 1d8+1") says what to write instead of quoting the regular expression."""
    says = error.schema.get("patternError") if error.validator == "pattern" and isinstance(error.schema, dict) else None
    return f"{says}, not {error.instance!r}" if says else error.message


def schema_errors(data: object, schema_path: Path) -> list[FieldError]:
    """The same check as `check_against_schema`, as a list of FieldError (empty when the data fits)."""
    try:
        check_against_schema(data, schema_path)
    except RoundFileError as error:
        return field_errors(error)
    return []


def field_errors(error: RoundFileError) -> list[FieldError]:
    """A refused file's (path, message) pairs as FieldErrors."""
    return [FieldError(path, message) for path, message in error.errors]
