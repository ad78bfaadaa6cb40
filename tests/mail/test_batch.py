"""The rows one transaction queues leave in one task over one connection to the mail server (issue #13,
goal 1); each row is still claimed, recorded and retried on its own."""

import pytest
from celery import Task
from django.core.mail.backends import locmem
from django.db import transaction

from campaigns.mail import services
from campaigns.mail.models import OutboxMessage
from tests.mail.test_services import make_due, queue

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch):
    """What reaches the broker: (task name, args)."""
    sent = []
    monkeypatch.setattr(Task, "apply_async", lambda task, args=None, kwargs=None, **options: sent.append((task.name, list(args))))
    return sent


@pytest.fixture
def connections(monkeypatch):
    """How many times a connection to the mail server was opened."""
    opened = []
    original = locmem.EmailBackend.open
    monkeypatch.setattr(locmem.EmailBackend, "open", lambda self: opened.append(1) or original(self))
    return opened


def test_the_rows_one_transaction_queues_go_to_one_task(published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        rows = [queue(f"round-1:{name}", to=f"{name}@example.com") for name in ("alice", "bob", "gm")]
    assert published == [("mail.send_outbox_batch", [[row.pk for row in rows]])]


@pytest.mark.django_db(transaction=True)  # two real commits, as a worker's two tasks make
def test_rows_queued_in_two_transactions_go_to_two_tasks(published):
    with transaction.atomic():
        first = queue("round-1:alice")
    with transaction.atomic():
        second = queue("round-2:alice")
    assert published == [("mail.send_outbox_batch", [[first.pk]]), ("mail.send_outbox_batch", [[second.pk]])]


def test_nothing_is_sent_for_a_transaction_that_rolls_back(published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            queue("round-1:alice")
            raise RuntimeError("the round failed")
        with transaction.atomic():
            kept = queue("round-1:bob", to="bob@example.com")
    assert published == [("mail.send_outbox_batch", [[kept.pk]])]
    assert list(OutboxMessage.objects.values_list("pk", flat=True)) == [kept.pk]


def test_a_batch_is_sent_over_one_connection(mailoutbox, connections):
    rows = [queue(f"round-1:{number}", to=f"player{number}@example.com") for number in range(11)]
    assert services.send_outbox_batch([row.pk for row in rows]) == ["sent"] * 11
    assert len(mailoutbox) == 11 and len(connections) == 1
    assert set(OutboxMessage.objects.values_list("status", "attempts")) == {("sent", 1)}


def test_a_refused_message_is_retried_alone_and_the_others_are_sent(monkeypatch, mailoutbox, connections):
    rows = [queue(f"round-1:{number}", to=f"player{number}@example.com") for number in range(5)]
    original = locmem.EmailBackend.send_messages

    def refuse_player_two(self, messages):
        if messages[0].to == ["player2@example.com"]:
            raise ConnectionResetError("451 mailbox busy")
        return original(self, messages)

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", refuse_player_two)
    ids = [row.pk for row in rows]
    assert services.send_outbox_batch(ids) == ["sent", "sent", "retrying", "sent", "sent"]
    assert sorted(message.to[0] for message in mailoutbox) == [f"player{n}@example.com" for n in (0, 1, 3, 4)]
    assert len(connections) == 2, "a fresh connection after the refusal"
    refused = OutboxMessage.objects.get(pk=rows[2].pk)
    assert (refused.status, refused.attempts, refused.last_error) == ("pending", 1, "ConnectionResetError: 451 mailbox busy")

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", original)
    make_due(refused)
    assert services.send_outbox_batch(ids) == ["skipped", "skipped", "sent", "skipped", "skipped"]
    assert sorted(message.to[0] for message in mailoutbox) == [f"player{n}@example.com" for n in range(5)]


def test_a_batch_skips_rows_another_attempt_holds(mailoutbox):
    rows = [queue(f"round-1:{number}", to=f"player{number}@example.com") for number in range(3)]
    assert services.claim(rows[1].pk) is not None  # a live attempt elsewhere
    assert services.send_outbox_batch([row.pk for row in rows]) == ["sent", "skipped", "sent"]
    assert len(mailoutbox) == 2
