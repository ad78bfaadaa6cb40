"""The pipeline end to end: a web request enqueues a task that a separate worker process runs over
Redis against PostgreSQL, and the SMTP server receives exactly one email."""

import uuid

import pytest
from django.urls import reverse

from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_test_email_requested_on_the_web_is_sent_once_by_the_worker(
    client, staff_user, celery_worker, smtp_server, wait_until, settings
):
    settings.DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID = True  # so the test knows the request's id
    request_id = f"pipeline-{uuid.uuid4()}"
    client.force_login(staff_user)
    response = client.post(reverse("mail:send_test"), {"to": "gm@example.com"}, HTTP_X_REQUEST_ID=request_id)
    assert response.status_code == 302
    row = OutboxMessage.objects.get()

    [received] = smtp_server.wait_for(1)
    wait_until(lambda: OutboxMessage.objects.get(pk=row.pk).status == "sent", message="the row to be marked sent")
    assert received.envelope_to == ["gm@example.com"]
    assert received["Message-ID"] == row.message_id
    assert received["Subject"] == "Herald test email"
    assert received.get_body(preferencelist=("html",)).get_content().strip().startswith("<p>This is a <strong>test email")
    assert "This is a test email" in received.get_body(preferencelist=("plain",)).get_content()

    worker_lines = celery_worker.log_lines()
    [started] = [line for line in worker_lines if line.get("event") == "task_started"]
    [sent] = [line for line in worker_lines if line.get("event") == "mail_sent"]
    assert started["task"] == "mail.send_outbox_batch"
    assert started["request_id"] == sent["request_id"] == request_id, "the request id followed the task"
    assert OutboxMessage.objects.get(pk=row.pk).attempts == 1
    assert len(smtp_server.messages) == 1


def test_the_task_delivered_twice_sends_one_email(staff_user, celery_worker, smtp_server, wait_until):
    from campaigns.mail import services
    from campaigns.mail.tasks import send_outbox_message

    row = services.queue_test_email(staff_user, "twice@example.com")  # enqueues once on commit
    send_outbox_message.delay(row.pk)  # and a duplicate delivery
    smtp_server.wait_for(1)
    wait_until(lambda: OutboxMessage.objects.get(pk=row.pk).status == "sent", message="the row to be marked sent")
    wait_until(
        lambda: sum(1 for line in celery_worker.log_lines() if line.get("event") == "task_succeeded") >= 2,
        message="both deliveries to finish",
    )
    assert len(smtp_server.messages) == 1


def test_a_worker_killed_while_sending_leaves_the_mail_to_be_sent_once_later(
    staff_user, start_worker, smtp_server, wait_until
):
    from datetime import timedelta

    from django.utils import timezone

    from campaigns.mail import services
    from campaigns.mail.tasks import send_due_messages

    smtp_server.clear()
    smtp_server.stall(60)
    doomed = start_worker().wait_ready()
    row = services.queue_test_email(staff_user, "crash@example.com")
    smtp_server.wait_for_sender()
    doomed.kill()
    assert OutboxMessage.objects.get(pk=row.pk).status == "sending", "claimed by the attempt that died"
    assert smtp_server.messages == []

    smtp_server.clear()
    survivor = start_worker().wait_ready()
    # The redelivered task finds the row claimed and leaves it; once the claim is stale, beat's sweep sends it.
    OutboxMessage.objects.filter(pk=row.pk).update(claimed_at=timezone.now() - timedelta(hours=1))
    send_due_messages.delay()
    smtp_server.wait_for(1)
    wait_until(lambda: OutboxMessage.objects.get(pk=row.pk).status == "sent", message="the row to be marked sent")
    assert OutboxMessage.objects.get(pk=row.pk).attempts == 2
    assert survivor.process.poll() is None
    assert len(smtp_server.messages) == 1


@pytest.mark.benchmark
def test_benchmark_twenty_emails_from_commit_to_smtp_through_one_worker(staff_user, celery_worker, smtp_server, benchmark):
    from django.db import transaction

    from campaigns.mail import services

    def queue_twenty_and_wait():
        smtp_server.clear()
        with transaction.atomic():
            for number in range(20):
                services.queue_email(
                    to=f"player{number}@example.com", subject="Round results", text="You hit the Giant.",
                    html="<p>You hit the Giant.</p>", idempotency_key=f"bench-{uuid.uuid4()}", thread_key="c-1",
                )
        smtp_server.wait_for(20, timeout=120)

    benchmark.pedantic(queue_twenty_and_wait, rounds=3, iterations=1)
    assert len(smtp_server.messages) == 20


def test_healthz_sees_postgres_redis_and_the_running_worker(client, celery_worker):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200
    assert body["status"] == "ok"
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["broker"] == {"ok": True, "transport": "redis"}
    assert body["workers"]["ok"] is True and body["workers"]["count"] >= 1
