from django.apps import AppConfig


class CatalogueConfig(AppConfig):
    name = "combat.catalogue"
    label = "catalogue"
    verbose_name = "Game catalogue"
