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
def test_a_chit_without_a_box_is_saved_as_a_draft_with_the_error_beside_the_box(gm_client, battle, characters,
                                                                                valid_plays):
    amazon = characters["Amazon"]
    data = form_data(amazon, valid_plays["Amazon"])
    data[f"side{amazon.pk}-attack_box"] = ""
    response = gm_client.post(side_url(battle, amazon), data)
    page = response.content.decode()
    assert response.status_code == 422
    box_field = page.split(f'id="id_side{amazon.pk}-attack_box"')[1].split("</div>")[0]
    assert "Choose an attack box (Thrust, Swing or Smash) for the attack chit." in box_field
    saved = SidePlays.objects.get(character=amazon).plays
    assert saved["attack"] == {"chit": "FIGHT M5", "box": None, "weapon": "Short Sword"} and saved["target"] == "Wolf"


@pytest.mark.django_db
def test_save_draft_with_a_target_and_a_chit_but_no_box_keeps_them_and_says_what_is_missing(gm_client, battle,
                                                                                            characters):
    knight = characters["Black Knight"]
    prefix = f"side{knight.pk}-"
    data = {prefix + "target": "H Troll", prefix + "attack_chit": "FIGHT H6", prefix + "attack_weapon": "Mace"}
    partial = gm_client.post(side_url(battle, knight), dict(data, save="1"), HTTP_HX_REQUEST="true").content.decode()
    assert "Saved, with errors to fix before locking" in partial
    assert f'id="id_side{knight.pk}-attack_box_engine_error"' in partial and "Choose an attack box" in partial
    assert SidePlays.objects.get(character=knight).plays == {
        "target": "H Troll", "target_part": "horse", "attack": {"chit": "FIGHT H6", "box": None, "weapon": "Mace"}}


@pytest.mark.django_db
def test_a_box_without_its_chit_is_kept_in_the_draft_and_named(gm_client, battle, characters):
    knight = characters["Black Knight"]
    data = {f"side{knight.pk}-maneuver_box": "2"}
    partial = gm_client.post(side_url(battle, knight), data, HTTP_HX_REQUEST="true").content.decode()
    assert f'id="id_side{knight.pk}-maneuver_engine_error"' in partial and "Choose what is played in this box" in partial
    assert SidePlays.objects.get(character=knight).plays == {"maneuver": {"box": 2}}


@pytest.mark.django_db
def test_a_chit_the_character_does_not_have_is_refused_beside_its_field_and_the_rest_is_kept(gm_client, battle,
                                                                                            characters, valid_plays):
    amazon = characters["Amazon"]
    data = form_data(amazon, valid_plays["Amazon"])
    data[f"side{amazon.pk}-attack_chit"] = "FIGHT H6"  # the Black Knight's
    response = gm_client.post(side_url(battle, amazon), data)
    assert response.status_code == 422
    chit_field = response.content.decode().split(f'id="id_side{amazon.pk}-attack_chit"')[1].split("</div>")[0]
    assert "Select a valid choice" in chit_field
    saved = SidePlays.objects.get(character=amazon).plays
    assert "FIGHT H6" not in str(saved) and saved["maneuver"] == {"chit": "MOVE M4", "box": 3}


@pytest.mark.django_db
def test_save_and_lock_with_a_choice_the_character_does_not_have_does_not_lock(gm_client, battle, characters,
                                                                              valid_plays):
    amazon = characters["Amazon"]
    data = dict(form_data(amazon, valid_plays["Amazon"]), lock="1")
    data[f"side{amazon.pk}-attack_chit"] = "FIGHT H6"
    gm_client.post(side_url(battle, amazon), data, HTTP_HX_REQUEST="true")
    assert not SidePlays.objects.get(character=amazon).locked


@pytest.mark.django_db
def test_save_draft_answers_with_this_side_alone(gm_client, battle, characters, valid_plays):
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    partial = gm_client.post(side_url(battle, amazon), form_data(amazon, valid_plays["Amazon"]),
                             HTTP_HX_REQUEST="true").content.decode()
    assert f'id="side-{amazon.pk}"' in partial and f'id="side-{knight.pk}"' not in partial
    assert f"side{knight.pk}-" not in partial


@pytest.mark.django_db
def test_save_and_lock_answers_with_this_side_and_the_list_of_sides_not_the_other_forms(gm_client, battle, characters,
                                                                                       valid_plays):
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    data = dict(form_data(amazon, valid_plays["Amazon"]), lock="1")
    response = gm_client.post(side_url(battle, amazon), data, HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert "HX-Retarget" not in response
    assert f'id="side-{amazon.pk}"' in partial and "Unlock Amazon" in partial
    assert f'id="side-{knight.pk}"' not in partial and f"side{knight.pk}-" not in partial
    assert 'id="round-sides" hx-swap-oob="true"' in partial and "Black Knight (Alice)" in partial


@pytest.mark.django_db
def test_save_and_lock_of_a_side_that_plays_nothing_asks_first_and_leaves_it_unlocked(gm_client, battle, characters):
    knight = characters["Black Knight"]
    partial = gm_client.post(side_url(battle, knight), {"lock": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Black Knight plays nothing this round" in partial
    assert "Lock: Black Knight does nothing this round" in partial
    assert not SidePlays.objects.get(character=knight).locked


@pytest.mark.django_db
def test_without_javascript_the_question_is_on_the_page_and_confirming_it_locks_the_side(gm_client, battle,
                                                                                        characters):
    knight = characters["Black Knight"]
    asked = gm_client.post(side_url(battle, knight), {"lock": "1"})
    assert asked.status_code == 200 and "Lock: Black Knight does nothing this round" in asked.content.decode()
    assert 'name="lock" value="nothing"' in asked.content.decode()
    assert not SidePlays.objects.get(character=knight).locked
    confirmed = gm_client.post(side_url(battle, knight), {"lock": "nothing"})
    assert confirmed.status_code == 302 and SidePlays.objects.get(character=knight).locked


@pytest.mark.django_db
def test_a_side_that_only_places_its_attackers_still_asks_before_locking(gm_client, battle, characters):
    knight = characters["Black Knight"]
    partial = gm_client.post(side_url(battle, knight), {f"side{knight.pk}-position_0": "2", "lock": "1"},
                             HTTP_HX_REQUEST="true").content.decode()
    assert "Black Knight plays nothing this round" in partial
    assert not SidePlays.objects.get(character=knight).locked


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
