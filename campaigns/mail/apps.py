from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "campaigns.mail"
    label = "mail"
    verbose_name = "Mail"
