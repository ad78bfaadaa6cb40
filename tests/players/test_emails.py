"""The round's result email opens with the player's summary, then what comes next (the next round's link and
deadline, or combat over, for everyone or for this player), then what their side saw of the round."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Round
from players import links
from players.models import PlayerLink
from tests.combat.conftest import lock_all
from tests.combat.outcome_battles import TROLL_PLAYS, play, troll_on_the_amazon
from tests.players.conftest import amazon_runs_away

pytestmark = pytest.mark.django_db


@pytest.fixture
def resolved(gm, battle, first_round, valid_plays, celery_eager, django_capture_on_commit_callbacks):
    lock_all(gm, first_round, valid_plays)
    Round.objects.filter(pk=first_round.pk).update(seed=0)  # the H Troll wounds the Black Knight; the Amazon kills the Wolf
    with django_capture_on_commit_callbacks(execute=True):
        combat_services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    return battle.rounds.get(number=1)


def email_of(round_, character):
    return OutboxMessage.objects.get(idempotency_key=f"combat/round-{round_.pk}/player-{character.player_id}")


def link_of(battle, name):
    return links.url_for(PlayerLink.objects.get(battle=battle, player__name=name, revoked_at__isnull=True))


def test_the_result_email_opens_with_the_summary_then_what_comes_next_then_what_the_side_saw(resolved, characters):
    text = email_of(resolved, characters["Amazon"]).text
    summary_at = text.index("Amazon: alive")
    link = link_of(resolved.battle, "Bob")
    assert (summary_at < text.index("What comes next: round 2. Your plays are due by") < text.index(f"\n{link}\n")
            < text.index("What your side saw this round"))
    assert "kills: Wolf (fame 0, notoriety 1)" in text[summary_at:text.index("What comes next")]


def test_the_result_email_ends_with_the_next_step_in_one_line(resolved, characters):
    email = email_of(resolved, characters["Amazon"])
    link = link_of(resolved.battle, "Bob")
    last = email.text.rstrip().split("\n-- Herald")[0].rstrip().splitlines()[-1]
    assert last.startswith("Next step: send your round 2 plays by ") and last.endswith(f": {link}")
    assert email.text.index("What your side saw this round") < email.text.index("Next step:")
    assert f'<a href="{link}">your page</a></p>' in email.html


def test_a_player_who_owes_wounds_is_told_what_hit_them_and_to_settle_on_their_page(resolved, characters):
    text = email_of(resolved, characters["Black Knight"]).text
    summary = text[:text.index("What comes next")]
    assert "Black Knight: alive" in summary and "what hit Black Knight:" in summary and "H Troll" in summary
    assert "1 wound, on chits the player chooses" in summary
    assert "settle what Black Knight owes on your page" in summary
    assert "tell your GM" not in text


def test_a_player_whose_character_was_killed_is_told_combat_is_over_for_them_without_a_link(gm, campaign, characters):
    battle = troll_on_the_amazon(gm, campaign)
    round_ = play(gm, battle, TROLL_PLAYS, seed=0)
    assert "Amazon: KILLED" in round_.result["summaries"]["Amazon"] and battle.rounds.filter(number=2).exists()
    bob = OutboxMessage.objects.get(idempotency_key=f"combat/round-{round_.pk}/player-{characters['Amazon'].player_id}")
    assert "What comes next: combat is over for you: Amazon takes no part in round 2; the others fight on." in bob.text
    assert "/play/" not in bob.text and "/play/" not in bob.html and "plays are due" not in bob.text
    alice = OutboxMessage.objects.get(idempotency_key=f"combat/round-{round_.pk}/player-{characters['Black Knight'].player_id}")
    assert "What comes next: round 2. Your plays are due by" in alice.text and "/play/" in alice.text


def test_when_combat_is_over_the_email_says_so_with_the_link_to_the_final_results(gm, campaign, characters):
    amazon = characters["Amazon"]
    round_ = amazon_runs_away(gm, campaign, amazon)
    email = OutboxMessage.objects.get(idempotency_key=f"combat/round-{round_.pk}/player-{amazon.player_id}")
    link = links.url_for(PlayerLink.objects.get(battle=round_.battle, player=amazon.player, revoked_at__isnull=True))
    assert "What comes next: combat is over. Your page keeps this round's results until" in email.text
    assert f"\n{link}\n" in email.text and f'href="{link}"' in email.html
    assert email.text.index(link) < email.text.index("What your side saw this round")


def test_a_character_who_ran_away_is_summed_up_as_out_of_the_battle_not_alive(gm, campaign, characters):
    amazon = characters["Amazon"]
    round_ = amazon_runs_away(gm, campaign, amazon)
    email = email_of(round_, amazon)
    assert "Amazon: RAN AWAY: out of the battle" in email.text and "Amazon: alive" not in email.text
    gm_log = OutboxMessage.objects.get(idempotency_key=f"combat/round-{round_.pk}/gm-{gm.pk}")
    assert "Amazon: RAN AWAY: out of the battle" in gm_log.text and "The battle is over." in gm_log.text


def test_the_plays_due_email_carries_the_round_s_seed_commitment(battle):
    """docs/fair-dice.md: the commitment is published when the round opens, before any plays are in."""
    round_ = battle.rounds.get(number=1)
    due = OutboxMessage.objects.filter(idempotency_key__startswith="players/", subject__contains="plays due")
    assert due.exists()
    assert all(round_.commitment in message.text for message in due)
