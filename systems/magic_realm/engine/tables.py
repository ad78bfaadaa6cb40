"""The Optional Combat Tables and the basic Missile table (rule 5.1, 5.4; optional-combat-rules.md).

Each table maps an adjusted die roll to a `TableResult`. The **Decision** lines of
optional-combat-rules.md are the project's ruling and are followed here:

- Fumble (rule 5.4/1 "Fumble table"): clamped to 1..10; 1 → +2, 2-3 → +1, 4-6 → 0, 7-8 → -1,
  9 → -2, 10 → Negligible.
- Missile tables (rule 5.4/1 "Missile table"):
  `standard` (basic game): clamped to 1..6; 1 → +2, 2 → +1, 3 → 0, 4 → -1, 5 → -2, 6 → -3.
  `optional` (2nd edition): clamped to 1..10; 1 → +3 … 7 → -3; 8-9 → wound; 10 → Negligible.
  `revised` (Hamblen): not clamped; ≤-2 → +3; -1 → +2; 0-1 → +1; 2-4 → 0; 5-6 → -1; 7 → -2; ≥8 → -3.
  `revised-wound`: as revised, but 9 → wound and ≥10 → Negligible.
  `revised-levels`: as revised, but 9 → -4 levels and ≥10 → -5 levels.
- Stumble (rule 5.1/1-5.1/2 "Stumble table"): 6 or less completes, 7 or more cancels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property


FUMBLE_TABLE_NAME = "Fumble table"
MISSILE_TABLE_NAMES = {
    "standard": "Missile table",
    "optional": "Optional Missile table",
    "revised": "Revised Missile table",
    "revised-wound": "Revised Missile table (wound variant)",
    "revised-levels": "Revised Missile table (levels variant)",
}


@dataclass(frozen=True)
class TableResult:
    """What a table row does to the harm: move it by `levels`, or a special `effect`."""

    levels: int = 0
    effect: str | None = None  # None, "wound" or "negligible"
    clamped_roll: int = 0  # the roll actually read from the table

    @cached_property
    def label(self) -> str:  # rows are shared (the tables are memoised), so the label is worked out once
        if self.effect == "wound":
            return "wound"
        if self.effect == "negligible":
            return "Negligible"
        if self.levels == 0:
            return "no change"
        sign = "+" if self.levels > 0 else "-"
        unit = "level" if abs(self.levels) == 1 else "levels"
        return f"{sign}{abs(self.levels)} {unit}"


def _clamp(roll: int, low: int, high: int) -> int:
    return max(low, min(high, roll))


@cache  # a pure function of a small int, returning a frozen row: a round reads it for every Fumble roll
def fumble_table(adjusted: int) -> TableResult:
    """Rule 5.4/1 Fumble table: the adjusted roll clamped to 1..10."""
    roll = _clamp(adjusted, 1, 10)
    if roll == 1:
        return TableResult(2, clamped_roll=roll)
    if roll <= 3:
        return TableResult(1, clamped_roll=roll)
    if roll <= 6:
        return TableResult(0, clamped_roll=roll)
    if roll <= 8:
        return TableResult(-1, clamped_roll=roll)
    if roll == 9:
        return TableResult(-2, clamped_roll=roll)
    return TableResult(effect="negligible", clamped_roll=roll)


def standard_missile_table(adjusted: int) -> TableResult:
    """The basic game's Missile table: the roll clamped to 1..6, change = 3 - roll."""
    roll = _clamp(adjusted, 1, 6)
    return TableResult(3 - roll, clamped_roll=roll)


def optional_missile_table(adjusted: int) -> TableResult:
    """Rule 5.4 Optional Missile table (2nd edition), clamped to 1..10. Decision: 10 → Negligible."""
    roll = _clamp(adjusted, 1, 10)
    if roll <= 7:
        return TableResult(4 - roll, clamped_roll=roll)
    if roll <= 9:
        return TableResult(effect="wound", clamped_roll=roll)
    return TableResult(effect="negligible", clamped_roll=roll)


def revised_missile_table(adjusted: int) -> TableResult:
    """Hamblen's Revised Missile table; the roll is not clamped."""
    if adjusted <= -2:
        levels = 3
    elif adjusted == -1:
        levels = 2
    elif adjusted <= 1:
        levels = 1
    elif adjusted <= 4:
        levels = 0
    elif adjusted <= 6:
        levels = -1
    elif adjusted == 7:
        levels = -2
    else:
        levels = -3
    return TableResult(levels, clamped_roll=adjusted)


def revised_wound_missile_table(adjusted: int) -> TableResult:
    """Community variant of the Revised table: 9 → wound, 10 or more → Negligible."""
    if adjusted == 9:
        return TableResult(effect="wound", clamped_roll=adjusted)
    if adjusted >= 10:
        return TableResult(effect="negligible", clamped_roll=adjusted)
    return revised_missile_table(adjusted)


def revised_levels_missile_table(adjusted: int) -> TableResult:
    """Community variant of the Revised table: 9 → -4 levels, 10 or more → -5 levels."""
    if adjusted == 9:
        return TableResult(-4, clamped_roll=adjusted)
    if adjusted >= 10:
        return TableResult(-5, clamped_roll=adjusted)
    return revised_missile_table(adjusted)


MISSILE_TABLES = {
    "standard": standard_missile_table,
    "optional": optional_missile_table,
    "revised": revised_missile_table,
    "revised-wound": revised_wound_missile_table,
    "revised-levels": revised_levels_missile_table,
}


@cache  # as fumble_table: pure, small inputs, frozen rows
def missile_table(name: str, adjusted: int) -> TableResult:
    return MISSILE_TABLES[name](adjusted)


STUMBLE_LIMIT = 6


@dataclass(frozen=True)
class StumbleResult:
    adjusted: int
    completed: bool


def stumble_modifier(own_move_time: int, fastest_attacker_move_time: int, attackers: int) -> int:
    """Rule 5.1/1: add the number of attackers and subtract the time advantage over the fastest
    attacker (= own move time - fastest attacker's move time + number of attackers)."""
    return own_move_time - fastest_attacker_move_time + attackers


def stumble_table(adjusted: int) -> StumbleResult:
    """Rule 5.1/2 Stumble table: 6 or less completes the action, 7 or more cancels it."""
    return StumbleResult(adjusted, adjusted <= STUMBLE_LIMIT)
