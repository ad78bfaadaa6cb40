"""Dice for every combat system, injected so that a round replays exactly from its seed or from the dice
written in its round file. Magic Realm rolls only d6 (systems/magic_realm/engine/dice.py); the other systems roll
d3, d4, d6, d10 and d20, so a throw here names its number of sides."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Throw:
    purpose: str
    sides: int
    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"{len(self.faces)}d{self.sides} ({', '.join(map(str, self.faces))})"


class Dice(Protocol):
    def throw(self, count: int, sides: int, purpose: str) -> Throw: ...


class DiceExhausted(LookupError):
    """A scripted list of dice ran out, or held a face the die cannot show."""


@dataclass
class SeededDice:
    """Dice from a seed: the same seed and the same sequence of throws give the same faces."""

    seed: int
    history: list[Throw] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def throw(self, count: int, sides: int, purpose: str) -> Throw:
        result = Throw(purpose, sides, tuple(self._random.randint(1, sides) for _ in range(count)))
        self.history.append(result)
        return result


@dataclass
class ScriptedDice:
    """Faces given in advance (a round file's "dice" list, or a test), used in order."""

    values: list[int]
    history: list[Throw] = field(default_factory=list)
    _position: int = 0

    def throw(self, count: int, sides: int, purpose: str) -> Throw:
        faces = tuple(self.values[self._position : self._position + count])
        if len(faces) < count:
            raise DiceExhausted(f"{purpose} needs {count} dice, but only {len(faces)} are left")
        for face in faces:
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                raise DiceExhausted(f"{purpose}: a d{sides} shows 1 to {sides}, not {face!r}")
        self._position += count
        result = Throw(purpose, sides, faces)
        self.history.append(result)
        return result


def dice_for(data: dict, seed: int | None) -> tuple[Dice, int | None]:
    """The dice for a round file: `seed` when given (a command's --seed), else the file's "dice" list, else
    its "seed", else a fresh seed; with the seed used (None for a list), so the result can say it."""
    if seed is None and "dice" in data:
        return ScriptedDice(list(data["dice"])), None
    if seed is None:
        seed = data.get("seed", random.SystemRandom().randrange(2**63))
    return SeededDice(seed), seed


def resolve_with_dice(data: dict, seed: int | None, resolve, dice: Dice | None = None):
    """Run `resolve(dice)` with the dice of a round file (`dice_for`), or with `dice` when the caller injects
    them (they must keep a `history` of their throws, as SeededDice and ScriptedDice do); returns
    (result, dice, seed).

    Broken plays and a dice list that runs short become a RoundFileError naming the field."""
    from systems.errors import PlaysInvalid, RoundFileError

    if dice is None:
        dice, seed = dice_for(data, seed)
    try:
        return resolve(dice), dice, seed
    except PlaysInvalid as error:
        raise RoundFileError([(e.path, e.message) for e in error.errors]) from error
    except DiceExhausted as error:
        raise RoundFileError([("dice", f"not enough dice in the file: {error}")]) from error
