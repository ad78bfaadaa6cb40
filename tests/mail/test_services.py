from datetime import timedelta

import pytest
from django.core.mail.backends import locmem
from django.http import Http404
from django.utils import timezone

from campaigns.mail import services
from campaigns.mail.models import DeliveredMail, OutboxMessage

pytestmark = pytest.mark.django_db


def queue(key="round-1:alice", **fields):
    fields.setdefault("to", "alice@example.com")
    fields.setdefault("subject", "Round 1 results")
    fields.setdefault("text", "You were hit.")
    fields.setdefault("html", "<p>You were <b>hit</b>.</p>")
    return services.queue_email(idempotency_key=key, **fields)


def make_due(row):
    OutboxMessage.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now() - timedelta(seconds=1))


def fail_sending(monkeypatch, message="connection refused"):
    def refuse(self, *args, **kwargs):
        raise ConnectionRefusedError(message)

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", refuse)


def test_queuing_twice_with_the_same_key_keeps_one_row(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        first = queue()
        second = queue(subject="A different subject")
    assert first.pk == second.pk
    assert OutboxMessage.objects.count() == 1
    assert second.subject == "Round 1 results"
    assert len(callbacks) == 1


def test_queuing_enqueues_sending_only_when_the_transaction_commits(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        row = queue()
    assert row.status == OutboxMessage.Status.PENDING
    assert len(callbacks) == 1


def test_the_message_id_is_derived_from_the_key_and_the_mail_domain(settings):
    settings.HERALD_MAIL_DOMAIN = "herald.example"
    row = queue(key="k-1")
    assert row.message_id == services.make_message_id("message:k-1")
    assert row.message_id.startswith("<") and row.message_id.endswith("@herald.example>")
    assert queue(key="k-2").message_id != row.message_id


def test_messages_of_one_thread_answer_the_same_root_and_others_do_not():
    first = queue(key="a", thread_key="campaign-7")
    second = queue(key="b", thread_key="campaign-7")
    other = queue(key="c", thread_key="campaign-8")
    alone = queue(key="d")
    assert first.in_reply_to == second.in_reply_to == services.thread_root_id("campaign-7")
    assert other.in_reply_to != first.in_reply_to
    assert alone.in_reply_to == ""


def test_it_refuses_an_empty_key_or_a_recipient_that_is_not_an_address():
    with pytest.raises(ValueError, match="idempotency_key"):
        queue(key="")
    with pytest.raises(ValueError, match="to must be an email address"):
        queue(to="alice")
    assert OutboxMessage.objects.count() == 0


def test_sending_delivers_html_and_text_with_the_stable_headers(mailoutbox):
    row = queue(thread_key="campaign-7")
    assert services.send_outbox_message(row.pk) == "sent"
    [sent] = mailoutbox
    assert sent.to == ["alice@example.com"]
    assert sent.body == "You were hit."
    assert sent.alternatives[0].content == "<p>You were <b>hit</b>.</p>"
    assert sent.alternatives[0].mimetype == "text/html"
    mime = sent.message()
    assert mime["Message-ID"] == row.message_id
    assert mime["In-Reply-To"] == mime["References"] == services.thread_root_id("campaign-7")
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_error) == ("sent", 1, "")
    assert row.sent_at is not None


def test_a_sent_message_is_never_sent_again(mailoutbox):
    row = queue()
    services.send_outbox_message(row.pk)
    assert services.send_outbox_message(row.pk) == "skipped"
    make_due(row)
    assert services.send_outbox_message(row.pk) == "skipped"
    assert len(mailoutbox) == 1


def test_a_message_claimed_by_a_live_attempt_is_not_sent_by_another(mailoutbox):
    row = queue()
    assert services.claim(row.pk) is not None
    assert services.send_outbox_message(row.pk) == "skipped"
    assert mailoutbox == []


def test_a_message_claimed_by_an_attempt_that_died_is_sent(mailoutbox, settings):
    row = queue()
    services.claim(row.pk)
    stale = timezone.now() - timedelta(seconds=settings.HERALD_MAIL_CLAIM_TIMEOUT_SECONDS + 1)
    OutboxMessage.objects.filter(pk=row.pk).update(claimed_at=stale)
    assert services.send_outbox_message(row.pk) == "sent"
    assert len(mailoutbox) == 1
    row.refresh_from_db()
    assert row.attempts == 2


def test_a_failure_records_the_error_and_schedules_a_retry_with_backoff(monkeypatch, mailoutbox):
    fail_sending(monkeypatch)
    row = queue()
    before = timezone.now()
    assert services.send_outbox_message(row.pk) == "retrying"
    row.refresh_from_db()
    assert row.status == "pending"
    assert row.attempts == 1
    assert row.last_error == "ConnectionRefusedError: connection refused"
    assert row.next_attempt_at >= before + timedelta(seconds=30)
    assert services.send_outbox_message(row.pk) == "skipped", "not due yet"


def test_the_backoff_doubles_with_each_attempt_up_to_an_hour():
    delays = [services.backoff_delay(n).total_seconds() for n in (1, 2, 3, 4, 10, 20)]
    assert delays == [30, 60, 120, 240, 3600, 3600]


def test_it_gives_up_after_the_last_attempt(monkeypatch, settings):
    settings.HERALD_MAIL_MAX_ATTEMPTS = 3
    fail_sending(monkeypatch)
    row = queue()
    outcomes = []
    for _ in range(4):
        make_due(row)
        outcomes.append(services.send_outbox_message(row.pk))
    assert outcomes == ["retrying", "retrying", "failed", "skipped"]
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("failed", 3)


def test_due_messages_are_those_due_and_those_stuck_but_not_waiting_or_sent(settings):
    due = queue(key="due")
    make_due(due)
    waiting = queue(key="waiting")
    OutboxMessage.objects.filter(pk=waiting.pk).update(next_attempt_at=timezone.now() + timedelta(minutes=5))
    stuck = queue(key="stuck")
    stale = timezone.now() - timedelta(seconds=settings.HERALD_MAIL_CLAIM_TIMEOUT_SECONDS + 1)
    OutboxMessage.objects.filter(pk=stuck.pk).update(status="sending", claimed_at=stale)
    live = queue(key="live")
    OutboxMessage.objects.filter(pk=live.pk).update(status="sending", claimed_at=timezone.now())
    sent = queue(key="sent")
    OutboxMessage.objects.filter(pk=sent.pk).update(status="sent")
    assert sorted(services.due_message_ids()) == sorted([due.pk, stuck.pk])


def test_retry_puts_a_failed_message_back_with_fresh_attempts(staff_user, monkeypatch, django_capture_on_commit_callbacks):
    row = queue()
    OutboxMessage.objects.filter(pk=row.pk).update(status="failed", attempts=6, last_error="boom")
    with django_capture_on_commit_callbacks() as callbacks:
        retried = services.retry_message(staff_user, row.pk)
    assert (retried.status, retried.attempts) == ("pending", 0)
    assert retried.next_attempt_at <= timezone.now()
    assert len(callbacks) == 1


def test_retry_leaves_a_sent_message_alone(staff_user, mailoutbox, django_capture_on_commit_callbacks):
    row = queue()
    services.send_outbox_message(row.pk)
    with django_capture_on_commit_callbacks() as callbacks:
        retried = services.retry_message(staff_user, row.pk)
    assert retried.status == "sent"
    assert callbacks == []


def test_someone_without_access_cannot_see_or_retry_a_message(other_user):
    row = queue()
    OutboxMessage.objects.filter(pk=row.pk).update(status="failed")
    with pytest.raises(Http404):
        services.retry_message(other_user, row.pk)
    assert list(services.failed_messages_for(other_user)) == []
    assert OutboxMessage.objects.get(pk=row.pk).status == "failed"


def test_staff_see_every_failed_message(staff_user):
    failed = queue(key="failed")
    queue(key="fine")
    OutboxMessage.objects.filter(pk=failed.pk).update(status="failed")
    assert list(services.failed_messages_for(staff_user)) == [OutboxMessage.objects.get(pk=failed.pk)]


def test_the_embedded_backend_keeps_each_message_once_with_both_parts(embedded_mailer):
    row = queue()
    services.send_outbox_message(row.pk)
    services.build_email(row).send()  # a second delivery of the same Message-ID
    [delivered] = DeliveredMail.objects.all()
    assert delivered.message_id == row.message_id
    assert delivered.recipients == ["alice@example.com"]
    assert delivered.text.strip() == "You were hit."
    assert delivered.html.strip() == "<p>You were <b>hit</b>.</p>"
    assert "multipart/alternative" in delivered.source


def test_only_staff_can_send_a_test_email(staff_user, other_user):
    row = services.queue_test_email(staff_user, "gm@example.com")
    assert row.recipient == "gm@example.com" and row.campaign_id is None
    with pytest.raises(Http404):
        services.queue_test_email(other_user, "gm@example.com")
