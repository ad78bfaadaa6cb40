"""The embedded mail backend: keeps each message in the database instead of sending it.

Configured as MAILERS["default"] when EMAIL_HOST is unset, so the GM reads mail on the Mail page.
Recording is keyed on the Message-ID, so a message delivered twice is kept once.
"""

from django.core.mail.backends.base import BaseEmailBackend


class EmbeddedMailBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        from campaigns.mail.models import DeliveredMail

        delivered = 0
        for email_message in email_messages:
            mime = email_message.message()
            text_part = mime.get_body(preferencelist=("plain",))
            html_part = mime.get_body(preferencelist=("html",))
            DeliveredMail.objects.get_or_create(
                message_id=str(mime["Message-ID"]),
                defaults={
                    "sender": str(mime["From"]),
                    "recipients": list(email_message.recipients()),
                    "subject": str(mime["Subject"] or ""),
                    "text": text_part.get_content() if text_part is not None else "",
                    "html": html_part.get_content() if html_part is not None else "",
                    "source": mime.as_string(),
                },
            )
            delivered += 1
        return delivered
