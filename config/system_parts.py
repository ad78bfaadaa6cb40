"""What the combat systems' Django parts declare on their AppConfig, gathered without naming a system.

A part's AppConfig may carry tuples the site reads: `nav_links`, (title, URL name) pairs for the header's menu
(`config.context_processors.system_pages`), and `setup_commands`, the names of its management commands that
set it up on a fresh database, each safe to run again (`manage.py prepare_systems`, which `make run` calls)."""

from django.apps import apps

from systems import django_apps


def declared(attribute: str) -> tuple:
    """Every entry of the tuple `attribute` on the systems' Django parts' AppConfigs, in the registry's order."""
    parts = set(django_apps())
    return tuple(entry for config in apps.get_app_configs() if config.name in parts
                 for entry in getattr(config, attribute, ()))
