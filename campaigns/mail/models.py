"""The email outbox and the embedded mailbox.

`OutboxMessage` is one email Herald means to send, written in the same transaction as whatever caused
it; `campaigns.mail.tasks` sends it. `DeliveredMail` is what the embedded backend received in place of
an SMTP server, kept for the Mail page on the embedded default.
"""

from django.db import models
from django.utils import timezone


class OutboxMessage(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(
        "campaigns.Campaign", null=True, blank=True, on_delete=models.CASCADE, related_name="outbox_messages"
    )
    recipient = models.CharField(max_length=320)
    subject = models.CharField(max_length=300)
    text = models.TextField()
    html = models.TextField(blank=True)
    idempotency_key = models.CharField(max_length=255, unique=True)
    message_id = models.CharField(max_length=255, unique=True, help_text="The Message-ID header")
    thread_key = models.CharField(max_length=255, blank=True)
    in_reply_to = models.CharField(
        max_length=255, blank=True, help_text="The thread's root Message-ID (In-Reply-To and References)"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    claim_token = models.UUIDField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="mail_outbox_due")]

    def __str__(self):
        return f"{self.subject} → {self.recipient} ({self.status})"


class DeliveredMail(models.Model):
    """A message as the embedded backend received it: the MIME source and its parts."""

    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=320)
    recipients = models.JSONField(default=list)
    subject = models.CharField(max_length=300)
    text = models.TextField(blank=True)
    html = models.TextField(blank=True)
    source = models.TextField(help_text="The whole message as it would have gone over SMTP")
    delivered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-delivered_at", "-id"]
        verbose_name_plural = "delivered mail"

    def __str__(self):
        return f"{self.subject} → {', '.join(self.recipients)}"
