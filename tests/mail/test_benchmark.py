"""How long the outbox takes per message, on the embedded default (SQLite, embedded mailbox)."""

import itertools

import pytest

from campaigns.mail import services
from campaigns.mail.models import DeliveredMail

pytestmark = [pytest.mark.django_db, pytest.mark.benchmark]
counter = itertools.count()


def queue_and_send_ten():
    for _ in range(10):
        row = services.queue_email(
            to="player@example.com",
            subject="Round results",
            text="You hit the Giant.\n" * 40,
            html="<p>You hit the <b>Giant</b>.</p>" * 40,
            idempotency_key=f"bench-{next(counter)}",
            thread_key="campaign-1",
        )
        services.send_outbox_message(row.pk)


def test_benchmark_queue_and_send_ten_messages_through_the_embedded_mailbox(benchmark, embedded_mailer):
    benchmark.pedantic(queue_and_send_ten, rounds=10, iterations=1)
    delivered = DeliveredMail.objects.count()
    assert delivered >= 10 and delivered % 10 == 0
