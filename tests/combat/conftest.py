"""Fixtures for the battle tests: a campaign under the bimr4 rules with its GM, two players and their
characters (Black Knight, Amazon), the demo battle, and plays that are valid for its first round."""

import pytest

from campaigns import services as campaign_services


@pytest.fixture
def gm(make_user):
    return make_user("gm")


@pytest.fixture
def campaign(gm):
    campaign = campaign_services.create_campaign(gm, "Test campaign", "test", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    campaign_services.add_player(gm, campaign, {"name": "Carol", "email": "carol@example.com", "time_zone": "UTC"})
    return campaign


@pytest.fixture
def battle(campaign):
    from combat.demo import create_demo_battle

    return create_demo_battle(campaign)


@pytest.fixture
def first_round(battle):
    return battle.rounds.get(number=1)


@pytest.fixture
def characters(campaign):
    return {c.catalogue_name: c for c in campaign.characters.all()}


BLACK_KNIGHT_PLAYS = {
    "target": "H Troll",
    "target_part": "horse",
    "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
    "maneuver": {"chit": "MOVE H6", "box": 1},
    "positions": {"H Troll": 2},
}
AMAZON_PLAYS = {
    "target": "Wolf",
    "target_part": "horse",
    "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
    "maneuver": {"chit": "MOVE M4", "box": 3},
    "positions": {"Wolf": 1},
}


@pytest.fixture
def valid_plays():
    return {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)}
