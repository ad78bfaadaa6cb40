"""Magic: the Multiverse tick combat: d10 pools against a difficulty (docs/systems/multiverse.md)."""

from systems.multiverse.cycle_file import resolve_file
from systems.multiverse.odds import odds

NAME = "multiverse"
TITLE = "Magic: the Multiverse (tick combat)"

__all__ = ["NAME", "TITLE", "odds", "resolve_file"]
