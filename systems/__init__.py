"""Combat systems as plug-ins.

Each system is a package here that provides the same few things behind one narrow interface; code
outside a system finds it through this registry by the name a campaign or a query gives, and never
imports it by name. Today the registry answers odds queries (spec/odds.md and spec/odds-systems.md);
see docs/systems.md for the interface and how to add a system.

A system may also have a Django part (models, admin, pages): the subpackage `DJANGO_PART` of its package, the
only place under systems/ that imports Django. `django_apps()` and `django_urlconfs()` find them by their
folders, importing nothing themselves, so the settings and the root URL conf add them without naming a system.
Django then imports each part at `django.setup()`, and importing `systems.<name>.django_app` imports its parent
package first: a system with a Django part is loaded (its plugin and rules) when Django starts.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from systems.errors import OddsQueryError, RoundFileError, UnknownSystem

# The name a query or a campaign uses -> the package that implements it.
SYSTEMS = {
    "magic-realm": "systems.magic_realm",
    "enchanted-realms": "systems.enchanted_realms",
    "fallen-empire": "systems.fallen_empire",
    "multiverse": "systems.multiverse",
}
DEFAULT_SYSTEM = "magic-realm"
# A system's Django part, if it has one: systems/<name>/django_app/ (apps.py; urls.py when it has pages).
DJANGO_PART = "django_app"

__all__ = ["DEFAULT_SYSTEM", "DJANGO_PART", "SYSTEMS", "OddsQueryError", "RoundFileError", "UnknownSystem",
           "django_apps", "django_urlconfs", "get_system", "system_odds", "system_of"]


def get_system(name: Any) -> ModuleType:
    """The package of the system called `name`; UnknownSystem (naming `system`) when there is none."""
    if not isinstance(name, str) or name not in SYSTEMS:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownSystem(f"system: unknown combat system {name!r} (known: {known})")
    return import_module(SYSTEMS[name])


def _folder(dotted: str) -> Path:
    """The folder of a package under systems/, found without importing it."""
    return Path(__file__).resolve().parent.joinpath(*dotted.split(".")[1:])


def django_apps() -> list[str]:
    """The dotted paths of the systems' Django parts, for INSTALLED_APPS, in the registry's order, found by their
    folders: this imports nothing, as a settings module reads it before any app loads. The system packages are
    imported later, by Django: `django.setup()` imports each part (`systems.<name>.django_app`), and with it its
    parent package, the system's plugin and rules."""
    parts = (f"{package}.{DJANGO_PART}" for package in SYSTEMS.values())
    return [part for part in parts if (_folder(part) / "apps.py").is_file()]


def django_urlconfs() -> list[str]:
    """The dotted paths of the URL confs of the systems' Django parts that have pages (their urls.py), each
    to be mounted at the site's root: its paths carry their own prefix."""
    return [f"{app}.urls" for app in django_apps() if (_folder(app) / "urls.py").is_file()]


def system_of(data: dict) -> str:
    """The system a query or a round file is for: its "system" key, Magic Realm when it has none."""
    return data.get("system", DEFAULT_SYSTEM)


def system_odds(query: Any) -> dict:
    """The answer to one odds query: a query with a "system" key goes to that system, one without it to
    Magic Realm (spec/odds-systems.md). Raises OddsQueryError with a message naming the field."""
    if not isinstance(query, dict):
        raise OddsQueryError("query: must be a JSON object")
    try:
        system = get_system(system_of(query))
    except UnknownSystem as error:
        raise OddsQueryError(str(error)) from error
    return system.odds(query)
