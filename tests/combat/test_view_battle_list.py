import pytest


@pytest.mark.django_db
def test_the_battle_list_shows_the_campaigns_battles(gm_client, battle):
    response = gm_client.get("/campaigns/test/battles/")
    assert response.status_code == 200
    assert "Ambush in Cave 4" in response.content.decode()


@pytest.mark.django_db
def test_the_battle_list_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.get("/campaigns/test/battles/").status_code == 404


@pytest.mark.django_db
def test_the_battle_list_sends_anonymous_visitors_to_sign_in(client, battle):
    response = client.get("/campaigns/test/battles/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_a_failed_round_counts_among_the_battles_rounds_and_is_named_failed(gm_client, battle):
    from combat.models import Round

    Round.objects.filter(battle=battle, number=1).update(status=Round.Status.FAILED, error="RoundInvalid: x")
    row = next(row for row in gm_client.get("/campaigns/test/battles/").content.decode().split("<tr>") if "Ambush" in row)
    assert '<td>1 <span class="muted">(1 failed)</span></td>' in row
