"""The round log of every combat system: each event names its rule and shows its arithmetic."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One line of a round's log.

    `text` is the sentence a GM reads, with the arithmetic, e.g.
    "Fumble: high die 4 + (3 - 4) = 3 → +1 level". `rule` is the rule's number ("5.4/1", "FE J.6") and
    `rule_name` its name ("Fumble table"); `str(event)` adds the citation.
    `kind` groups events for display ("attack", "hit", "table", "harm", "kill", ...), `actors` names the
    combatants the event concerns (so each player's email can hold only what that player may know),
    and `data` keeps machine-readable values.
    """

    kind: str
    text: str
    rule: str
    rule_name: str
    actors: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.text} (rule {self.rule} {self.rule_name})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "rule_name": self.rule_name,
            "actors": list(self.actors),
            "data": self.data,
            "line": str(self),
        }
