"""Sending the outbox. The tasks take ids only and are safe to run twice."""

from celery import shared_task

from campaigns.mail import services

SWEEP_BATCH = 50  # rows a sweep hands to one task (one SMTP connection)


@shared_task(name="mail.send_outbox_message")
def send_outbox_message(message_id: int) -> str:
    """Send one outbox row (`message_id` is the row's primary key, not its Message-ID header)."""
    return services.send_outbox_message(message_id)


@shared_task(name="mail.send_outbox_batch")
def send_outbox_batch(message_ids: list[int]) -> list[str]:
    """Send the rows one transaction queued (a round's emails), over one connection; each row is claimed,
    recorded and retried on its own."""
    return services.send_outbox_batch(message_ids)


@shared_task(name="mail.send_due_messages")
def send_due_messages() -> int:
    """Beat: enqueue every row that is due for a retry or was left claimed by a dead attempt."""
    due = services.due_message_ids()
    for start in range(0, len(due), SWEEP_BATCH):
        send_outbox_batch.delay(due[start:start + SWEEP_BATCH])
    return len(due)
