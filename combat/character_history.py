"""A character's one history of battles, whatever its campaign's system (issue #11: the campaign's pages name no
system): what each battle did to it, newest first. A battle fought through the interface gives an entry per
resolved round its side fought, with its system's summary and what the round did to the record
(combat/system_history.py); a Magic Realm battle begun on the app's own pages gives its `CharacterChange` rows
(combat/history.py). A campaign may hold both kinds, so the two are merged by time. Every entry has `battle`,
`battle_id`, `round`, `source` and `lines`, which the character pages draw."""

from __future__ import annotations

from typing import Any

from combat import history, system_history


def _when(entry) -> tuple:
    # A round's entry is dated when the round was resolved, a change when it was written (with the round, or
    # when its dues were settled or the GM adjusted it): both are when the character was changed.
    if isinstance(entry, system_history.SideEntry):
        return (entry.round.resolved_at, 0, entry.round.pk)
    return (entry.created_at, 1, entry.pk)


def _newest_first(*groups) -> list:
    return sorted((entry for group in groups for entry in group), key=_when, reverse=True)


def latest_for(characters, latest: int = 10) -> dict[int, list]:
    """Each character's `latest` entries, newest first, for the campaign's character cards (two queries for all
    of them, one for what the interface's rounds did to the records and one for the rounds that killed them)."""
    sides = system_history.latest_for(characters, latest)
    own = history.for_characters(characters, latest)
    return {pk: _newest_first(sides.get(pk, []), own.get(pk, []))[:latest] for pk in set(sides) | set(own)}


def counts_for(characters) -> dict[int, int]:
    """How many entries each character's history holds."""
    sides, own = system_history.counts_for(characters), history.counts_for(characters)
    return {pk: sides.get(pk, 0) + own.get(pk, 0) for pk in set(sides) | set(own)}


class Entries:
    """A character's whole history, newest first, read a page at a time (a `Paginator` counts and slices it):
    a page ends where it does in both sources' newest entries, so each is read up to the page's end."""

    def __init__(self, character):
        self.sides = system_history.entries_of(character)
        self.own = history.entries_of(character)

    def count(self) -> int:
        return self.sides.count() + self.own.count()

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: Any):
        if isinstance(index, slice):
            stop = index.stop if index.stop is not None else self.count()
            return _newest_first(self.sides[:stop], list(self.own[:stop]))[index]
        return self[index:index + 1][0]


def entries_of(character) -> Entries:
    return Entries(character)
