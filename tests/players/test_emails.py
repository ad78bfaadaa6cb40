"""The round's result email opens with the player's summary and ends with what comes next."""

import pytest
from django.template.loader import render_to_string

from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Battle, Round
from players import links
from players.emails import next_steps
from players.models import PlayerLink
from tests.combat.conftest import AMAZON_PLAYS, BLACK_KNIGHT_PLAYS

pytestmark = pytest.mark.django_db


@pytest.fixture
def resolved(gm, battle, characters, celery_eager, django_capture_on_commit_callbacks):
    slug = battle.campaign.slug
    for name, plays in (("Black Knight", BLACK_KNIGHT_PLAYS), ("Amazon", AMAZON_PLAYS)):
        combat_services.save_plays(gm, slug, battle.pk, 1, characters[name].pk, dict(plays))
        combat_services.lock_side(gm, slug, battle.pk, 1, characters[name].pk)
    Round.objects.filter(battle=battle, number=1).update(seed=8)  # the Black Knight kills the H Troll; the Amazon takes a wound
    with django_capture_on_commit_callbacks(execute=True):
        combat_services.request_resolve(gm, slug, battle.pk, 1)
    return battle.rounds.get(number=1)


def test_the_result_email_opens_with_the_summary_and_ends_with_the_next_link_and_deadline(resolved, characters):
    email = OutboxMessage.objects.get(idempotency_key=f"combat/round-{resolved.pk}/player-{characters['Black Knight'].player_id}")
    text = email.text
    summary_at = text.index("Black Knight: alive")
    assert summary_at < text.index("The full log of what your characters saw") < text.index("== Black Knight ==")
    knight = next(s for s in resolved.result["summaries"] if s["character"] == "Black Knight")
    assert f"Kills: H Troll (fame {knight['fame']:g}, notoriety {knight['notoriety']:g})" in text[summary_at:text.index("The full log")]
    link = links.url_for(PlayerLink.objects.get(battle=resolved.battle, player__name="Alice", revoked_at__isnull=True))
    assert text.index("What comes next: round 2. Your plays are due by") < text.index(f"\n{link}\n")
    assert link in email.html and "What comes next:" in email.html


def test_a_player_who_owes_wounds_is_told_what_hit_them_and_how_to_choose_the_chits(resolved, characters):
    email = OutboxMessage.objects.get(idempotency_key=f"combat/round-{resolved.pk}/player-{characters['Amazon'].player_id}")
    summary = email.text[:email.text.index("The full log")]
    assert "Amazon: alive." in summary and "What hit Amazon:" in summary and "Wolf" in summary
    assert "You owe 1 wound and 0 asterisks of fatigue: choose the chits on your page" in summary


def test_when_combat_is_over_the_email_says_so_and_carries_no_link(resolved, characters):
    Battle.objects.filter(pk=resolved.battle_id).update(status=Battle.Status.ENDED)
    resolved.refresh_from_db()
    steps = next_steps(resolved, characters["Black Knight"].player, [])
    assert steps["over"] and not steps["url"]
    assert "What comes next: combat is over." in render_to_string("players/email/_next.txt", {"next": steps})


def test_the_plays_due_email_carries_the_round_s_seed_commitment(battle):
    """docs/fair-dice.md: the commitment is published when the round opens, before any plays are in."""
    round_ = battle.rounds.get(number=1)
    due = OutboxMessage.objects.filter(idempotency_key__startswith="players/", subject__contains="plays due")
    assert due.exists()
    assert all(round_.commitment in message.text for message in due)
