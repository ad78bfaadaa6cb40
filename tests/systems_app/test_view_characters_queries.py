"""The characters page of a campaign of another combat system reads every character's latest rounds at once:
its number of queries does not grow with its number of characters."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import services as campaign_services

from .battles import answer_first_choices, resolve_first_round

pytestmark = pytest.mark.django_db


def _campaign_with(gm, slug, names):
    campaign = campaign_services.create_campaign(gm, f"Ambushes {slug}", slug, "", system="enchanted-realms")
    player = campaign_services.add_player(gm, campaign, {"name": "Alice", "email": "alice@example.com",
                                                         "time_zone": "UTC"})
    for name in names:
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": name})
    return campaign


def _fight_two_rounds(gm, campaign):
    from combat import services

    battle, _ = resolve_first_round(gm, campaign, "enchanted-realms-goblin-ambush")
    second = battle.rounds.get(number=2)
    answer_first_choices(gm, second)
    services.request_resolve(gm, campaign.slug, battle.pk, 2)
    services.resolve_round(second.pk)
    return battle


def _queries_of_the_page(client, slug):
    url = reverse("campaigns:characters", args=[slug])
    client.get(url)  # once first: what a first request caches is not the page's
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    return len(queries), page


def test_the_characters_page_makes_as_many_queries_for_three_characters_as_for_one(gm, gm_client):
    one = _campaign_with(gm, "one", ["Aldric"])
    three = _campaign_with(gm, "three", ["Aldric", "Bryn", "Goblin 1"])
    _fight_two_rounds(gm, one)
    _fight_two_rounds(gm, three)

    queries_for_one, page_of_one = _queries_of_the_page(gm_client, "one")
    queries_for_three, page_of_three = _queries_of_the_page(gm_client, "three")

    assert queries_for_three == queries_for_one
    assert page_of_one.count("The fight, round 2") == 1 and page_of_one.count("The fight, round 1") == 1
    assert page_of_three.count("The fight, round 2") == 3 and page_of_three.count("The fight, round 1") == 3


def test_a_card_shows_its_characters_latest_rounds_newest_first_and_counts_the_earlier_ones(gm, gm_client,
                                                                                               monkeypatch):
    monkeypatch.setattr("campaigns.views.CARD_HISTORY", 1)
    campaign = _campaign_with(gm, "one", ["Aldric"])
    _fight_two_rounds(gm, campaign)
    _, page = _queries_of_the_page(gm_client, "one")
    assert "The fight, round 2" in page and "The fight, round 1" not in page
    assert "The whole history (1 earlier entry)" in page
