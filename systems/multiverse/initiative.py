"""Initiative (MV 1, 1.1): d10 minus Acuity and bonuses; the tick each combatant begins on, and the order
in which they declare."""

from __future__ import annotations

from systems.dice import Dice
from systems.events import Event
from systems.multiverse.model import Combatant


def roll_initiative(combatants: list[Combatant], dice: Dice) -> tuple[dict[str, int], list[Event]]:
    values, events = {}, []
    for combatant in combatants:
        die = dice.throw(1, 10, f"Initiative: {combatant.name}").faces[0]
        value = die - combatant.acuity - combatant.initiative_bonus
        values[combatant.name] = value
        bonus = f" - bonus {combatant.initiative_bonus}" if combatant.initiative_bonus else ""
        begins = max(1, value)
        events.append(Event("initiative", f"{combatant.name}: d10 {die} - Acuity {combatant.acuity}{bonus} = IV {value}: "
                                          f"begins on tick {begins}", "MV 1", "Initiative", (combatant.name,)))
    by_name = {combatant.name: combatant for combatant in combatants}
    declaring = sorted(values, key=lambda name: (-values[name], by_name[name].acuity))
    events.append(Event("initiative", "Declaring order: " + ", ".join(declaring), "MV 1.1", "Declaring", tuple(declaring)))
    return {name: max(1, value) for name, value in values.items()}, events
