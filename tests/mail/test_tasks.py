from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from campaigns.mail import services, tasks
from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db


def test_a_queued_message_is_sent_by_the_task_once_the_transaction_commits(
    celery_eager, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            row = services.queue_email(to="bob@example.com", subject="Hi", text="t", idempotency_key="k")
            assert mailoutbox == []
    assert len(mailoutbox) == 1
    assert OutboxMessage.objects.get(pk=row.pk).status == "sent"


def test_a_message_queued_in_a_transaction_that_rolls_back_is_neither_kept_nor_sent(
    celery_eager, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError):
            with transaction.atomic():
                services.queue_email(to="bob@example.com", subject="Hi", text="t", idempotency_key="k")
                raise RuntimeError("the result could not be saved")
    assert OutboxMessage.objects.count() == 0
    assert mailoutbox == []


def test_the_task_run_twice_sends_once(mailoutbox):
    row = services.queue_email(to="bob@example.com", subject="Hi", text="t", idempotency_key="k")
    assert tasks.send_outbox_message.apply(args=[row.pk]).get() == "sent"
    assert tasks.send_outbox_message.apply(args=[row.pk]).get() == "skipped"
    assert len(mailoutbox) == 1


def test_the_beat_task_sends_what_is_due(celery_eager, mailoutbox):
    due = services.queue_email(to="bob@example.com", subject="Due", text="t", idempotency_key="due")
    later = services.queue_email(to="bob@example.com", subject="Later", text="t", idempotency_key="later")
    OutboxMessage.objects.filter(pk=later.pk).update(next_attempt_at=timezone.now() + timedelta(hours=1))
    assert tasks.send_due_messages.apply().get() == 1
    assert [m.subject for m in mailoutbox] == ["Due"]
    assert OutboxMessage.objects.get(pk=due.pk).status == "sent"
