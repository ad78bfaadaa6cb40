"""The history of a character of a campaign fought through the systems interface: the resolved rounds its
side fought, each with the summary lines its combat system wrote for that side (`Round.result["summaries"]`,
combat/system_battles.py). What a round did to the character's record (systems/records.py) is a
`CharacterChange`, shown on the round's page and added to that round's entry here ("Record: ...", "Dues
settled: ...", "The GM's adjustment: ..."); the history lists every round fought, changed or not. A character
killed fights no later round of his battle: its sides stay with him (locked, with nothing to play) and its
summary says he is dead again each round, so such a round is listed only when it changed his record
(`_after_death`). Each entry gives its battle, round and lines, as the character pages draw them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Q, Window
from django.db.models.functions import RowNumber

from combat.models import Battle, CharacterChange, Round, SidePlays
from systems.records import KILLED


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


def _after_death(characters) -> Q | None:
    """The sides of the rounds after the one that killed their character, in his battle (None: no character
    of them was killed). Read from the records the rounds wrote (`killed`, systems/records.py), whatever the
    system: the one that set it last in a battle, unless a later one set it back (a GM's adjustment)."""
    died: dict[tuple[int, int], int] = {}
    rows = (CharacterChange.objects.filter(character__in=characters, character__state__killed=True)
            .order_by("created_at", "id").values_list("character_id", "battle_id", "round__number", "ops"))
    for character_id, battle_id, number, ops in rows:
        for op in ops or ():
            if op.get("key") == KILLED and op.get("item") is None:
                if op.get("value") is True:
                    died[(character_id, battle_id)] = number
                else:
                    died.pop((character_id, battle_id), None)
    if not died:
        return None
    later = Q()
    for (character_id, battle_id), number in died.items():
        later |= Q(character_id=character_id, round__battle_id=battle_id, round__number__gt=number)
    return later


def _resolved(characters):
    """The sides the characters played in resolved rounds; a round after the one that killed the character is
    left out unless it changed his record."""
    sides = SidePlays.objects.filter(character__in=characters, round__status=Round.Status.RESOLVED)
    after_death = _after_death(characters)
    if after_death is None:
        return sides
    changed = CharacterChange.objects.filter(character_id=OuterRef("character_id"), round_id=OuterRef("round_id"))
    return sides.exclude(after_death & ~Exists(changed))


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
