"""The campaign pages and the dashboard ask the database a fixed number of questions, however many
campaigns, players, characters and failed emails there are (no query per row)."""

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.mail import services as mail_services
from campaigns.mail.models import OutboxMessage
from systems.dice import ScriptedDice
from tests.queries import queries_for

pytestmark = pytest.mark.django_db

CHARACTERS = ["Black Knight", "Amazon", "Swordsman", "Berserker"]


def add_campaign(gm, number: int, party_size: int):
    """A campaign with `party_size` players, each with a character and a failed email."""
    campaign = services.create_campaign(gm, f"Campaign {number}", f"campaign-{number}", "bimr4", dice=ScriptedDice([3]))
    services.change_rules(gm, campaign, {"kludge": True}, "a second rules version")
    for seat in range(party_size):
        player = services.add_player(
            gm, campaign, {"name": f"Player {seat}", "email": f"p{number}-{seat}@example.com", "time_zone": "UTC"}
        )
        services.add_character(
            gm, campaign, {"player": player.pk, "catalogue_name": CHARACTERS[seat], "starting_native_group": "Company"}
        )
        sent = mail_services.queue_email(
            to=player.email, subject="Round 1", text="results", campaign=campaign, idempotency_key=f"q-{number}-{seat}"
        )
        OutboxMessage.objects.filter(pk=sent.pk).update(status="failed")
    return campaign


@pytest.fixture
def gm_client(client, make_user):
    gm = make_user("gm-many")
    client.force_login(gm)
    client.gm = gm
    return client


def test_the_dashboard_asks_as_many_queries_for_four_campaigns_as_for_one(gm_client, django_assert_max_num_queries):
    add_campaign(gm_client.gm, 0, party_size=1)
    with_one = queries_for(gm_client, reverse("campaigns:dashboard"))
    for number in (1, 2, 3):
        add_campaign(gm_client.gm, number, party_size=4)
    with django_assert_max_num_queries(with_one):
        response = gm_client.get(reverse("campaigns:dashboard"))
    assert response.content.decode().count("Campaign ") >= 4


@pytest.mark.parametrize("page", ["detail", "players", "characters", "calendar", "rules_history", "settings"])
def test_a_campaign_page_asks_as_many_queries_for_four_players_as_for_one(gm_client, django_assert_max_num_queries, page):
    small = add_campaign(gm_client.gm, 0, party_size=1)
    large = add_campaign(gm_client.gm, 1, party_size=4)
    with_one = queries_for(gm_client, reverse(f"campaigns:{page}", args=[small.slug]))
    with django_assert_max_num_queries(with_one):
        response = gm_client.get(reverse(f"campaigns:{page}", args=[large.slug]))
    assert response.status_code == 200
