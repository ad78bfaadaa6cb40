import pytest
from django.urls import reverse

from campaigns.models import Character

pytestmark = pytest.mark.django_db


def test_the_characters_page_shows_relationships_with_knights_adjustment(gm_client, campaign, black_knight):
    response = gm_client.get(reverse("campaigns:characters", args=["bimr4"]))
    (character, facts, _card), = response.context["rows"]
    assert "Company: Friendly" in {fact.label: fact.text for fact in facts}["Relationships"]
    page = response.content.decode()
    assert "Friendly, not Allied, with the Company" in page
    assert '<span>Company</span> <span class="badge tone-1">Friendly</span>' in page


def test_a_character_is_added_from_the_catalogue(gm_client, campaign, player):
    response = gm_client.post(
        reverse("campaigns:characters", args=["bimr4"]),
        {"catalogue_name": "amazon", "player": player.pk, "starting_native_group": "Soldiers"},
    )
    assert response.status_code == 302
    assert Character.objects.get(campaign=campaign).catalogue_name == "Amazon"


def test_an_unknown_character_is_shown_next_to_the_field_with_suggestions(gm_client, campaign, player):
    response = gm_client.post(
        reverse("campaigns:characters", args=["bimr4"]), {"catalogue_name": "Amazonn", "player": player.pk}
    )
    assert "Amazon" in response.context["form"].errors["catalogue_name"][0]


def test_a_characters_state_is_edited(gm_client, black_knight):
    url = reverse("campaigns:character_edit", args=["bimr4", black_knight.pk])
    data = {"wounds": 2, "fatigue": 1, "gold": 25, "fame": 4, "notoriety": 7, "horse": "Warhorse",
            "hirelings": ["Company 1", "Company 2"], "chit_3": "fatigued", "armor_gained": '{"Helmet": "damaged"}'}
    response = gm_client.post(url, data)
    assert response.status_code == 302
    assert "The Black Knight&#x27;s state saved." in gm_client.get(response.url).content.decode()
    black_knight.refresh_from_db()
    assert black_knight.state["hirelings"] == ["Company 1", "Company 2"]
    assert black_knight.state["chits"] == {"FIGHT H5*": "fatigued"} and black_knight.state["gold"] == 25
    assert black_knight.state["armor"] == {"Helmet": "damaged"} and black_knight.state["weapons"] == {}


def test_a_chit_state_that_is_not_offered_is_shown_next_to_the_chits_field(gm_client, black_knight):
    url = reverse("campaigns:character_edit", args=["bimr4", black_knight.pk])
    data = {"wounds": 0, "fatigue": 0, "gold": 10, "fame": 0, "notoriety": 0, "chit_3": "fatigued wounded"}
    response = gm_client.post(url, data)
    assert "not one of the available choices" in response.context["form"].errors["chit_3"][0]


def test_a_character_is_removed(gm_client, black_knight):
    gm_client.post(reverse("campaigns:character_delete", args=["bimr4", black_knight.pk]))
    assert not Character.objects.filter(pk=black_knight.pk).exists()
