"""Helpers the systems share to stand behind the interface (systems/interface.py): checking a round input
against its schema and then its rules, resolving it only when it is valid, and writing the next round's input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from systems.errors import FieldError, PlaysInvalid, RoundFileError
from systems.events import Event
from systems.interface import ALL, Options, ResolvedEvent
from systems.schema import field_errors, schema_errors


def checked_input(data: Any, schema_path: Path, read: Callable[[dict], Any],
                  rule_errors: Callable[[Any], list[FieldError]]) -> list[FieldError]:
    """The schema's errors; when there are none, the errors the rules find in the input as `read` reads it."""
    errors = schema_errors(data, schema_path)
    if errors:
        return errors
    try:
        parsed = read(data)
    except RoundFileError as error:
        return field_errors(error)
    return rule_errors(parsed)


def resolve_checked(validate: Callable[[Any], list[FieldError]], resolve_file: Callable[..., dict], data: dict,
                    seed: int | None, dice: Any) -> dict:
    """The system's result JSON for a valid input; PlaysInvalid naming each field otherwise (a list of dice
    that runs short is an error of the field `dice`)."""
    errors = validate(data)
    if errors:
        raise PlaysInvalid(errors)
    try:
        return resolve_file(data, seed, dice)
    except RoundFileError as error:
        raise PlaysInvalid(field_errors(error)) from error


def private_event(event: Event, side: str) -> ResolvedEvent:
    """An event only `side` sees (its own secret choice that nothing revealed)."""
    logged = event.to_dict()
    return ResolvedEvent(logged["kind"], logged["text"], logged["rule"], logged["rule_name"], logged["line"],
                         tuple(logged["actors"]), frozenset({side}))


def public(events: list[dict]) -> list[ResolvedEvent]:
    return [ResolvedEvent(e["kind"], e["text"], e["rule"], e["rule_name"], e["line"], tuple(e["actors"]), ALL)
            for e in events]


def head(data: dict, keys: tuple[str, ...]) -> dict:
    """The keys of a round input that name its format and system, kept in the next round's input."""
    return {key: data[key] for key in keys if key in data}


def combatant_names(round_input: dict) -> tuple[str, ...]:
    """The sides of a system where each combatant plays for itself: a side is a combatant's name."""
    return tuple(combatant["name"] for combatant in round_input["combatants"])


def combatants_in_battle(out: Callable[[dict], bool]):
    """The `sides_in_battle` of a system where each combatant plays for itself: every combatant's name but those
    whose entry `out` says has left the battle (the dead, the down: as the system's rules say)."""
    def sides_in_battle(round_input: dict) -> tuple[str, ...]:
        return tuple(combatant["name"] for combatant in round_input["combatants"] if not out(combatant))
    return sides_in_battle


def schema_of(path: Path) -> dict:
    return json.loads(path.read_text())


WITHOUT_OPTIONS = Options()  # a system whose text has no optional rules (its gaps are Herald's rulings)


def no_options() -> Options:
    return WITHOUT_OPTIONS


def check_no_options(values: dict) -> list[FieldError]:
    return WITHOUT_OPTIONS.check(values)


def input_as_it_is(round_input: dict, values: dict) -> dict:
    """`with_options` of a system without options: the round input reads no campaign setting."""
    return dict(round_input)
