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
