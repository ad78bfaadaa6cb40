"""Ending a battle asks the GM first and emails its players (issue #14.7)."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat.models import Battle

pytestmark = pytest.mark.django_db


def ended_mail():
    return OutboxMessage.objects.filter(idempotency_key__contains="/ended/")


def test_it_asks_before_ending_the_battle(gm_client, battle):
    page = gm_client.get(f"/campaigns/test/battles/{battle.pk}/end/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "End Ambush in Cave 4 here?" in text and "Round 1 is not resolved" in text and 'name="confirm"' in text
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE and not ended_mail().exists()


def test_a_post_without_the_confirmation_only_asks(gm_client, battle):
    response = gm_client.post(f"/campaigns/test/battles/{battle.pk}/end/")
    assert response.status_code == 200 and "Yes, end the battle" in response.content.decode()
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE


def test_ending_a_battle_drops_its_open_round_lists_it_as_ended_and_emails_each_player_once(gm_client, battle):
    response = gm_client.post(f"/campaigns/test/battles/{battle.pk}/end/", {"confirm": "yes"})
    assert response.status_code == 302 and response["Location"].endswith("/campaigns/test/battles/")
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and battle.rounds.count() == 0
    assert sorted(ended_mail().values_list("recipient", flat=True)) == ["alice@example.com", "bob@example.com"]
    assert "Round 1 was not resolved" in ended_mail().first().text
    gm_client.post(f"/campaigns/test/battles/{battle.pk}/end/", {"confirm": "yes"})
    assert ended_mail().count() == 2, "a second click sends nothing again"


def test_ending_a_battle_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.get(f"/campaigns/test/battles/{battle.pk}/end/").status_code == 404
    assert outsider_client.post(f"/campaigns/test/battles/{battle.pk}/end/", {"confirm": "yes"}).status_code == 404
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE


def test_ending_a_battle_keeps_a_failed_round_among_its_rounds_shown_failed_with_resolve_again(gm_client, battle):
    from combat.models import Round

    Round.objects.filter(battle=battle, number=1).update(status=Round.Status.FAILED, error="RoundInvalid: x")
    page = gm_client.get(f"/campaigns/test/battles/{battle.pk}/end/").content.decode()
    assert "Round 1 failed: it stays in the battle&#x27;s rounds as failed" in page
    gm_client.post(f"/campaigns/test/battles/{battle.pk}/end/", {"confirm": "yes"})
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED
    assert list(battle.rounds.values_list("number", "status")) == [(1, Round.Status.FAILED)]
    listed = gm_client.get("/campaigns/test/battles/").content.decode()
    assert "(1 failed)" in listed
    round_page = gm_client.get(f"/campaigns/test/battles/{battle.pk}/rounds/1/").content.decode()
    assert "(failed)" in round_page and "Resolve round 1 again" in round_page
