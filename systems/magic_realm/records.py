"""A Magic Realm character's record between battles (systems/records.py): what a round did to it, and a battle
started from it. Pure Python on round-file dicts (docs/round-format.md) and the record a campaign keeps
(docs/campaigns.md: `Character.state`).

- `record_changes(before, after, output)` compares the battle's state before and after a resolved round and
  reads the round's summaries: killed, ran away, armor damaged or destroyed, weapons alerted or unalerted,
  chits fatigued by a spell, the horse lost, fame, notoriety and gold from kills, hirelings killed or turned
  rebel. The wounds and fatigue a round leaves owing are not certain until the player picks the chits: they
  are the change between the round's end state and the state `settle` returns (`output` {}).
- `entry_from_record(counter, character_id, record)` is the character's `state.characters[]` entry from its
  catalogue counter and its record; `with_records` writes that into a starting state.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from typing import Any, Mapping

from systems.magic_realm.battle_state import long_form
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.model import ARMOR_STATES, CHIT_STATES
from systems.errors import FieldError
from systems.records import RecordChange, number, whole_number_errors

# A record's chits take the states a battle reads a chit in (the engine's CHIT_STATES, docs/round-format.md
# `state.characters[].chits`). A MAGIC chit enchanted into colour magic is none of them: the engine has no
# enchanted chit, so a record may not keep one (docs/rulings.md, "An enchanted MAGIC chit between battles").
NOT_IN_BATTLE = {"enchanted": "a battle has no enchanted chit (docs/rulings.md): record the state it should start in"}


def new_record() -> dict[str, Any]:
    """A character's record before any battle; every key is always present (docs/campaigns.md)."""
    return {
        "wounds": 0,
        "fatigue": 0,
        "chits": {},  # chit label → "fatigued" | "wounded"
        "armor": {},  # armor name → "intact" | "damaged" | "destroyed"
        "weapons": {},  # weapon name → "alerted" | "unalerted"
        "horse": None,
        "hirelings": [],
        "gold": 10,
        "fame": 0,
        "notoriety": 0,
        "killed": False,  # killed in a battle: a battle no longer takes the character
    }


# --- a record as a GM types it (its form: record_form.py) ---------------------------------------------

# What a record may say of each item, by key: `check_record` refuses anything else (chits and armor in the states
# a battle reads, the engine's own).
WEAPON_STATES = ("unalerted", "alerted")
ITEM_STATES = {"chits": CHIT_STATES, "armor": ARMOR_STATES, "weapons": WEAPON_STATES}


def check_record(record: Mapping[str, Any]) -> list[FieldError]:
    """Wounds and fatigue are counts; fame, notoriety and gold numbers (a bounty divided among simultaneous
    killers leaves a share), gold never below 0; chits, armor and weapons map a name to its state (`ITEM_STATES`,
    an item's error under "key.name"; an enchanted chit says why a battle cannot read it); hirelings are a list of
    names; the horse is a name or empty; killed is true or false. A record keeps only the keys of `new_record`
    (the engine reads no other, so a key beside them would be kept and never used)."""
    known = new_record()
    errors = [FieldError(key, f"is not part of a character's state ({', '.join(known)})")
              for key in sorted(key for key in record if key not in known)]
    errors += whole_number_errors(record, ("wounds", "fatigue"), least=0)
    for key in ("gold", "fame", "notoriety"):
        value = record.get(key, 0)
        if (not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value)
                or (key == "gold" and value < 0)):
            kind = "a number of 0 or more" if key == "gold" else "a number"
            errors.append(FieldError(key, f"must be {kind}, not {value!r}"))
    if not isinstance(record.get("killed", False), bool):
        errors.append(FieldError("killed", f"must be true or false, not {record['killed']!r}"))
    for key, states in ITEM_STATES.items():
        items = record.get(key, {})
        if not isinstance(items, Mapping):
            errors.append(FieldError(key, "must be an object of name → state"))
            continue
        for name, state in items.items():
            if not isinstance(name, str) or not name.strip():
                errors.append(FieldError(key, f"must name each item, not {name!r}"))
            elif state not in states:
                errors.append(FieldError(f"{key}.{name}", state_error(states, state)))
    hirelings = record.get("hirelings", [])
    if not isinstance(hirelings, list) or not all(isinstance(name, str) and name.strip() for name in hirelings):
        errors.append(FieldError("hirelings", "must be a list of names"))
    if record.get("horse") is not None and not isinstance(record["horse"], str):
        errors.append(FieldError("horse", "must be a horse's name or empty"))
    return errors


def state_error(states: tuple[str, ...], state: Any) -> str:
    """Why an item's recorded state is refused, as `check_record` says it (and the record form beside it)."""
    allowed = f"{', '.join(states[:-1])} or {states[-1]}"
    why = NOT_IN_BATTLE.get(state) if isinstance(state, str) else None
    return f"must be {allowed}, not {state!r}" + (f": {why}" if why else "")


# --- a battle started from the records ---------------------------------------------------------------


def entry_from_record(counter_name: str, character_id: str, record: Mapping[str, Any] | None) -> dict[str, Any]:
    """The round file's `state.characters[]` entry of a character: its catalogue counter's chits, weapons and
    armor, as its record leaves them (chits fatigued or wounded, armor damaged, destroyed armor gone, weapons
    alerted, the horse). A chit state a battle cannot read raises ValueError naming it (`read_chit`)."""
    counter = get_catalogue().character(counter_name)
    saved = record or {}
    chit_states = saved.get("chits") or {}
    chits = []
    for chit_id, chit in chit_ids(counter.chits):
        state = read_chit(chit_id, chit_states.get(chit_id, "fresh"))
        chits.append({"id": chit_id, "label": chit.label, "state": state})
    weapon_states = saved.get("weapons") or {}
    weapons = [{"name": name, "alerted": weapon_states.get(name) == "alerted"}
               for name in owned(counter.weapons, weapon_states)]
    armor_states = saved.get("armor") or {}
    armor = [{"name": name, "state": armor_states.get(name, "intact")}
             for name in owned(counter.armor, armor_states) if armor_states.get(name, "intact") != "destroyed"]
    horse = saved.get("horse")
    return {
        "id": character_id,
        "character": counter.name,
        "chits": chits,
        "weapons": weapons,
        "armor": armor,
        "horse": {"counter": horse if isinstance(horse, str) else horse.get("counter"), "dead": False} if horse else None,
        "hidden": False,
        "dead": False,
        "fled": False,
        "kills": 0,
    }


def read_chit(chit_id: str, state: Any) -> str:
    """A recorded chit's state as a battle reads it; a state it cannot read (an enchanted chit, a word no battle
    knows) is refused naming the chit, never read as another: the campaign checks a record (`check_record`)
    before a battle starts from it, so this is only reached by a record nothing checked."""
    if state not in CHIT_STATES:
        raise ValueError(f"chits.{chit_id}: {state_error(CHIT_STATES, state)}")
    return state


def chit_ids(chits: Any) -> list[tuple[str, Any]]:
    """Each of a counter's chits with the id a record keeps it under: its label, "#2" after a second of the same
    label ("FIGHT M4* #2")."""
    seen: Counter[str] = Counter()
    found = []
    for chit in chits:
        seen[chit.label] += 1
        found.append((chit.label if seen[chit.label] == 1 else f"{chit.label} #{seen[chit.label]}", chit))
    return found


def owned(starting: tuple[str, ...], recorded: Mapping[str, str]) -> list[str]:
    """The counter's starting items and any the record keeps beside them."""
    return list(dict.fromkeys([*starting, *recorded]))


def with_records(round_input: Mapping[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The starting state with each character named in `records` as his record leaves him: the chits it
    names fatigued or wounded, the armor it names damaged or destroyed (and gone), the weapons it names
    alerted or not, his horse when it names one. What the record does not name stays as the starting state
    has it, and so does where he stands (hidden, his sheet): a record keeps what differs from a fresh
    character, so a battle built from the catalogue (`entry_from_record`) and one typed by the GM agree. A chit
    state a battle cannot read (an enchanted chit) raises ValueError naming it (`read_chit`)."""
    data = copy.deepcopy(dict(round_input))
    named = [entry for entry in (data.get("state") or {}).get("characters", []) if entry.get("id") in records]
    if not named:
        return data
    data["state"] = long_form(data["state"])
    for entry in data["state"]["characters"]:
        record = records.get(entry["id"])
        if record is not None:
            _overlay(entry, record)
    return data


def _overlay(entry: dict[str, Any], record: Mapping[str, Any]) -> None:
    chit_states = record.get("chits") or {}
    for chit in entry.get("chits", []):
        if chit["id"] in chit_states:
            chit["state"] = read_chit(chit["id"], chit_states[chit["id"]])
    armor_states = record.get("armor") or {}
    armor = [{**piece, "state": armor_states.get(piece["name"], piece.get("state", "intact"))}
             for piece in entry.get("armor", [])]
    entry["armor"] = [piece for piece in armor if piece["state"] != "destroyed"]
    weapon_states = record.get("weapons") or {}
    entry["weapons"] = [
        {**weapon, "alerted": weapon_states[weapon["name"]] == "alerted"} if weapon["name"] in weapon_states else weapon
        for weapon in ({"name": w, "alerted": False} if isinstance(w, str) else w for w in entry.get("weapons", []))
    ]
    horse = record.get("horse")
    if horse:
        entry["horse"] = {"counter": horse if isinstance(horse, str) else horse.get("counter"), "dead": False}
    if "spells" in record:  # the spells the campaign's starting information records for him: they replace any
        entry.pop("spells", None)  # the starting state lists, as the app's own round files do each round
        if record.get("spells"):  # by their catalogue names, each once (`starting_record` wrote them so)
            entry["spells"] = list(record["spells"])


# --- what a round did to them ------------------------------------------------------------------------


def _entries(battle_state: Mapping[str, Any] | None, kind: str) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in (battle_state or {}).get("state", {}).get(kind, [])}


def character_entry(battle_state: Mapping[str, Any] | None, character_id: str) -> dict[str, Any] | None:
    return _entries(battle_state, "characters").get(character_id)


def _chit_id(chit: Any, label_counts: dict[str, int]) -> tuple[str, str, str]:
    """(id, label, state) of a chit however the state writes it (a label, or {id, label, state})."""
    label = chit if isinstance(chit, str) else chit["label"]
    label_counts[label] = label_counts.get(label, 0) + 1
    default = label if label_counts[label] == 1 else f"{label} #{label_counts[label]}"
    if isinstance(chit, str):
        return default, label, "fresh"
    return chit.get("id") or default, label, chit.get("state", "fresh")


def _chit_states(entry: Mapping[str, Any] | None) -> dict[str, str]:
    counts: dict[str, int] = {}
    states = {}
    for chit in (entry or {}).get("chits", []):
        chit_id, _, state = _chit_id(chit, counts)
        states[chit_id] = state
    return states


def _horse(entry: Mapping[str, Any] | None) -> tuple[str | None, bool]:
    horse = (entry or {}).get("horse")
    if not horse:
        return None, False
    if isinstance(horse, str):
        return horse, False
    return horse.get("counter"), bool(horse.get("dead"))


def character_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
                      side: str = "") -> RecordChange:
    """What changed in one character's battle entry: chits, armor, weapons, horse, killed, ran away."""
    found = RecordChange(side or (after or {}).get("id", ""))
    if after is None:
        return found
    before = before or {}
    old_chits, new_chits = _chit_states(before), _chit_states(after)
    for chit_id, state in new_chits.items():
        old = old_chits.get(chit_id, "fresh")
        if state == old:
            continue
        found.set("chits", None if state == "fresh" else state, item=chit_id)
        for counted, key in (("wounded", "wounds"), ("fatigued", "fatigue")):
            found.add(key, (state == counted) - (old == counted))
        found.lines.append(f"{chit_id} {state}" if state != "fresh" else f"{chit_id} fresh again")
    old_armor = {a["name"]: a.get("state", "intact") for a in before.get("armor", [])}
    new_armor = {a["name"]: a.get("state", "intact") for a in after.get("armor", [])}
    for name, old in old_armor.items():
        new = new_armor.get(name, "destroyed")
        if new != old:
            found.set("armor", new, item=name)
            found.lines.append(f"{name} {new}")
    old_weapons = {w["name"]: bool(w.get("alerted")) for w in before.get("weapons", [])}
    for weapon in after.get("weapons", []):
        alerted = bool(weapon.get("alerted"))
        if old_weapons.get(weapon["name"], False) != alerted:
            found.set("weapons", "alerted" if alerted else "unalerted", item=weapon["name"])
            found.lines.append(f"{weapon['name']} {'alerted' if alerted else 'unalerted'}")
    old_horse, old_dead = _horse(before)
    new_horse, new_dead = _horse(after)
    if old_horse and not old_dead and (new_dead or not new_horse):
        found.set("horse", None)
        found.lines.append(f"Horse lost: {old_horse} killed")
    if after.get("dead") and not before.get("dead"):
        found.set("killed", True)
    if after.get("fled") and not before.get("fled"):
        found.lines.append("Ran away from the battle")
    return found


def _long(battle_state: Mapping[str, Any] | None) -> dict[str, Any]:
    """The battle state with its combatants written out (a round file may name a chit, a weapon or armor by its
    label alone, or leave the catalogue's to be read)."""
    battle_state = dict(battle_state or {})
    if battle_state.get("state"):
        battle_state["state"] = long_form(battle_state["state"])
    return battle_state


def _hireling_names(denizen: Mapping[str, Any]) -> list[str]:
    return list(dict.fromkeys([denizen["id"], denizen.get("counter") or denizen["id"]]))


def record_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                   output: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """Every character's change of one resolved round (or of his dues settled, `output` {}), in the order the
    state lists the characters."""
    summaries = {s["character"]: s for s in (output or {}).get("summaries", [])}
    killers = {kill["victim"]: kill.get("killers", []) for kill in (output or {}).get("kills", [])}
    before, after = _long(before), _long(after)
    old_characters, new_characters = _entries(before, "characters"), _entries(after, "characters")
    old_denizens, new_denizens = _entries(before, "denizens"), _entries(after, "denizens")
    found: list[RecordChange] = []
    for character_id, entry in new_characters.items():
        change = character_changes(old_characters.get(character_id), entry, character_id)
        if change.killed:
            by = killers.get(character_id)
            change.lines.insert(0, f"Killed by {' and '.join(by)}" if by else "Killed")
        summary = summaries.get(character_id, {})
        kills = list(summary.get("kills") or [])
        if kills:
            scored = [f"{number(summary.get(key) or 0):+g} {key}" for key in ("fame", "notoriety", "gold")
                      if number(summary.get(key) or 0)]
            change.lines.append(f"Killed {', '.join(kills)}" + (f": {', '.join(scored)}" if scored else ""))
        for key in ("fame", "notoriety", "gold"):
            change.add(key, float(summary.get(key) or 0))
        for denizen_id, old in old_denizens.items():
            if old.get("hired_by") != character_id or old.get("dead"):
                continue
            new = new_denizens.get(denizen_id, {"dead": True})
            if new.get("dead"):
                change.lines.append(f"Hireling lost: {denizen_id} killed")
            elif new.get("hired_by") != character_id:
                change.lines.append(f"Hireling lost: {denizen_id} rebelled")
            else:
                continue
            for name in _hireling_names(old):
                change.remove("hirelings", name)
        if change:
            found.append(change)
    return tuple(found)
