"""The battle services every round shares, for a Magic Realm battle fought through the interface (the demo's
Ambush in Cave 4): claiming a round to resolve, the task that resolves it, its emails, the export and import
of battles, and the dashboard. A side's answers are saved and locked by combat/system_battles.py."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import battle_exchange, services, system_battles
from combat.models import Battle, Round
from combat.system_rounds import events_seen_by

from .conftest import lock_all, side_of


def enter_and_lock(gm, battle, characters, plays, number=1):
    lock_all(gm, battle.rounds.get(number=number), plays)


@pytest.mark.django_db
def test_request_resolve_needs_every_side_locked(gm, battle, characters, valid_plays, first_round):
    enter_and_lock(gm, battle, characters, {"Amazon": valid_plays["Amazon"]})
    committed = (first_round.seed, first_round.commitment)
    with pytest.raises(services.BattleError):
        services.request_resolve(gm, "test", battle.pk, 1)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.DRAFTING and (first_round.seed, first_round.commitment) == committed


@pytest.mark.django_db
def test_a_second_click_on_resolve_does_nothing(gm, battle, characters, valid_plays, first_round,
                                               django_capture_on_commit_callbacks):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks() as callbacks:
        assert services.request_resolve(gm, "test", battle.pk, 1) is True
        assert services.request_resolve(gm, "test", battle.pk, 1) is False
    assert len(callbacks) == 1
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.RESOLVING and first_round.seed is not None


@pytest.mark.django_db
def test_unlocking_is_refused_once_the_round_is_resolving(gm, battle, characters, valid_plays, first_round):
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    with pytest.raises(services.BattleError):
        system_battles.unlock(gm, "test", battle.pk, 1, side_of(first_round, "Amazon").pk)


WOUNDING_SEED = 0  # with the valid plays: the H Troll wounds the Black Knight and the Amazon kills the Wolf


def resolve_first_round(gm, battle, characters, valid_plays, first_round):
    enter_and_lock(gm, battle, characters, valid_plays)
    Round.objects.filter(pk=first_round.pk).update(seed=WOUNDING_SEED)
    services.request_resolve(gm, "test", battle.pk, 1)
    return services.resolve_round(first_round.pk)


@pytest.mark.django_db
def test_resolving_writes_the_result_state_next_round_and_one_email_per_player_and_gm(
    gm, battle, characters, valid_plays, first_round
):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    assert round_.status == Round.Status.RESOLVED and round_.resolved_at is not None
    assert round_.log and all(event["rule"] for event in round_.log if event["kind"] in {"hit", "harm", "kill"})
    assert round_.input["plays"]["Amazon"]["attack"]["weapon"] == "Short Sword"
    assert round_.rules_fingerprint == battle.campaign.rules_fingerprint()
    battle.refresh_from_db()
    assert battle.state["state"]["round"] == 2
    assert battle.rounds.filter(number=2, status=Round.Status.DRAFTING).exists()
    recipients = sorted(OutboxMessage.objects.filter(idempotency_key__startswith="combat/").values_list("recipient", flat=True))
    assert recipients == ["alice@example.com", "bob@example.com", "gm@example.com"]  # not Carol: not in the battle


@pytest.mark.django_db
def test_each_player_email_holds_only_events_that_players_side_may_see(gm, battle, characters, valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    alice = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="alice@example.com")
    gm_mail = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="gm@example.com")
    seen = {e["text"] for e in events_seen_by(round_.log, {"Black Knight"})}
    unseen = [e["text"] for e in round_.log if e["text"] not in seen]
    assert unseen and not any(text in alice.text for text in unseen)
    assert all(text in gm_mail.text for text in unseen)
    assert alice.thread_key == gm_mail.thread_key and alice.in_reply_to
    assert "Spring" in alice.text


@pytest.mark.django_db
def test_the_killers_email_shows_the_kill_with_its_fame_and_notoriety(gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    bob = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="bob@example.com")
    assert "kills: Wolf (fame 0, notoriety 1)" in bob.text
    assert "kills: Wolf (fame 0, notoriety 1)" in bob.html


@pytest.mark.django_db
def test_resolving_twice_keeps_one_result_and_queues_no_second_email(gm, battle, characters, valid_plays, first_round):
    first = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    log, count = first.log, OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count()
    again = services.resolve_round(first_round.pk)
    assert again.log == log and again.attempts == 1
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == count
    assert battle.rounds.count() == 2


class WorkerKilled(BaseException):
    """What the process dying looks like from inside: not an Exception, so no handler records it."""


class WorkerKilled(BaseException):
    """What the process dying looks like from inside: not an Exception, so no handler records it."""


@pytest.mark.django_db
def test_a_crash_inside_the_transaction_writes_nothing_and_the_round_stays_resolvable(
    gm, battle, characters, valid_plays, first_round, monkeypatch
):
    from combat import system_emails as emails

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    state_before = Battle.objects.get(pk=battle.pk).state
    real_queue_round_emails = emails.queue_round_emails

    def queue_then_die(*args, **kwargs):  # the last write of the transaction, then the process dies
        real_queue_round_emails(*args, **kwargs)
        raise WorkerKilled

    monkeypatch.setattr(emails, "queue_round_emails", queue_then_die)
    with pytest.raises(WorkerKilled):
        services.resolve_round(first_round.pk)
    monkeypatch.setattr(emails, "queue_round_emails", real_queue_round_emails)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.RESOLVING and first_round.result is None
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 0 and battle.rounds.count() == 1
    assert Battle.objects.get(pk=battle.pk).state == state_before
    assert services.resolve_round(first_round.pk).status == Round.Status.RESOLVED
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 3


@pytest.mark.django_db
def test_the_same_seed_replays_the_same_log(gm, battle, characters, valid_plays, first_round):
    from combat.system_rounds import event_rows

    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    system = battle.campaign.combat_system
    assert event_rows(system.resolve(round_.input, seed=round_.seed)) == round_.log


@pytest.mark.django_db
def test_a_failing_round_is_marked_failed_and_can_be_resolved_again(gm, battle, characters, valid_plays, first_round,
                                                                   monkeypatch):
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    real_resolve = system_battles.resolve_locked

    def broken(*args, **kwargs):
        raise RuntimeError("worker lost its catalogue")

    monkeypatch.setattr(system_battles, "resolve_locked", broken)
    with pytest.raises(RuntimeError):
        services.resolve_round(first_round.pk)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.FAILED and "catalogue" in first_round.error
    monkeypatch.setattr(system_battles, "resolve_locked", real_resolve)
    assert services.request_resolve(gm, "test", battle.pk, 1) is True
    assert services.resolve_round(first_round.pk).status == Round.Status.RESOLVED


@pytest.mark.django_db
def test_auto_resolve_starts_resolving_when_the_last_side_locks(gm, campaign, battle, characters, valid_plays,
                                                               django_capture_on_commit_callbacks):
    campaign.auto_resolve = True
    campaign.save()
    with django_capture_on_commit_callbacks() as callbacks:
        enter_and_lock(gm, battle, characters, valid_plays)
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVING
    assert len(callbacks) == 1


@pytest.mark.django_db
def test_export_and_import_recreate_battles_rounds_and_plays(gm, battle, characters, valid_plays, first_round, make_user):
    from campaigns import services as campaign_services

    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    exported = battle_exchange.export_battles(battle.campaign)
    other = campaign_services.create_campaign(gm, "Copy", "copy", "bimr4")
    for name in ("Alice", "Bob"):
        player = campaign_services.add_player(gm, other, {"name": name, "email": f"{name}@x.org", "time_zone": "UTC"})
        campaign_services.add_character(gm, other, {"player": player.pk,
                                                    "catalogue_name": {"Alice": "Black Knight", "Bob": "Amazon"}[name]})
    [copy] = battle_exchange.import_battles(other, exported)
    assert copy.rounds.count() == 2
    assert copy.rounds.get(number=1).log == first_round.__class__.objects.get(pk=first_round.pk).log
    assert battle_exchange.export_battles(other)[0]["rounds"] == exported[0]["rounds"]


@pytest.mark.django_db
def test_import_names_the_unknown_character_and_saves_nothing(gm, battle):
    exported = battle_exchange.export_battles(battle.campaign)
    exported[0]["characters"] = ["Wizard"]
    with pytest.raises(services.BattleError) as raised:
        battle_exchange.import_battles(battle.campaign, exported)
    assert "Wizard" in str(raised.value)
    assert Battle.objects.count() == 1


@pytest.mark.django_db
def test_dashboard_lists_rounds_waiting_in_the_gms_campaigns_only(gm, other_user, battle):
    assert [r.battle for r in services.dashboard_battles(gm)] == [battle]
    assert list(services.dashboard_battles(other_user)) == []


@pytest.mark.django_db
def test_a_round_stuck_resolving_after_a_dead_worker_can_be_claimed_again_with_its_seed(
    gm, battle, characters, valid_plays, first_round, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    seed = Round.objects.get(pk=first_round.pk).seed
    with django_capture_on_commit_callbacks() as callbacks:
        assert services.request_resolve(gm, "test", battle.pk, 1) is False  # a live worker may hold it
        Round.objects.filter(pk=first_round.pk).update(
            resolve_requested_at=timezone.now() - timedelta(seconds=services.STUCK_RESOLVING_SECONDS + 1))
        assert services.request_resolve(gm, "test", battle.pk, 1) is True
    assert len(callbacks) == 1
    assert Round.objects.get(pk=first_round.pk).seed == seed


@pytest.mark.django_db
def test_import_restores_each_battles_creation_time(gm, battle):
    from campaigns import services as campaign_services

    Battle.objects.filter(pk=battle.pk).update(created_at="2026-03-01T09:30:00+00:00")
    exported = battle_exchange.export_battles(battle.campaign)
    other = campaign_services.create_campaign(gm, "Copy", "copy", "bimr4")
    for name, character in (("Alice", "Black Knight"), ("Bob", "Amazon")):
        player = campaign_services.add_player(gm, other, {"name": name, "email": f"{name}@x.org", "time_zone": "UTC"})
        campaign_services.add_character(gm, other, {"player": player.pk, "catalogue_name": character})
    [copy] = battle_exchange.import_battles(other, exported)
    copy.refresh_from_db()
    assert copy.created_at.isoformat() == exported[0]["created_at"] == "2026-03-01T09:30:00+00:00"


@pytest.mark.django_db
def test_import_refuses_a_creation_time_that_is_not_one(gm, battle):
    exported = battle_exchange.export_battles(battle.campaign)
    exported[0].update(created_at="last spring", demo_key="")
    count = Battle.objects.count()
    with pytest.raises(services.BattleError) as refused:
        battle_exchange.import_battles(battle.campaign, exported)
    assert "battles[0].created_at" in refused.value.errors and Battle.objects.count() == count
