"""The new battle page of a campaign that fights through the systems interface."""

import json

import pytest

from combat.models import Battle
from combat.system_rounds import battle_starters

pytestmark = pytest.mark.django_db


def test_it_offers_the_systems_starters_and_shows_the_first_ones_state(gm_client, make_campaign):
    campaign = make_campaign("fallen-empire")
    page = gm_client.get(f"/campaigns/{campaign.slug}/battles/new/").content.decode()
    starters = battle_starters(campaign.combat_system)
    assert all(f'value="{s.key}"' in page for s in starters)
    assert "&quot;format&quot;" in page.split('name="state"')[1].split("</textarea>")[0]
    assert "Sir Ash <span class=\"muted\">(Alice)</span>" in page
    assert "Fallen Empire" in page


def test_it_starts_the_chosen_starter_when_the_state_is_left_empty(gm_client, make_campaign):
    campaign = make_campaign("fallen-empire")
    response = gm_client.post(f"/campaigns/{campaign.slug}/battles/new/",
                              {"name": "The lists", "clearing": "The tourney field", "starter": "joust-first-pass", "state": ""})
    battle = Battle.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/battles/{battle.pk}/")
    assert battle.state["kind"] == "joust"
    assert set(battle.rounds.get().sides.values_list("side", flat=True)) == {"Sir Ash", "Black Knight"}


def test_it_starts_from_the_state_as_the_gm_edited_it(gm_client, make_campaign):
    campaign = make_campaign("fallen-empire")
    state = dict(next(s for s in battle_starters(campaign.combat_system) if s.key == "joust-first-pass").round_input)
    state["jousters"] = [{"name": "Sir Ash", "pool": 2}, {"name": "Black Knight", "pool": 2}]
    gm_client.post(f"/campaigns/{campaign.slug}/battles/new/",
                   {"clearing": "The field", "starter": "joust-injury", "state": json.dumps(state)})
    assert [j["pool"] for j in Battle.objects.get().state["jousters"]] == [2, 2]


def test_it_refuses_a_broken_state_naming_the_field_and_saves_nothing(gm_client, make_campaign):
    campaign = make_campaign("fallen-empire")
    state = dict(battle_starters(campaign.combat_system)[0].round_input, system="multiverse")
    response = gm_client.post(f"/campaigns/{campaign.slug}/battles/new/",
                              {"clearing": "The field", "starter": "joust-first-pass", "state": json.dumps(state)})
    page = response.content.decode()
    assert response.status_code == 422
    assert 'id="id_state_error"' in page and "system: this campaign fights by" in page
    assert not Battle.objects.exists()


def test_it_says_where_the_state_is_not_json(gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    response = gm_client.post(f"/campaigns/{campaign.slug}/battles/new/",
                              {"clearing": "The docks", "starter": battle_starters(campaign.combat_system)[0].key,
                               "state": '{"kind": '})
    assert "This is not JSON" in response.content.decode() and "line 1" in response.content.decode()
    assert not Battle.objects.exists()


def test_it_404s_for_a_user_who_is_not_the_campaigns_gm(client, make_campaign, make_user):
    campaign = make_campaign("enchanted-realms")
    client.force_login(make_user("intruder"))
    assert client.get(f"/campaigns/{campaign.slug}/battles/new/").status_code == 404
