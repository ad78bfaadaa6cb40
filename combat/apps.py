from django.apps import AppConfig


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = "Battles"
