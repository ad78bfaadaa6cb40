"""Handing tasks to the broker without ever losing a request or failing the web request.

Every task the web starts is first written down in the database, in the same transaction as the change
that asks for it: a mail is an outbox row `pending` (campaigns/mail), a resolve is a round `resolving`
(combat). Publishing to the broker after the commit is only a fast path. When the broker does not answer
(Redis stopped, a network cut), `send` logs `task_enqueue_deferred` and returns "", the request stays in
the database, and a beat sweep (config.settings.CELERY_BEAT_SCHEDULE) enqueues it once the broker is
back. Every task is idempotent, so a sweep that enqueues a request a second time changes nothing.

`DurableTask` is the app's task class (config/celery.py): its `delay_on_commit` goes through `send`, so
an outbox row queued during an outage answers the GM normally instead of a 500 after the commit.
"""

from __future__ import annotations

import structlog
from celery import Task
from django.db import transaction
from kombu.exceptions import OperationalError

events = structlog.get_logger("config.enqueue")


def send(task, *args, **kwargs) -> str:
    """Publish `task(*args)` now; its id, or "" when the broker did not take it (the sweep will).
    kombu wraps every connection error of the broker in OperationalError, after Celery's publish retries
    (about 0.7 s with Redis refusing connections)."""
    try:
        result = task.apply_async(args=args, kwargs=kwargs or None)
    except OperationalError as error:
        events.warning("task_enqueue_deferred", task=task.name, args=list(args), error=str(error))
        return ""
    return str(getattr(result, "id", "") or "")


def send_on_commit(task, *args, **kwargs) -> None:
    """`send` once the current transaction commits."""
    transaction.on_commit(lambda: send(task, *args, **kwargs))


class DurableTask(Task):
    """Celery's Task whose `delay_on_commit` never raises because the broker is down (see above)."""

    def delay_on_commit(self, *args, **kwargs):
        send_on_commit(self, *args, **kwargs)
