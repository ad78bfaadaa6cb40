"""A round's emails leave in one task over one SMTP connection (issue #13, goal 1), and a message the
server refuses is retried on its own: every other message is delivered once, the refused one later, once."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db(transaction=True)

RECIPIENTS = [f"player{number}@example.com" for number in range(10)] + ["gm@example.com"]


def queue_a_rounds_mail():
    from campaigns.mail import services

    with transaction.atomic():  # as a round's result and its emails are committed together
        for number, recipient in enumerate(RECIPIENTS):
            services.queue_email(to=recipient, subject=f"Round 1 for {recipient}", text="You hit the Giant.",
                                 idempotency_key=f"batch-test-{number}")


def delivered(smtp_server):
    return sorted(address for message in smtp_server.messages for address in message.envelope_to)


def test_a_rounds_eleven_emails_go_over_one_connection_from_one_task(celery_worker, smtp_server, wait_until):
    queue_a_rounds_mail()
    smtp_server.wait_for(11)
    wait_until(lambda: OutboxMessage.objects.filter(status="sent").count() == 11, message="every row marked sent")
    assert delivered(smtp_server) == sorted(RECIPIENTS)
    assert smtp_server.sessions == 1
    started = [line for line in celery_worker.log_lines() if line.get("event") == "task_started"]
    assert [line["task"] for line in started] == ["mail.send_outbox_batch"]


def test_a_message_refused_in_a_batch_is_retried_alone_and_the_others_are_sent_once(
    celery_worker, smtp_server, wait_until
):
    from campaigns.mail.tasks import send_due_messages

    smtp_server.refuse_recipient("player4@example.com")
    queue_a_rounds_mail()
    smtp_server.wait_for(10)
    refused = OutboxMessage.objects.get(recipient="player4@example.com")
    wait_until(lambda: OutboxMessage.objects.filter(status="sent").count() == 10, message="ten rows marked sent")
    refused.refresh_from_db()
    assert (refused.status, refused.attempts) == ("pending", 1) and "451" in refused.last_error
    assert delivered(smtp_server) == sorted(set(RECIPIENTS) - {"player4@example.com"})
    assert smtp_server.sessions <= 2  # a fresh connection after the refusal, for the rows after it

    smtp_server.refuse_recipient("player4@example.com", "")
    OutboxMessage.objects.filter(pk=refused.pk).update(next_attempt_at=timezone.now() - timedelta(seconds=1))
    send_due_messages.delay()  # what beat does every HERALD_SWEEP_SECONDS
    smtp_server.wait_for(11)
    wait_until(lambda: OutboxMessage.objects.filter(status="sent").count() == 11, message="every row marked sent")
    assert delivered(smtp_server) == sorted(RECIPIENTS), "each message delivered exactly once"
    assert set(OutboxMessage.objects.exclude(pk=refused.pk).values_list("attempts", flat=True)) == {1}
