"""Dice are injected: a round replays exactly from its seed, or from the dice written in a round file.

Every draw names its purpose ("Fumble: Black Knight → Wolf"), and the DiceLog keeps each draw so that
a log can show and audit them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol



@dataclass(frozen=True)
class Roll:
    purpose: str
    dice: tuple[int, ...]

    @property
    def high(self) -> int:
        return max(self.dice)


class Dice(Protocol):
    def roll(self, count: int, purpose: str) -> Roll: ...


@dataclass
class SeededDice:
    """Six-sided dice from a seed; the same seed and the same sequence of requests give the same rolls."""

    seed: int
    history: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def roll(self, count: int, purpose: str) -> Roll:
        dice = tuple(self._random.randint(1, 6) for _ in range(count))
        result = Roll(purpose, dice)
        self.history.append(result)
        return result


class DiceExhausted(LookupError):
    pass


@dataclass
class ScriptedDice:
    """Dice given in advance (a round file's "dice" list, or a test), used in order."""

    values: list[int]
    history: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        for value in self.values:
            if not isinstance(value, int) or not 1 <= value <= 6:
                raise ValueError(f"a die shows 1 to 6, not {value!r}")
        self._position = 0

    def roll(self, count: int, purpose: str) -> Roll:
        if self._position + count > len(self.values):
            raise DiceExhausted(
                f"{purpose} needs {count} dice, but only {len(self.values) - self._position} are left"
            )
        result = Roll(purpose, tuple(self.values[self._position : self._position + count]))
        self._position += count
        self.history.append(result)
        return result
