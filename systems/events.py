"""The round log of every combat system: each event names its rule and shows its arithmetic."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


# A rule our sources give no number is cited by the name of the rulebook section it is in: its `rule`
# is "section <name>" (issue #14.6). Logs written before that say "basic".
SECTION = "section "
# Where the sources give no table (a Demon's Power of the Pit, the Imp's Curse), the GM rules: such a
# line cites "GM ruling: ..." (docs/rulings.md).
GM_RULING = "GM ruling"


def citation(rule: str, rule_name: str) -> str:
    """How a log line cites its rule: a numbered rule by its number and name ("rule 5.4/1 Fumble
    table"), an unnumbered one by its rulebook section ("rulebook section Harm: Harm against
    vulnerability"), never "rule basic …". A rule without a name is cited without one ("rule 8.3.4"), with
    nothing dangling after it."""
    if rule.startswith(SECTION):
        section = rule.removeprefix(SECTION)
        if rule_name == section or rule_name.startswith(f"{section}:"):
            return f"rulebook section {rule_name}"
        return _named(f"rulebook section {section}", ": ", rule_name)
    if rule == "basic":
        return _named("rulebook", ": ", rule_name)
    if rule == GM_RULING:  # where the sources give no table, the GM rules (docs/rulings.md)
        return _named(GM_RULING, ": ", rule_name)
    return _named(f"rule {rule}", " ", rule_name)


def _named(head: str, between: str, rule_name: str) -> str:
    return f"{head}{between}{rule_name}" if rule_name else head


def section(name: str) -> str:
    """The `rule` of an event whose rule our sources give no number: its rulebook section."""
    return f"{SECTION}{name}"


@dataclass(frozen=True)
class Event:
    """One line of a round's log.

    `text` is the sentence a GM reads, with the arithmetic, e.g.
    "Fumble: high die 4 + (3 - 4) = 3 → +1 level". `rule` is the rule's number ("5.4/1", "FE J.6"), or
    for a rule our sources do not number its rulebook section (`section("Harm")`), and `rule_name` its
    name ("Fumble table"); `str(event)` adds the citation (`citation`).
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
        return f"{self.text} ({citation(self.rule, self.rule_name)})"

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
