"""A system's demo campaign, as plain data: what `manage.py load_demo` makes for it (the interface's
`demo_campaign`, systems/interface.py), so the app holds no system's players, characters or battles. Pure Python.

Each battle starts either from the system's example of its key (systems/examples.py, a starter) or, when it has
`answers`, from those answers to the system's set-up form (`setup_form`, `set_up`), as the GM sets one up on the
new battle page. `load_demo` makes each thing once: the campaign by its slug, a player by name, a character by
name, a battle by its key (the battle's demo key), so running it again changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DemoCharacter:
    """A player of the demo campaign and the character they play (in a system with native groups, the group
    whose equipment it starts with), with what it carries from an earlier fight (`record`, systems/records.py)."""

    player: str
    email: str
    time_zone: str
    character: str
    native_group: str = ""
    record: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DemoBattle:
    """A demo battle, round 1 open for plays: from the example `key` or, with `answers`, set up from them."""

    key: str
    name: str
    clearing: str
    answers: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DemoCampaign:
    """The system's demo campaign: its slug and name, the preset of its options ("" for the system's first), its
    party and its battles (the GM plays every combatant no character plays)."""

    slug: str
    name: str
    party: tuple[DemoCharacter, ...]
    battles: tuple[DemoBattle, ...]
    preset: str = ""
