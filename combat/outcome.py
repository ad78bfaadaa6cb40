"""What a round did to the campaign's characters (issue #14, "the battle's outcome reaches the campaign").

Pure Python on the round-file dicts (docs/round-format.md) and `Character.state` (docs/campaigns.md): no
Django here, `combat/history.py` writes the results.

- `round_changes(before, after, result)` compares the battle's state before and after a resolved round and
  reads the result's summaries: killed, ran away, armor damaged or destroyed, weapons alerted or unalerted,
  chits fatigued by a spell, the horse lost, fame, notoriety and gold from kills, hirelings killed or turned
  rebel. Wounds and fatigue owed are not certain until the player picks the chits, so they come from
  `chit_changes` when the choice is recorded.
- Each character's changes are `lines` (what the GM reads in the history) and `changes` (what to do to the
  character's state). `apply(state, changes)` does them and returns `ops`, each holding the value it
  replaced; `undo(state, ops)` puts those values back, which is how voiding a round takes its outcome away.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass
class CharacterOutcome:
    lines: list[str] = field(default_factory=list)
    changes: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.lines or self.changes)

    def set(self, key: str, value: Any, item: str | None = None) -> None:
        self.changes.append({"op": "set", "key": key, "item": item, "value": value})

    def add(self, key: str, amount: float) -> None:
        if amount:
            self.changes.append({"op": "add", "key": key, "amount": number(amount)})

    def remove(self, key: str, item: str) -> None:
        self.changes.append({"op": "remove", "key": key, "item": item})


def number(value: float) -> int | float:
    """A whole number as an int; a share of a divided bounty to two decimals."""
    rounded = round(float(value), 2)
    return int(rounded) if rounded == int(rounded) else rounded


# --- comparing the battle's state --------------------------------------------------------------------


def _entries(battle_state: dict[str, Any] | None, kind: str) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in (battle_state or {}).get("state", {}).get(kind, [])}


def character_entry(battle_state: dict[str, Any] | None, character_id: str) -> dict[str, Any] | None:
    return _entries(battle_state, "characters").get(character_id)


def _chit_id(chit: Any, label_counts: dict[str, int]) -> tuple[str, str, str]:
    """(id, label, state) of a chit however the state writes it (a label, or {id, label, state})."""
    label = chit if isinstance(chit, str) else chit["label"]
    label_counts[label] = label_counts.get(label, 0) + 1
    default = label if label_counts[label] == 1 else f"{label} #{label_counts[label]}"
    if isinstance(chit, str):
        return default, label, "fresh"
    return chit.get("id") or default, label, chit.get("state", "fresh")


def _chit_states(entry: dict[str, Any] | None) -> dict[str, str]:
    counts: dict[str, int] = {}
    states = {}
    for chit in (entry or {}).get("chits", []):
        chit_id, _, state = _chit_id(chit, counts)
        states[chit_id] = state
    return states


def _horse(entry: dict[str, Any] | None) -> tuple[str | None, bool]:
    horse = (entry or {}).get("horse")
    if not horse:
        return None, False
    if isinstance(horse, str):
        return horse, False
    return horse.get("counter"), bool(horse.get("dead"))


def character_changes(before: dict[str, Any] | None, after: dict[str, Any] | None) -> CharacterOutcome:
    """What changed in one character's battle entry: chits, armor, weapons, horse, killed, ran away."""
    outcome = CharacterOutcome()
    if after is None:
        return outcome
    before = before or {}
    old_chits, new_chits = _chit_states(before), _chit_states(after)
    for chit_id, state in new_chits.items():
        old = old_chits.get(chit_id, "fresh")
        if state == old:
            continue
        outcome.set("chits", None if state == "fresh" else state, item=chit_id)
        for counted, key in (("wounded", "wounds"), ("fatigued", "fatigue")):
            outcome.add(key, (state == counted) - (old == counted))
        outcome.lines.append(f"{chit_id} {state}" if state != "fresh" else f"{chit_id} fresh again")
    old_armor = {a["name"]: a.get("state", "intact") for a in before.get("armor", [])}
    new_armor = {a["name"]: a.get("state", "intact") for a in after.get("armor", [])}
    for name, old in old_armor.items():
        new = new_armor.get(name, "destroyed")
        if new != old:
            outcome.set("armor", new, item=name)
            outcome.lines.append(f"{name} {new}")
    old_weapons = {w["name"]: bool(w.get("alerted")) for w in before.get("weapons", [])}
    for weapon in after.get("weapons", []):
        alerted = bool(weapon.get("alerted"))
        if old_weapons.get(weapon["name"], False) != alerted:
            outcome.set("weapons", "alerted" if alerted else "unalerted", item=weapon["name"])
            outcome.lines.append(f"{weapon['name']} {'alerted' if alerted else 'unalerted'}")
    old_horse, old_dead = _horse(before)
    new_horse, new_dead = _horse(after)
    if old_horse and not old_dead and (new_dead or not new_horse):
        outcome.set("horse", None)
        outcome.lines.append(f"Horse lost: {old_horse} killed")
    if after.get("dead") and not before.get("dead"):
        outcome.set("killed", True)
    if after.get("fled") and not before.get("fled"):
        outcome.lines.append("Ran away from the battle")
    return outcome


def _hireling_names(denizen: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys([denizen["id"], denizen.get("counter") or denizen["id"]]))


def round_changes(before: dict[str, Any], after: dict[str, Any], result: dict[str, Any]) -> dict[str, CharacterOutcome]:
    """Every character's outcome of one resolved round, by the character's battle id (its counter's name)."""
    summaries = {s["character"]: s for s in (result or {}).get("summaries", [])}
    killers = {kill["victim"]: kill.get("killers", []) for kill in (result or {}).get("kills", [])}
    old_characters, new_characters = _entries(before, "characters"), _entries(after, "characters")
    old_denizens, new_denizens = _entries(before, "denizens"), _entries(after, "denizens")
    outcomes: dict[str, CharacterOutcome] = {}
    for character_id, entry in new_characters.items():
        outcome = character_changes(old_characters.get(character_id), entry)
        if any(change["key"] == "killed" for change in outcome.changes):
            by = killers.get(character_id)
            outcome.lines.insert(0, f"Killed by {' and '.join(by)}" if by else "Killed")
        summary = summaries.get(character_id, {})
        kills = list(summary.get("kills") or [])
        if kills:
            scored = [f"{number(summary.get(key) or 0):+g} {key}" for key in ("fame", "notoriety", "gold")
                      if number(summary.get(key) or 0)]
            outcome.lines.append(f"Killed {', '.join(kills)}" + (f": {', '.join(scored)}" if scored else ""))
        for key in ("fame", "notoriety", "gold"):
            outcome.add(key, float(summary.get(key) or 0))
        for denizen_id, old in old_denizens.items():
            if old.get("hired_by") != character_id or old.get("dead"):
                continue
            new = new_denizens.get(denizen_id, {"dead": True})
            if new.get("dead"):
                outcome.lines.append(f"Hireling lost: {denizen_id} killed")
            elif new.get("hired_by") != character_id:
                outcome.lines.append(f"Hireling lost: {denizen_id} rebelled")
            else:
                continue
            for name in _hireling_names(old):
                outcome.remove("hirelings", name)
        if outcome:
            outcomes[character_id] = outcome
    return outcomes


def chit_changes(before_entry: dict[str, Any] | None, after_entry: dict[str, Any] | None) -> CharacterOutcome:
    """The wounds and fatigue a character chose after a round (the chits the player picked)."""
    return character_changes(before_entry, after_entry)


# --- applying to Character.state and undoing ---------------------------------------------------------


def apply(state: dict[str, Any], changes: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The character's state with the changes made, and the ops to undo them (each with what it replaced)."""
    state = copy.deepcopy(state)
    ops = []
    for change in changes:
        key, item = change["key"], change.get("item")
        if change["op"] == "set":
            if item is None:
                before = state.get(key)
                state[key] = change["value"]
            else:
                mapping = state.setdefault(key, {})
                before = mapping.get(item)
                if change["value"] is None:
                    mapping.pop(item, None)
                else:
                    mapping[item] = change["value"]
            ops.append({**change, "before": before})
        elif change["op"] == "add":
            current = state.get(key) or 0
            new = number(max(0, current + change["amount"]))
            state[key] = new
            ops.append({**change, "amount": number(new - current)})
        elif change["op"] == "remove":
            items = list(state.get(key) or [])
            index = items.index(item) if item in items else None
            if index is not None:
                del items[index]
            state[key] = items
            ops.append({**change, "index": index})
    return state, ops


def undo(state: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """The character's state with `ops` (from `apply`) undone, last first."""
    state = copy.deepcopy(state)
    for op in reversed(ops):
        key, item = op["key"], op.get("item")
        if op["op"] == "set":
            if item is None:
                state[key] = op["before"]
            else:
                mapping = state.setdefault(key, {})
                if op["before"] is None:
                    mapping.pop(item, None)
                else:
                    mapping[item] = op["before"]
        elif op["op"] == "add":
            state[key] = number((state.get(key) or 0) - op["amount"])
        elif op["op"] == "remove" and op.get("index") is not None:
            items = list(state.get(key) or [])
            items.insert(op["index"], item)
            state[key] = items
    return state
