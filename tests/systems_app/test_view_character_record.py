"""The character's record in a campaign fought through the systems interface: on the character's card in words,
and edited between battles on its edit page, each field checked by the campaign's system."""

import pytest

from campaigns.models import Character

pytestmark = pytest.mark.django_db


def character(campaign, name):
    return Character.objects.get(campaign=campaign, catalogue_name=name)


def edit_url(campaign, name):
    return f"/campaigns/{campaign.slug}/characters/{character(campaign, name).pk}/"


def test_it_shows_the_record_on_the_characters_card_by_the_systems_labels(gm_client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    aldric = character(campaign, "Aldric")
    aldric.state = {**aldric.state, "hp": 4}
    aldric.save(update_fields=["state"])
    page = gm_client.get(f"/campaigns/{campaign.slug}/characters/").content.decode()
    assert "<dt>Hit points</dt><dd>4</dd>" in page
    assert "<dt>Static Protective Points</dt><dd>as each battle&#x27;s starting state says</dd>" in page
    assert 'class="character-status">Alive</dd>' in page and "Edit record" in page


def test_it_saves_the_hit_points_typed_and_an_empty_field_leaves_the_key_out(gm_client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    aldric = character(campaign, "Aldric")
    aldric.state = {**aldric.state, "scar": "left cheek"}  # a key the form does not ask
    aldric.save(update_fields=["state"])
    response = gm_client.post(edit_url(campaign, "Aldric"), {"hp": "9", "static_pp": ""})
    assert response.status_code == 302
    record = character(campaign, "Aldric").state
    assert record["hp"] == 9 and "static_pp" not in record and record["killed"] is False
    assert record["scar"] == "left cheek"  # what the form does not ask stays


def test_a_new_character_of_another_system_starts_with_its_systems_record_not_magic_realms(make_campaign):
    assert character(make_campaign("enchanted-realms"), "Aldric").state == {"killed": False}
    assert character(make_campaign("fallen-empire"), "Sir Ash").state == {"wounds": 0, "armor": {}, "killed": False}


def test_it_refuses_a_value_below_the_fields_minimum_naming_the_field_and_saves_nothing(gm_client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    before = character(campaign, "Aldric").state
    response = gm_client.post(edit_url(campaign, "Aldric"), {"hp": "9", "static_pp": "-2"})
    assert response.status_code == 200
    assert "static_pp" in response.context["form"].errors
    assert character(campaign, "Aldric").state == before


def test_it_marks_a_character_killed_and_the_card_says_so(gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    gm_client.post(edit_url(campaign, "Astaroth"), {"life": "3", "killed": "on"})
    assert character(campaign, "Astaroth").state["killed"] is True
    page = gm_client.get(f"/campaigns/{campaign.slug}/characters/").content.decode()
    assert 'class="character-status">Killed</dd>' in page and "<dt>Life</dt><dd>3</dd>" in page


def test_another_gms_character_is_not_found(client, make_user, make_campaign):
    campaign = make_campaign("multiverse")
    client.force_login(make_user("stranger"))
    assert client.get(edit_url(campaign, "Astaroth")).status_code == 404
    assert client.post(edit_url(campaign, "Astaroth"), {"life": "1"}).status_code == 404


def test_a_record_brought_with_killed_not_true_or_false_is_refused_naming_it(gm, make_campaign):
    from django.core.exceptions import ValidationError

    from campaigns import services as campaign_services

    campaign = make_campaign("enchanted-realms")
    aldric = character(campaign, "Aldric")
    with pytest.raises(ValidationError) as refused:
        campaign_services.update_character(gm, aldric, {"player": aldric.player_id, "catalogue_name": "Aldric",
                                                        "state": {"hp": 4, "killed": "yes"}})
    assert refused.value.message_dict == {"state.killed": ["must be true or false, not 'yes'"]}
    assert character(campaign, "Aldric").state == {"killed": False}
