import pytest

from combat.models import ChitRecord
from tests.combat.conftest import round_url
from tests.combat.test_services import resolve_first_round


@pytest.mark.django_db
def test_recording_the_chits_owed_saves_them(gm_client, gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    response = gm_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"),
                              {f"chits{knight.pk}-wounded": ["FIGHT M5"]}, follow=True)
    assert "wounds and fatigue are recorded" in response.content.decode()
    assert ChitRecord.objects.get(character=knight).wounded == ["FIGHT M5"]


@pytest.mark.django_db
def test_recording_more_wounds_than_owed_is_refused_with_the_reason(gm_client, gm, battle, characters, valid_plays,
                                                                   first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    response = gm_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"),
                              {f"chits{knight.pk}-wounded": ["FIGHT M5", "MOVE M5"]}, follow=True)
    assert "owes 1 wound" in response.content.decode()
    assert not ChitRecord.objects.exists()


@pytest.mark.django_db
def test_recording_chits_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle, characters):
    knight = characters["Black Knight"]
    assert outsider_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"), {}).status_code == 404


def _owing_fatigue_too(round_, asterisks=1):
    from combat.models import Round

    result = round_.result
    for summary in result["summaries"]:
        if summary["character"] == "Black Knight":
            summary["fatigue_owed"] = asterisks
    Round.objects.filter(pk=round_.pk).update(result=result)


def _box(page, knight, box):
    return page.split(f"<legend>Chits {box}")[1].split("</fieldset>")[0]


@pytest.mark.django_db
def test_a_wrong_choice_keeps_its_ticks_and_shows_each_problem_beside_its_boxes_on_its_own_line(
        gm_client, gm, battle, characters, valid_plays, first_round):
    _owing_fatigue_too(resolve_first_round(gm, battle, characters, valid_plays, first_round))
    knight = characters["Black Knight"]
    response = gm_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"),
                              {f"chits{knight.pk}-wounded": ["FIGHT M4*", "MOVE M5"], f"chits{knight.pk}-fatigued": ["FIGHT M4*"]})
    page = response.content.decode()
    assert response.status_code == 422 and not ChitRecord.objects.exists()
    wounded, fatigued = _box(page, knight, "wounded"), _box(page, knight, "fatigued")
    assert '<p class="error">Black Knight owes 1 wound: tick exactly 1 chit to wound (ticked: 2).</p>' in wounded
    assert '<p class="error">FIGHT M4* is ticked to be wounded: it cannot be fatigued too.</p>' in fatigued
    assert 'value="FIGHT M4*"' in wounded and wounded.count("checked") == 2 and fatigued.count("checked") == 1
    assert "not 2MOVE" not in page and 'class="message error"' not in page


@pytest.mark.django_db
def test_with_htmx_a_wrong_choice_answers_with_that_form_alone(gm_client, gm, battle, characters, valid_plays,
                                                               first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    partial = gm_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"), {f"chits{knight.pk}-wounded": []},
                             HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith(f'<form method="post" class="card stacked chit-record" id="chits-{knight.pk}"')
    assert "tick exactly 1 chit to wound (ticked: 0)" in partial


@pytest.mark.django_db
def test_sending_the_choice_already_recorded_again_is_harmless(gm_client, gm, battle, characters, valid_plays,
                                                              first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    url, data = round_url(battle, suffix=f"chits/{knight.pk}/"), {f"chits{knight.pk}-wounded": ["FIGHT M5"]}
    gm_client.post(url, data, follow=True)  # recorded, and its message read
    again = gm_client.post(url, data, follow=True).content.decode()
    assert "wounds and fatigue are recorded" in again
    assert 'class="message error"' not in again and '<p class="error">' not in again
    assert ChitRecord.objects.get(character=knight).wounded == ["FIGHT M5"]


@pytest.mark.django_db
def test_a_recorded_choice_can_be_changed_and_the_first_chit_is_fresh_again(gm_client, gm, battle, characters,
                                                                            valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    url = round_url(battle, suffix=f"chits/{knight.pk}/")
    gm_client.post(url, {f"chits{knight.pk}-wounded": ["FIGHT M5"]})
    gm_client.post(url, {f"chits{knight.pk}-wounded": ["MOVE M5"]})
    battle.refresh_from_db()
    entry = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    states = {c["id"]: c["state"] for c in entry["chits"]}
    assert states["FIGHT M5"] == "fresh" and states["MOVE M5"] == "wounded"


@pytest.mark.django_db
def test_a_dead_character_gets_no_form_and_owes_nothing(gm_client, gm, battle, characters, valid_plays, first_round):
    from combat import rounds
    from combat.models import Round

    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    result = round_.result
    next(s for s in result["summaries"] if s["character"] == "Black Knight")["killed"] = True
    Round.objects.filter(pk=round_.pk).update(result=result)
    battle.refresh_from_db()
    next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")["dead"] = True
    battle.save()
    assert rounds.owed_for(result, "Black Knight") == {"wounds": 0, "fatigue": 0}
    page = gm_client.get(round_url(battle)).content.decode()
    assert "Record Black Knight&#x27;s chits" not in page and "Record wounds and fatigue" not in page
    knight = characters["Black Knight"]
    gm_client.post(round_url(battle, suffix=f"chits/{knight.pk}/"), {f"chits{knight.pk}-wounded": ["FIGHT M5"]})
    assert not ChitRecord.objects.exists()
