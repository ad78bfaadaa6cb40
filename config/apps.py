from django.apps import AppConfig


class HeraldConfig(AppConfig):
    name = "config"
    label = "herald"
    verbose_name = "Herald"

    def ready(self):
        from config import checks  # noqa: F401  registers the system checks
