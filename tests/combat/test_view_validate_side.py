import pytest
from django.test import Client

from combat.models import SidePlays
from tests.combat.conftest import form_data, side_url


@pytest.mark.django_db
def test_validating_returns_the_side_partial_with_the_engines_error_next_to_the_field(gm_client, battle, characters,
                                                                                    valid_plays):
    knight = characters["Black Knight"]
    data = form_data(knight, dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1}))
    response = gm_client.post(side_url(battle, knight, suffix="validate/"), data, HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert response.status_code == 200 and "<html" not in partial
    field_html = partial.split(f'id="id_side{knight.pk}-maneuver"')[1].split("</div>")[0]
    assert f'id="id_side{knight.pk}-maneuver_engine_error"' in field_html and "Armor" in field_html
    assert SidePlays.objects.get(character=knight).plays == {}  # validating saves nothing


@pytest.mark.django_db
def test_validating_valid_plays_shows_no_error_and_the_odds_of_the_attack(gm_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    partial = gm_client.post(side_url(battle, amazon, suffix="validate/"), form_data(amazon, valid_plays["Amazon"]),
                             HTTP_HX_REQUEST="true").content.decode()
    assert "engine_error" not in partial and 'class="error"' not in partial
    assert "Odds of Amazon against Wolf" in partial and "33% killed" in partial


@pytest.mark.django_db
def test_validating_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    response = outsider_client.post(side_url(battle, amazon, suffix="validate/"), form_data(amazon, valid_plays["Amazon"]))
    assert response.status_code == 404


@pytest.mark.django_db
def test_validating_without_the_csrf_token_is_forbidden(gm, battle, characters, valid_plays):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    amazon = characters["Amazon"]
    response = client.post(side_url(battle, amazon, suffix="validate/"), form_data(amazon, valid_plays["Amazon"]),
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 403


@pytest.mark.django_db
def test_validating_shows_the_effort_limit_before_the_boxes_are_chosen(gm_client, battle, characters):
    amazon = characters["Amazon"]
    prefix = f"side{amazon.pk}-"
    data = {prefix + "target": "Wolf", prefix + "attack_chit": "FIGHT H4**", prefix + "maneuver": "MOVE M3*"}
    partial = gm_client.post(side_url(battle, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    maneuver_field = partial.split(f'id="id_side{amazon.pk}-maneuver"')[1].split("</div>")[0]
    assert "3 asterisks played (FIGHT H4** + MOVE M3*); at most two asterisks a round" in maneuver_field
    assert "Choose an attack box" in partial and "Choose a maneuver box" in partial


@pytest.mark.django_db
def test_validating_counts_a_magic_chit_in_the_effort_limit(gm_client, battle, characters):
    from campaigns.models import StartingInfo

    amazon = characters["Amazon"]
    StartingInfo.objects.create(character=amazon, answers={"recorded_spells": "Fiery Blast"})
    entry = next(c for c in battle.state["state"]["characters"] if c["id"] == "Amazon")
    entry["chits"].append({"id": "MAGIC IV4**", "label": "MAGIC IV4**", "state": "fresh"})
    battle.save()
    prefix = f"side{amazon.pk}-"
    data = {prefix + "target": "Wolf", prefix + "attack_chit": "MAGIC IV4**", prefix + "attack_weapon": "spell:Fiery Blast",
            prefix + "maneuver": "MOVE M3*"}
    partial = gm_client.post(side_url(battle, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    assert "3 asterisks played (MOVE M3* + MAGIC IV4**); at most two asterisks a round" in partial


@pytest.mark.django_db
def test_validating_answers_with_the_fields_alone_so_the_buttons_stay(gm_client, battle, characters, valid_plays):
    amazon = characters["Amazon"]
    partial = gm_client.post(side_url(battle, amazon, suffix="validate/"), form_data(amazon, valid_plays["Amazon"]),
                             HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith(f'<div class="side-fields" id="side-fields-{amazon.pk}">')
    assert "Save and lock" not in partial


@pytest.mark.django_db
def test_the_weapon_label_says_alerted_once_the_encounter_step_alerts_it(gm_client, battle, characters):
    knight = characters["Black Knight"]
    data = {f"enc{knight.pk}-alert_weapon": "Mace", f"enc{knight.pk}-alert_chit": "FIGHT H4**"}
    partial = gm_client.post(side_url(battle, knight, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    weapon_field = partial.split(f'id="id_side{knight.pk}-attack_weapon"')[1].split("</select>")[0]
    assert "Mace (alerted in the encounter step)" in weapon_field and "Mace (unalerted)" not in weapon_field
