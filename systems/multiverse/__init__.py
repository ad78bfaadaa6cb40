"""Magic: the Multiverse tick combat: d10 pools against a difficulty (docs/systems/multiverse.md)."""

from systems.multiverse.odds import odds

NAME = "multiverse"
TITLE = "Magic: the Multiverse (tick combat)"

__all__ = ["NAME", "TITLE", "odds"]
