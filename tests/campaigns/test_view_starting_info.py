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
    assert info.answers == {"vp_fame": 2, "vp_notoriety": 3, "starting_location": "Inn"}


def test_an_unknown_recorded_spell_is_shown_next_to_the_spells_field(gm_client, campaign, player, gm):
    from campaigns import services

    magician = next(c for c in get_catalogue().characters if any(ch.label.startswith("MAGIC") for ch in c.chits))
    character = services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": magician.name})
    response = gm_client.post(
        reverse("campaigns:starting_info", args=["bimr4", character.pk]),
        {"vp_fame": 5, "recorded_spells": "Not A Spell"},
    )
    row = next(row for row in response.context["rows"] if row["name"] == "recorded_spells")
    assert "Not A Spell" in row["error"] and not StartingInfo.objects.exists()


def test_a_magicians_chits_are_offered_and_his_answers_saved_and_shown_again(gm_client, campaign, player, gm):
    from campaigns import services

    magician = next(c for c in get_catalogue().characters if any(ch.label.startswith("MAGIC") for ch in c.chits))
    character = services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": magician.name})
    url = reverse("campaigns:starting_info", args=["bimr4", character.pk])
    chits = next(row for row in gm_client.get(url).context["rows"] if row["name"] == "enchanted_chits")["choices"]
    response = gm_client.post(url, {"vp_fame": 5, "recorded_spells": "peace\r\nfog ", "enchanted_chits": ["0"]})
    assert response.status_code == 302
    assert StartingInfo.objects.get(character=character).answers == {
        "vp_fame": 5, "recorded_spells": "peace\nfog", "enchanted_chits": [chits[0]["label"]]}
    page = gm_client.get(url).content.decode()
    assert 'value="0" data-value="&quot;MAGIC' in page and "checked" in page and ">peace\nfog</textarea>" in page


def test_a_number_that_is_not_one_is_shown_beside_its_field_and_nothing_saved(gm_client, black_knight):
    response = gm_client.post(reverse("campaigns:starting_info", args=["bimr4", black_knight.pk]), {"vp_fame": "x"})
    row = next(row for row in response.context["rows"] if row["name"] == "vp_fame")
    assert "must be a whole number" in row["error"] and not StartingInfo.objects.exists()
