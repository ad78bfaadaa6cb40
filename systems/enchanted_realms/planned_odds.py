"""The odds of what an Enchanted Realms side plans (systems/interface.py `planned_odds`): its attack's die pool
and bonus against its target's Protective Points, from the system's own `odds`.

The round rolls every combatant's guard dice at its start (ER 3.1), after the plays are sealed, so the query
gives the target's static Protective Points and the guard dice its method adds (one d4 against a ranged
attack, two against melee and savage: ER 3.2, 3.3), which the odds weigh throw by throw. What else the plays
cannot know is said, not counted: the target's own reaction (ER 7, ruling R3: it takes a striking die back),
and whether the target is still standing when the attacker's turn comes (ruling R5)."""

from __future__ import annotations

from typing import Any

from systems.enchanted_realms.model import METHODS
from systems.enchanted_realms.odds import odds
from systems.enchanted_realms.protection import GUARD_DICE, GUARD_DIE
from systems.interface import PlannedOdds, ask_planned

NAME = "enchanted-realms"


def planned_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    """The side's attack, once it names its target, method and pool: the chance that it strikes (at least one
    die) or misses. () without an attack (another action, nothing, or a plan still being typed)."""
    play = (round_input.get("plays") or {}).get(side)
    attack = play.get("attack") if isinstance(play, dict) else None
    if not isinstance(attack, dict) or attack.get("method") not in METHODS or "dice" not in attack:
        return ()
    target = next((c for c in round_input.get("combatants", []) if c.get("name") == attack.get("target")), None)
    if target is None:
        return ()
    method, guard_dice = attack["method"], GUARD_DICE[attack["method"]]
    query = {"system": NAME, "attack": {"dice": attack["dice"], "bonus": attack.get("bonus", 0)},
             "target": {"pp": target["static_pp"], "guard_dice": guard_dice}}
    guards = "the range guard die" if guard_dice == 1 else "the range and melee guard dice"
    assumed = (f"{target['name']}'s Protective Points against a {method} attack: {target['static_pp']} + {guards} "
               f"({guard_dice}d{GUARD_DIE}), rolled at the start of the round, so each throw is weighed alike "
               f"(ER 3.1-3.3). Not counted: a {'deflect' if method == 'ranged' else 'dodge'} {target['name']} may "
               f"have ready (ER 7, ruling R3), and {target['name']} going down before {side}'s turn (ruling R5).")
    return (ask_planned(side, target["name"], query, odds, assumed),)

