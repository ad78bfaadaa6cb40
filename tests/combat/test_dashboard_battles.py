import pytest


@pytest.mark.django_db
def test_the_dashboard_lists_the_round_waiting_for_plays_with_its_locked_sides(gm_client, battle):
    page = gm_client.get("/campaigns/").content.decode()
    assert f"/campaigns/test/battles/{battle.pk}/rounds/1/" in page
    assert "Ambush in Cave 4, round 1" in page and "0 of 2 sides locked" in page


@pytest.mark.django_db
def test_the_dashboard_of_another_gm_does_not_show_the_battle(outsider_client, battle):
    assert "Ambush in Cave 4" not in outsider_client.get("/campaigns/").content.decode()
