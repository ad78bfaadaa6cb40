"""Casting the campaign's characters on the new battle page of a campaign fought through the systems interface:
a character may take any combatant of the chosen example, which is renamed after him (systems/renaming.py)."""

import pytest

from campaigns import services as campaign_services
from campaigns.models import Character
from combat.models import Battle

pytestmark = pytest.mark.django_db


def new_battle(gm_client, campaign, **cast):
    data = {"name": "", "clearing": "The forest road", "starter": "enchanted-realms-goblin-ambush", "state": ""}
    for name, combatant in cast.items():
        data[f"plays_{Character.objects.get(campaign=campaign, catalogue_name=name).pk}"] = combatant
    return gm_client.post(f"/campaigns/{campaign.slug}/battles/new/", data)


@pytest.fixture
def thorin(gm, make_campaign):
    campaign = make_campaign("enchanted-realms")
    player = campaign.players.get(name="Alice")
    campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Thorin",
                                                   "state": {"hp": 9}})
    return campaign


def test_it_offers_each_character_a_combatant_to_play_with_the_examples_names(gm_client, thorin):
    page = gm_client.get(f"/campaigns/{thorin.slug}/battles/new/").content.decode()
    assert "Thorin plays" in page and 'list="combatant-names"' in page
    assert '<option value="Goblin 1">' in page


def test_a_character_cast_as_a_combatant_plays_him_under_his_own_name_as_his_record_says(gm_client, thorin):
    response = new_battle(gm_client, thorin, Thorin="Aldric")
    battle = Battle.objects.get()
    assert response.status_code == 302
    names = [c["name"] for c in battle.state["combatants"]]
    assert names == ["Thorin", "Bryn", "Goblin 1", "Goblin 2"]
    thorins = next(c for c in battle.state["combatants"] if c["name"] == "Thorin")
    assert thorins["hp"] == 9 and thorins["static_pp"] == 6  # his record's hit points, Aldric's armor
    side = battle.rounds.get(number=1).sides.get(side="Thorin")
    assert side.character.catalogue_name == "Thorin" and side.character.player.name == "Alice"


def test_two_characters_cast_as_one_combatant_are_refused_beside_the_second_and_nothing_starts(gm_client, thorin):
    response = new_battle(gm_client, thorin, Thorin="Goblin 1", Bryn="Goblin 1")
    assert response.status_code == 422 and not Battle.objects.exists()
    errors = response.context["form"].errors
    assert any("already plays Goblin 1" in message for messages in errors.values() for message in messages)


def test_a_combatant_the_example_does_not_have_is_refused_naming_it(gm_client, thorin):
    response = new_battle(gm_client, thorin, Thorin="The Dragon")
    assert response.status_code == 422 and not Battle.objects.exists()
    assert "&#x27;The Dragon&#x27; is not a combatant of this battle" in response.content.decode()


def test_a_cast_that_would_leave_two_combatants_of_one_name_is_refused(gm_client, thorin):
    response = new_battle(gm_client, thorin, Aldric="Bryn")  # Bryn the character still plays Bryn
    assert response.status_code == 422 and not Battle.objects.exists()
    assert "two combatants would be named" in response.content.decode()


def test_a_killed_character_is_not_offered(gm_client, thorin):
    character = Character.objects.get(campaign=thorin, catalogue_name="Thorin")
    character.state = {**character.state, "killed": True}
    character.save(update_fields=["state"])
    assert "Thorin plays" not in gm_client.get(f"/campaigns/{thorin.slug}/battles/new/").content.decode()
