"""Absolute addresses for what leaves the site (emails): one place joins HERALD_BASE_URL to a path."""

from django.conf import settings


def absolute_url(path: str) -> str:
    """`path` under HERALD_BASE_URL (the path alone when the setting is empty), for a link in an email."""
    return f"{getattr(settings, 'HERALD_BASE_URL', '').rstrip('/')}{path}"
