"""Enchanted Realms: d20 die pools against Protective Points (docs/systems/enchanted-realms.md)."""

from systems.enchanted_realms.odds import odds

NAME = "enchanted-realms"
TITLE = "Enchanted Realms"

__all__ = ["NAME", "TITLE", "odds"]
