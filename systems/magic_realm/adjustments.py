"""A GM's hand adjustments to a Magic Realm battle's state between rounds, for what the engine does not
model (systems/interface.py, `adjustments` and `adjust`): a chit wounded, fatigued or rested, armor damaged
or destroyed, a weapon alerted or unalerted, a denizen fled or killed. A change is "<kind>|<combatant>|<item>".

Pure: state in, state out. `state` is a battle's state as the app keeps it or as `resolve` returns it: the
combatants are under its "state" key, and the melee sheets under "sheets" are drawn again after a change.
A state in the round file's short form (a character's chits left to the catalogue, armor by name) is read
in its long form, every chit with its id and state, which is also what a change writes back."""

from __future__ import annotations

import copy
from typing import Any

from systems.interface import Adjustment, AdjustmentRefused
from systems.magic_realm.battle_state import long_form, sheets_for

CHIT_STATES = {"wound": "wounded", "fatigue": "fatigued", "rest": "fresh"}


def adjustments(state: dict[str, Any]) -> tuple[Adjustment, ...]:
    """Every hand adjustment the battle's state allows now, combatant by combatant: only real changes (a
    wounded chit is not wounded again, destroyed armor is gone)."""
    found: list[Adjustment] = []
    combatants = long_form(state.get("state", {}))
    for character in combatants.get("characters", []):
        if character.get("dead"):
            continue
        name = character["id"]

        def offer(kind: str, item: str, label: str) -> None:
            found.append(Adjustment(f"{kind}|{name}|{item}", f"{name}: {label}", name))

        for chit in character.get("chits", []):
            if chit.get("state") != "wounded":
                offer("wound", chit["id"], f"wound {chit['id']}")
            if chit.get("state") == "fresh":
                offer("fatigue", chit["id"], f"fatigue {chit['id']}")
            if chit.get("state") != "fresh":
                offer("rest", chit["id"], f"{chit['id']} back to fresh")
        for armor in character.get("armor", []):
            if armor.get("state") == "destroyed":
                continue  # nothing left to damage or destroy (issue #14.5)
            if armor.get("state") == "intact":
                offer("damage_armor", armor["name"], f"{armor['name']} damaged")
            offer("destroy_armor", armor["name"], f"{armor['name']} destroyed")
        for weapon in character.get("weapons", []):
            offer("alert", weapon["name"], f"{weapon['name']} {'unalerted' if weapon.get('alerted') else 'alerted'}")
    for denizen in combatants.get("denizens", []):
        if denizen.get("dead") or denizen.get("fled"):
            continue
        for kind in ("fled", "killed"):
            found.append(Adjustment(f"{kind}|{denizen['id']}|", f"{denizen['id']} {kind}", denizen["id"]))
    return tuple(found)


def adjust(state: dict[str, Any], change: str) -> tuple[dict[str, Any], str]:
    """The state after `change` (one of `adjustments`) and the sentence the round's history keeps."""
    kind, combatant, item = ((change or "").split("|") + ["", ""])[:3]
    new = copy.deepcopy(state)
    combatants = new["state"] = long_form(new.get("state", {}))
    if kind in {"fled", "killed"}:
        denizen = next((d for d in combatants.get("denizens", []) if d["id"] == combatant), None)
        if denizen is None:
            raise AdjustmentRefused(f"{combatant} is not a denizen of this battle")
        if denizen.get("dead") or denizen.get("fled"):
            raise AdjustmentRefused(f"{combatant} is already out of the battle")
        denizen["fled" if kind == "fled" else "dead"] = True
        new["sheets"] = sheets_for(combatants)
        return new, f"{combatant} {kind}"
    character = next((c for c in combatants.get("characters", []) if c["id"] == combatant), None)
    if kind not in {*CHIT_STATES, "damage_armor", "destroy_armor", "alert"}:
        raise AdjustmentRefused(f"unknown adjustment {change!r}")
    if character is None:
        raise AdjustmentRefused(f"{combatant} is not a character of this battle")
    if kind in CHIT_STATES:
        chit = next((c for c in character.get("chits", []) if c["id"] == item), None)
        if chit is None:
            raise AdjustmentRefused(f"{combatant} has no chit {item}")
        chit["state"] = CHIT_STATES[kind]
        return new, f"{combatant}'s {item} is now {chit['state']}"
    if kind == "alert":
        weapon = next((w for w in character.get("weapons", []) if w["name"] == item), None)
        if weapon is None:
            raise AdjustmentRefused(f"{combatant} has no {item}")
        weapon["alerted"] = not weapon.get("alerted")
        return new, f"{combatant}'s {item} is now {'alerted' if weapon['alerted'] else 'unalerted'}"
    armor = next((a for a in character.get("armor", []) if a["name"] == item and a.get("state") != "destroyed"), None)
    if armor is None:
        raise AdjustmentRefused(f"{combatant} has no {item}")
    if kind == "destroy_armor":
        character["armor"] = [a for a in character["armor"] if a is not armor]
        return new, f"{combatant}'s {item} is destroyed"
    armor["state"] = "damaged"
    return new, f"{combatant}'s {item} is damaged"
