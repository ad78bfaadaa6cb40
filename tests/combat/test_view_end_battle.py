import pytest

from combat.models import Battle


@pytest.mark.django_db
def test_ending_a_battle_drops_its_open_round_and_lists_it_as_ended(gm_client, battle):
    response = gm_client.post(f"/campaigns/test/battles/{battle.pk}/end/")
    assert response.status_code == 302 and response["Location"].endswith("/campaigns/test/battles/")
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and battle.rounds.count() == 0


@pytest.mark.django_db
def test_ending_a_battle_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.post(f"/campaigns/test/battles/{battle.pk}/end/").status_code == 404
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE
