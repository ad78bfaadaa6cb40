"""Multiverse tick combat: combatants and declared actions (docs/systems/multiverse.md)."""

from __future__ import annotations

from dataclasses import dataclass

TICKS_PER_CYCLE = 10
ACTION_KINDS = ("attack", "load", "fire", "cast", "move", "other")
ATTACK_ATTRIBUTES = ("acuity", "finesse", "strength", "endurance")
PACES = {"walk": 1, "run": 2, "sprint": 3}
FIRE_TICKS = 1  # ruling R4 (house default)


@dataclass(frozen=True)
class Combatant:
    name: str
    side: str
    acuity: int
    finesse: int
    strength: int
    endurance: int
    life: int
    vigilance: bool = False
    magic_high: int = 0  # the highest stat tied to the colours the combatant casts (MV 7.1)
    magic_low: int = 0  # the lowest such stat, for resisting mana burn
    initiative_bonus: int = 0  # First Strike and situational bonuses (MV 1)
    dead: bool = False
    loaded: bool = False  # a ranged weapon readied by a completed load (MV 6.1)

    def attribute(self, name: str) -> int:
        return getattr(self, name)


@dataclass(frozen=True)
class Action:
    kind: str
    ticks: int
    target: str | None = None
    attribute: str = "strength"  # the attack's attribute (MV 5)
    cover: str = "none"  # for fire: none, quarter, half, three-quarters, total (MV 6.2)
    pace: str = "walk"  # for move (MV 4)
    spell: str = ""  # for cast
    counter: bool = False  # a cast that counters `target`'s spell as it resolves (MV 7.2)

    def describe(self) -> str:
        if self.kind == "attack":
            return f"attack {self.target} ({self.attribute}, {self.ticks} ticks)"
        if self.kind == "fire":
            return f"fire at {self.target}" + (f" ({self.cover} cover)" if self.cover != "none" else "")
        if self.kind == "cast":
            return (f"counter {self.target}'s spell with {self.spell}" if self.counter
                    else f"cast {self.spell} ({self.ticks} mana, {self.ticks} ticks)")
        ticks = "1 tick" if self.ticks == 1 else f"{self.ticks} ticks"
        if self.kind == "move":
            return f"{self.pace} for {ticks}"
        return f"{self.kind} ({ticks})"


@dataclass(frozen=True)
class InProgress:
    """An action carried over from the last cycle (ruling R2), with the ticks it still needs."""

    action: Action
    ticks_left: int


@dataclass(frozen=True)
class CycleInput:
    cycle: int  # 1 for the first cycle of the combat: initiative is rolled (MV 1)
    combatants: tuple[Combatant, ...]
    actions: dict[str, tuple[Action, ...]]
    in_progress: dict[str, InProgress]

    def combatant(self, name: str) -> Combatant:
        return next(combatant for combatant in self.combatants if combatant.name == name)
