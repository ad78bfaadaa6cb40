import pytest
from django.test import Client

from combat.models import SidePlays
from tests.combat.conftest import form_data, side_url


@pytest.mark.django_db
def test_saving_keeps_the_draft_and_shows_the_error_beside_its_field(gm_client, battle, characters, valid_plays):
    knight = characters["Black Knight"]
    data = form_data(knight, dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1}))
    partial = gm_client.post(side_url(battle, knight), data, HTTP_HX_REQUEST="true").content.decode()
    assert "Saved, with errors to fix before locking" in partial and "maneuver_engine_error" in partial
    assert SidePlays.objects.get(character=knight).plays["maneuver"]["chit"] == "MOVE M5"


@pytest.mark.django_db
def test_save_and_lock_locks_valid_plays(gm_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    data = dict(form_data(amazon, valid_plays["Amazon"]), lock="1")
    partial = gm_client.post(side_url(battle, amazon), data, HTTP_HX_REQUEST="true").content.decode()
    side = SidePlays.objects.get(character=amazon)
    assert side.locked and side.plays["attack"]["weapon"] == "Short Sword"
    assert "Unlock Amazon" in partial


@pytest.mark.django_db
def test_save_and_lock_leaves_invalid_plays_unlocked(gm_client, battle, characters, valid_plays):
    knight = characters["Black Knight"]
    data = dict(form_data(knight, dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1})), lock="1")
    gm_client.post(side_url(battle, knight), data, HTTP_HX_REQUEST="true")
    assert not SidePlays.objects.get(character=knight).locked


@pytest.mark.django_db
def test_saving_without_javascript_redirects_back_to_the_round(gm_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    response = gm_client.post(side_url(battle, amazon), form_data(amazon, valid_plays["Amazon"]))
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")


@pytest.mark.django_db
def test_a_chit_without_a_box_is_an_error_on_the_box_field_and_nothing_is_saved(gm_client, battle, characters,
                                                                               valid_plays):
    amazon = characters["Amazon"]
    data = form_data(amazon, valid_plays["Amazon"])
    data[f"side{amazon.pk}-attack_box"] = ""
    response = gm_client.post(side_url(battle, amazon), data)
    assert response.status_code == 422 and "Choose an attack box" in response.content.decode()
    assert SidePlays.objects.get(character=amazon).plays == {}


@pytest.mark.django_db
def test_a_chit_the_character_does_not_have_is_refused(gm_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    data = form_data(amazon, valid_plays["Amazon"])
    data[f"side{amazon.pk}-attack_chit"] = "FIGHT H6"  # the Black Knight's
    response = gm_client.post(side_url(battle, amazon), data)
    assert "Select a valid choice" in response.content.decode()
    assert SidePlays.objects.get(character=amazon).plays == {}


@pytest.mark.django_db
def test_saving_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    assert outsider_client.post(side_url(battle, amazon), form_data(amazon, valid_plays["Amazon"])).status_code == 404
    assert SidePlays.objects.get(character=amazon).plays == {}


@pytest.mark.django_db
def test_saving_without_the_csrf_token_is_forbidden(gm, battle, characters, valid_plays):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    amazon = characters["Amazon"]
    assert client.post(side_url(battle, amazon), form_data(amazon, valid_plays["Amazon"]),
                       HTTP_HX_REQUEST="true").status_code == 403
