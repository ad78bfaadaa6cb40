"""The new battle page's set-up form checked as the GM types (combat/system_new_battle.py `check_set_up`): the
errors of what is answered so far, swapped out of band beside their fields, never the inputs; nothing created."""

import pytest

from combat.models import Battle

pytestmark = pytest.mark.django_db

URL = "/campaigns/test/battles/new/check/"


def error_slot(page: str, field: str) -> str:
    """The text of a field's error slot in the response (empty when the field has no error)."""
    start = page.index(f'id="setup-{field}-error"')
    return page[page.index(">", start) + 1:page.index("</p>", start)]


def test_it_names_an_unknown_monster_beside_its_field_while_the_gm_types(gm_client, campaign, characters):
    page = gm_client.post(URL, {"how": "setup", "characters": ["0"], "monsters": "Giant Bat\nWolff"}).content.decode()
    assert "Wolff" in error_slot(page, "monsters") and 'hx-swap-oob="true"' in page
    assert error_slot(page, "natives") == ""
    assert 'name="monsters"' not in page  # the inputs are never sent back over what is being typed
    assert not Battle.objects.exists()


def test_a_question_not_yet_answered_is_not_an_error_while_the_gm_types(gm_client, campaign, characters):
    page = gm_client.post(URL, {"how": "setup", "monsters": "Wolf"}).content.decode()
    assert error_slot(page, "characters") == "" and error_slot(page, "monsters") == ""


def test_an_attack_on_someone_not_in_the_battle_is_named_once_the_combatants_are_known(gm_client, campaign, characters):
    page = gm_client.post(URL, {"how": "setup", "characters": ["0"], "monsters": "Wolf",
                                "attacks": "Wolf -> White Knight"}).content.decode()
    assert "White Knight" in error_slot(page, "attacks")


def test_checking_is_a_404_for_a_gm_of_another_campaign(outsider_client, campaign):
    assert outsider_client.post(URL, {"how": "setup", "monsters": "Wolf"}).status_code == 404


def test_a_campaign_whose_system_asks_nothing_to_set_up_has_nothing_to_check(client, gm, make_user):
    from campaigns import services as campaign_services

    campaign_services.create_campaign(gm, "Marches", "marches", "", system="enchanted-realms")
    client.force_login(gm)
    assert client.post("/campaigns/marches/battles/new/check/", {"monsters": "Wolf"}).status_code == 404
