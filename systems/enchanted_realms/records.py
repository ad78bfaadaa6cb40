"""An Enchanted Realms campaign character's record between battles (systems/records.py; docs/systems/
enchanted-realms.md, "Between battles: the character's record", rulings R7 and R8). Pure.

The record keeps, in the round file's own words, what a battle leaves on a combatant that a GM carries to the
next one: `hp`, the hit points the battle left (R8: the value, not a difference, since the round file keeps no
maximum); `static_pp`, the static Protective Points (armor damaged, a shield lost: only the GM's hand changes
them, ER 3); and `killed` (R7: brought down by a blow). A combatant put down by the GM's hand with hit points
left is out of that fight only, and the record does not keep it. Everything else on the sheet (initiative
modifier, attacks) is the GM's to enter for each battle."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from systems.errors import FieldError
from systems.interface import Field, PlaysForm
from systems.records import KILLED, RecordChange, is_killed, whole_number_errors

KEPT = ("hp", "static_pp")  # the combatant's entry keys a record sets, by the same name


def record_form(record: Mapping[str, Any], name: str = "") -> PlaysForm:
    """Hit points and static Protective Points, as the GM edits them between battles (healing, new armor)."""
    return PlaysForm(side="", title="Between battles", fields=(
        Field("hp", "number", "Hit points", None, "What the last battle left (0 or less: down). Empty: as each "
              "battle's starting state says.", required=False, minimum=-100, maximum=999),
        Field("static_pp", "number", "Static Protective Points", None, "Armor and shield (ER 3). Empty: as each "
              "battle's starting state says.", required=False, minimum=0, maximum=99),
    ))


def check_record(record: Mapping[str, Any]) -> list[FieldError]:
    """Hit points are a whole number (0 or less: down); static Protective Points a whole number of 0 or more."""
    return whole_number_errors(record, ("hp",)) + whole_number_errors(record, ("static_pp",), least=0)


def with_records(round_input: Mapping[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The battle's starting state with each combatant named in `records` as its record says: its hit points and
    static Protective Points, and down if it was killed or has no hit points left (ER 8)."""
    state = copy.deepcopy(dict(round_input))
    for entry in state.get("combatants", []):
        record = records.get(entry.get("name")) or {}
        for key in KEPT:
            if _whole_number(record.get(key)):
                entry[key] = record[key]
        if is_killed(record) or (_whole_number(record.get("hp")) and record["hp"] <= 0):
            entry["down"] = True
    return state


def record_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                   output: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """What the battle did to each combatant's record between two of its states: killed (R7), hit points lost
    or regained, static Protective Points lost or gained."""
    was = {entry["name"]: entry for entry in before.get("combatants", [])}
    killers = _killers(output)
    changes = []
    for entry in after.get("combatants", []):
        old = was.get(entry["name"])
        if old is None:
            continue
        change = RecordChange(entry["name"])
        if entry.get("down") and entry["hp"] <= 0 and not old.get("down"):
            killer = killers.get(entry["name"])
            change.lines.append(f"Killed by {killer}" if killer else "Killed")
            change.set(KILLED, True)
        _kept(change, "hp", old, entry, "hit point", "{0} → {1}")
        _kept(change, "static_pp", old, entry, "Protective Point", "static {0} → {1}")
        if change:
            changes.append(change)
    return tuple(changes)


def _kept(change: RecordChange, key: str, old: Mapping[str, Any], new: Mapping[str, Any], unit: str,
          values: str) -> None:
    """The record's `key` set to the entry's new value, with a line saying how many were lost or regained."""
    if old[key] == new[key]:
        return
    step = new[key] - old[key]
    verb = ("Regained" if key == "hp" else "Gained") if step > 0 else "Lost"
    count = abs(step)
    change.lines.append(f"{verb} {count} {unit}{'' if count == 1 else 's'} ({values.format(old[key], new[key])})")
    change.set(key, new[key])


def _killers(output: Mapping[str, Any]) -> dict[str, str]:
    """Who struck the blow that brought each combatant down this round (the log's `down` events: ER 8)."""
    return {event["actors"][1]: event["actors"][0] for event in (output or {}).get("events", [])
            if event.get("kind") == "down" and len(event.get("actors", ())) == 2}


def _whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
