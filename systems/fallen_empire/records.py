"""A Fallen Empire character's record between battles (systems/records.py; docs/systems/fallen-empire.md,
"Between battles: the character's record", rulings R32-R35). Pure: no Django.

The record keeps, in the campaign's keys where the meaning is the same (every other key is left alone):
    wounds    the hit points he lacks (`max_hp` - `hp`, FE 1): blows, bandages, a joust's injury (FE J.8)
    armor     his shield by name ("Plain shield", "Magic shield", "Rowan shield"): "destroyed" once splintered
              (FE 11.2, 11.4), "damaged" once a magic shield is spent (FE 11.3)
    killed    True once dead (systems.records.KILLED)
Down, knocked out, fled, surrendered and bandages used are said in words only (rulings R32, R33).

A melee round sets `wounds` and the shield to what the round left, so the record is what the state says; a
joust adds the injury's damage to `wounds` (a joust keeps no hit points). A joust reads nothing from a record:
a pool is the hit dice (FE J.1)."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from systems.fallen_empire.harm import DEAD_AT
from systems.fallen_empire.melee_adjustments import leave_melee
from systems.fallen_empire.model import CHARACTER_ROLES
from systems.errors import FieldError
from systems.interface import Field, PlaysForm
from systems.records import KILLED, RecordChange, whole_number_errors

WOUNDS, ARMOR = "wounds", "armor"
LOWEST_HP = -100  # round.schema.json


# --- reading a record into a battle's starting state ------------------------------------------------------


def record_form(record: Mapping[str, Any], name: str = "") -> PlaysForm:
    """The hit points a character is missing, as the GM edits them between battles (rest and healing heal
    them, FE 11); a shield's state stays the battle's to change (ruling R32)."""
    return PlaysForm(side="", title="Between battles", fields=(
        Field("wounds", "number", "Hit points missing", None, "Below the character's maximum (ruling R32); 0 when "
              "whole.", required=False, minimum=0, maximum=999),
    ))


def new_record() -> dict[str, Any]:
    """Whole, with no shield spent or splintered, alive (ruling R32)."""
    return {"wounds": 0, "armor": {}, KILLED: False}


def check_record(record: Mapping[str, Any]) -> list[FieldError]:
    """The hit points a character is missing (`wounds`) are a whole number of 0 or more; `armor` maps a shield's
    name to its state (ruling R32)."""
    errors = whole_number_errors(record, ("wounds",), least=0)
    if not isinstance(record.get("armor", {}), Mapping):
        errors.append(FieldError("armor", "must be an object of name → state"))
    return errors


def with_records(round_input: Mapping[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The starting state with each combatant named in `records` as his record says (a melee; a joust reads
    nothing, ruling R35). What a record does not say, and keys it does not know, leave the entry as it is."""
    state = copy.deepcopy(dict(round_input))
    if state.get("kind") != "melee":
        return state
    for entry in state.get("combatants", []):
        record = records.get(entry.get("name"))
        if isinstance(record, Mapping):
            _start(state, entry, record)
    return state


def _start(state: dict[str, Any], entry: dict[str, Any], record: Mapping[str, Any]) -> None:
    """Ruling R34: the record's wounds are hit points he lacks (an entry the GM wrote lower stays lower);
    its shield destroyed is gone, damaged is a spent magic shield; killed is dead."""
    wounds = record.get(WOUNDS)
    if isinstance(wounds, int) and not isinstance(wounds, bool) and wounds >= 0:
        entry["hp"] = min(entry["hp"], max(LOWEST_HP, entry["max_hp"] - wounds))
    shield = entry.get("shield")
    armor = record.get(ARMOR)
    if shield and isinstance(armor, Mapping):
        condition = armor.get(shield_name(shield))
        if condition == "destroyed":
            entry["shield"] = None
        elif condition == "damaged" and shield.get("kind") == "magic":
            entry["shield"] = {**shield, "spent": True, "bonus": 1}
    status = _starting_status(entry, record)
    if status != _status(entry):
        entry.update(status=status, wakes=None)
        leave_melee(state, entry)


def _starting_status(entry: Mapping[str, Any], record: Mapping[str, Any]) -> str:
    """Killed is dead; one in the fight at 0 hit points or less is stable if a character (he lived until this
    battle: ruling R33), dead at -11 or less or if not a character (FE 12.1, 12.2)."""
    if record.get(KILLED) is True:
        return "dead"
    status, hp = _status(entry), entry["hp"]
    if status != "fighting" or hp > 0:
        return status
    return "stable" if entry.get("role", "pc") in CHARACTER_ROLES and hp > DEAD_AT else "dead"


# --- what a round did to the records ----------------------------------------------------------------------


def record_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                   output: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """One RecordChange per combatant (jouster) whose record the round (pass) changed, or who went down, was
    knocked out, fled, surrendered or used up bandages (said in words)."""
    if before.get("kind") == "joust":
        return _joust_changes(before, after)
    now = {entry["name"]: entry for entry in after.get("combatants", [])}
    events = output.get("events", ())
    changes = (_melee_change(entry, now[entry["name"]], events)
               for entry in before.get("combatants", []) if entry["name"] in now)
    return tuple(change for change in changes if change)


def _melee_change(was: Mapping[str, Any], now: Mapping[str, Any], events) -> RecordChange:
    change = RecordChange(now["name"])
    old_hp, new_hp = standing_hp(was), standing_hp(now)
    if new_hp != old_hp:
        change.set(WOUNDS, now["max_hp"] - new_hp)
        change.lines.append(_hp_line(old_hp, new_hp, now["max_hp"], waking=_status(now) == "unconscious"))
    old_shield, new_shield = was.get("shield"), now.get("shield")
    if old_shield and shield_condition(new_shield) != shield_condition(old_shield):
        name, condition = shield_name(new_shield or old_shield), shield_condition(new_shield)
        change.set(ARMOR, condition, item=name)
        change.lines.append(f"{name} {SHIELD_LINES[condition]}")
    used = was.get("bandages", 0) - now.get("bandages", 0)
    if used > 0:
        change.lines.append(f"Used up {used} suppl{'ies' if used != 1 else 'y'} of bandages "
                            f"({now.get('bandages', 0)} left, FE 10.2)")
    status = _status(now)
    if status == "dead" and _status(was) != "dead":
        change.set(KILLED, True)
    if status != _status(was):
        change.lines.append(STATUS_LINES.get(status, _up_again)(now, events))
    return change


def _hp_line(old: int, new: int, max_hp: int, *, waking: bool) -> str:
    count = abs(new - old)
    return (f"{'Lost' if new < old else 'Healed'} {count} hit point{'s' if count != 1 else ''} "
            f"({old} → {new} of {max_hp}{' on waking' if waking else ''})")


def _killed_line(entry: Mapping[str, Any], events) -> str:
    by = _by(events, entry["name"], "death")
    if by:
        return f"Killed by {by}"
    if any(event.get("kind") == "death" and event.get("rule") == "FE 12.3" and entry["name"] in event.get("actors", ())
           for event in events):
        return "Died of wounds: failed the save or die (FE 12.3)"
    return "Killed"


def _knocked_out_line(entry: Mapping[str, Any], events) -> str:
    by = _by(events, entry["name"], "down")
    wakes = entry.get("wakes")
    when = f"wakes in {wakes['turns']} turns with {wakes['hp']} hit points" if wakes else "when he wakes is the GM's"
    return f"Knocked out{f' by {by}' if by else ''}: {when} (FE 12.6)"


def _up_again(entry: Mapping[str, Any], events) -> str:
    hp = entry["hp"]
    return f"Up again at {hp} hit point{'s' if hp != 1 else ''}: back in the fight (FE 10.2)"


SHIELD_LINES = {"destroyed": "splintered: shattered and gone (FE 11.2)",
                "damaged": "spent: nonmagical for the rest of the day, bonus 1 (FE 11.3)", "intact": "intact"}
STATUS_LINES = {
    "dead": _killed_line,
    "unconscious": _knocked_out_line,
    "dying": lambda entry, events: f"Dying at {entry['hp']} hit points: saves or dies at the end of each round "
                                   "(FE 12.2, 12.3)",
    "stable": lambda entry, events: f"Stable at {entry['hp']} hit points: no more saves; cannot fight or cast "
                                    "(FE 12.4)",
    "fled": lambda entry, events: "Fled the battle (FE 4.4)",
    "surrendered": lambda entry, events: "Surrendered: what the captors do is the GM's (FE 10.3)",
}


def _joust_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """The injury of FE J.8 (ruling R35): its damage is wounds; being out of the tournament or ejected from it
    is said in words. Unhorsing (FE J.6) leaves nothing on the record."""
    outcome = after.get("outcome")
    if before.get("outcome") or not outcome:
        return ()
    names = [jouster["name"] for jouster in before["jousters"]]
    result = []
    for name in names:
        other = next(jouster for jouster in names if jouster != name)
        change = RecordChange(name)
        damage = outcome.get("damage", {}).get(name)
        if name in outcome.get("injured", ()) and damage:
            change.add(WOUNDS, damage)
            change.lines.append(f"Lost {damage} hit point{'s' if damage != 1 else ''}: injured by {other}'s lance in "
                                "the joust; out of the tournament to recover (FE J.8)")
        if name in outcome.get("ejected", ()):
            change.lines.append(f"Ejected from the tournament, dishonoured, for injuring {other} (FE J.8)")
        if change:
            result.append(change)
    return tuple(result)


# --- small readers ----------------------------------------------------------------------------------------


def _status(entry: Mapping[str, Any]) -> str:
    return entry.get("status", "fighting")


def standing_hp(entry: Mapping[str, Any]) -> int:
    """His hit points as the next battle finds him: the unconscious wake with the waking throw (1 when none
    was thrown), as the hand adjustment `wake` does (FE 12.6, ruling R33)."""
    if _status(entry) != "unconscious":
        return entry["hp"]
    return min(max(entry["hp"], (entry.get("wakes") or {}).get("hp", 1)), entry["max_hp"])


def shield_name(shield: Mapping[str, Any]) -> str:
    """The shield's name in the record's `armor`: "Plain shield", "Magic shield", "Rowan shield"."""
    return f"{shield.get('kind', 'plain').capitalize()} shield"


def shield_condition(shield: Mapping[str, Any] | None) -> str:
    """The shield in the words of the record's `armor` (as Magic Realm's armor): intact, damaged, destroyed."""
    if not shield:
        return "destroyed"
    return "damaged" if shield.get("spent") else "intact"


def _by(events, name: str, kind: str) -> str | None:
    """Who brought `name` down in the round's last event of `kind` about him (its first actor)."""
    for event in reversed(list(events)):
        actors = list(event.get("actors", ()))
        if event.get("kind") == kind and len(actors) > 1 and actors[-1] == name and actors[0] != name:
            return actors[0]
    return None
