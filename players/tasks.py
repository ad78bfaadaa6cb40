"""Beat's sweep of deadlines and reminders. Safe to run twice: every effect is claimed in the database."""

from celery import shared_task

from players import services


@shared_task(name="players.sweep_deadlines")
def sweep_deadlines() -> dict:
    return services.sweep()
