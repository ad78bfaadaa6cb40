"""Enchanted Realms: d20 die pools against Protective Points (docs/systems/enchanted-realms.md)."""

from systems.enchanted_realms.odds import odds
from systems.enchanted_realms.round_file import resolve_file

NAME = "enchanted-realms"
TITLE = "Enchanted Realms"

__all__ = ["NAME", "TITLE", "odds", "resolve_file"]
