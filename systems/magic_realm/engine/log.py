"""The round log: every event names its rule (number and name) and shows its arithmetic.

The event is the same for every combat system (systems/events.py); Magic Realm's engine imports it here."""

from __future__ import annotations

from systems.events import Event, citation, section

__all__ = ["Event", "citation", "section"]
