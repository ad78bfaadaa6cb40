"""Every full-stack test starts from an empty queue of its own: a task an earlier test leaves behind (a
duplicate delivery no worker took, a killed worker's message Redis hands out again) never reaches a
later test's worker. The two tests run in this order; the second failed while the run shared one queue."""

import os

import pytest
import redis
from django.conf import settings

from config.celery import app

pytestmark = pytest.mark.django_db(transaction=True)


def queued(queue: str) -> int:
    """The tasks waiting in `queue` (its Redis key carries the run's prefix: HERALD_CELERY_KEY_PREFIX)."""
    return redis.Redis.from_url(settings.REDIS_URL).llen(os.environ.get("HERALD_CELERY_KEY_PREFIX", "") + queue)


def test_a_test_may_leave_a_task_in_its_queue(own_queue):
    from campaigns.mail.tasks import send_outbox_message

    send_outbox_message.delay(999_999)  # no worker in this test takes it
    assert app.conf.task_default_queue == own_queue
    assert queued(own_queue) == 1


def test_the_next_test_starts_from_an_empty_queue_of_its_own(own_queue):
    assert app.conf.task_default_queue == own_queue
    assert queued(own_queue) == 0
