"""Magic Realm's Django part: the catalogue in the database, its admin and its pages (docs/catalogue.md).

The label stays "catalogue", as when the app lived in combat/catalogue/, so its tables (catalogue_*), its
migrations' rows and its URL namespace do not change."""

from django.apps import AppConfig


class CatalogueConfig(AppConfig):
    name = "systems.magic_realm.django_app"
    label = "catalogue"
    verbose_name = "Game catalogue"
    # The site header's menu links to these pages (config.context_processors.system_pages).
    nav_links = (("Catalogue", "catalogue:index"),)
    # What sets it up on a fresh database (config.system_parts; `manage.py prepare_systems` runs them): mirror the
    # catalogue files in the database (the migration did once; this keeps the rows in step with the files).
    setup_commands = ("load_catalogue",)
