"""A character's one history of battles, whatever its campaign's system (issue #11: the campaign's pages name no
system): an entry per resolved round its side fought, newest first, with its system's summary and what the
round did to the record (combat/system_history.py). Every entry has `battle`, `battle_id`, `round`, `source` and
`lines`, which the character pages draw."""

from __future__ import annotations

from combat import system_history


def latest_for(characters, latest: int = 10) -> dict[int, list]:
    """Each character's `latest` entries, newest first, for the campaign's character cards (two queries for all
    of them: what their rounds did to the records, and the rounds that killed them)."""
    return system_history.latest_for(characters, latest)


def counts_for(characters) -> dict[int, int]:
    """How many entries each character's history holds."""
    return system_history.counts_for(characters)


def entries_of(character) -> system_history.SideEntries:
    """A character's whole history, newest first, read a page at a time (a `Paginator` counts and slices it)."""
    return system_history.entries_of(character)
