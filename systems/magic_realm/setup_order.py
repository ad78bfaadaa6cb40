"""Magic Realm's setting up, before a campaign starts (BIMR4: players place the tiles in turn, then select their
characters, then place the Visitor/Mission chits): the kinds of step the campaign records, in order
(systems/setup_order.py)."""

from __future__ import annotations

SETUP_ORDER = (
    ("tile", "Placed a tile"),
    ("character", "Selected a character"),
    ("chit", "Placed a Visitor/Mission chit"),
)


def setup_order_kinds() -> tuple[tuple[str, str], ...]:
    return SETUP_ORDER
