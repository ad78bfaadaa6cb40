"""Initiative (ER 2.1, 2.2): d10 + modifiers every round, highest first; ties roll off on a d20 until settled."""

from __future__ import annotations

from systems.dice import Dice
from systems.enchanted_realms.model import Combatant
from systems.events import Event


def initiative_order(combatants: list[Combatant], dice: Dice, round_number: int) -> tuple[list[str], list[Event]]:
    events = []
    scores = {}
    for combatant in combatants:
        die = dice.throw(1, 10, f"Initiative: {combatant.name}").faces[0]
        scores[combatant.name] = die + combatant.initiative_modifier
        events.append(Event("initiative", f"{combatant.name}: d10 {die} {combatant.initiative_modifier:+d} = "
                                          f"{scores[combatant.name]}", "ER 2.1", "Initiative", (combatant.name,)))
    order: list[str] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [name for name in scores if scores[name] == score]
        order.extend(_roll_off(tied, dice, events) if len(tied) > 1 else tied)
    events.append(Event("initiative", f"Round {round_number} order: {', '.join(order)}", "ER 2.1", "Initiative",
                        tuple(order)))
    return order, events


def _roll_off(tied: list[str], dice: Dice, events: list[Event]) -> list[str]:
    """The tied names in turn order: a d20 each, highest first; those tied again roll again (ER 2.2)."""
    rolls = {name: dice.throw(1, 20, f"Initiative roll-off: {name}").faces[0] for name in tied}
    events.append(Event("initiative", "Tied on initiative, roll-off on a d20: "
                                      + ", ".join(f"{name} {roll}" for name, roll in rolls.items()),
                        "ER 2.2", "Initiative ties", tuple(tied)))
    order = []
    for roll in sorted(set(rolls.values()), reverse=True):
        again = [name for name in tied if rolls[name] == roll]
        order.extend(_roll_off(again, dice, events) if len(again) > 1 else again)
    return order
