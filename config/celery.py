"""The Celery application. Tasks are autodiscovered from every installed app's tasks.py.

Worker: `celery -A config worker --loglevel=INFO`; beat: `celery -A config beat --loglevel=INFO`.
Settings come from config/settings.py (names prefixed CELERY_): JSON only, late acknowledgement, time
limits, and beat's schedule of sweeps (mail due, rounds waiting to be resolved): every request for a task
is kept in the database first and the sweeps enqueue whatever the broker did not take (config/enqueue.py). Logs go through Django's LOGGING (structlog), and django-structlog's boot step binds the
request_id of the request that enqueued a task to every line the task logs.
"""

import logging.config
import os

from celery import Celery
from celery.signals import after_task_publish, before_task_publish, setup_logging
from django_structlog.celery.steps import DjangoStructLogInitStep

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class BindRequestIdInTasks(DjangoStructLogInitStep):
    """django-structlog's worker boot step without its publish receivers: the django_structlog app
    already connected those in ready() (DJANGO_STRUCTLOG_CELERY_ENABLED), and twice would log every
    task_enqueued twice."""

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        before_task_publish.disconnect(self.receiver.receiver_before_task_publish)
        after_task_publish.disconnect(self.receiver.receiver_after_task_publish)


# DurableTask (config/enqueue.py): delay_on_commit never fails a request because the broker is down.
app = Celery("herald", task_cls="config.enqueue:DurableTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.steps["worker"].add(BindRequestIdInTasks)
app.autodiscover_tasks()


@app.on_after_configure.connect
def schedule_deadline_sweep(sender, **kwargs):
    """Beat sweeps the rounds' deadlines and reminders (players app); the times live in the database."""
    from django.conf import settings

    sender.add_periodic_task(float(settings.HERALD_DEADLINE_SWEEP_SECONDS), sender.signature("players.sweep_deadlines"),
                             name="players-sweep-deadlines")


@setup_logging.connect
def use_django_logging(**kwargs):
    """Keep Celery from installing its own handlers: one log format for web and workers."""
    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)
