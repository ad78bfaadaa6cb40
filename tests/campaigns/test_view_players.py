import pytest
from django.urls import reverse

from campaigns.models import Player, SetupStep

pytestmark = pytest.mark.django_db


def test_the_players_page_lists_players_and_adds_one(gm_client, campaign, player):
    assert "alice@example.com" in gm_client.get(reverse("campaigns:players", args=["bimr4"])).content.decode()
    response = gm_client.post(
        reverse("campaigns:players", args=["bimr4"]), {"name": "Bob", "email": "bob@example.com", "time_zone": "Asia/Tokyo"}
    )
    assert response.status_code == 302
    assert Player.objects.get(name="Bob").time_zone == "Asia/Tokyo"


def test_a_bad_time_zone_is_shown_next_to_the_field(gm_client, campaign):
    response = gm_client.post(
        reverse("campaigns:players", args=["bimr4"]), {"name": "Bob", "email": "bob@example.com", "time_zone": "Moon/Base"}
    )
    assert "time zone" in response.context["form"].errors["time_zone"][0]
    assert not Player.objects.filter(name="Bob").exists()


def test_a_player_is_edited_and_removed(gm_client, campaign, player):
    url = reverse("campaigns:player_edit", args=["bimr4", player.pk])
    gm_client.post(url, {"name": "Alice B", "email": "alice@example.org", "time_zone": "UTC"})
    player.refresh_from_db()
    assert (player.name, player.email) == ("Alice B", "alice@example.org")
    gm_client.post(reverse("campaigns:player_delete", args=["bimr4", player.pk]))
    assert not Player.objects.filter(pk=player.pk).exists()


def test_the_setup_order_is_recorded_and_listed(gm_client, campaign, player):
    gm_client.post(reverse("campaigns:setup_step", args=["bimr4"]), {"player": player.pk, "kind": "tile", "detail": "Borderland"})
    assert SetupStep.objects.get(campaign=campaign).position == 1
    assert "Borderland" in gm_client.get(reverse("campaigns:players", args=["bimr4"])).content.decode()


def test_a_setup_step_without_detail_is_refused_next_to_the_field(gm_client, campaign, player):
    response = gm_client.post(reverse("campaigns:setup_step", args=["bimr4"]), {"player": player.pk, "kind": "tile"})
    assert response.status_code == 400 and "detail" in response.context["setup_form"].errors
