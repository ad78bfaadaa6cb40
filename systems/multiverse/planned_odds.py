"""The odds of what a Multiverse side plans (systems/interface.py `planned_odds`): each attack it has declared
for the cycle (an action carried from the last cycle first), its pool against the defender's Acuity, from the
system's own `odds`: the chance of each amount of damage, a point a success (MV 5.2, ruling R3).

The pool is the attribute the attack names (a fire's is Finesse, MV 6.2) and a fire adds the target's cover.
The defender's Vigilance is on its sheet. Whether the defender is busy with an action of its own when the
attack lands (MV 5.1: 2 lower without Vigilance) is known only when the cycle's ticks are: after the first
cycle every combatant begins on tick 1 (initiative is the first cycle's, MV 1), so an attack's tick follows
from the ticks declared before it, and a defender still at an action carried from the last cycle (seen at the
table) is busy until it resolves. Otherwise the defender's own declarations are sealed, and the chances take
it idle and at a walk (the harder case), saying so."""

from __future__ import annotations

from typing import Any

from systems.interface import PlannedOdds, ask_planned
from systems.multiverse.model import TICKS_PER_CYCLE
from systems.multiverse.odds import odds

NAME = "multiverse"
ATTACKS = ("attack", "fire")
FIRE_ATTRIBUTE = "finesse"  # MV 6.2
NO_ROLL = "total"  # a totally obscured target: the shot is wasted, no roll (MV 6.2)


def planned_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    """Each attack or fire with a target, in the order the side makes them. () when it attacks nobody."""
    combatants = {c.get("name"): c for c in round_input.get("combatants", [])}
    me = combatants.get(side)
    if me is None or me.get("dead"):
        return ()
    cycle = round_input.get("cycle", 1)
    carried = (round_input.get("in_progress") or {}).get(side)
    declared = [action for action in (round_input.get("actions") or {}).get(side) or []
                if isinstance(action, dict) and not action.get("counter")]
    # (the action, the tick it resolves on when the cycle's ticks are known, what it is)
    timed: list[tuple[dict[str, Any], int | None, str]] = []
    tick = 1
    if carried:
        timed.append((carried["action"], carried["ticks_left"] if cycle > 1 else None, "carried from the last cycle"))
        tick += carried["ticks_left"]
    for index, action in enumerate(declared):
        ticks = action.get("ticks") if isinstance(action.get("ticks"), int) else 1
        timed.append((action, tick + ticks - 1 if cycle > 1 else None, f"declared {_ordinal(index)}"))
        tick += ticks
    return tuple(_attack_odds(round_input, me, combatants[action["target"]], action, resolves, what)
                 for action, resolves, what in timed
                 if action.get("kind") in ATTACKS and action.get("target") in combatants)


def _attack_odds(round_input: dict[str, Any], me: dict[str, Any], defender: dict[str, Any], action: dict[str, Any],
                 resolves: int | None, what: str) -> PlannedOdds:
    name, target = me["name"], defender["name"]
    attribute = FIRE_ATTRIBUTE if action["kind"] == "fire" else action.get("attribute", "strength")
    cover = action.get("cover", "none") if action["kind"] == "fire" else "none"
    pool = me.get(attribute, 0)
    busy = _busy_until(round_input, target, resolves)
    query: dict[str, Any] = {"system": NAME, "attack": {"dice": pool},
                             "target": {"acuity": defender["acuity"], "acting": busy is not None,
                                        "vigilance": defender.get("vigilance", False)}}
    if cover != "none":
        query["target"]["cover"] = cover
    kind = "fire" if action["kind"] == "fire" else "attack"
    doing = f"{name}'s {kind} at {target} ({what}, {attribute.title()} {pool}d10)"
    when = f", resolving on tick {resolves}" if resolves is not None and resolves <= TICKS_PER_CYCLE else ""
    refusal = _no_roll(defender, cover, attribute, pool)
    if refusal:
        return PlannedOdds(name, target, {}, query, f"{doing}{when}.", refusal)
    if defender.get("vigilance"):
        assumed = f"{target} has Vigilance: the difficulty is the full Acuity, busy or not (MV 5.1)."
    elif busy is not None:
        assumed = f"{target} is still at {busy} when it lands: 2 lower (MV 5.1)."
    else:
        assumed = (f"{target}'s own actions are sealed: the chances take {target} idle and at a walk; busy with an "
                   "action of its own when the attack lands, the difficulty is 2 lower (MV 5.1), running 1 lower and "
                   "sprinting 2 (MV 4, ruling R5).")
    return ask_planned(name, target, query, odds, f"{doing}{when}. {assumed}")


def _no_roll(defender: dict[str, Any], cover: str, attribute: str, pool: int) -> str | None:
    """Why the attack rolls no dice, or None when it rolls."""
    if defender.get("dead"):
        return f"{defender['name']} is dead: the attack is wasted (MV 3)"
    if cover == NO_ROLL:
        return f"{defender['name']} is totally obscured: the shot is wasted, with no roll (MV 6.2)"
    if not isinstance(pool, int) or pool < 1:
        return f"{attribute.title()} 0 rolls no dice: the attack cannot succeed (ruling R7)"
    return None


def _busy_until(round_input: dict[str, Any], defender: str, resolves: int | None) -> str | None:
    """What the defender is known to be busy with on the tick the attack resolves: an action (not a move,
    MV 5.1) carried from the last cycle that has not yet resolved; None when nothing is known."""
    carried = (round_input.get("in_progress") or {}).get(defender)
    if resolves is None or not carried or carried["action"].get("kind") == "move":
        return None
    if resolves > carried["ticks_left"]:
        return None
    return f"the {carried['action'].get('kind')} carried from the last cycle (until tick {carried['ticks_left']})"


def _ordinal(index: int) -> str:
    return ("first", "second", "third")[index] if index < 3 else f"{index + 1}th"
