"""The order in which a campaign's players set the game up before it starts, as a combat system has one
(issue #11): `setup_order_kinds() -> tuple[tuple[str, str], ...]`, the kinds of step a player takes (a key the
campaign keeps, and its words). Empty, the default (`no_setup_order`): the system's campaigns record no such
order, and the players page asks nothing. Magic Realm's: its board building and character selection
(systems/magic_realm/setup_order.py). Pure Python: no Django."""

from __future__ import annotations


def no_setup_order() -> tuple[tuple[str, str], ...]:
    """Nothing is set up in turn before the campaign starts."""
    return ()


def kind_label(kinds: tuple[tuple[str, str], ...], key: str) -> str:
    """A step's kind in words (the key itself when the system no longer has it: a step recorded earlier)."""
    return dict(kinds).get(key, key)
