"""Sending the outbox. Both tasks take ids only and are safe to run twice."""

from celery import shared_task

from campaigns.mail import services


@shared_task(name="mail.send_outbox_message")
def send_outbox_message(message_id: int) -> str:
    """Send one outbox row (`message_id` is the row's primary key, not its Message-ID header)."""
    return services.send_outbox_message(message_id)


@shared_task(name="mail.send_due_messages")
def send_due_messages() -> int:
    """Beat: enqueue every row that is due for a retry or was left claimed by a dead attempt."""
    due = services.due_message_ids()
    for outbox_id in due:
        send_outbox_message.delay(outbox_id)
    return len(due)
