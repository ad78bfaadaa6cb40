"""The history of a character of a campaign fought through the systems interface: the resolved rounds its
side fought, each with the summary lines its combat system wrote for that side (`Round.result["summaries"]`,
combat/system_battles.py). What a round did to the character's record (systems/records.py) is a
`CharacterChange`, shown on the round's page and added to that round's entry here ("Record: ...", "Dues
settled: ...", "The GM's adjustment: ..."); the history lists every round fought, changed or not.
Entries read like `combat.history`'s (battle, round, source, lines), so the character pages draw both the
same way."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Window
from django.db.models.functions import RowNumber

from combat.models import Battle, CharacterChange, Round, SidePlays


@dataclass(frozen=True)
class SideEntry:
    battle: Battle
    round: Round
    lines: tuple[str, ...]
    source: str = "round"

    @property
    def battle_id(self) -> int:
        return self.battle.pk


def _entry(side: SidePlays, changed: dict[tuple[int, int], list[str]] | None = None) -> SideEntry:
    summaries = (side.round.result or {}).get("summaries") or {}
    lines = tuple(summaries.get(side.side) or ()) or ("Fought this round.",)
    record = (changed or {}).get((side.character_id, side.round_id), [])
    return SideEntry(side.round.battle, side.round, lines + tuple(record))


def _entries(sides) -> list[SideEntry]:
    """The sides' entries, each with what its round did to the character's record (the round itself, the dues
    settled after it, the GM's adjustments while it was open), read in one query for all of them."""
    sides = list(sides)
    changed: dict[tuple[int, int], list[str]] = defaultdict(list)
    rows = (CharacterChange.objects.filter(character_id__in={s.character_id for s in sides},
                                           round_id__in={s.round_id for s in sides})
            .order_by("created_at", "id").values_list("character_id", "round_id", "source", "lines"))
    for character_id, round_id, source, lines in rows:
        said = {"chits": "Dues settled", "adjusted": "The GM's adjustment"}.get(source, "Record")
        changed[(character_id, round_id)].append(f"{said}: {'; '.join(lines)}")
    return [_entry(side, changed) for side in sides]


def _resolved(characters):
    """The sides the characters played in resolved rounds."""
    return SidePlays.objects.filter(character__in=characters, round__status=Round.Status.RESOLVED)


def _fought(characters):
    """The sides the characters played in resolved rounds, with their round and battle; a round's log and
    input are large and an entry needs neither."""
    return (_resolved(characters)
            .select_related("round__battle")
            .defer("plays", "round__log", "round__input", "round__state_before", "round__battle__state"))


class SideEntries:
    """A character's entries, newest first, read a page at a time (a `Paginator` counts and slices it)."""

    def __init__(self, character):
        self.queryset = _fought([character]).order_by("-round__resolved_at", "-round_id")

    def count(self) -> int:
        return self.queryset.count()

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: Any):
        if isinstance(index, slice):
            return _entries(self.queryset[index])
        return _entries([self.queryset[index]])[0]


def entries_of(character) -> SideEntries:
    return SideEntries(character)


def latest_for(characters, latest: int = 10) -> dict[int, list[SideEntry]]:
    """Each character's `latest` entries, newest first, for the campaign's character cards: one query for
    all of them, however many characters and rounds (`entries_of` pages through a character's whole history)."""
    found: dict[int, list[SideEntry]] = defaultdict(list)
    newest = Window(RowNumber(), partition_by=[F("character_id")],
                    order_by=[F("round__resolved_at").desc(), F("round_id").desc()])
    sides = _fought(characters).annotate(place=newest).filter(place__lte=latest)
    ordered = list(sides.order_by("character_id", "-round__resolved_at", "-round_id"))
    for side, entry in zip(ordered, _entries(ordered)):
        found[side.character_id].append(entry)
    return found


def counts_for(characters) -> dict[int, int]:
    """How many entries each character's history holds (one query)."""
    rows = (_resolved(characters)
            .values("character_id").annotate(n=Count("id")))
    return {row["character_id"]: row["n"] for row in rows}
