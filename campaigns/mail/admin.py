from django.contrib import admin

from campaigns.mail.models import DeliveredMail, OutboxMessage


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ["subject", "recipient", "status", "attempts", "campaign_id", "created_at", "sent_at"]
    list_filter = ["status"]
    search_fields = ["subject", "recipient", "idempotency_key", "message_id"]
    readonly_fields = ["idempotency_key", "message_id", "in_reply_to", "claim_token", "claimed_at", "sent_at"]


@admin.register(DeliveredMail)
class DeliveredMailAdmin(admin.ModelAdmin):
    list_display = ["subject", "sender", "delivered_at"]
    search_fields = ["subject", "message_id"]
