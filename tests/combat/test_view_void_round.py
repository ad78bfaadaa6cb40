"""Voiding a round's result asks first, then puts the battle and its characters back (issue #14)."""

import pytest

from campaigns.mail.models import OutboxMessage
from campaigns.models import Character
from combat.models import CharacterChange, Round

from .outcome_battles import TROLL_PLAYS, play, troll_on_the_amazon

pytestmark = pytest.mark.django_db


@pytest.fixture
def amazon_killed(gm, campaign, characters):
    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    assert Character.objects.get(catalogue_name="Amazon").state["killed"]
    return battle


def void_url(battle, number=1):
    return f"/campaigns/test/battles/{battle.pk}/rounds/{number}/void/"


def test_the_resolved_round_shows_what_it_did_to_the_characters_and_offers_to_void_it(gm_client, amazon_killed):
    page = gm_client.get(f"/campaigns/test/battles/{amazon_killed.pk}/rounds/1/").content.decode()
    assert "What this round did to the characters" in page and "Killed by T Troll" in page
    assert f'href="{void_url(amazon_killed)}"' in page


def test_it_asks_before_voiding_and_says_what_is_undone(gm_client, amazon_killed):
    response = gm_client.get(void_url(amazon_killed))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Void round 1 of Encounter test?" in text and "Round 2 is dropped" in text and 'name="confirm"' in text
    assert Character.objects.get(catalogue_name="Amazon").state["killed"]


def test_a_post_without_the_confirmation_only_asks(gm_client, amazon_killed):
    response = gm_client.post(void_url(amazon_killed))
    assert response.status_code == 200 and "Yes, void round 1" in response.content.decode()
    assert amazon_killed.rounds.get(number=1).status == Round.Status.RESOLVED


def test_the_confirmed_void_restores_the_character_reopens_the_round_and_emails_the_players(gm_client, amazon_killed):
    response = gm_client.post(void_url(amazon_killed), {"confirm": "yes"})
    assert response.status_code == 302 and response["Location"].endswith(f"/battles/{amazon_killed.pk}/rounds/1/")
    assert not Character.objects.get(catalogue_name="Amazon").state["killed"]
    assert not CharacterChange.objects.exists()
    assert list(amazon_killed.rounds.values_list("number", "status")) == [(1, Round.Status.DRAFTING)]
    assert OutboxMessage.objects.filter(idempotency_key__contains="/voided-1/").count() == 2
    page = gm_client.get(response["Location"]).content.decode()
    assert "voided this round" in page and "Resolve round 1" in page


def test_a_round_that_is_not_the_last_resolved_cannot_be_voided_and_the_page_says_why(gm_client, amazon_killed):
    Round.objects.filter(battle=amazon_killed, number=2).update(status=Round.Status.RESOLVED)
    response = gm_client.post(void_url(amazon_killed), {"confirm": "yes"})
    assert response.status_code == 409
    assert "Only the last resolved round can be voided" in response.content.decode()
    assert Character.objects.get(catalogue_name="Amazon").state["killed"]
    page = gm_client.get(f"/campaigns/test/battles/{amazon_killed.pk}/rounds/1/").content.decode()
    assert void_url(amazon_killed) not in page


def test_voiding_is_a_404_for_a_gm_of_another_campaign(outsider_client, amazon_killed):
    assert outsider_client.get(void_url(amazon_killed)).status_code == 404
    assert outsider_client.post(void_url(amazon_killed), {"confirm": "yes"}).status_code == 404
    assert Character.objects.get(catalogue_name="Amazon").state["killed"]
