"""Durable resolve requests: with the broker down, Resolve keeps the round queued in the database and tells
the GM so (no 500); beat's sweep enqueues it when the broker is back, and a round a dead worker left in
`resolving` is enqueued again once it is stale. The broker is made unreachable from outside, by making
publishing raise what kombu raises when Redis refuses connections."""

from datetime import timedelta

import pytest
from celery import Task
from django.conf import settings
from django.utils import timezone
from kombu.exceptions import OperationalError

from campaigns.mail.models import OutboxMessage
from combat import services
from combat.models import Round
from combat.tasks import sweep_waiting_rounds
from tests.combat.conftest import round_url
from tests.combat.test_services import enter_and_lock


@pytest.fixture
def broker_down(monkeypatch):
    published = []

    def refuse(task, args=None, kwargs=None, **options):
        published.append(task.name)
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Task, "apply_async", refuse)
    return published


@pytest.fixture
def broker_up(monkeypatch):
    """Publishing succeeds and is recorded, without running the task."""
    published = []

    class Sent:
        def __init__(self, number):
            self.id = f"task-{number}"

    def accept(task, args=None, kwargs=None, **options):
        published.append((task.name, tuple(args or ())))
        return Sent(len(published))

    monkeypatch.setattr(Task, "apply_async", accept)
    return published


@pytest.mark.django_db
def test_resolve_with_the_broker_down_keeps_the_round_queued_and_tells_the_gm(
    gm_client, gm, battle, characters, valid_plays, broker_down, django_capture_on_commit_callbacks
):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(round_url(battle, suffix="resolve-answers/"), follow=True)
    assert response.status_code == 200
    assert "The task queue is not answering right now" in response.content.decode()
    assert "Round 1 is queued" in response.content.decode()
    round_ = Round.objects.get(battle=battle, number=1)
    assert round_.status == Round.Status.RESOLVING and round_.task_id == "" and services.is_queued(round_)
    assert broker_down == ["combat.resolve_round_task"]


@pytest.mark.django_db
def test_resolve_by_htmx_with_the_broker_down_answers_the_queued_card(
    gm_client, gm, battle, characters, valid_plays, broker_down, django_capture_on_commit_callbacks
):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(round_url(battle, suffix="resolve-answers/"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Round 1 is queued" in response.content.decode()
    assert 'hx-trigger="every 1s"' in response.content.decode()


@pytest.mark.django_db
def test_the_sweep_resolves_a_queued_round_once_when_the_broker_is_back(
    gm, battle, characters, valid_plays, monkeypatch, django_capture_on_commit_callbacks, celery_eager
):
    enter_and_lock(gm, battle, characters, valid_plays)
    with monkeypatch.context() as down:
        down.setattr(Task, "apply_async", lambda *a, **k: (_ for _ in ()).throw(OperationalError("refused")))
        with django_capture_on_commit_callbacks(execute=True):
            assert services.request_resolve(gm, "test", battle.pk, 1)
        assert sweep_waiting_rounds() == 1  # still down: the round stays queued
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.RESOLVING
    with django_capture_on_commit_callbacks(execute=True):
        sweep_waiting_rounds()  # back: the eager task resolves it
    round_ = Round.objects.get(battle=battle, number=1)
    assert round_.status == Round.Status.RESOLVED and round_.attempts == 1
    # The round's result emails (two players and the GM), once; the players' plays-due emails are others.
    assert OutboxMessage.objects.filter(idempotency_key__startswith=f"combat/round-{round_.pk}/").count() == 3
    assert sweep_waiting_rounds() == 0
    assert Round.objects.get(pk=round_.pk).attempts == 1


@pytest.mark.django_db
def test_the_sweep_enqueues_a_stale_resolving_round_again_and_leaves_a_fresh_one(
    gm, battle, characters, valid_plays, broker_up, django_capture_on_commit_callbacks
):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks(execute=True):
        services.request_resolve(gm, "test", battle.pk, 1)
    round_ = Round.objects.get(battle=battle, number=1)
    assert round_.task_id == "task-1" and not services.is_queued(round_)
    assert sweep_waiting_rounds() == 0, "a round its worker may still be resolving is left alone"

    # The worker died: the round has been `resolving` longer than HERALD_RESOLVE_STALE_SECONDS.
    died_at = timezone.now() - timedelta(seconds=settings.HERALD_RESOLVE_STALE_SECONDS + 1)
    Round.objects.filter(pk=round_.pk).update(resolve_requested_at=died_at)
    assert sweep_waiting_rounds() == 1
    assert broker_up == [("combat.resolve_round_task", (round_.pk,))] * 2
    swept = Round.objects.get(pk=round_.pk)
    assert swept.task_id == "task-2" and swept.resolve_requested_at > died_at
    assert sweep_waiting_rounds() == 0, "enqueued again once, not at every sweep"


@pytest.mark.django_db
def test_the_sweep_leaves_drafting_failed_and_resolved_rounds_alone(gm, battle, broker_up):
    Round.objects.filter(battle=battle).update(task_id="", resolve_requested_at=None)
    for status in (Round.Status.DRAFTING, Round.Status.FAILED, Round.Status.RESOLVED):
        Round.objects.filter(battle=battle).update(status=status)
        assert sweep_waiting_rounds() == 0
    assert broker_up == []


def test_beat_runs_both_sweeps():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"combat.sweep_waiting_rounds", "mail.send_due_messages"} <= tasks
    import campaigns.mail.tasks  # noqa: F401  (registers the mail tasks, as the worker's autodiscovery does)
    from config.celery import app

    assert {"combat.sweep_waiting_rounds", "mail.send_due_messages"} <= set(app.tasks)


@pytest.mark.django_db
def test_mail_queued_with_the_broker_down_is_kept_pending_for_the_sweep(staff_user, broker_down,
                                                                       django_capture_on_commit_callbacks):
    from campaigns.mail import services as mail_services

    with django_capture_on_commit_callbacks(execute=True):
        row = mail_services.queue_test_email(staff_user, "gm@example.com")
    assert broker_down == ["mail.send_outbox_batch"]
    assert OutboxMessage.objects.get(pk=row.pk).status == OutboxMessage.Status.PENDING
    assert mail_services.due_message_ids() == [row.pk]
