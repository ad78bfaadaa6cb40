"""The keys of the round page's cached fragments (config.fragments): each a fingerprint of every row and
value its part of the page is drawn from, so that a change to any of them draws it again."""

from __future__ import annotations

from typing import Any


def _rules(campaign) -> Any:
    """The campaign's current rule set, as the forms, checks and odds read it (`current_rules`)."""
    version = campaign.current_rules_version
    return [version.pk, version.number, version.fingerprint, version.settings] if version else "standard"


def _side(side) -> list[Any]:
    character = side.character
    player = character.player
    info = getattr(character, "starting_info", None)
    return [
        side.pk, side.character_id, side.plays, side.locked, side.updated_at,
        [character.pk, character.catalogue_name, character.state, getattr(info, "answers", None)],
        [player.pk, player.name],
    ]


def plays_layout_parts(round_, sides, previous: dict[int, dict]) -> list[Any]:
    """What the battle panel, the GM's encounter entries and every side's form (with its errors and odds)
    are drawn from: the round (its encounter entries and rulings), the battle's state, the campaign's
    rules, every side's saved plays (one side's errors depend on the others' plays) with its character
    and player, and each side's plays of the round before (its default weapon)."""
    battle = round_.battle
    campaign = battle.campaign
    return [
        "plays-layout",
        [round_.pk, round_.number, round_.status, round_.encounter],
        [battle.pk, battle.name, battle.clearing, battle.status, battle.state, battle.updated_at, campaign.slug],
        _rules(campaign),
        [_side(side) for side in sides],
        sorted(previous.items()),
    ]
