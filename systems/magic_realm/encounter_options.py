"""What a side may do in the encounter step (docs/encounter.md), for the plug-in's plays form
(`encounter_form.py`), and the native groups the
GM's 'who battles whom' entry offers. Pure: it reads a battle's state in the round-file format.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from systems.magic_realm.battle_state import active_characters, character_entry, in_battle
from systems.magic_realm.engine.catalogue_data import get_catalogue


@dataclass
class EncounterOptions:
    """What a side may do in the encounter step, for its encounter form."""

    character: str
    lurable: list[str]
    not_lurable: list[tuple[str, str]]  # (denizen, why not)
    hirelings: list[str]
    deploy_targets: list[str]
    charge_targets: list[str]
    move_chits: list[str]
    horse: str | None
    weapons_to_alert: list[str]
    fight_chits: list[str]
    spells: list[str]
    magic_chits: list[str]


def encounter_options(battle_state: dict[str, Any], character: str, recorded_spells: list[str] | None = None) -> EncounterOptions:
    """Only what the character has and can use now: unassigned denizens to lure (a red-side-up
    Tremendous monster and an assigned denizen cannot be lured, 8.3.4), his hirelings and whom they may
    be deployed against, the characters he may charge, his fresh MOVE/FLY chits and horse to run or
    charge with, his unalerted weapons and fresh FIGHT chits, his recorded spells and MAGIC chits."""
    state = battle_state.get("state", {})
    entry = character_entry(battle_state, character) or {}
    active = [d for d in state.get("denizens", []) if in_battle(d)]
    lurable, not_lurable = [], []
    for denizen in active:
        if denizen.get("hired_by"):
            continue
        if denizen.get("side") == "dark" and _pins(denizen.get("counter", denizen["id"])):  # a round file's counter defaults to the id
            not_lurable.append((denizen["id"], "red side up"))
        elif denizen.get("target"):
            not_lurable.append((denizen["id"], f"already attacks {denizen['target']}"))
        else:
            lurable.append(denizen["id"])
    others = [c["id"] for c in active_characters(state) if c["id"] != character]
    hirelings = [d["id"] for d in active if d.get("hired_by") == character]
    fresh = [c for c in entry.get("chits", []) if c.get("state", "fresh") == "fresh"]
    horse = entry.get("horse") or None
    return EncounterOptions(
        character=character,
        lurable=lurable,
        not_lurable=not_lurable,
        hirelings=hirelings,
        deploy_targets=[d["id"] for d in active if d.get("hired_by") != character] + others,
        charge_targets=others,
        move_chits=[c["id"] for c in fresh if c["label"].split()[0] in {"MOVE", "FLY"}],
        horse=horse.get("counter") if isinstance(horse, dict) and not horse.get("dead") else None,
        weapons_to_alert=[w["name"] for w in entry.get("weapons", []) if not w.get("alerted")],
        fight_chits=[c["id"] for c in fresh if c["label"].split()[0] in {"FIGHT", "BERSERK"}],
        spells=list(recorded_spells or []),
        magic_chits=[c["id"] for c in fresh if c["label"].startswith("MAGIC")],
    )


def _pins(counter_name: str) -> bool:
    try:
        counter = get_catalogue().denizen(counter_name)
    except LookupError:
        return False
    return bool(getattr(getattr(counter, "dark", None), "pins", False))


def native_groups(battle_state: dict[str, Any]) -> list[str]:
    """The native groups with a member in the battle, for the GM's 'who battles whom' entry. A denizen that
    names no group is of its counter's in the catalogue, as the encounter step reads it (a round file may leave
    the group to the catalogue; the battle app writes it)."""
    groups = [d.get("group") or _catalogue_group(d.get("counter", d["id"]))
              for d in battle_state.get("state", {}).get("denizens", []) if not d.get("dead")]
    return sorted({group for group in groups if group})


def _catalogue_group(counter_name: str) -> str | None:
    try:
        return getattr(get_catalogue().denizen(counter_name), "group", None)
    except LookupError:
        return None
