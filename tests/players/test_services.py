"""The players' loop services: links, sealed submissions, the sweep of reminders and deadlines."""

from datetime import timedelta

import pytest
from django.http import Http404
from django.utils import timezone

from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Round, SidePlays
from players import adjusting
from players import links, services
from players.models import PlaySettings, PlayerLink, Reminder, RoundDeadline, RoundNote, Submission
from combat import system_battles
from tests.combat.conftest import AMAZON_PLAYS, BLACK_KNIGHT_PLAYS, lock_all, save, side_of

pytestmark = pytest.mark.django_db


def link_of(battle, name):
    return PlayerLink.objects.get(battle=battle, player__name=name, revoked_at__isnull=True)


def test_opening_a_battle_queues_one_plays_due_email_per_player_with_the_link_on_its_own_line(battle):
    due = OutboxMessage.objects.filter(idempotency_key__contains="plays-due")
    assert sorted(m.recipient for m in due) == ["alice@example.com", "bob@example.com"]
    alice = due.get(recipient="alice@example.com")
    url = links.url_for(link_of(battle, "Alice"))
    assert f"\n{url}\n" in alice.text
    assert "round 1" in alice.subject and "Black Knight" in alice.text and "H Troll" in alice.text
    assert url in alice.html


def test_a_link_is_stored_only_as_a_hash_and_opens_its_own_battle(battle):
    link = link_of(battle, "Alice")
    token = links.token_for(link)
    assert len(token) >= 43 and token not in (link.nonce, link.token_hash)
    assert links.live_link(token) == link


def test_a_forged_revoked_or_ended_link_is_a_404(battle, gm):
    link = link_of(battle, "Alice")
    token = links.token_for(link)
    with pytest.raises(Http404):
        links.live_link(token[:-2] + "xx")
    links.revoke(link)
    with pytest.raises(Http404):
        links.live_link(token)
    fresh = links.issue(battle, link.player)
    combat_services.end_battle(gm, battle.campaign.slug, battle.pk)
    with pytest.raises(Http404):
        links.live_link(links.token_for(fresh))


def test_a_submission_is_sealed_with_a_receipt_and_emailed(battle, characters):
    link = link_of(battle, "Alice")
    submission = services.submit(link, characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    assert len(submission.receipt) == 64 and submission.source == Submission.Source.PLAYER
    side = SidePlays.objects.get(round__battle=battle, character=characters["Black Knight"])
    assert side.plays["target"] == "H Troll" and not side.locked
    receipt = OutboxMessage.objects.get(idempotency_key=f"players/submission-{submission.pk}")
    assert submission.receipt in receipt.text and receipt.recipient == "alice@example.com"


def test_the_last_submission_counts(battle, characters):
    link = link_of(battle, "Alice")
    services.submit(link, characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    changed = {**BLACK_KNIGHT_PLAYS, "attack_box": 3}
    services.submit(link, characters["Black Knight"].pk, changed)
    side = SidePlays.objects.get(round__battle=battle, character=characters["Black Knight"])
    assert side.plays["attack_box"] == 3
    assert Submission.objects.filter(round=side.round).count() == 2


def test_a_player_cannot_submit_for_another_players_side(battle, characters):
    with pytest.raises(Http404):
        services.submit(link_of(battle, "Alice"), characters["Amazon"].pk, dict(AMAZON_PLAYS))


def test_illegal_plays_are_refused_and_nothing_is_saved(battle, characters):
    bad = {**BLACK_KNIGHT_PLAYS, "attack_chit": "FIGHT H4**", "maneuver_chit": "MOVE H4**"}  # four asterisks
    with pytest.raises(combat_services.BattleError) as refused:
        services.submit(link_of(battle, "Alice"), characters["Black Knight"].pk, bad)
    assert refused.value.errors
    assert not Submission.objects.exists()


def test_a_locked_side_refuses_a_submission(battle, first_round, characters, gm):
    lock_all(gm, first_round, {"Black Knight": dict(BLACK_KNIGHT_PLAYS)})
    with pytest.raises(combat_services.BattleError, match="locked"):
        services.submit(link_of(battle, "Alice"), characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))


def test_a_gm_entry_is_kept_as_entered_by_gm(battle, first_round, characters, gm):
    save(gm, first_round, "Amazon", dict(AMAZON_PLAYS))
    statuses = {s["name"]: s["status"] for s in services.side_statuses(battle.rounds.get(number=1))}
    assert statuses == {"Black Knight": "waiting", "Amazon": "entered by GM"}
    assert RoundNote.objects.filter(kind=RoundNote.Kind.ENTERED_BY_GM, by=gm).count() == 1


def test_reminders_go_once_and_only_to_players_who_have_not_submitted(battle, characters):
    round_ = battle.rounds.get(number=1)
    deadline = RoundDeadline.objects.get(round=round_)
    services.submit(link_of(battle, "Alice"), characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    later = deadline.due_at - timedelta(hours=23)
    assert services.sweep(later) == {"reminders": 1, "deadlines": 0}
    assert services.sweep(later) == {"reminders": 0, "deadlines": 0}
    reminders = OutboxMessage.objects.filter(idempotency_key__contains="reminder")
    assert [m.recipient for m in reminders] == ["bob@example.com"]
    assert services.sweep(deadline.due_at - timedelta(hours=1)) == {"reminders": 1, "deadlines": 0}
    assert Reminder.objects.filter(character=characters["Amazon"]).count() == 2


def test_at_the_deadline_the_wait_policy_records_and_waits_for_the_gm(battle):
    deadline = RoundDeadline.objects.get(round__battle=battle)
    assert services.sweep(deadline.due_at + timedelta(minutes=1))["deadlines"] == 1
    assert services.sweep(deadline.due_at + timedelta(minutes=2))["deadlines"] == 0
    assert RoundNote.objects.filter(kind=RoundNote.Kind.DEADLINE, text__contains="waits for the GM").count() == 1
    assert not SidePlays.objects.filter(round__battle=battle, locked=True).exists()


def test_at_the_deadline_a_missed_side_plays_nothing_and_the_last_side_in_resolves_the_round(
        battle, characters, campaign, celery_eager, django_capture_on_commit_callbacks):
    """Every question of Magic Realm's plays form is optional (a side may play nothing): the no-action policy
    plays the Amazon's nothing without asking anyone, and the campaign's auto-resolve resolves the round."""
    campaign.auto_resolve = True
    campaign.save()
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[])
    services.submit(link_of(battle, "Alice"), characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    deadline = RoundDeadline.objects.get(round__battle=battle)
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep(deadline.due_at + timedelta(seconds=1))
    round_ = Round.objects.get(pk=deadline.round_id)
    assert round_.status == Round.Status.RESOLVED, round_.error
    defaulted = Submission.objects.get(round=round_, source=Submission.Source.DEFAULT)
    assert defaulted.character == characters["Amazon"] and defaulted.plays == {}
    note = RoundNote.objects.get(kind=RoundNote.Kind.DEFAULTED, character=characters["Amazon"])
    assert note.text == "Amazon missed the deadline: plays nothing this round (the campaign's missed-turn policy)."


def test_the_repeat_policy_repeats_last_rounds_legal_plays_else_no_action_and_says_why(
        battle, characters, campaign, gm, celery_eager, django_capture_on_commit_callbacks):
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.REPEAT, reminder_hours=[])
    slug = campaign.slug
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    lock_all(gm, battle.rounds.get(number=1), {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)})
    Round.objects.filter(battle=battle, number=1).update(seed=3)  # combat goes on; nobody owes chits
    with django_capture_on_commit_callbacks(execute=True):
        combat_services.request_resolve(gm, slug, battle.pk, 1)
    # The Amazon's FIGHT M5 is wounded between rounds: her round-1 attack is no longer legal.
    adjusting.adjust(gm, slug, battle.pk, 2, "wound|Amazon|FIGHT M5", "a fall on the stairs")
    second = battle.rounds.get(number=2)
    services.sweep(RoundDeadline.objects.get(round=second).due_at + timedelta(seconds=1))
    plays = {side.character_id: side.plays for side in second.sides.all()}
    assert plays[knight.pk] == BLACK_KNIGHT_PLAYS and plays[amazon.pk] == {}
    notes = {n.character_id: n.text for n in RoundNote.objects.filter(round=second, kind=RoundNote.Kind.DEFAULTED)}
    assert "repeats round 1's answers" in notes[knight.pk]
    assert "round 1's answers do not stand now (" in notes[amazon.pk]
    assert notes[amazon.pk].endswith(": plays nothing this round (the campaign's missed-turn policy).")
    defaulted = {s.character_id: s.plays for s in Submission.objects.filter(round=second, source="default")}
    assert defaulted == {knight.pk: BLACK_KNIGHT_PLAYS, amazon.pk: {}}


def test_a_side_the_gm_entered_but_did_not_lock_is_not_reminded(battle, characters, gm):
    """The GM typed the plays a player sent by email: they are in, so no reminder chases that player."""
    round_ = battle.rounds.get(number=1)
    save(gm, round_, "Amazon", dict(AMAZON_PLAYS))
    assert not SidePlays.objects.get(round=round_, character=characters["Amazon"]).locked
    deadline = RoundDeadline.objects.get(round=round_)
    assert services.sweep(deadline.due_at - timedelta(hours=23)) == {"reminders": 1, "deadlines": 0}
    reminders = OutboxMessage.objects.filter(idempotency_key__contains="reminder")
    assert [m.recipient for m in reminders] == ["alice@example.com"]


def test_a_gm_saving_a_players_sealed_plays_unchanged_keeps_them_the_players(battle, characters, gm):
    knight = characters["Black Knight"]
    services.submit(link_of(battle, "Alice"), knight.pk, dict(BLACK_KNIGHT_PLAYS))
    lock_all(gm, battle.rounds.get(number=1), {"Black Knight": dict(BLACK_KNIGHT_PLAYS)})
    statuses = {s["name"]: (s["status"], s["locked"]) for s in services.side_statuses(battle.rounds.get(number=1))}
    assert statuses["Black Knight"] == ("submitted by the player", True)


def test_auto_resolve_resolves_once_every_side_is_submitted(battle, characters, campaign, celery_eager,
                                                            django_capture_on_commit_callbacks):
    campaign.auto_resolve = True
    campaign.save()
    services.submit(link_of(battle, "Alice"), characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    assert battle.rounds.get(number=1).status == Round.Status.DRAFTING
    with django_capture_on_commit_callbacks(execute=True):
        services.submit(link_of(battle, "Bob"), characters["Amazon"].pk, dict(AMAZON_PLAYS))
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVED


def test_voiding_a_round_reopens_it_with_a_fresh_deadline_and_plays_due_again_once(
        battle, characters, campaign, gm, celery_eager, django_capture_on_commit_callbacks):
    from combat.void import void_round

    slug = campaign.slug
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    services.submit(link_of(battle, "Alice"), knight.pk, dict(BLACK_KNIGHT_PLAYS))
    first = battle.rounds.get(number=1)
    deadline = RoundDeadline.objects.get(round=first)
    services.sweep(deadline.due_at - timedelta(hours=1))  # Bob is reminded 24 h and 2 h before
    save(gm, first, "Amazon", dict(AMAZON_PLAYS))
    services.sweep(deadline.due_at + timedelta(seconds=1))  # the deadline passes: both sides locked
    Round.objects.filter(pk=first.pk).update(seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        combat_services.request_resolve(gm, slug, battle.pk, 1)
    with django_capture_on_commit_callbacks(execute=True):
        void_round(gm, slug, battle.pk, 1)
    deadline.refresh_from_db()
    assert deadline.passed_at is None and deadline.due_at > timezone.now() + timedelta(hours=71)
    assert not services.is_past_deadline(first) and not Reminder.objects.filter(round=first).exists()
    due_again = OutboxMessage.objects.filter(idempotency_key__contains=f"round-{first.pk}/v1/plays-due/")
    assert sorted(m.recipient for m in due_again) == ["alice@example.com", "bob@example.com"]
    assert all("voided round 1's result" in m.text and links.url_for(link_of(battle, m.recipient[:-12].title())) in m.text
               for m in due_again)
    assert "The plays of Black Knight stand as they were, locked by your GM" in due_again.get(recipient="alice@example.com").text
    # The GM unlocks the Black Knight's side: Alice changes her plays before the fresh deadline.
    system_battles.unlock(gm, slug, battle.pk, 1, side_of(first, "Black Knight").pk)
    changed = {**BLACK_KNIGHT_PLAYS, "attack_box": 3}
    assert services.submit(link_of(battle, "Alice"), knight.pk, changed).plays == changed
    services.round_reopened(first)  # the same void heard twice queues no second email
    assert OutboxMessage.objects.filter(idempotency_key__contains=f"round-{first.pk}/v1/plays-due/").count() == 2
