"""The encounter step of a side's form (issue #7): offered from what the character has and can use now,
checked by the engine as the GM types (the side's validate endpoint), kept with the side's plays."""

import pytest

from combat import services
from combat.models import SidePlays
from tests.combat.conftest import form_data, round_url, side_url
from tests.combat.encounter_battles import encounter_data, troll_battle


@pytest.fixture
def trolls(campaign, characters):
    return troll_battle(campaign, characters)


def field_html(partial: str, field_id: str) -> str:
    return partial.split(f'id="{field_id}"')[1].split("</div>")[0]


@pytest.mark.django_db
def test_it_refuses_a_run_with_a_red_side_up_troll_on_the_sheet(gm_client, trolls, characters):
    knight = characters["Black Knight"]
    data = {**form_data(knight, {}), **encounter_data(knight, run="MOVE H6")}
    response = gm_client.post(side_url(trolls, knight, suffix="validate/"), data, HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert response.status_code == 200 and "<html" not in partial
    run_field = field_html(partial, f"id_enc{knight.pk}-run")
    assert f'id="id_enc{knight.pk}-run_engine_error"' in run_field
    assert "T Troll" in run_field and "cannot run away" in run_field


@pytest.mark.django_db
def test_a_run_from_a_wolf_alone_shows_no_error(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    data = {**form_data(amazon, {}), **encounter_data(amazon, run="MOVE M4")}
    partial = gm_client.post(side_url(trolls, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    assert f"id_enc{amazon.pk}-run_engine_error" not in partial and 'class="error"' not in partial


@pytest.mark.django_db
def test_it_offers_only_unassigned_denizens_to_lure_and_says_why_the_others_cannot_be(gm_client, trolls, characters):
    page = gm_client.get(round_url(trolls)).content.decode()
    knight = characters["Black Knight"]
    lure_field = page.split(f'id="id_enc{knight.pk}-lures"')[1].split('class="field')[0]
    assert 'value="Giant Bat"' in lure_field
    assert 'value="T Troll"' not in lure_field and 'value="Wolf"' not in lure_field
    assert "T Troll (red side up)" in lure_field and "Wolf (already attacks Amazon)" in lure_field


@pytest.mark.django_db
def test_two_encounter_actions_are_refused_next_to_the_second(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    data = {**form_data(amazon, {}), **encounter_data(amazon, run="MOVE M4", alert_weapon="Short Sword",
                                                       alert_chit="FIGHT M5")}
    partial = gm_client.post(side_url(trolls, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    assert "One encounter action per round" in field_html(partial, f"id_enc{amazon.pk}-alert_weapon")


@pytest.mark.django_db
def test_saving_keeps_the_encounter_choices_with_the_sides_plays(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    data = {**form_data(amazon, {}), **encounter_data(amazon, lures="Giant Bat", run="MOVE M4")}
    response = gm_client.post(side_url(trolls, amazon), data)
    assert response.status_code == 302
    plays = SidePlays.objects.get(round__battle=trolls, character=amazon).plays
    assert plays["encounter"] == {"lures": ["Giant Bat"], "run": {"chit": "MOVE M4"}}
    page = gm_client.get(round_url(trolls)).content.decode()
    bat_box = page.split(f'name="enc{amazon.pk}-lures" value="Giant Bat"')[1].split(">")[0]
    assert "checked" in bat_box


@pytest.mark.django_db
def test_a_locked_side_locks_its_encounter_choices_too(gm_client, gm, trolls, characters):
    amazon = characters["Amazon"]
    gm_client.post(side_url(trolls, amazon), {**form_data(amazon, {}), **encounter_data(amazon, run="MOVE M4")})
    services.lock_side(gm, trolls.campaign.slug, trolls.pk, 1, amazon.pk)
    page = gm_client.get(round_url(trolls)).content.decode()
    assert "Runs away" in page and "MOVE M4" in page and f'name="enc{amazon.pk}-run"' not in page
    response = gm_client.post(side_url(trolls, amazon), {**form_data(amazon, {}), **encounter_data(amazon, run="")})
    assert response.status_code == 422
    assert SidePlays.objects.get(round__battle=trolls, character=amazon).plays["encounter"] == {"run": {"chit": "MOVE M4"}}


@pytest.mark.django_db
def test_locking_refuses_a_run_the_engine_refuses(gm, gm_client, trolls, characters):
    knight = characters["Black Knight"]
    gm_client.post(side_url(trolls, knight), {**form_data(knight, {}), **encounter_data(knight, run="MOVE H6")})
    with pytest.raises(services.BattleError) as refused:
        services.lock_side(gm, trolls.campaign.slug, trolls.pk, 1, knight.pk)
    assert "T Troll" in refused.value.errors["encounter.run"]


@pytest.mark.django_db
def test_without_javascript_saving_a_refused_run_keeps_the_draft_and_shows_the_error_beside_the_field(
    gm_client, trolls, characters
):
    knight = characters["Black Knight"]
    response = gm_client.post(side_url(trolls, knight), {**form_data(knight, {}), **encounter_data(knight, run="MOVE H6")})
    page = response.content.decode()
    assert response.status_code == 422 and "<html" in page
    assert "cannot run away" in field_html(page, f"id_enc{knight.pk}-run")
    assert SidePlays.objects.get(round__battle=trolls, character=knight).plays["encounter"] == {"run": {"chit": "MOVE H6"}}


@pytest.mark.django_db
def test_a_run_with_an_asterisk_and_a_two_asterisk_attack_are_refused_beside_the_attack_chit(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT M3**", "weapon": "Short Sword", "box": 1},
             "maneuver": {"chit": "MOVE M4", "box": 2}}
    data = {**form_data(amazon, plays), **encounter_data(amazon, run="MOVE M3*")}
    partial = gm_client.post(side_url(trolls, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    attack_field = field_html(partial, f"id_side{amazon.pk}-attack_chit")
    assert f'id="id_side{amazon.pk}-attack_chit_engine_error"' in attack_field
    assert "3 asterisks played (MOVE M3* + FIGHT M3**)" in attack_field and "at most two asterisks a round" in attack_field
    assert f"id_enc{amazon.pk}-run_engine_error" not in partial


@pytest.mark.django_db
def test_one_asterisk_in_the_run_and_one_in_the_attack_are_accepted(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT M4*", "weapon": "Short Sword", "box": 1},
             "maneuver": {"chit": "MOVE M4", "box": 2}}
    data = {**form_data(amazon, plays), **encounter_data(amazon, run="MOVE M3*")}
    partial = gm_client.post(side_url(trolls, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    assert "asterisks played" not in partial and "engine_error" not in partial


@pytest.mark.django_db
def test_locking_refuses_a_round_of_three_asterisks_over_the_run_and_the_melee(gm_client, gm, trolls, characters):
    amazon = characters["Amazon"]
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT M3**", "weapon": "Short Sword", "box": 1},
             "maneuver": {"chit": "MOVE M4", "box": 2}}
    gm_client.post(side_url(trolls, amazon), {**form_data(amazon, plays), **encounter_data(amazon, run="MOVE M3*")})
    with pytest.raises(services.BattleError) as refused:
        services.lock_side(gm, trolls.campaign.slug, trolls.pk, 1, amazon.pk)
    assert "at most two asterisks a round" in refused.value.errors["attack_chit"]
    assert SidePlays.objects.get(round__battle=trolls, character=amazon).locked is False


@pytest.mark.django_db
def test_the_same_move_chit_for_the_run_and_the_maneuver_is_refused_beside_the_maneuver(gm_client, trolls, characters):
    amazon = characters["Amazon"]
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT M5", "weapon": "Short Sword", "box": 1},
             "maneuver": {"chit": "MOVE M4", "box": 2}}
    data = {**form_data(amazon, plays), **encounter_data(amazon, run="MOVE M4")}
    partial = gm_client.post(side_url(trolls, amazon, suffix="validate/"), data, HTTP_HX_REQUEST="true").content.decode()
    maneuver_field = field_html(partial, f"id_side{amazon.pk}-maneuver")
    assert "MOVE M4 is already played to run away in the encounter step: a chit is played once a round" in maneuver_field
    assert "encounter.actions" not in partial
