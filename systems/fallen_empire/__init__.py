"""Fallen Empire (OD&D): melee rounds and the Joust (docs/systems/fallen-empire.md)."""

from systems.fallen_empire.files import resolve_file
from systems.fallen_empire.odds import odds

NAME = "fallen-empire"
TITLE = "Fallen Empire (OD&D) and the Joust"

__all__ = ["NAME", "TITLE", "odds", "resolve_file"]
