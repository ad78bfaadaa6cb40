"""A combatant the GM's adjustment brings back into the open round: his player gets a plays-due email for that side,
under a key of its own (players/emails.py `queue_side_back`), whether the round made him a side (he was out of the
battle when it opened) or opened the one it had locked for having nothing to choose; past the round's deadline the
email says the plays can no longer change and the GM decides.

The Enchanted Realms goblin ambush, Bryn put down by the GM's hand ("down|Bryn") and brought back ("back|Bryn")."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from players import adjusting
from players.models import RoundDeadline
from tests.systems_app.conftest import start
from tests.systems_app.test_a_combatant_out_of_the_battle_plays_no_later_round import play_round

pytestmark = pytest.mark.django_db


def emails_to(address, round_number):
    return OutboxMessage.objects.filter(recipient=address, subject__contains=f"round {round_number},").order_by("pk")


def alice_plays_both(gm):
    """An Enchanted Realms campaign where Alice plays Aldric and Bryn."""
    campaign = campaign_services.create_campaign(gm, "Two hands", "two-hands", "", system="enchanted-realms")
    alice = campaign_services.add_player(gm, campaign, {"name": "Alice", "email": "alice@example.com",
                                                        "time_zone": "UTC"})
    for name in ("Aldric", "Bryn"):
        campaign_services.add_character(gm, campaign, {"player": alice.pk, "catalogue_name": name})
    return campaign


def bryn_down_in_round_one(gm, campaign):
    """Bryn put down in round 1 and round 1 played: round 2 opens without his side."""
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    adjusting.adjust(gm, campaign.slug, battle.pk, 1, "down|Bryn", "the rockfall")
    play_round(gm, battle.rounds.get(number=1))
    assert "Bryn" not in set(battle.rounds.get(number=2).sides.values_list("side", flat=True))
    return battle


def test_a_player_with_two_characters_gets_an_email_naming_the_one_brought_back(gm):
    campaign = alice_plays_both(gm)
    battle = bryn_down_in_round_one(gm, campaign)
    [opened] = emails_to("alice@example.com", 2)  # round 2's email, for Aldric alone
    assert "== Aldric ==" in opened.text and "== Bryn ==" not in opened.text
    adjusting.adjust(gm, campaign.slug, battle.pk, 2, "back|Bryn", "only stunned")
    first, back = emails_to("alice@example.com", 2)
    assert back.subject == "[Two hands] The fight: round 2, plays due"
    assert "== Bryn ==" in back.text and "== Aldric ==" not in back.text
    assert "brings Bryn back into round 2" in back.text and "Enter your plays" in back.text
    assert "Bryn" in back.html and "plays due</h1>" in back.html


def test_a_side_locked_for_having_nothing_to_choose_and_opened_again_is_emailed_too(gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    slug = battle.campaign.slug
    adjusting.adjust(gm, slug, battle.pk, 1, "down|Bryn", "the rockfall")
    assert battle.rounds.get(number=1).sides.get(side="Bryn").locked
    assert emails_to("bob@example.com", 1).count() == 1  # the round's opening email
    adjusting.adjust(gm, slug, battle.pk, 1, "back|Bryn", "only stunned")
    assert not battle.rounds.get(number=1).sides.get(side="Bryn").locked
    opening, back = emails_to("bob@example.com", 1)
    assert back.subject.endswith("round 1, plays due") and "brings Bryn back into round 1" in back.text


def test_each_adjustment_that_brings_a_side_back_sends_its_own_email(gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    slug = battle.campaign.slug
    for _ in range(2):
        adjusting.adjust(gm, slug, battle.pk, 1, "down|Bryn", "the rockfall")
        adjusting.adjust(gm, slug, battle.pk, 1, "back|Bryn", "only stunned")
    assert emails_to("bob@example.com", 1).count() == 3  # the opening's, and one for each time he came back


def test_a_side_brought_back_after_the_deadline_is_told_the_gm_decides_not_that_plays_are_due(gm):
    campaign = alice_plays_both(gm)
    battle = bryn_down_in_round_one(gm, campaign)
    second = battle.rounds.get(number=2)
    RoundDeadline.objects.filter(round=second).update(due_at=timezone.now() - timedelta(hours=1))
    adjusting.adjust(gm, campaign.slug, battle.pk, 2, "back|Bryn", "only stunned")
    back = emails_to("alice@example.com", 2).last()
    assert back.subject == "[Two hands] The fight: round 2, deadline passed"
    assert "== Bryn ==" in back.text and "the deadline passed on" in back.text
    assert "Your GM decides what happens to this round." in back.text
    assert "Enter your plays" not in back.text and "your plays are due" not in back.text
    assert "deadline passed</h1>" in back.html and "Your GM decides what happens to this round." in back.html
