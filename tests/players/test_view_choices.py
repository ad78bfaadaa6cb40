"""Where the rules make the player choose, the player chooses on their page: the chits that take the
wounds and fatigue owed, and the encounter choice that stopped a round. The GM may still record them."""

import pytest
from django.core.cache import cache

from combat.models import ChitRecord, Round
from players import links
from players.models import PlayerLink
from tests.combat.encounter_battles import stopped_on_a_hireling_choice
from tests.combat.test_services import resolve_first_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def token(battle, name):
    return links.token_for(PlayerLink.objects.get(battle=battle, player__name=name, revoked_at__isnull=True))


def test_the_player_sees_what_they_owe_and_records_the_chits(client, gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    page = client.get(f"/play/{token(battle, 'Alice')}/").content.decode()
    assert "Round 1: what you saw" in page and "Owes 1 wound" in page and "choose the chits below" in page
    # Only the boxes for what is owed: one wound, no fatigue.
    assert "Choose the chits Black Knight wounds (1)</h4>" in page
    assert "Chits wounded" in page and "Chits fatigued" not in page
    response = client.post(f"/play/{token(battle, 'Alice')}/rounds/1/chits/{knight.pk}/",
                           {f"chits{knight.pk}-wounded": ["FIGHT M5"]}, follow=True)
    assert "wounds and fatigue are recorded" in response.content.decode()
    record = ChitRecord.objects.get(character=knight)
    assert record.wounded == ["FIGHT M5"] and record.recorded_by is None


def test_a_wrong_count_of_chits_is_refused_with_the_reason(client, gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    response = client.post(f"/play/{token(battle, 'Alice')}/rounds/1/chits/{knight.pk}/",
                           {f"chits{knight.pk}-wounded": ["FIGHT M5", "MOVE M5"]}, follow=True)
    assert "owes 1 wound" in response.content.decode()
    assert not ChitRecord.objects.exists()


def test_a_player_cannot_record_another_players_chits(client, gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    amazon = characters["Amazon"]
    response = client.post(f"/play/{token(battle, 'Alice')}/rounds/1/chits/{amazon.pk}/", {f"chits{amazon.pk}-wounded": []})
    assert response.status_code == 404


def test_the_player_answers_the_encounter_choice_that_stopped_the_round(client, gm, campaign, characters):
    battle, round_ = stopped_on_a_hireling_choice(gm, campaign, characters["Black Knight"])
    assert round_.status == Round.Status.FAILED
    url = f"/play/{token(battle, 'Alice')}/"
    assert "Your choice is needed" in client.get(url).content.decode()
    client.post(url + "choice/", {"choice": "Soldier 2"})
    round_.refresh_from_db()
    assert round_.encounter["choices"] == {"Wolf": "Soldier 2"} and "choice_needed" not in round_.encounter


def test_a_choice_not_offered_is_refused(client, gm, campaign, characters):
    battle, round_ = stopped_on_a_hireling_choice(gm, campaign, characters["Black Knight"])
    response = client.post(f"/play/{token(battle, 'Alice')}/choice/", {"choice": "the Amazon"}, follow=True)
    assert "Choose one of the offered hirelings" in response.content.decode()
    round_.refresh_from_db()
    assert "choice_needed" in round_.encounter


def test_a_refused_choice_keeps_the_players_ticks_and_says_why_beside_the_boxes(client, gm, battle, characters,
                                                                              valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    response = client.post(f"/play/{token(battle, 'Alice')}/rounds/1/chits/{knight.pk}/",
                           {f"chits{knight.pk}-wounded": ["FIGHT M5", "MOVE M5"]})
    page = response.content.decode()
    assert response.status_code == 422
    wounded = page.split("<legend>Chits wounded")[1].split("</fieldset>")[0]
    assert '<p class="error">Black Knight owes 1 wound: tick exactly 1 chit to wound (ticked: 2).</p>' in wounded
    assert wounded.count("checked") == 2


def test_the_player_sending_the_recorded_choice_again_is_told_it_is_recorded(client, gm, battle, characters,
                                                                           valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    knight = characters["Black Knight"]
    url = f"/play/{token(battle, 'Alice')}/rounds/1/chits/{knight.pk}/"
    client.post(url, {f"chits{knight.pk}-wounded": ["FIGHT M5"]}, follow=True)  # recorded, and its message read
    again = client.post(url, {f"chits{knight.pk}-wounded": ["FIGHT M5"]}, follow=True).content.decode()
    assert "Your wounds and fatigue are recorded" in again
    assert 'class="message error"' not in again and '<p class="error">' not in again
