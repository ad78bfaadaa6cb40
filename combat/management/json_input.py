"""Reading the JSON argument of `resolve_round` and `combat_odds`: a file path, or "-" for standard input."""

from __future__ import annotations

import json
import sys


class JsonInputError(Exception):
    """The argument could not be read or is not JSON; the message says where and why."""


def read_json_argument(path: str):
    """The JSON value in the file at `path`, or on standard input when `path` is "-"."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise JsonInputError(f"cannot read {path!r}: {error.strerror}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonInputError(f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}") from error
