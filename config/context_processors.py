"""What every page's context carries beyond Django's own processors."""

from functools import cache

from config.system_parts import declared


def system_pages(request) -> dict:
    """The main menu's entries of the combat systems' Django parts: each part's AppConfig may list
    `nav_links`, (title, URL name) pairs, and the header shows them without naming a system."""
    return {"system_pages": _system_pages()}


@cache
def _system_pages() -> tuple[tuple[str, str], ...]:
    return declared("nav_links")
