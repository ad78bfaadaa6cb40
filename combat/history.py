"""A battle's outcome in the campaign: each character's state changes with the round that changed it, and a
history entry (`CharacterChange`) says what happened, in which battle and round.

Called inside the transaction that writes the round's result, settles a side's dues, writes a GM's adjustment
or voids a round, so that the character and the battle never disagree. What changed is the
campaign's system's to say (`record_changes`, systems/records.py); the record is written through
`campaigns.services.change_character_state`.
"""

from __future__ import annotations

from typing import Any

from combat.models import CharacterChange, Round
from systems import records


def _write(character_id: int, round_: Round, source: str, found: records.RecordChange) -> CharacterChange:
    from campaigns.services import change_character_state

    done: list[dict[str, Any]] = []

    def change(state: dict[str, Any]) -> dict[str, Any]:
        new_state, ops = records.apply(state, found.changes)
        done.extend(ops)
        return new_state

    change_character_state(character_id, change)
    return CharacterChange.objects.create(character_id=character_id, battle_id=round_.battle_id, round=round_,
                                          source=source, lines=found.lines, ops=done)


def record_round(round_: Round, before: dict[str, Any], after: dict[str, Any], output: dict[str, Any]) -> list[CharacterChange]:
    """What the resolved round made certain for each campaign character of the battle (`before` the round's
    input or the battle's state before it, `after` the state it left, `output` what it reported)."""
    return _record(round_, before, after, output, CharacterChange.Source.ROUND)


def _record(round_: Round, before: dict[str, Any], after: dict[str, Any], output: dict[str, Any],
            source: str) -> list[CharacterChange]:
    system = round_.battle.campaign.combat_system
    by_name = {character.catalogue_name: character.pk for character in round_.battle.characters.all()}
    return [_write(by_name[found.side], round_, source, found)
            for found in system.record_changes(before, after, output) if found.side in by_name]


def record_chits(round_: Round, character, before: dict[str, Any], after: dict[str, Any]) -> CharacterChange | None:
    """What a side's dues settled after `round_` did to its character (Magic Realm: the chits its wounds and
    fatigue fall on), in place of a settlement recorded before."""
    undo(CharacterChange.objects.filter(round=round_, character=character, source=CharacterChange.Source.CHITS))
    system = round_.battle.campaign.combat_system
    found = next((change for change in system.record_changes(before, after, {})
                  if change.side == character.catalogue_name), None)
    if not found:
        return None
    return _write(character.pk, round_, CharacterChange.Source.CHITS, found)


def record_adjustment(round_: Round, before: dict[str, Any], after: dict[str, Any]) -> list[CharacterChange]:
    """What a GM's hand adjustment between rounds did to the campaign characters of the battle, kept with the
    round open for plays (so that voiding the round before it undoes it too)."""
    return _record(round_, before, after, {}, CharacterChange.Source.ADJUSTED)


def undo(changes) -> int:
    """Undo history entries (a voided round's, or a chit choice replaced), newest first, and delete them."""
    from campaigns.services import change_character_state

    entries = list(changes.order_by("-created_at", "-id"))
    for entry in entries:
        change_character_state(entry.character_id, lambda state, ops=entry.ops: records.undo(state, ops))
        entry.delete()
    return len(entries)
