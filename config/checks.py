"""System checks for settings Django's own checks cannot judge."""

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.mail import DEFAULT_MAILER_ALIAS


@register(Tags.mail, deploy=True)
def refuse_embedded_mail_in_production(app_configs, **kwargs):
    """`check --deploy` fails when production would keep mail in the database instead of sending it."""
    backend = getattr(settings, "MAILERS", {}).get(DEFAULT_MAILER_ALIAS, {}).get("BACKEND", "")
    if settings.DEBUG or backend != settings.EMBEDDED_MAIL_BACKEND:
        return []
    return [
        Error(
            "The embedded mail backend keeps email in the database: players would never receive it.",
            hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS) "
            "to send mail through SMTP.",
            id="herald.E001",
        )
    ]
