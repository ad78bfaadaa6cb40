import pytest
from django.urls import reverse

from campaigns.models import StartingInfo
from systems.magic_realm.engine.catalogue_data import get_catalogue

pytestmark = pytest.mark.django_db


def test_the_page_asks_for_requirements_totalling_the_campaigns_points(gm_client, black_knight):
    page = gm_client.get(reverse("campaigns:starting_info", args=["bimr4", black_knight.pk])).content.decode()
    assert "must total 5 points" in page and "Only this campaign" in page


def test_requirements_that_do_not_total_the_points_are_refused(gm_client, black_knight):
    response = gm_client.post(
        reverse("campaigns:starting_info", args=["bimr4", black_knight.pk]), {"vp_fame": 2, "vp_gold": 1}
    )
    page = response.content.decode()
    assert "Victory requirements: must total 5" in page and "victory_requirements:" not in page
    assert not StartingInfo.objects.exists()


def test_valid_information_is_saved(gm_client, gm, black_knight):
    response = gm_client.post(
        reverse("campaigns:starting_info", args=["bimr4", black_knight.pk]),
        {"vp_fame": 2, "vp_notoriety": 3, "starting_location": "Inn"},
    )
    assert response.status_code == 302
    info = StartingInfo.objects.get(character=black_knight)
    assert info.victory_requirements == {"fame": 2, "notoriety": 3} and info.starting_location == "Inn"


def test_an_unknown_recorded_spell_is_shown_next_to_the_spells_field(gm_client, campaign, player, gm):
    from campaigns import services

    magician = next(c for c in get_catalogue().characters if any(ch.label.startswith("MAGIC") for ch in c.chits))
    character = services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": magician.name})
    response = gm_client.post(
        reverse("campaigns:starting_info", args=["bimr4", character.pk]),
        {"vp_fame": 5, "recorded_spells": "Not A Spell"},
    )
    assert "Not A Spell" in response.context["form"].errors["recorded_spells"][0]
