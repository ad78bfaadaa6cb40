"""Checking the sides' plays before the round is resolved: the engine's errors in a round file, each
side's share of them by plays-form field, and the encounter step's errors by character and encounter-form
field (docs/encounter.md). The answers for the last few round files checked are kept (docs/performance.md).
"""

from __future__ import annotations

import copy
import json
import re
import threading
from collections import OrderedDict
from typing import Any

from systems.magic_realm.engine import encounter as engine
from systems.magic_realm.engine import melee, round_format
from systems.magic_realm.engine.melee import run_errors
from systems.magic_realm.engine.play import effort_errors


# Where an engine error path (after "plays.<character>.") shows on the side's form.
FIELD_FOR_PATH = {
    "target": "target",
    "target_part": "target_part",
    "attack": "attack_chit",
    "attack.chit": "attack_chit",
    "attack.weapon": "attack_weapon",
    "attack.spell": "attack_weapon",
    "attack.box": "attack_box",
    "maneuver": "maneuver",
    "maneuver.chit": "maneuver",
    "maneuver.horse": "maneuver",
    "maneuver.boots": "maneuver",
    "maneuver.box": "maneuver_box",
    "rider_maneuver": "rider_chit",
    "rider_maneuver.chit": "rider_chit",
    "rider_maneuver.box": "rider_box",
    "shield_box": "shield_box",
    "effort": "maneuver",  # the limit is passed by a maneuver chit beside the attack (issue #14.2c)
}


def validate(round_input: dict[str, Any], combatant_id: str) -> dict[str, str]:
    """The engine's errors for one side's plays, by form field; errors elsewhere in the round are not
    this side's concern. A malformed round file reports its path under "__all__"."""
    return side_errors(round_errors(round_input), combatant_id)


def round_errors(round_input: dict[str, Any]) -> tuple:
    """The engine's errors in a round file, every side's (`side_errors` picks one side's): a page that
    shows every side checks the round once, not once a side. The answer is kept for the last few round
    files this process checked (by their JSON text): reloading a round page whose drafts have not changed
    skips the schema and the engine's checks (docs/performance.md)."""
    key = json.dumps(round_input, sort_keys=True, default=str)
    with _CHECKED_LOCK:
        if key in _CHECKED:
            _CHECKED.move_to_end(key)
            return _CHECKED[key]
    errors = tuple(_round_errors(round_input))
    with _CHECKED_LOCK:
        _CHECKED[key] = errors
        if len(_CHECKED) > _CHECKED_SIZE:
            _CHECKED.popitem(last=False)
    return errors


_CHECKED: OrderedDict[str, tuple] = OrderedDict()
_CHECKED_LOCK = threading.Lock()
_CHECKED_SIZE = 64


def _round_errors(round_input: dict[str, Any]) -> list:
    try:
        round_file = round_format.read_round(_with_lured_on_sheets(round_input))
    except round_format.RoundFormatError as error:
        return list(error.errors)
    errors = melee.validate_round(round_file.round_input)
    # The effort limit over the whole round; encounter_errors shows those naming an encounter chit.
    return errors + [error for error in _effort_errors(round_file) if error.path.startswith("plays.")]


def side_errors(errors: list, combatant_id: str) -> dict[str, str]:
    """One side's share of `round_errors`, by form field."""
    return _errors_from(errors, combatant_id, include_foreign=False)


def _with_lured_on_sheets(round_input: dict[str, Any]) -> dict[str, Any]:
    """The round file as its melee will find the denizens this round's encounter step lures: each on its
    lurer's sheet (8.3.4), so that a side may attack the denizen it lures. Denizens assigned at random are
    not known before the round is resolved; the engine checks the melee again after the encounter step."""
    lures = [lure for lure in (round_input.get("encounter") or {}).get("lures", [])
             if isinstance(lure, dict) and lure.get("lurer") and lure.get("denizen")]
    placed = {attacker.get("combatant") for sheet in round_input.get("sheets", []) for attacker in sheet.get("attackers", [])}
    lures = [lure for lure in lures if lure["denizen"] not in placed]
    if not lures:
        return round_input
    sheets = copy.deepcopy(round_input.get("sheets", []))
    for lure in lures:
        sheet = next((sheet for sheet in sheets if sheet.get("owner") == lure["lurer"]), None)
        if sheet is None:
            sheet = {"owner": lure["lurer"], "attackers": []}
            sheets.append(sheet)
        if all(attacker.get("combatant") != lure["denizen"] for attacker in sheet["attackers"]):
            sheet["attackers"].append({"combatant": lure["denizen"], "box": None})
    return {**round_input, "sheets": sheets}


def _effort_errors(round_file):
    """At most two asterisks a round, the encounter step's chits and the melee's together (and a chit
    played once), from the engine's `play.effort_errors`."""

    return effort_errors(round_file)


def _errors_from(errors, combatant_id: str, *, include_foreign: bool) -> dict[str, str]:
    fields: dict[str, str] = {}
    prefix = f"plays.{combatant_id}."
    for error in errors:
        if getattr(error, "severity", "error") != "error":
            continue
        path = str(getattr(error, "path", "") or "")
        message = str(getattr(error, "message", error))
        if path.startswith(prefix):
            field = FIELD_FOR_PATH.get(path[len(prefix):], FIELD_FOR_PATH.get(path[len(prefix):].split(".")[0], "__all__"))
        elif path.startswith("sheets") and f"{combatant_id}" in path:
            field = "positions"
        elif include_foreign or path in ("", "rules") or not path.startswith(("plays.", "sheets")):
            field = "__all__"
        else:
            continue
        fields[field] = f"{fields[field]} {message}" if field in fields else message
    return fields


# --- the encounter step's errors (docs/encounter.md) ------------------------------------------------

ROUND_FIELD = ""  # the owner of an error that belongs to the GM's round-level entries

_INDEXED = re.compile(r"^(?:encounter\.)?(\w+)\[(\d+)\](?:\.(.*))?$")


def _encounter_field(path: str, owners) -> tuple[str, str]:
    """(character, form field) for an encounter error path such as `actions[0].run.chit`."""
    table_cell = re.match(r"^(?:encounter\.)?meeting_table\.(?:columns\.)?(\w+)", path)
    if table_cell:
        return ROUND_FIELD, f"meeting_{table_cell.group(1)}"
    match = _INDEXED.match(path)
    if not match:
        fields = (("battling", "battling"), ("meeting_table", "meetings"), ("choices", "choice"))
        return ROUND_FIELD, next((field for key, field in fields if key in path), "__all__")
    key, index, rest = match.group(1), int(match.group(2)), match.group(3) or ""
    if key in ("battling", "meetings"):
        return ROUND_FIELD, key
    owner = owners.get((key, index))
    if owner is None:
        return ROUND_FIELD, "__all__"
    character, field = owner
    if key == "charges" and rest.startswith("target"):
        field = "charge_target"
    elif key == "actions" and field != "run" and (rest == "" or rest.startswith("chit")):
        # encounter_from_round names the action itself for a chit that is not the character's
        field = {"alert_weapon": "alert_chit", "cast_spell": "cast_chit"}[field]
    return character, field


def encounter_errors(round_input: dict[str, Any], owners) -> dict[str, dict[str, str]]:
    """The encounter step's errors by character and form field ({"": {...}} for the GM's round-level
    entries), from the engine's `encounter_from_round`, `validate_encounter`, for a run, the melee
    rule that a red-side-up Tremendous monster on the sheet forbids running away (5.1, `run_errors`), and
    the effort limit over the round when it names an encounter chit."""
    if "encounter" not in round_input:
        return {}
    section = round_input["encounter"]

    try:
        round_file = round_format.read_round(round_input)
    except round_format.RoundFormatError as error:
        found = [e for e in error.errors if str(getattr(e, "path", "")).startswith("encounter")]
        return _by_field(((_encounter_field(str(e.path), owners), e.message) for e in found))
    parsed = round_file.round_input
    try:
        errors = engine.validate_encounter(engine.encounter_from_round(parsed, section))
    except engine.EncounterInvalid as invalid:
        errors = invalid.errors
    # The melee step's targets are the plays form's business: validate_round reports them there.
    found = [((_encounter_field(e.path, owners)), e.message) for e in errors if not e.path.startswith("targets[")]
    refused_runs = {owner for owner, _ in found if owner[1] == "run"}
    for index, action in enumerate(section.get("actions", [])):
        if "run" in action and (action["character"], "run") not in refused_runs:
            for error in run_errors(parsed, action["character"], f"actions[{index}].run"):
                found.append(((action["character"], "run"), error.message))
    found += [
        (_encounter_field(error.path, owners), error.message)
        for error in _effort_errors(round_file) if error.path.startswith("encounter.")
    ]
    return _by_field(found)


def _by_field(found) -> dict[str, dict[str, str]]:
    fields: dict[str, dict[str, str]] = {}
    for (character, field), message in found:
        side = fields.setdefault(character, {})
        if message not in side.get(field, ""):
            side[field] = f"{side[field]} {message}" if field in side else message
    return fields
