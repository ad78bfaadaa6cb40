"""The characters page and the character services ask the campaign's system (systems/characters.py), never name
it: a Magic Realm campaign offers the catalogue's characters and native groups and shows relationships; an
Enchanted Realms campaign takes free names, suggests its combatants, asks no native group and keeps its system's
own record keys. Both behave as they did before the branch on the system went."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns import services
from campaigns.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def realm(gm):
    campaign = services.create_campaign(gm, "The Realm", "the-realm", "bimr4")
    services.add_player(gm, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    return campaign


@pytest.fixture
def enchanted(make_campaign):
    return make_campaign("enchanted-realms", "enchanted")


def test_a_magic_realm_campaign_offers_the_catalogues_characters_and_native_groups(gm_client, realm):
    response = gm_client.get(reverse("campaigns:characters", args=["the-realm"]))
    form = response.context["form"]
    assert form.fields["catalogue_name"].label == "Character"
    assert [value for value, _label in form.fields["starting_native_group"].choices][1:4] == [
        "Bashkars", "Company", "Guard"]
    assert '<option value="Woods Girl">' in response.content.decode()


def test_a_magic_realm_character_is_added_with_the_catalogues_spelling_and_its_group(gm_client, realm):
    player = realm.players.get()
    response = gm_client.post(reverse("campaigns:characters", args=["the-realm"]),
                              {"catalogue_name": "white knight", "player": player.pk, "starting_native_group": "Order"})
    assert response.status_code == 302
    character = Character.objects.get(campaign=realm)
    assert (character.catalogue_name, character.starting_native_group) == ("White Knight", "Order")
    page = gm_client.get(reverse("campaigns:characters", args=["the-realm"])).content.decode()
    assert "<span>Order</span> <span class=\"badge tone-1\">Friendly</span>" in page
    assert "On: Friendly, not Allied, with the Order." in page
    assert "Secret starting information" in page  # its system keeps one (systems/magic_realm/starting.py)


def test_an_enchanted_realms_campaign_takes_free_names_and_suggests_its_combatants(gm_client, enchanted):
    response = gm_client.get(reverse("campaigns:characters", args=["enchanted"]))
    form = response.context["form"]
    assert form.fields["catalogue_name"].label == "Name" and "starting_native_group" not in form.fields
    page = response.content.decode()
    assert '<option value="Aldric">' in page and "Relationships" not in page and "Adjustment" not in page
    response = gm_client.post(reverse("campaigns:characters", args=["enchanted"]),
                              {"catalogue_name": "  Wren of the Marsh ", "player": enchanted.players.first().pk})
    assert response.status_code == 302
    assert enchanted.characters.filter(catalogue_name="Wren of the Marsh").exists()


def test_it_refuses_a_native_group_for_a_system_without_them_naming_the_field(gm, enchanted):
    with pytest.raises(ValidationError) as error:
        services.add_character(gm, enchanted, {"player": enchanted.players.first().pk, "catalogue_name": "Wren",
                                               "starting_native_group": "Company"})
    assert "starts with no native group" in error.value.message_dict["starting_native_group"][0]
    assert not enchanted.characters.filter(catalogue_name="Wren").exists()


def test_it_refuses_a_name_longer_than_60_characters_naming_the_field(gm, enchanted):
    with pytest.raises(ValidationError) as error:
        services.add_character(gm, enchanted, {"player": enchanted.players.first().pk, "catalogue_name": "W" * 61})
    assert "up to 60 characters" in error.value.message_dict["catalogue_name"][0]


def test_a_magic_realm_record_refuses_a_key_of_its_own_and_saves_nothing(gm, realm):
    character = services.add_character(gm, realm, {"player": realm.players.get().pk, "catalogue_name": "Amazon"})
    with pytest.raises(ValidationError) as error:
        services.update_character(gm, character, {"player": character.player_id, "catalogue_name": "Amazon",
                                                  "state": {**character.state, "hit_points": 4}})
    assert "is not part of a character's state" in error.value.message_dict["state.hit_points"][0]
    character.refresh_from_db()
    assert "hit_points" not in character.state


def test_an_enchanted_realms_record_keeps_its_systems_own_keys(gm, enchanted):
    character = enchanted.characters.first()
    saved = services.update_character(gm, character, {"player": character.player_id,
                                                      "catalogue_name": character.catalogue_name,
                                                      "state": {**character.state, "hit_points": 9}})
    assert saved.state["hit_points"] == 9


def test_a_card_offers_secret_starting_information_only_where_its_system_keeps_one(gm_client, enchanted):
    page = gm_client.get(reverse("campaigns:characters", args=["enchanted"])).content.decode()
    assert "Aldric" in page and "Secret starting information" not in page


def test_a_file_giving_starting_information_to_a_character_of_a_system_without_it_is_refused_naming_it(enchanted):
    from campaigns import exchange

    data = exchange.export_campaign(enchanted)
    data["characters"][0]["starting_info"] = {"answers": {}}
    with pytest.raises(exchange.CampaignFileError) as error:
        exchange.import_campaign(data, replace=True)
    assert (error.value.path, error.value.message) == (
        "characters[0].starting_info", "must be null: this system's characters have none")
