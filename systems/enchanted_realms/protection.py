"""Protective Points (ER 3.1-3.3): the static part plus this round's guard dice, 2d4 rolled every round."""

from __future__ import annotations

from dataclasses import dataclass

from systems.dice import Dice
from systems.enchanted_realms.model import Combatant
from systems.events import Event

GUARD_DIE = 4  # each guard roll is a d4 (ER 3.1)
GUARD_DICE = {"ranged": 1, "melee": 2, "savage": 2}  # the guard dice a method's Protective Points add (ER 3.2, 3.3)


@dataclass(frozen=True)
class Guard:
    static: int
    range_die: int
    melee_die: int

    @property
    def against_ranged(self) -> int:
        return self.static + self.range_die

    @property
    def against_melee(self) -> int:
        return self.static + self.range_die + self.melee_die

    def against(self, method: str) -> int:
        return self.against_ranged if method == "ranged" else self.against_melee


def roll_guards(combatant: Combatant, dice: Dice) -> tuple[Guard, Event]:
    range_die, melee_die = dice.throw(2, GUARD_DIE, f"Guard rolls: {combatant.name}").faces
    guard = Guard(combatant.static_pp, range_die, melee_die)
    return guard, Event(
        "guard",
        f"{combatant.name}'s guard rolls: range {range_die}, melee {melee_die}; PP against ranged "
        f"{combatant.static_pp} + {range_die} = {guard.against_ranged}, against melee and savage "
        f"{combatant.static_pp} + {range_die} + {melee_die} = {guard.against_melee}",
        "ER 3.1", "Guard rolls", (combatant.name,),
    )
