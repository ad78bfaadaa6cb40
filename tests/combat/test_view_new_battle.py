"""The new battle page of a Magic Realm campaign: its system's set-up form (systems/magic_realm/setup.py) asks
who is in the clearing and who attacks whom, and the battle it starts is fought on the interface's pages."""

import pytest

from combat.models import Battle
from systems.magic_realm.setup import DWELLINGS

pytestmark = pytest.mark.django_db

URL = "/campaigns/test/battles/new/"


def living(campaign) -> list[str]:
    """The characters the form offers, in its order (the campaign's, by name): a choice is posted by its index."""
    return sorted(c.catalogue_name for c in campaign.characters.all() if not c.state.get("killed"))


def set_up(client, campaign, characters=("Amazon",), **answers):
    offered = living(campaign)
    data = {"how": "setup", "setup-name": answers.pop("name", ""), "setup-clearing": answers.pop("clearing", "Ruins 5"),
            "characters": [str(offered.index(name)) for name in characters], **answers}
    return client.post(URL, data)


def test_the_new_battle_form_offers_the_campaigns_characters(gm_client, campaign):
    page = gm_client.get(URL).content.decode()
    assert "Who is in the clearing" in page
    assert 'data-value="&quot;Black Knight&quot;"' in page and 'data-value="&quot;Amazon&quot;"' in page


def test_starting_a_battle_redirects_to_round_one_fought_on_the_interfaces_pages(gm_client, campaign, characters):
    response = set_up(gm_client, campaign, monsters="Giant Bat\nWolf", attacks="Giant Bat -> Amazon")
    battle = Battle.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/battles/{battle.pk}/")
    assert battle.fought_through_interface and battle.name == "Battle in Ruins 5"
    denizens = {d["id"]: d for d in battle.state["state"]["denizens"]}
    assert denizens["Giant Bat"]["target"] == "Amazon" and denizens["Wolf"]["target"] is None
    assert set(battle.rounds.get().sides.values_list("side", flat=True)) >= {"Amazon"}
    assert list(battle.characters.values_list("catalogue_name", flat=True)) == ["Amazon"]


def test_an_unknown_monster_is_named_next_to_its_field_and_nothing_is_saved(gm_client, campaign, characters):
    response = set_up(gm_client, campaign, monsters="Wolff", attacks="Wolff -> Amazon")
    page = response.content.decode()
    assert response.status_code == 422
    assert 'id="setup-monsters-error">' in page and "Wolff" in page.split('id="setup-monsters-error">')[1][:200]
    assert "Wolff" in page.split('id="setup-monsters"')[1][:200]  # what was typed stays
    assert not Battle.objects.exists()


def test_a_native_hired_by_an_absent_character_is_refused(gm_client, campaign, characters):
    response = set_up(gm_client, campaign, natives="Order 3 hired by Black Knight")
    error = response.content.decode().split('id="setup-natives-error">')[1][:300]
    assert "Black Knight" in error
    assert not Battle.objects.exists()


def test_the_new_battle_form_is_a_404_for_a_gm_of_another_campaign(outsider_client, campaign):
    assert outsider_client.get(URL).status_code == 404
    assert outsider_client.post(URL, {"how": "setup", "setup-clearing": "Ruins 5", "characters": ["0"]}).status_code == 404
    assert not Battle.objects.exists()


def test_an_attack_naming_no_one_in_the_battle_is_an_error_on_that_field(gm_client, campaign, characters):
    response = set_up(gm_client, campaign, monsters="Wolf", attacks="Wolf -> White Knight")
    error = response.content.decode().split('id="setup-attacks-error">')[1][:300]
    assert "White Knight" in error
    assert not Battle.objects.exists()


def test_no_character_picked_is_an_error_on_that_field(gm_client, campaign, characters):
    response = set_up(gm_client, campaign, characters=(), monsters="Wolf")
    assert response.status_code == 422
    assert response.content.decode().split('id="setup-characters-error">')[1][:10] != "</p>"
    assert not Battle.objects.exists()


@pytest.mark.parametrize("field", ["name", "clearing"])
def test_a_battle_name_or_clearing_with_a_line_break_is_refused_next_to_its_field(gm_client, campaign, characters,
                                                                                  field):
    response = set_up(gm_client, campaign, monsters="Wolf", **{field: "Evil\r\nBcc: x@y.z"})
    page = response.content.decode()
    assert response.status_code == 422
    assert f"id_setup-{field}_error" in page and "line break" in page
    assert not Battle.objects.exists()


def test_a_character_killed_in_an_earlier_battle_is_not_offered(gm_client, campaign, characters):
    from campaigns import services as campaign_services

    campaign_services.change_character_state(characters["Black Knight"].pk, lambda state: {**state, "killed": True})
    page = gm_client.get(URL).content.decode()
    assert 'data-value="&quot;Black Knight&quot;"' not in page and 'data-value="&quot;Amazon&quot;"' in page


def test_a_character_starts_as_his_record_leaves_him(gm_client, campaign, characters):
    from campaigns import services as campaign_services

    campaign_services.change_character_state(characters["Amazon"].pk,
                                             lambda state: {**state, "chits": {"MOVE M4": "wounded"}})
    assert set_up(gm_client, campaign, monsters="Wolf").status_code == 302
    amazon = next(c for c in Battle.objects.get().state["state"]["characters"] if c["id"] == "Amazon")
    assert {chit["id"]: chit["state"] for chit in amazon["chits"]}["MOVE M4"] == "wounded"


def test_a_dwelling_chosen_reaches_the_rounds_input(gm_client, campaign, characters):
    assert set_up(gm_client, campaign, natives="Rogue 5", dwelling=str(DWELLINGS.index("Inn"))).status_code == 302
    battle = Battle.objects.get()
    assert battle.state["state"]["dwelling"] == "Inn"
    assert battle.rounds.get().input["state"]["dwelling"] == "Inn"


def test_without_a_dwelling_the_state_has_none(gm_client, campaign, characters):
    assert set_up(gm_client, campaign, natives="Rogue 5").status_code == 302
    assert "dwelling" not in Battle.objects.get().state["state"]


def test_a_dwelling_that_is_not_one_of_its_choices_is_named_next_to_its_field_and_nothing_is_saved(
        gm_client, campaign, characters):
    response = set_up(gm_client, campaign, natives="Rogue 5", dwelling="99")
    assert response.status_code == 422
    assert "Dwelling: &#x27;99&#x27; is not one of its choices" in response.content.decode()
    assert not Battle.objects.exists()


def test_a_battle_may_still_start_from_one_of_the_examples(gm_client, campaign, characters):
    page = gm_client.get(URL).content.decode()
    assert "Or start from one of the examples" in page
    response = gm_client.post(URL, {"how": "example", "name": "", "clearing": "Cave 2", "starter": "black-knight-vs-wolf",
                                    "state": "", "plays_%d" % characters["Black Knight"].pk: ""})
    assert response.status_code == 302
    assert Battle.objects.get().fought_through_interface


def test_a_clearing_longer_than_a_battle_keeps_is_refused_beside_its_field_and_nothing_is_saved(gm_client, campaign,
                                                                                                 characters):
    response = set_up(gm_client, campaign, monsters="Wolf", clearing="C" * 121)
    assert response.status_code == 422 and "id_setup-clearing_error" in response.content.decode()
    assert not Battle.objects.exists()
