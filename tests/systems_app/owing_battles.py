"""Battles of the test system of owing_system.py, in which a side owes something to settle after each round:
Aldric (Alice's) and Bryn (Bob's) against the GM's Goblin. In round 1 Aldric and Bryn strike the Goblin and the
Goblin strikes Aldric: the Goblin owes 2 hits to mark, Aldric 1, Bryn nothing. Import the fixtures into a test
module to use them."""

import pytest

from campaigns import services as campaign_services
from combat import services, system_battles
from combat.models import Round
from tests.systems_app import owing_system
from tests.systems_app.conftest import gm_plays

PLAYERS = {"Aldric": "alice@example.com", "Bryn": "bob@example.com"}
ROUND_ONE = {"Aldric": "Goblin", "Bryn": "Goblin", "Goblin": "Aldric"}


@pytest.fixture
def owing_campaign(gm, monkeypatch):
    owing_system.register(monkeypatch)
    campaign = campaign_services.create_campaign(gm, "An owing campaign", "owing", "", system=owing_system.NAME)
    for character, email in PLAYERS.items():
        player = campaign_services.add_player(gm, campaign, {"name": email.split("@")[0].title(), "email": email,
                                                             "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    return campaign


@pytest.fixture
def owing_battle(gm, owing_campaign):
    """Round 1 resolved (the Goblin owes 2 marks, Aldric 1), round 2 open for plays."""
    battle = system_battles.start_battle(gm, owing_campaign.slug, "The fight", "The road",
                                         owing_system.state(("Aldric", 3), ("Bryn", 3), ("Goblin", 3)))
    play_round(gm, battle.rounds.get(number=1), ROUND_ONE)
    services.request_resolve(gm, owing_campaign.slug, battle.pk, 1)
    services.resolve_round(battle.rounds.get(number=1).pk)
    battle.refresh_from_db()
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVED
    return battle


def play_round(gm, round_, targets):
    """The GM enters and locks each side's target."""
    for side, target in targets.items():
        gm_plays(gm, round_, side, {"target": target})


def fighter(state, name):
    return next(f for f in state["fighters"] if f["name"] == name)


def side_of(battle, number, name):
    return battle.rounds.get(number=number).sides.get(side=name)


def dues_url(battle, number, side_id):
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/{number}/dues/{side_id}/"


def player_dues_url(battle, token, number, character_name):
    character = battle.characters.get(catalogue_name=character_name)
    return f"/play/{token}/rounds/{number}/dues/{character.pk}/"


def marks(part_indices):
    """The posted multi-choice of body parts by their index among the form's choices."""
    return {"marks": [str(i) for i in part_indices]}
