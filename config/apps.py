from django.apps import AppConfig


class HeraldConfig(AppConfig):
    name = "config"
    label = "herald"
    verbose_name = "Herald"
