"""The Celery application. Tasks are autodiscovered from every installed app's tasks.py.

Worker: `celery -A config worker --loglevel=INFO`; beat: `celery -A config beat --loglevel=INFO`.
Settings come from config/settings.py (names prefixed CELERY_): JSON only, late acknowledgement, time
limits. Logs go through Django's LOGGING (structlog), and django-structlog's boot step binds the
request_id of the request that enqueued a task to every line the task logs.
"""

import logging.config
import os

from celery import Celery
from celery.signals import setup_logging
from django_structlog.celery.steps import DjangoStructLogInitStep

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("herald")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.steps["worker"].add(DjangoStructLogInitStep)
app.autodiscover_tasks()


@setup_logging.connect
def use_django_logging(**kwargs):
    """Keep Celery from installing its own handlers: one log format for web and workers."""
    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)
