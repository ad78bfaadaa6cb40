"""A GM's hand adjustments to an Enchanted Realms battle between rounds (systems/interface.py `adjustments`,
`adjust`; docs/systems/enchanted-realms.md "Hand adjustments"): a combatant's hit points and static
Protective Points one at a time, and down or back in the fight.

The state keeps no maximum of hit points, so a hit point may always be regained (the GM knows the sheet);
losing the last one puts the combatant down, as a blow would (ER 8, ruling R4). A combatant who is down
takes no change but being brought back, with at least 1 hit point."""

from __future__ import annotations

from systems.adjusting import Change, Entry, Group, adjusted, arrow, offered
from systems.interface import Adjustment


def _combatants(state: dict):
    return ((combatant["name"], combatant) for combatant in state["combatants"])


def _standing(why_not=lambda combatant: None):
    """A change open only to a combatant still standing, and then when `why_not` (of the entry) says so."""
    return lambda state, combatant: "is down (ER 8): bring them back first" if combatant.get("down") else \
        why_not(combatant)


def _lose_hp(state: dict, combatant: Entry) -> str:
    before = combatant["hp"]
    combatant["hp"] = before - 1
    if combatant["hp"] <= 0:
        combatant["down"] = True
        return f"{combatant['name']} loses 1 hit point {arrow(before, before - 1)} and is down (ER 8)"
    return f"{combatant['name']} loses 1 hit point {arrow(before, before - 1)}"


def _gain_hp(state: dict, combatant: Entry) -> str:
    combatant["hp"] += 1
    return f"{combatant['name']} regains 1 hit point {arrow(combatant['hp'] - 1, combatant['hp'])}"


def _change_pp(step: int):
    def apply(state: dict, combatant: Entry) -> str:
        combatant["static_pp"] += step
        verb = "loses" if step < 0 else "gains"
        return (f"{combatant['name']} {verb} 1 static Protective Point "
                f"{arrow(combatant['static_pp'] - step, combatant['static_pp'])}")
    return apply


def _go_down(state: dict, combatant: Entry) -> str:
    combatant["down"] = True
    return f"{combatant['name']} is down, out of the fight (the GM's ruling)"


def _come_back(state: dict, combatant: Entry) -> str:
    before = combatant["hp"]
    combatant["down"] = False
    combatant["hp"] = max(before, 1)
    raised = f" with {arrow(before, 1)} hit points" if before < 1 else ""
    return f"{combatant['name']} is back in the fight{raised}"


def _back_label(state: dict, combatant: Entry) -> str:
    raised = f" with 1 hit point {arrow(combatant['hp'], 1)}" if combatant["hp"] < 1 else ""
    return f"{combatant['name']}: back in the fight{raised}"


COMBATANT_CHANGES = (
    Change("hp-1", _standing(lambda c: None if c["hp"] > 0 else "has no hit points left to lose"),
           lambda s, c: f"{c['name']}: lose 1 hit point {arrow(c['hp'], c['hp'] - 1)}"
                        + (", and go down (ER 8)" if c["hp"] <= 1 else ""), _lose_hp),
    Change("hp+1", _standing(), lambda s, c: f"{c['name']}: regain 1 hit point {arrow(c['hp'], c['hp'] + 1)}",
           _gain_hp),
    Change("pp-1", _standing(lambda c: None if c["static_pp"] > 0 else "has no static Protective Points to lose"),
           lambda s, c: f"{c['name']}: lose 1 static Protective Point {arrow(c['static_pp'], c['static_pp'] - 1)}",
           _change_pp(-1)),
    Change("pp+1", _standing(),
           lambda s, c: f"{c['name']}: gain 1 static Protective Point {arrow(c['static_pp'], c['static_pp'] + 1)}",
           _change_pp(+1)),
    Change("down", _standing(), lambda s, c: f"{c['name']}: down, out of the fight", _go_down),
    Change("back", lambda s, c: None if c.get("down") else "is not down", _back_label, _come_back),
)
GROUPS = (Group("combatant", _combatants, COMBATANT_CHANGES),)


def adjustments(state: dict) -> tuple[Adjustment, ...]:
    return offered(state, GROUPS)


def adjust(state: dict, change: str) -> tuple[dict, str]:
    return adjusted(state, change, GROUPS)
