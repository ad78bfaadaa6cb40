"""A Magic Realm battle begun before its campaigns moved to the systems interface's pages, carried over (issue
#11; systems/old_battles.py says what each function is for). Such a battle kept the battle app's own round
format: its state `{"state", "sheets"}` (no `format`, `rules` or `encounter`: the round file was built when a
round resolved, combat/round_file.py before it was removed), each side's plays as the app's form kept them, keyed
by character (target, target_part, attack, maneuver, rider_maneuver, shield_box, positions, hirelings and the
encounter choices: lures, deployments, charge, run, alert, cast), and the GM's entries for a round beside it
(`battling`, `watchful`, `meetings`, `meeting_table`, `choices`, `gm_rulings`).

- `battle_from_old`: the state the interface keeps between rounds, as `battle_state.next_round_input` leaves it
  (the targets of the fallen released, the sheets that follow, the encounter section the next round inherits),
  with the spells the campaign records for each character written in, as the old round file wrote them;
- `answers_from_old` / `gm_answers_from_old`: answers to the plays form (or the GM's entries) that `fill` writes
  back to where the old round file put those plays, and in words what of the draft no answer can say;
- `round_input_from_old`: the round file the app's own path resolved for a round (its plays written as it wrote
  them, hirelings retargeted in the state), for a round that waited: replayed with its seed, it waits again.

Pure Python: no Django."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from systems.errors import FieldError, PlaysInvalid
from systems.interface import GM, Field, PlaysForm, answers_that_apply, fill
from systems.magic_realm.battle_state import (full_state, has_unassigned_denizens, release_targets_of_the_fallen,
                                              sheets_for)
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.form import plays_form
from systems.paths import MISSING, get_path, set_path

FORMAT = "herald-round/1"
# What the GM typed for a round that the GM's form does not ask (it is carried in the state instead).
KEPT_IN_THE_STATE = ("watchful", "meeting_table", "choices")
# The keys of a side's stored plays that the round file's `plays` entry takes (combat/round_file.py engine_play).
ENGINE_PLAY = ("target", "target_part", "attack", "maneuver", "rider_maneuver", "shield_box")

OldAnswers = tuple[dict[str, Any], tuple[str, ...]]


# --- the battle's state -----------------------------------------------------------------------------------


def battle_from_old(old_state: Mapping[str, Any], previous: Mapping[str, Any] | None = None,
                    entries: Mapping[str, Any] | None = None,
                    starting: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The state between rounds, in the interface's format, of an old battle's state `{"state", "sheets"}`.
    `previous`: the state the battle's last resolved round ended in (its replay's `Resolution.state`), whose
    rules and encounter section the next round inherits (groups battling for the day, watchful natives, the GM's
    Meeting table); None before round 1. `entries`: the GM's entries of the round about to be played (the old
    `Round.encounter`), of which what the GM's form does not ask (watchful natives, the Meeting table, a
    player's choice entered ahead, rulings) is kept in the state. `starting`: what each campaign character's
    starting information gives a battle (`starting_record`), by character: his recorded spells replace those
    of his entry, as the old round file wrote them each round. PlaysInvalid naming `state` when it is no old
    Magic Realm state."""
    if not isinstance(old_state, Mapping) or not isinstance(old_state.get("state"), Mapping):
        raise PlaysInvalid([FieldError("state", "an old battle's state is {\"state\": ..., \"sheets\": [...]}")])
    state = copy.deepcopy(dict(old_state["state"]))
    release_targets_of_the_fallen(state)
    _write_spells(state, starting or {})
    previous = previous or {}
    converted: dict[str, Any] = {"format": previous.get("format", FORMAT), "rules": previous.get("rules", "standard"),
                                 "state": state, "sheets": sheets_for(full_state(state))}
    encounter = copy.deepcopy(dict(previous.get("encounter") or {}))
    entries = entries or {}
    for key in KEPT_IN_THE_STATE:
        if entries.get(key):
            encounter[key] = copy.deepcopy(entries[key])
    if entries.get("gm_rulings"):
        converted["gm_rulings"] = [dict(ruling) for ruling in entries["gm_rulings"]]
    if encounter or has_unassigned_denizens(state):
        converted["encounter"] = encounter
    return converted


def _write_spells(state: dict[str, Any], starting: Mapping[str, Mapping[str, Any]]) -> None:
    """Each character's recorded spells (each once, a name the catalogue does not know left out) in his entry;
    none recorded: no `spells`. A character `starting` does not name keeps his entry's."""
    for entry in state.get("characters", []):
        if entry.get("id") not in starting:
            continue
        names = []
        for name in (starting[entry["id"]] or {}).get("spells") or []:
            try:
                names.append(get_catalogue().spell(name).name)
            except LookupError:
                continue
        if names:
            entry["spells"] = list(dict.fromkeys(names))
        else:
            entry.pop("spells", None)


# --- a side's draft as answers ---------------------------------------------------------------------------


def answers_from_old(round_input: dict[str, Any], side: str, old_plays: Mapping[str, Any] | None) -> OldAnswers:
    """Answers to `plays_form(round_input, side)` for the side's old draft, and what of it no answer says."""
    items = side_items(side, old_plays or {})
    return _answered(round_input, plays_form(round_input, side), items, side)


def gm_answers_from_old(round_input: dict[str, Any], entries: Mapping[str, Any] | None) -> OldAnswers:
    """Answers to the GM's entries form (`plays_form(round_input, GM)`) for the old round's GM entries (the
    native groups battling this evening, the Meeting table rolls), and what of them no answer says (what the
    state already holds, `battle_from_old`, is said)."""
    items = gm_items(entries or {})
    return _answered(round_input, plays_form(round_input, GM), items, GM)


def side_items(side: str, plays: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
    """Each part of an old draft as (where the old round file put it, its value, in words); parts not played
    (None, "", a box not chosen) are left out."""
    items: list[tuple[str, Any, str]] = []

    def add(path: str, value: Any, words: str) -> None:
        if value not in (None, "", {}, []):
            items.append((path, value, words))

    at = f"plays.{side}"
    add(f"{at}.target", plays.get("target"), f"the target {plays.get('target')}")
    add(f"{at}.target_part", plays.get("target_part"), f"aimed at the {plays.get('target_part')}")
    for key, what in (("attack", "attack"), ("maneuver", "maneuver"), ("rider_maneuver", "rider's own maneuver")):
        played = plays.get(key) or {}
        for part in ("chit", "horse", "weapon", "spell", "box"):
            add(f"{at}.{key}.{part}", played.get(part), f"the {what}'s {part} {played.get(part)}")
    add(f"{at}.shield_box", plays.get("shield_box"), f"the shield in box {plays.get('shield_box')}")
    for attacker, box in (plays.get("positions") or {}).items():
        add(f"sheets[owner={side}].attackers[combatant={attacker}].box", _int(box), f"{attacker} in box {box}")
    encounter = plays.get("encounter") or {}
    deployed = {**(plays.get("hirelings") or {}), **(encounter.get("deployments") or {})}
    for hireling, target in deployed.items():
        add(f"encounter.deployments[hireling={hireling}].target", target, f"{hireling} against {target}")
    for denizen in encounter.get("lures") or []:
        add(f"encounter.lures[denizen={denizen}].lurer", side, f"{denizen} lured")
    charge = encounter.get("charge") or {}
    if charge.get("target"):
        add(f"encounter.charges[character={side}]", {"character": side, **_given(charge)},
            f"a charge on {charge['target']} with {_mover_words(charge)}")
    if encounter.get("run"):
        add(f"encounter.actions[character={side}].run", _given(encounter["run"]),
            f"running away with {_mover_words(encounter['run'])}")
    for key, name in (("alert", "weapon"), ("cast", "spell")):
        action = encounter.get(key) or {}
        if action.get(name):
            add(f"encounter.actions[character={side}]", {key: action[name], **_given({"chit": action.get("chit")})},
                f"{'alerting' if key == 'alert' else 'casting'} {action[name]}"
                + (f" with {action['chit']}" if action.get("chit") else ""))
    return items


def gm_items(entries: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
    """The old GM entries the GM's form asks, as (path, value, words): each group battling a character, each
    Meeting table roll (with its die modifier)."""
    items = []
    for entry in entries.get("battling") or []:
        group, character = entry.get("group"), entry.get("character")
        items.append((f"encounter.battling[group={group}][character={character}]",
                      {"group": group, "character": character}, f"the {group} battle the {character}"))
    for entry in entries.get("meetings") or []:
        group, character = entry.get("group"), entry.get("character")
        items.append((f"encounter.meetings[group={group}][character={character}]", _given(dict(entry)),
                      f"the {character} rolls on the Meeting table against the {group}"))
    return items


def _answered(round_input: dict[str, Any], form: PlaysForm, items: list[tuple[str, Any, str]],
              side: str) -> OldAnswers:
    virtual: dict[str, Any] = {}
    for path, value, _ in items:
        set_path(virtual, path, copy.deepcopy(value))
    answers: dict[str, Any] = {}
    for field in form.fields:
        value = get_path(virtual, field.path) if field.path else MISSING
        picked = _picked(field, value) if value is not MISSING else MISSING
        if picked is not MISSING:
            answers[field.name] = picked
    if any(field.name == "encounter_play" for field in form.fields):
        play = _encounter_play(virtual, side)
        if play in [choice.value for choice in form.field("encounter_play").choices]:
            answers = {"encounter_play": play, **answers}
    answers = answers_that_apply(form, answers)
    filled = fill(round_input, form, answers)
    applying = {field.path for field in form.fields if field.name in answers}
    left = tuple(words for path, value, words in items
                 if not _holds(get_path(filled, path), value) and not _meaningless(path, value, form, applying))
    return answers, left


def _picked(field: Field, value: Any) -> Any:
    """The field's answer for the value the old draft put at its path: the choice that is it (or, for a choice
    of several keys, whose keys it has), the number or text; MISSING when the field takes no such value."""
    if value is None:
        return MISSING
    if field.kind == "number":
        return value if isinstance(value, int) and not isinstance(value, bool) else MISSING
    if field.kind == "text":
        return value if isinstance(value, str) else MISSING
    if field.kind == "multi-choice":
        values = value if isinstance(value, list) else [value]
        picked = [_choice(field, each) for each in values]
        return picked if picked and MISSING not in picked else MISSING
    return _choice(field, value)


def _choice(field: Field, value: Any) -> Any:
    for choice in field.choices:
        if choice.value == value:
            return choice.value
    for choice in field.choices:
        if isinstance(choice.value, dict) and _holds(value, choice.value):
            return choice.value
    return MISSING


def _encounter_play(virtual: Mapping[str, Any], side: str) -> str:
    """The encounter play the old draft makes: a charge, an action (run, alert, cast), both, or none."""
    encounter = virtual.get("encounter") or {}
    charges = any(entry.get("character") == side for entry in encounter.get("charges") or [])
    action = next((key for entry in encounter.get("actions") or [] if entry.get("character") == side
                   for key in ("run", "alert", "cast") if key in entry), None)
    if charges:
        return f"charge_{action}" if action else "charge"
    return action or "none"


def _meaningless(path: str, value: Any, form: PlaysForm, applying: set[str]) -> bool:
    """The old form's "aimed at the horse" for a target on foot: the target itself, which the plays form says
    by asking nothing."""
    return path.endswith(".target_part") and value == "horse" and path not in applying


def _holds(actual: Any, expected: Any) -> bool:
    """`actual` is `expected`, or (a dict) has every key of it with its value."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(_holds(actual.get(key, MISSING), item)
                                                for key, item in expected.items())
    return actual is not MISSING and actual == expected


def _given(item: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if value not in (None, "")}


def _mover_words(item: Mapping[str, Any]) -> str:
    return f"the horse, {item['horse']}" if item.get("horse") else str(item.get("chit"))


def _int(value: Any) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


# --- the round file the app's own path resolved ------------------------------------------------------------


def round_input_from_old(round_input: dict[str, Any], plays_by_side: Mapping[str, Mapping[str, Any]],
                         entries: Mapping[str, Any] | None) -> dict[str, Any]:
    """The round input with every side's old draft and the GM's old entries written as the app's own path wrote
    its round file (combat/round_file.py `build_input`): each side's `plays` entry, the attackers it placed on
    its sheet, its hirelings retargeted in the state (the sheets drawn again), the encounter section from the
    sides' encounter choices and the GM's entries, the GM's rulings. `round_input` is the round's input in the
    interface's format (`with_options` of `battle_from_old`)."""
    data = copy.deepcopy(dict(round_input))
    state = data["state"]
    plays_by_side = {side: dict(plays or {}) for side, plays in plays_by_side.items()}
    sheets = data.get("sheets", [])
    if release_targets_of_the_fallen(state):
        sheets = sheets_for(full_state(state))
    if any(plays.get("hirelings") for plays in plays_by_side.values()):
        _retarget_hirelings(state, plays_by_side)
        sheets = sheets_for(full_state(state))
    data["sheets"] = [{**sheet, "attackers": [
        {**attacker, "box": _int(((plays_by_side.get(sheet["owner"]) or {}).get("positions") or {})
                                 .get(attacker["combatant"], attacker.get("box")))}
        for attacker in sheet.get("attackers", [])]} for sheet in sheets]
    data["plays"] = {side: {key: plays[key] for key in ENGINE_PLAY if plays.get(key) not in (None, "", {})}
                     for side, plays in plays_by_side.items()}
    entries = entries or {}
    if entries.get("gm_rulings"):
        data["gm_rulings"] = [dict(ruling) for ruling in entries["gm_rulings"]]
    section = _encounter_section(plays_by_side, entries)
    if section or has_unassigned_denizens(state):
        data["encounter"] = section
    else:
        data.pop("encounter", None)
    return data


def _retarget_hirelings(state: dict[str, Any], plays_by_side: Mapping[str, Mapping[str, Any]]) -> None:
    for owner, plays in plays_by_side.items():
        for hireling, target in (plays.get("hirelings") or {}).items():
            for denizen in state.get("denizens", []):
                if denizen["id"] == hireling and denizen.get("hired_by") == owner and target:
                    denizen["target"] = target


def _encounter_section(plays_by_side: Mapping[str, Mapping[str, Any]], entries: Mapping[str, Any]) -> dict[str, Any]:
    """The round file's `encounter` section as the app's own path built it (combat/round_file.py
    `encounter_section`)."""
    section: dict[str, Any] = {}
    for character, plays in plays_by_side.items():
        choices = plays.get("encounter") or {}
        for denizen in choices.get("lures") or []:
            section.setdefault("lures", []).append({"lurer": character, "denizen": denizen})
        for hireling, target in (choices.get("deployments") or {}).items():
            if target:
                section.setdefault("deployments", []).append({"hireling": hireling, "target": target})
        charge = choices.get("charge") or {}
        if charge.get("target"):
            section.setdefault("charges", []).append({"character": character, **charge})
        if choices.get("run"):
            section.setdefault("actions", []).append({"character": character, "run": choices["run"]})
        for key, name in (("alert", "weapon"), ("cast", "spell")):
            action = choices.get(key) or {}
            if action.get(name):
                chit = {"chit": action["chit"]} if action.get("chit") else {}
                section.setdefault("actions", []).append({"character": character, key: action[name], **chit})
    for key in ("battling", "watchful"):
        if entries.get(key):
            section[key] = list(entries[key])
    if entries.get("choices"):
        section["choices"] = dict(entries["choices"])
    if entries.get("meetings"):
        section["meetings"] = [dict(meeting) for meeting in entries["meetings"]]
    if entries.get("meeting_table"):
        section["meeting_table"] = {column: list(rows) for column, rows in entries["meeting_table"].items()}
    return section


def wait_from_old(entries: Mapping[str, Any] | None) -> dict[str, Any]:
    """What an old round that waits kept of its wait (`choice_needed` or `rulings_needed`), as the system's
    `output` carries it; {} when it does not wait."""
    return {key: (entries or {})[key] for key in ("choice_needed", "rulings_needed") if (entries or {}).get(key)}
