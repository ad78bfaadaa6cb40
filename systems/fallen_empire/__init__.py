"""Fallen Empire (an OD&D campaign's fighting rules) and its Joust (docs/systems/fallen-empire.md)."""

from systems.fallen_empire.odds import odds

NAME = "fallen-empire"
TITLE = "Fallen Empire (OD&D) and the Joust"

__all__ = ["NAME", "TITLE", "odds"]
