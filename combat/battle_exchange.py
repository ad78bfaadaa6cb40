"""A campaign's battles in its export file and back (campaigns/exchange.py calls these inside its own
transaction): every battle with its rounds, sides, chit records and what each round did to the characters,
characters named by their `catalogue_name`, so that a round can still be voided after an import. A battle a file
keeps in the app's own round format from before its campaign's system moved to the interface's pages is carried
over to the interface's format as it is imported (combat/battle_conversion.py), or refused naming it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.dateparse import parse_datetime

from combat.battle_conversion import ConversionRefused, convert_battle, needs_conversion
from combat.models import Battle, CharacterChange, ChitRecord, Round, SidePlays
from combat.services import BattleError

EXPORT_VERSION = 1


def export_battles(campaign) -> list[dict[str, Any]]:
    """Every battle of a campaign with its rounds, plays and records, characters named by catalogue_name."""
    exported = []
    for battle in campaign.battles.prefetch_related("characters", "rounds__sides__character", "rounds__chit_records__character",
                                                    "rounds__character_changes__character"):
        exported.append(
            {
                "name": battle.name,
                "clearing": battle.clearing,
                "status": battle.status,
                "state": battle.state,
                "demo_key": battle.demo_key,
                "created_at": battle.created_at.isoformat(),
                "characters": [_character_ref(c) for c in battle.characters.all()],
                "rounds": [
                    {
                        "number": r.number,
                        "status": r.status,
                        "seed": r.seed,
                        "salt": r.salt,
                        "commitment": r.commitment,
                        "commitment_for": r.commitment_for,
                        "committed_at": r.committed_at.isoformat() if r.committed_at else None,
                        "rules": r.rules,
                        "rules_version_number": r.rules_version_number,
                        "rules_fingerprint": r.rules_fingerprint,
                        "input": r.input,
                        "result": r.result,
                        "log": r.log,
                        "error": r.error,
                        "encounter": r.encounter,
                        "resolved_at": r.resolved_at.isoformat() if r.resolved_at else None,
                        "sides": [_exported_side(s) for s in r.sides.all()],
                        "chit_records": [
                            {"character": _character_ref(c.character), "wounded": c.wounded, "fatigued": c.fatigued}
                            for c in r.chit_records.all()
                        ],
                        # What the round did to the characters, so that it can still be voided after an import.
                        "state_before": r.state_before,
                        "voided_count": r.voided_count,
                        "voided_at": r.voided_at.isoformat() if r.voided_at else None,
                        "character_changes": [
                            {"character": _character_ref(c.character), "source": c.source, "lines": c.lines,
                             "ops": c.ops, "created_at": c.created_at.isoformat()}
                            for c in sorted(r.character_changes.all(), key=lambda change: (change.created_at, change.pk))
                        ],
                    }
                    for r in battle.rounds.all()
                ],
            }
        )
    return exported


def _character_ref(character) -> str:
    return character.catalogue_name


def _exported_side(side: SidePlays) -> dict[str, Any]:
    """A side's plays; a side named by its combat system also carries that `side` name, and its `character`
    is null when no campaign character plays it (the GM's)."""
    exported = {"character": _character_ref(side.character) if side.character else None, "plays": side.plays,
                "locked": side.locked}
    if side.side:
        exported["side"] = side.side
    return exported


def _exported_time(value: str, path: str):
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        raise BattleError(f"{path} is not a date and time: {value!r}", {path: "must be an ISO 8601 date and time"})
    return moment


def import_battles(campaign, data: list[dict[str, Any]]) -> list[Battle]:
    """Recreate exported battles in `campaign` (called inside the importer's transaction)."""
    if not isinstance(data, list):
        raise BattleError("battles must be a list", {"battles": "must be a list of battles"})
    by_name = {}
    for character in campaign.characters.all():
        by_name[_character_ref(character)] = character
    created = []
    with transaction.atomic():
        for index, item in enumerate(data):
            try:
                characters = [by_name[name] for name in item.get("characters", [])]
            except KeyError as missing:
                raise BattleError(
                    f"battles[{index}] names an unknown character {missing}",
                    {f"battles[{index}].characters": f"unknown character {missing}"},
                ) from None
            battle = Battle.objects.create(
                campaign=campaign,
                name=item["name"],
                clearing=item["clearing"],
                status=item.get("status", Battle.Status.ACTIVE),
                state=item.get("state") or {},
                demo_key=item.get("demo_key", ""),
            )
            if item.get("created_at"):
                # auto_now_add ignores a value given to create(); the exported time is restored after.
                battle.created_at = _exported_time(item["created_at"], f"battles[{index}].created_at")
                Battle.objects.filter(pk=battle.pk).update(created_at=battle.created_at)
            battle.characters.set(characters)
            for rdata in item.get("rounds", []):
                round_ = Round.objects.create(
                    battle=battle,
                    number=rdata["number"],
                    status=rdata.get("status", Round.Status.DRAFTING),
                    seed=rdata.get("seed"),
                    salt=rdata.get("salt") or "",
                    commitment=rdata.get("commitment") or "",
                    commitment_for=rdata.get("commitment_for") or {},
                    committed_at=parse_datetime(rdata["committed_at"]) if rdata.get("committed_at") else None,
                    rules=rdata.get("rules") or {},
                    rules_version_number=rdata.get("rules_version_number"),
                    rules_fingerprint=rdata.get("rules_fingerprint", ""),
                    input=rdata.get("input"),
                    result=rdata.get("result"),
                    log=rdata.get("log") or [],
                    error=rdata.get("error", ""),
                    encounter=rdata.get("encounter") or {},
                    resolved_at=parse_datetime(rdata["resolved_at"]) if rdata.get("resolved_at") else None,
                    state_before=rdata.get("state_before"),
                    voided_count=rdata.get("voided_count") or 0,
                    voided_at=parse_datetime(rdata["voided_at"]) if rdata.get("voided_at") else None,
                )
                for sdata in rdata.get("sides", []):
                    SidePlays.objects.create(
                        round=round_,
                        side=sdata.get("side") or "",
                        character=by_name[sdata["character"]] if sdata.get("character") is not None else None,
                        plays=sdata.get("plays") or {},
                        locked=bool(sdata.get("locked")),
                    )
                for cdata in rdata.get("chit_records", []):
                    ChitRecord.objects.create(
                        round=round_,
                        character=by_name[cdata["character"]],
                        wounded=cdata.get("wounded") or [],
                        fatigued=cdata.get("fatigued") or [],
                    )
                _import_character_changes(round_, rdata, by_name)
            if needs_conversion(battle):
                try:
                    convert_battle(battle)
                except ConversionRefused as refused:
                    raise BattleError(str(refused), {f"battles[{index}]": str(refused)}) from None
                battle.refresh_from_db()
            created.append(battle)
    return created


def _import_character_changes(round_: Round, data: dict[str, Any], by_name: dict) -> None:
    """A round's history entries (the characters' states come with the campaign's characters)."""
    for position, entry in enumerate(data.get("character_changes", [])):
        if entry["character"] not in by_name:
            path = f"rounds[{round_.number}].character_changes[{position}].character"
            raise BattleError(f"{path} names an unknown character {entry['character']!r}",
                              {path: f"unknown character {entry['character']!r}"})
        change = CharacterChange.objects.create(
            round=round_, battle_id=round_.battle_id, character=by_name[entry["character"]],
            source=entry.get("source") or CharacterChange.Source.ROUND, lines=entry.get("lines") or [],
            ops=entry.get("ops") or [],
        )
        if entry.get("created_at"):  # auto_now_add ignores a value given to create(); restored after
            CharacterChange.objects.filter(pk=change.pk).update(created_at=parse_datetime(entry["created_at"]))
