"""Plays that were in (sealed by their player, or locked by the GM) and that the GM's hand adjustment then refuses
(players/adjusting.py): the side is opened again with its answers kept, the round's history says what no longer
stands, and its player gets an email saying so and until when to change them; plays the change leaves standing
stay as they were, and nobody is emailed."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from campaigns.mail.models import OutboxMessage
from players import adjusting, services
from players.models import PlayerLink, RoundDeadline, RoundNote
from tests.combat.conftest import BLACK_KNIGHT_PLAYS, lock_all, side_of
from tests.players.conftest import page_url

pytestmark = pytest.mark.django_db

WOUND_HIS_ATTACK = "wound|Black Knight|FIGHT H6"  # the chit BLACK_KNIGHT_PLAYS attacks with


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def alice_seals(battle, characters):
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), characters["Black Knight"].pk,
                    dict(BLACK_KNIGHT_PLAYS))


def adjust(gm, battle, change):
    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, change, "a fall on the stairs")


def told(first_round):
    return list(RoundNote.objects.filter(round=first_round, kind=RoundNote.Kind.ADJUSTMENT,
                                         text__contains="no longer stand").values_list("text", flat=True))


def alices_change_emails():
    return OutboxMessage.objects.filter(recipient="alice@example.com", idempotency_key__contains="/changed-side-")


def test_sealed_plays_a_wound_refuses_are_kept_and_the_history_says_what_no_longer_stands(gm, battle, characters,
                                                                                         first_round):
    alice_seals(battle, characters)

    adjust(gm, battle, WOUND_HIS_ATTACK)

    knight = side_of(first_round, "Black Knight")
    assert knight.plays == BLACK_KNIGHT_PLAYS and not knight.locked
    [sentence] = told(first_round)
    assert sentence.startswith("Black Knight's plays no longer stand after this change (")
    assert "FIGHT H6" in sentence and sentence.endswith("): the side is open to change them.")


def test_the_player_is_emailed_what_no_longer_stands_and_until_when_to_change_it(gm, battle, characters,
                                                                                 first_round):
    alice_seals(battle, characters)

    adjust(gm, battle, WOUND_HIS_ATTACK)

    [email] = alices_change_emails()
    assert email.subject == "[Test campaign] Ambush in Cave 4: round 1, plays due"
    assert "the plays of Black Knight for round 1 no longer stand:" in email.text
    assert "- Attack with the chit: 'FIGHT H6' is not one of its choices" in email.text
    assert "Your answers are kept: change what no longer stands and submit again by" in email.text
    assert "<li>Attack with the chit: &#x27;FIGHT H6&#x27; is not one of its choices</li>" in email.html


def test_the_players_page_says_the_sealed_plays_no_longer_stand_with_the_error_beside_the_field(
        gm, client, battle, characters, tokens):
    alice_seals(battle, characters)
    adjust(gm, battle, WOUND_HIS_ATTACK)

    body = client.get(page_url(tokens["Alice"])).content.decode()

    assert "These sealed plays no longer stand" in body and "Submit my changed plays" in body
    error = body.split(f'id="id_side{characters["Black Knight"].pk}-attack_chit_error"')[1].split("</div>")[0]
    assert "FIGHT H6" in error


def test_plays_the_gm_locked_that_a_change_refuses_are_unlocked_and_the_player_told(gm, battle, first_round):
    lock_all(gm, first_round, {"Black Knight": dict(BLACK_KNIGHT_PLAYS)})

    adjust(gm, battle, WOUND_HIS_ATTACK)

    knight = side_of(first_round, "Black Knight")
    assert not knight.locked and knight.plays == BLACK_KNIGHT_PLAYS
    assert len(told(first_round)) == 1 and alices_change_emails().count() == 1


def test_plays_a_change_leaves_standing_stay_as_they_were_and_nobody_is_emailed(gm, battle, characters, first_round):
    alice_seals(battle, characters)
    lock_all(gm, first_round, {"Black Knight": dict(BLACK_KNIGHT_PLAYS)})

    adjust(gm, battle, "wound|Black Knight|MOVE M5")  # a chit his plays do not use

    knight = side_of(first_round, "Black Knight")
    assert knight.locked and knight.plays == BLACK_KNIGHT_PLAYS
    assert told(first_round) == [] and not alices_change_emails().exists()


def test_plays_the_gm_entered_for_the_player_count_as_in_and_the_player_is_told(gm, battle, first_round):
    """The GM typed the plays the player sent by email (an "entered by GM" submission): they were in."""
    from tests.combat.conftest import save

    save(gm, first_round, "Black Knight", dict(BLACK_KNIGHT_PLAYS))

    adjust(gm, battle, WOUND_HIS_ATTACK)

    assert len(told(first_round)) == 1 and alices_change_emails().count() == 1


def test_the_history_and_email_name_only_the_refused_answers(gm, battle, characters, first_round):
    alice_seals(battle, characters)

    adjust(gm, battle, WOUND_HIS_ATTACK)

    [sentence] = told(first_round)
    assert "required property" not in sentence  # the rest of the refused attack is not asked now
    assert "required property" not in alices_change_emails().get().text


def test_each_change_that_refuses_the_plays_again_emails_again(gm, battle, characters, first_round):
    alice_seals(battle, characters)
    adjust(gm, battle, WOUND_HIS_ATTACK)
    adjust(gm, battle, "fatigue|Black Knight|MOVE H6")  # his maneuver chit too: still refused, told again

    assert alices_change_emails().count() == 2
    assert len(set(alices_change_emails().values_list("idempotency_key", flat=True))) == 2


def test_past_the_deadline_the_email_says_the_gm_decides(gm, battle, characters, first_round):
    alice_seals(battle, characters)
    RoundDeadline.objects.filter(round=first_round).update(due_at=timezone.now() - timedelta(minutes=1))

    adjust(gm, battle, WOUND_HIS_ATTACK)

    [email] = alices_change_emails()
    assert email.subject == "[Test campaign] Ambush in Cave 4: round 1, deadline passed"
    assert "The round's deadline has passed: your plays can no longer change. Your GM decides" in email.text


# --- a side whose sealed plays no longer stand is not in (players/services.py `is_in`) -------------------


def test_auto_resolve_waits_for_a_side_whose_sealed_plays_no_longer_stand_until_it_seals_again(
        gm, battle, characters, campaign, first_round, celery_eager, django_capture_on_commit_callbacks):
    from combat.models import Round
    from tests.combat.conftest import AMAZON_PLAYS

    campaign.auto_resolve = True
    campaign.save()
    alice_seals(battle, characters)
    adjust(gm, battle, WOUND_HIS_ATTACK)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit(PlayerLink.objects.get(battle=battle, player__name="Bob"), characters["Amazon"].pk,
                        dict(AMAZON_PLAYS))
    assert Round.objects.get(pk=first_round.pk).status == Round.Status.DRAFTING  # the Black Knight is not in

    with django_capture_on_commit_callbacks(execute=True):
        services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), characters["Black Knight"].pk,
                        {**BLACK_KNIGHT_PLAYS, "attack_chit": "FIGHT H5*"})
    assert Round.objects.get(pk=first_round.pk).status == Round.Status.RESOLVED


def test_a_side_whose_sealed_plays_no_longer_stand_is_reminded(gm, battle, characters, campaign, first_round):
    from players.models import PlaySettings, Reminder

    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[2])
    alice_seals(battle, characters)
    adjust(gm, battle, WOUND_HIS_ATTACK)

    services.sweep(RoundDeadline.objects.get(round=first_round).due_at - timedelta(hours=1))

    assert set(Reminder.objects.values_list("character__catalogue_name", flat=True)) == {"Black Knight", "Amazon"}


def test_a_side_that_sealed_plays_that_still_stand_is_not_reminded(gm, battle, characters, campaign, first_round):
    from players.models import PlaySettings, Reminder

    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[2])
    alice_seals(battle, characters)

    services.sweep(RoundDeadline.objects.get(round=first_round).due_at - timedelta(hours=1))

    assert set(Reminder.objects.values_list("character__catalogue_name", flat=True)) == {"Amazon"}


def test_at_the_deadline_a_side_whose_sealed_plays_no_longer_stand_gets_the_missed_turn_rule(
        gm, battle, characters, campaign, first_round):
    from players.models import PlaySettings

    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[])
    alice_seals(battle, characters)
    adjust(gm, battle, WOUND_HIS_ATTACK)

    services.sweep(RoundDeadline.objects.get(round=first_round).due_at + timedelta(seconds=1))

    assert side_of(first_round, "Black Knight").plays == {}
    assert RoundNote.objects.filter(round=first_round, kind=RoundNote.Kind.DEFAULTED,
                                    text__startswith="Black Knight missed the deadline").exists()


def test_the_gms_round_page_marks_a_submission_that_no_longer_stands(gm, gm_client, battle, characters):
    from tests.combat.conftest import round_url

    alice_seals(battle, characters)
    assert "no longer stands" not in gm_client.get(round_url(battle)).content.decode()

    adjust(gm, battle, WOUND_HIS_ATTACK)

    assert ('<span class="badge status-pending side-status" title="Submitted by the player, then refused by a change to '
            'the battle: waiting for new plays">no longer stands</span>') in gm_client.get(round_url(battle)).content.decode()
