"""Fixtures for the players' loop: the battle tests' campaign and demo battle (tests/combat/conftest.py),
with each player's link token and the page's address."""

import pytest

from tests.combat.conftest import (  # noqa: F401  (fixtures)
    AMAZON_PLAYS,
    BLACK_KNIGHT_PLAYS,
    battle,
    campaign,
    characters,
    first_round,
    form_data,
    gm,
    gm_client,
    side_of,
    valid_plays,
)


@pytest.fixture
def tokens(battle):
    """{player name: token} for the battle's live links (made when round 1 opened)."""
    from players.links import token_for
    from players.models import PlayerLink

    return {link.player.name: token_for(link) for link in PlayerLink.objects.filter(battle=battle, revoked_at__isnull=True)}


def page_url(token: str) -> str:
    return f"/play/{token}/"


def amazon_runs_away(gm, campaign, amazon):
    """The Amazon, alone against a Wolf, runs away in the encounter step (seed 0): no character is left,
    combat ends in round 1 (the battle is ended by the system, not by the GM)."""
    from combat.models import Battle
    from tests.combat.outcome_battles import play, start

    battle = start(gm, campaign, {"characters": [amazon.catalogue_name], "monsters": "Wolf",
                                  "attacks": "Wolf -> Amazon"})
    round_ = play(gm, battle, {"Amazon": {"encounter_play": "run", "run_with": {"chit": "MOVE M3*"}}}, seed=0)
    battle.refresh_from_db()
    assert round_.result["finished"] and battle.status == Battle.Status.ENDED, [e["text"] for e in round_.log][-4:]
    return round_
