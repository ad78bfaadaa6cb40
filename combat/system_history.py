"""The history of a character of a campaign fought through the systems interface: the resolved rounds its
side fought, each with the summary lines its combat system wrote for that side (`Round.result["summaries"]`,
combat/system_battles.py). Such a round changes no campaign character's state (the system's own state lives in
the battle), so there is no `CharacterChange`: the rounds are the history. Entries read like
`combat.history`'s (battle, round, source, lines), so the character pages draw both the same way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from combat.models import Battle, Round, SidePlays


@dataclass(frozen=True)
class SideEntry:
    battle: Battle
    round: Round
    lines: tuple[str, ...]
    source: str = "round"

    @property
    def battle_id(self) -> int:
        return self.battle.pk


def _entry(side: SidePlays) -> SideEntry:
    summaries = (side.round.result or {}).get("summaries") or {}
    lines = tuple(summaries.get(side.side) or ()) or ("Fought this round.",)
    return SideEntry(side.round.battle, side.round, lines)


class SideEntries:
    """A character's entries, newest first, read a page at a time (a `Paginator` counts and slices it)."""

    def __init__(self, character):
        self.queryset = (SidePlays.objects.filter(character=character, round__status=Round.Status.RESOLVED)
                         .select_related("round__battle").order_by("-round__resolved_at", "-round_id"))

    def count(self) -> int:
        return self.queryset.count()

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: Any):
        if isinstance(index, slice):
            return [_entry(side) for side in self.queryset[index]]
        return _entry(self.queryset[index])


def entries_of(character) -> SideEntries:
    return SideEntries(character)
