"""What every page's context carries beyond Django's own processors."""

from functools import cache

from django.apps import apps


def system_pages(request) -> dict:
    """The main menu's entries of the combat systems' Django parts: each part's AppConfig may list
    `nav_links`, (title, URL name) pairs, and the header shows them without naming a system."""
    return {"system_pages": _system_pages()}


@cache
def _system_pages() -> tuple[tuple[str, str], ...]:
    return tuple(link for config in apps.get_app_configs() for link in getattr(config, "nav_links", ()))
