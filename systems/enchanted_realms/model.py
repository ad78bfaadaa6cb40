"""Enchanted Realms' combatants and plays (docs/systems/enchanted-realms.md)."""

from __future__ import annotations

from dataclasses import dataclass

METHODS = ("melee", "ranged", "savage")
REACTIONS = {"dodge": ("melee", "savage"), "deflect": ("ranged",)}
MAX_POOL = 5


@dataclass(frozen=True)
class Attack:
    target: str
    method: str  # melee, ranged or savage
    dice: int  # d20s in the pool (ER 4.1)
    bonus: int  # the attribute for the method + magic/material bonus, added to each die (ER 4.2)
    damage_modifier: int = 0  # from Strength: melee and savage only (ER 5.2, ruling R2)
    weight: int = 0  # the weapon's weight, 0..2 (ER 5.2)
    crit_style: bool = False  # a style skill that turns natural 20s into crits (ER 6.1)


@dataclass(frozen=True)
class Combatant:
    name: str
    side: str
    hp: int
    static_pp: int  # body armor + shield + attribute modifier + other (ER 3)
    initiative_modifier: int = 0  # Agility modifier + skills, magic, weapon (ER 2.1)
    down: bool = False


@dataclass(frozen=True)
class Play:
    """What one combatant does this round: an attack, or another action (logged), and a reaction."""

    attack: Attack | None = None
    other: str | None = None
    reaction: str | None = None  # dodge or deflect (ER 7)


@dataclass(frozen=True)
class RoundInput:
    round: int
    combatants: tuple[Combatant, ...]
    plays: dict[str, Play]

    def combatant(self, name: str) -> Combatant:
        return next(combatant for combatant in self.combatants if combatant.name == name)
