import pytest
from django.test import Client

from combat import services
from combat.models import SidePlays
from tests.combat.conftest import side_url


@pytest.mark.django_db
def test_locking_valid_plays_locks_the_side(gm_client, gm, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    services.save_plays(gm, "test", battle.pk, 1, amazon.pk, valid_plays["Amazon"])
    response = gm_client.post(side_url(battle, amazon, suffix="lock/"))
    assert response.status_code == 302 and SidePlays.objects.get(character=amazon).locked


@pytest.mark.django_db
def test_unlocking_opens_the_side_again(gm_client, gm, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    services.save_plays(gm, "test", battle.pk, 1, amazon.pk, valid_plays["Amazon"])
    services.lock_side(gm, "test", battle.pk, 1, amazon.pk)
    response = gm_client.post(side_url(battle, amazon, suffix="unlock/"))
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")
    assert not SidePlays.objects.get(character=amazon).locked


@pytest.mark.django_db
def test_unlocking_answers_with_this_sides_form_alone_so_other_sides_keep_their_input(gm_client, gm, battle,
                                                                                      characters, valid_plays):
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    services.save_plays(gm, "test", battle.pk, 1, amazon.pk, valid_plays["Amazon"])
    services.lock_side(gm, "test", battle.pk, 1, amazon.pk)
    response = gm_client.post(side_url(battle, amazon, suffix="unlock/"), HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert response.status_code == 200 and "HX-Redirect" not in response
    assert f'id="id_side{amazon.pk}-attack_chit"' in partial and '<option value="FIGHT M5" selected>' in partial
    assert f'id="side-{knight.pk}"' not in partial and f"side{knight.pk}-" not in partial
    assert 'id="round-sides" hx-swap-oob="true"' in partial


@pytest.mark.django_db
def test_locking_a_side_that_plays_nothing_asks_for_confirmation(gm_client, battle, characters):
    knight = characters["Black Knight"]
    response = gm_client.post(side_url(battle, knight, suffix="lock/"), follow=True)
    assert "Black Knight plays nothing this round" in response.content.decode()
    assert not SidePlays.objects.get(character=knight).locked
    gm_client.post(side_url(battle, knight, suffix="lock/"), {"lock": "nothing"})
    assert SidePlays.objects.get(character=knight).locked


@pytest.mark.django_db
def test_locking_incomplete_plays_shows_why(gm_client, gm, battle, characters, valid_plays):
    knight = characters["Black Knight"]
    services.save_plays(gm, "test", battle.pk, 1, knight.pk,
                        dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1}))
    response = gm_client.post(side_url(battle, knight, suffix="lock/"), follow=True)
    assert "Fix the plays before locking" in response.content.decode()
    assert not SidePlays.objects.get(character=knight).locked


@pytest.mark.django_db
def test_locking_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle, characters):
    assert outsider_client.post(side_url(battle, characters["Amazon"], suffix="lock/")).status_code == 404


@pytest.mark.django_db
def test_locking_without_the_csrf_token_is_forbidden(gm, battle, characters):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    assert client.post(side_url(battle, characters["Amazon"], suffix="lock/"), HTTP_HX_REQUEST="true").status_code == 403
