"""Reading the fields of a JSON query, with errors that name the field: shared by every system's odds."""

from __future__ import annotations

from systems.errors import OddsQueryError


def object_at(data: dict, key: str, field: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise OddsQueryError(f"{field}: must be an object" if key in data else f"{field}: is required")
    return value


def integer_at(data: dict, key: str, field: str, *, low: int | None = None, high: int | None = None,
               default: int | None = None) -> int:
    if key not in data:
        if default is None:
            raise OddsQueryError(f"{field}: is required")
        return default
    value = data[key]
    # bool is an int in Python, but `true` is not a number of dice.
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsQueryError(f"{field}: must be a whole number, not {value!r}")
    if low is not None and value < low or high is not None and value > high:
        raise OddsQueryError(f"{field}: must be from {low} to {high}, not {value}" if high is not None
                             else f"{field}: must be at least {low}, not {value}")
    return value


def boolean_at(data: dict, key: str, field: str, *, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise OddsQueryError(f"{field}: must be true or false, not {value!r}")
    return value
