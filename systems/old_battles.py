"""A battle begun before its system's campaigns moved to the systems interface's pages, carried over to the
interface's format (issue #11; combat/battle_conversion.py converts one battle with these). Only Magic Realm had
such battles (systems/magic_realm/old_battles.py); every other system's battles were fought through the interface
from the start, and these are its defaults.

- `battle_from_old(old_state, previous, entries, starting) -> dict`: the battle's state between rounds in the
  interface's format from the old state; `previous` is the state the last resolved round's replay ended in
  (`Resolution.state`, None before round 1), `entries` the old GM entries of the round about to be played,
  `starting` what each character's starting information gives a battle (`starting_record`), by character.
  PlaysInvalid naming the field when the old state cannot be read;
- `answers_from_old(round_input, side, old_plays) -> (answers, left_out)`: answers to `plays_form(round_input,
  side)` that `fill` writes back to where the old round file put the old draft, and the parts of the draft no
  answer says, in words (the app keeps them in the round's history rather than drop them silently);
- `gm_answers_from_old(round_input, entries) -> (answers, left_out)`: the same for the GM's entries form
  (`plays_form(round_input, GM)`) from the old round's GM entries;
- `round_input_from_old(round_input, plays_by_side, entries) -> dict`: the round input with the old drafts and
  GM entries written exactly as the old path wrote its round file, for a round that waited: replayed with its
  seed it waits again, for what `wait_from_old(entries)` says it waited for (a dict as the system's `output`
  carries it; {} when it did not wait).

Pure Python: no Django."""

from __future__ import annotations

from typing import Any, Mapping

from systems.errors import FieldError, PlaysInvalid

NO_OLD_FORMAT = "this system's battles were fought through the interface from the start: it has no older format"


def keeps_old_battles(system) -> bool:
    """Whether the system had battles before the interface, in a format of its own that `battle_from_old` reads
    (a battle whose state does not name its system is one of those); False for the defaults' systems."""
    return system.battle_from_old is not no_old_battles


def no_old_battles(old_state: Mapping[str, Any], previous: Mapping[str, Any] | None = None,
                   entries: Mapping[str, Any] | None = None,
                   starting: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    raise PlaysInvalid([FieldError("state", NO_OLD_FORMAT)])


def no_old_answers(round_input: dict[str, Any], side: str, old_plays: Mapping[str, Any] | None):
    return {}, ((NO_OLD_FORMAT,) if old_plays else ())


def no_old_gm_answers(round_input: dict[str, Any], entries: Mapping[str, Any] | None):
    return {}, ((NO_OLD_FORMAT,) if entries else ())


def no_old_round_input(round_input: dict[str, Any], plays_by_side: Mapping[str, Mapping[str, Any]],
                       entries: Mapping[str, Any] | None) -> dict[str, Any]:
    raise PlaysInvalid([FieldError("plays", NO_OLD_FORMAT)])


def no_old_wait(entries: Mapping[str, Any] | None) -> dict[str, Any]:
    return {}
