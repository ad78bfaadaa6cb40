"""Combat systems as plug-ins.

Each system is a package here that provides the same few things behind one narrow interface; code
outside a system finds it through this registry by the name a campaign or a query gives, and never
imports it by name. Today the registry answers odds queries (spec/odds.md and spec/odds-systems.md);
see docs/systems.md for the interface and how to add a system.
"""

from __future__ import annotations

from importlib import import_module
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

__all__ = ["DEFAULT_SYSTEM", "SYSTEMS", "OddsQueryError", "RoundFileError", "UnknownSystem", "get_system", "system_odds",
           "system_of"]


def get_system(name: Any) -> ModuleType:
    """The package of the system called `name`; UnknownSystem (naming `system`) when there is none."""
    if not isinstance(name, str) or name not in SYSTEMS:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownSystem(f"system: unknown combat system {name!r} (known: {known})")
    return import_module(SYSTEMS[name])


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
