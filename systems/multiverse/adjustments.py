"""A GM's hand adjustments to a Multiverse battle between cycles (systems/interface.py `adjustments`,
`adjust`; docs/systems/multiverse.md "Hand adjustments"): a combatant's life and attributes one point at a
time, dead or back, a loaded weapon unloaded, and an action carried into the next cycle broken off.

A spell's effect is the GM's (MV 7), so an attribute it raises or lowers is a hand change, within the
0 to 20 an attribute may be. The state keeps no maximum of life, so a point of life may always be regained;
losing the last one kills, as a blow does (MV 5.3, ruling R6). The dead take no change but being brought
back, with at least 1 life."""

from __future__ import annotations

from systems.adjusting import Change, Entry, Group, adjusted, arrow, offered
from systems.interface import Adjustment
from systems.multiverse.model import ATTACK_ATTRIBUTES, Action

ATTRIBUTE_RANGE = range(0, 21)  # cycle.schema.json: an attribute is 0 to 20 d10s


def _combatants(state: dict):
    return ((combatant["name"], combatant) for combatant in state["combatants"])


def _living(why_not=lambda state, combatant: None):
    return lambda state, combatant: "is dead: bring them back first" if combatant.get("dead") else \
        why_not(state, combatant)


def _die(state: dict, combatant: Entry) -> str:
    """Dead, and whatever they carried into the next cycle is dropped (the dead carry nothing, MV 2)."""
    combatant["dead"] = True
    carried = state.get("in_progress", {}).pop(combatant["name"], None)
    return f"; {Action(**carried['action']).describe()} is dropped" if carried else ""


def _lose_life(state: dict, combatant: Entry) -> str:
    before = combatant["life"]
    combatant["life"] = before - 1
    text = f"{combatant['name']} loses 1 life {arrow(before, before - 1)}"
    return text + f" and is dead (MV 5.3){_die(state, combatant)}" if combatant["life"] <= 0 else text


def _gain_life(state: dict, combatant: Entry) -> str:
    combatant["life"] += 1
    return f"{combatant['name']} regains 1 life {arrow(combatant['life'] - 1, combatant['life'])}"


def _killed(state: dict, combatant: Entry) -> str:
    return f"{combatant['name']} is dead (the GM's ruling){_die(state, combatant)}"


def _come_back(state: dict, combatant: Entry) -> str:
    before = combatant["life"]
    combatant["dead"] = False
    combatant["life"] = max(before, 1)
    return f"{combatant['name']} is alive again" + (f" with {arrow(before, 1)} life" if before < 1 else "")


def _unload(state: dict, combatant: Entry) -> str:
    combatant["loaded"] = False
    return f"{combatant['name']}'s ranged weapon is no longer loaded (MV 6.1)"


def _break_off(state: dict, combatant: Entry) -> str:
    carried = state["in_progress"].pop(combatant["name"])
    return f"{combatant['name']}'s {Action(**carried['action']).describe()} is broken off: it does not go on (MV 2)"


def _carried(state: dict, combatant: Entry) -> dict | None:
    return state.get("in_progress", {}).get(combatant["name"])


def _attribute_changes(attribute: str) -> tuple[Change, ...]:
    word = attribute.capitalize()

    def change(step: int) -> Change:
        def why_not(state: dict, combatant: Entry) -> str | None:
            return None if combatant[attribute] + step in ATTRIBUTE_RANGE else \
                f"has {word} {combatant[attribute]}: an attribute is 0 to 20"

        def apply(state: dict, combatant: Entry) -> str:
            combatant[attribute] += step
            return (f"{combatant['name']}'s {word} {'falls' if step < 0 else 'rises'} by 1 "
                    f"{arrow(combatant[attribute] - step, combatant[attribute])}")

        return Change(f"{attribute}{step:+d}", _living(why_not),
                      lambda s, c: f"{c['name']}: {word} {'-' if step < 0 else '+'}1 "
                                   f"{arrow(c[attribute], c[attribute] + step)}", apply)

    return change(-1), change(+1)


COMBATANT_CHANGES = (
    Change("life-1", _living(lambda s, c: None if c["life"] > 0 else "has no life left to lose"),
           lambda s, c: f"{c['name']}: lose 1 life {arrow(c['life'], c['life'] - 1)}"
                        + (", and die (MV 5.3)" if c["life"] <= 1 else ""), _lose_life),
    Change("life+1", _living(), lambda s, c: f"{c['name']}: regain 1 life {arrow(c['life'], c['life'] + 1)}",
           _gain_life),
    *(change for attribute in ATTACK_ATTRIBUTES for change in _attribute_changes(attribute)),
    Change("unload", _living(lambda s, c: None if c.get("loaded") else "has no loaded weapon"),
           lambda s, c: f"{c['name']}: ranged weapon no longer loaded", _unload),
    Change("break-off", _living(lambda s, c: None if _carried(s, c) else "carries no action into this cycle"),
           lambda s, c: f"{c['name']}: break off {Action(**_carried(s, c)['action']).describe()} (carried over)",
           _break_off),
    Change("dead", _living(), lambda s, c: f"{c['name']}: dead", _killed),
    Change("back", lambda s, c: None if c.get("dead") else "is not dead",
           lambda s, c: f"{c['name']}: alive again" + (f" with 1 life {arrow(c['life'], 1)}" if c["life"] < 1 else ""),
           _come_back),
)
GROUPS = (Group("combatant", _combatants, COMBATANT_CHANGES),)


def adjustments(state: dict) -> tuple[Adjustment, ...]:
    return offered(state, GROUPS)


def adjust(state: dict, change: str) -> tuple[dict, str]:
    return adjusted(state, change, GROUPS)
