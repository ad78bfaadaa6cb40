"""Beat's task sweeps the database's deadlines and is registered on the beat schedule."""

import pytest

from config.celery import app
from players.models import Reminder, RoundDeadline
from players.tasks import sweep_deadlines

pytestmark = pytest.mark.django_db


def test_the_sweep_task_is_on_the_beat_schedule():
    app.loader.import_default_modules()
    app.finalize()
    entry = app.conf.beat_schedule["players-sweep-deadlines"]
    assert entry["task"] == "players.sweep_deadlines"


def test_the_sweep_task_sends_what_is_due_now(battle, celery_eager):
    from datetime import timedelta

    from django.utils import timezone

    RoundDeadline.objects.filter(round__battle=battle).update(
        opened_at=timezone.now() - timedelta(hours=50), due_at=timezone.now() + timedelta(hours=20))
    assert sweep_deadlines.delay().get() == {"reminders": 2, "deadlines": 0}
    assert Reminder.objects.filter(hours_before=24).count() == 2
