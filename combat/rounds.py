"""The bridge between the battle records and the engine: it builds the round file (docs/round-format.md)
from a battle's state and its sides' plays, asks the engine to validate or resolve it, and reads back
the new state and what each character owes.

Everything here works on plain dicts in the round-file format, so what the database stores, what the
task resolves and what `resolve_round FILE` reads are one and the same.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any

from combat.engine import encounter as engine
from combat.engine import melee, round_format
from combat.engine.catalogue_data import get_catalogue
from combat.engine.dice import SeededDice
from combat.engine.melee import run_errors
from combat.engine.model import ChitLabelError, parse_chit
from combat.engine.odds import attack_odds
from combat.engine.play import EncounterChoicePending, GmRulingPending, effort_errors, play_round
from combat.engine.round_format import ruling_needed_to_json, rules_to_json


# --- building the battle state -----------------------------------------------------------------------


def _catalogue():

    return get_catalogue()


def character_id(character) -> str:
    """How plays, sheets and the log name a campaign character: its counter's name."""
    return character.catalogue_name


def character_state(character) -> dict[str, Any]:
    """A campaign character as the round file's `state.characters[]` entry, from the catalogue counter
    and the character's recorded state (chits fatigued or wounded, armor, alerted weapons, horse)."""
    counter = _catalogue().character(character.catalogue_name)
    saved = character.state or {}
    chit_states = saved.get("chits") or {}
    seen: Counter[str] = Counter()
    chits = []
    for chit in counter.chits:
        seen[chit.label] += 1
        chit_id = chit.label if seen[chit.label] == 1 else f"{chit.label} #{seen[chit.label]}"
        state = chit_states.get(chit_id, "fresh")
        chits.append({"id": chit_id, "label": chit.label, "state": state if state in {"fresh", "fatigued", "wounded"} else "fresh"})
    weapon_states = saved.get("weapons") or {}
    weapons = [{"name": name, "alerted": weapon_states.get(name) == "alerted"} for name in _owned(counter.weapons, weapon_states)]
    armor_states = saved.get("armor") or {}
    armor = [
        {"name": name, "state": armor_states.get(name, "intact")}
        for name in _owned(counter.armor, armor_states)
        if armor_states.get(name, "intact") != "destroyed"
    ]
    horse = saved.get("horse")
    return {
        "id": character_id(character),
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


def _owned(starting: tuple[str, ...], recorded: dict[str, str]) -> list[str]:
    """The counter's starting items and any the character's state records beside them."""
    return list(dict.fromkeys([*starting, *recorded]))


def unique_ids(names: list[str], taken: set[str]) -> list[str]:
    """Distinct ids for counters of the same name: "Wolf", "Wolf #2", ..."""
    ids = []
    for name in names:
        candidate, number = name, 1
        while candidate in taken:
            number += 1
            candidate = f"{name} #{number}"
        taken.add(candidate)
        ids.append(candidate)
    return ids


def initial_state(*, campaign, clearing: str, characters, monsters, natives, attacks) -> dict[str, Any]:
    """The battle's state before round 1: combatants, and who attacks whom (the melee sheets)."""
    catalogue = _catalogue()
    char_states = [character_state(character) for character in characters]
    by_pk = {character.pk: character_id(character) for character in characters}
    taken = {state["id"] for state in char_states}
    denizens = []
    for name, denizen_id in zip(monsters, unique_ids([catalogue.monster(m).name for m in monsters], taken)):
        denizens.append({"id": denizen_id, "counter": catalogue.monster(name).name, "side": "light", "group": None,
                         "hired_by": None, "weapon_side": "light", "target": None, "dead": False, "fled": False})
    native_names = [catalogue.native(name).name for name, _ in natives]
    for (name, hired_by), denizen_id in zip(natives, unique_ids(native_names, taken)):
        counter = catalogue.native(name)
        denizens.append({"id": denizen_id, "counter": counter.name, "side": "light", "group": counter.group,
                         "hired_by": by_pk.get(hired_by) if hired_by else None, "weapon_side": "light",
                         "target": None, "dead": False, "fled": False})
    ids = {d["id"] for d in denizens} | taken
    for attacker, target in attacks:
        if attacker not in ids or target not in ids:
            raise ValueError(f"unknown combatant in {attacker!r} attacks {target!r}")
        for denizen in denizens:
            if denizen["id"] == attacker:
                denizen["target"] = target
    if not attacks:
        _assign_default_targets(denizens, [state["id"] for state in char_states])
    state = {"round": 1, "characters": char_states, "denizens": denizens, "previous_round_quiet": False}
    return {"state": state, "sheets": sheets_for(state)}


def _assign_default_targets(denizens: list[dict], character_ids: list[str]) -> None:
    """Unhired denizens share out over the characters in turn; hirelings take on an unhired denizen."""
    unhired = [d for d in denizens if not d["hired_by"]]
    for index, denizen in enumerate(unhired):
        denizen["target"] = character_ids[index % len(character_ids)] if character_ids else None
    for index, hireling in enumerate(d for d in denizens if d["hired_by"]):
        if unhired:
            hireling["target"] = unhired[index % len(unhired)]["id"]


def sheets_for(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Melee sheets from who attacks whom: every active combatant attacking an owner stands on its sheet."""
    active = {c["id"] for c in state["characters"] if not c.get("dead") and not c.get("fled")}
    active |= {d["id"] for d in state["denizens"] if not d.get("dead") and not d.get("fled")}
    sheets: dict[str, dict[str, Any]] = {}
    for character in state["characters"]:
        if character["id"] in active:
            sheets[character["id"]] = {"owner": character["id"], "attackers": []}
    for denizen in state["denizens"]:
        target = denizen.get("target")
        if denizen["id"] not in active or target not in active:
            continue
        sheet = sheets.setdefault(target, {"owner": target, "attackers": []})
        sheet["attackers"].append({"combatant": denizen["id"], "box": None})
    for denizen in state["denizens"]:
        if denizen["id"] in sheets and denizen["id"] in active:
            sheets[denizen["id"]]["owner_target"] = denizen.get("target")
    return list(sheets.values())


def living_character_ids(battle_state: dict[str, Any]) -> set[str]:
    state = battle_state.get("state", {})
    return {c["id"] for c in state.get("characters", []) if not c.get("dead") and not c.get("fled")}


# --- the round file ----------------------------------------------------------------------------------


def rules_dict(campaign) -> str | dict[str, Any]:
    """The campaign's rule set as the round file writes it: a preset name and its overrides."""

    return rules_to_json(campaign.current_rules())


def rules_fingerprint(campaign) -> str:
    return campaign.current_rules().fingerprint()


def rules_version_number(campaign) -> int | None:
    version = getattr(campaign, "current_rules_version", None)
    return getattr(version, "number", None)


def build_input(battle, round_, drafts: dict[Any, dict[str, Any]], only_side=None) -> dict[str, Any]:
    """The round file for `round_`: the battle's state and sheets, attackers placed where each sheet's
    owner put them, and every side's plays. `drafts` maps a character (its pk or id) to its plays."""
    names = {character.pk: character_id(character) for character in battle.characters.all()}
    plays_by_id = {names.get(key, key): value or {} for key, value in drafts.items()}
    state = copy.deepcopy(battle.state.get("state", {}))
    state["round"] = round_.number
    base_sheets = battle.state.get("sheets", [])
    if _release_targets_of_the_fallen(state):
        base_sheets = sheets_for(state)
    if any((plays or {}).get("hirelings") for plays in plays_by_id.values()):
        _retarget_hirelings(state, plays_by_id)
        base_sheets = sheets_for(state)
    sheets = []
    for sheet in base_sheets:
        positions = (plays_by_id.get(sheet["owner"]) or {}).get("positions") or {}
        sheets.append(
            {
                **sheet,
                "attackers": [
                    {**attacker, "box": _int_or_none(positions.get(attacker["combatant"], attacker.get("box")))}
                    for attacker in sheet.get("attackers", [])
                ],
            }
        )
    plays = {combatant_id: engine_play(draft) for combatant_id, draft in plays_by_id.items()}
    round_file = {
        "format": "herald-round/1",
        "title": f"{battle.name} in {battle.clearing}, round {round_.number}",
        "rules": rules_dict(battle.campaign),
        "state": state,
        "sheets": sheets,
        "plays": plays,
    }
    entries = getattr(round_, "encounter", None) or {}
    if entries.get("gm_rulings"):  # the GM's rulings on magic attacks (combat.engine.magic_attacks)
        round_file["gm_rulings"] = [dict(ruling) for ruling in entries["gm_rulings"]]
    section, _ = encounter_section(plays_by_id, entries)
    if section or has_unassigned_denizens(state):
        round_file["encounter"] = section
    return round_file


def _release_targets_of_the_fallen(state: dict[str, Any]) -> bool:
    """A denizen whose target was killed or fled attacks no one: it is unassigned, and the next encounter
    step lures or assigns it (8.3.5a.3) instead of leaving it on a dead character's sheet. True when any
    target was released."""
    active = {c["id"] for c in state.get("characters", []) if not c.get("dead") and not c.get("fled")}
    active |= {d["id"] for d in state.get("denizens", []) if not d.get("dead") and not d.get("fled")}
    released = False
    for denizen in state.get("denizens", []):
        if denizen.get("target") and denizen["target"] not in active:
            denizen["target"] = None
            released = True
    return released


def _retarget_hirelings(state: dict[str, Any], plays_by_id: dict[str, dict[str, Any]]) -> None:
    """A side may send its hirelings against new targets for the round (rule 1.2: the owner picks
    his hirelings' targets); a choice for a denizen the side does not hire is ignored."""
    for owner, plays in plays_by_id.items():
        for hireling, target in ((plays or {}).get("hirelings") or {}).items():
            for denizen in state.get("denizens", []):
                if denizen["id"] == hireling and denizen.get("hired_by") == owner and target:
                    denizen["target"] = target


def _int_or_none(value) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def engine_play(draft: dict[str, Any]) -> dict[str, Any]:
    """One side's stored plays as the round file's `plays` entry (positions go on the sheets)."""
    play: dict[str, Any] = {}
    for key in ("target", "target_part", "attack", "maneuver", "rider_maneuver", "shield_box"):
        value = draft.get(key)
        if value not in (None, "", {}):
            play[key] = value
    return play


# --- validating and resolving ------------------------------------------------------------------------

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


def parse_input(round_input: dict[str, Any]):
    return round_format.read_round(round_input).round_input


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


@dataclass
class Outcome:
    result: dict[str, Any]
    events: list[dict[str, Any]]
    state: dict[str, Any]  # the battle's new state (with its sheets)
    combat_over: bool


class Waiting(Exception):
    """The round waits for an input before it can be resolved; nothing was written. `entry` is what the
    round's GM entries (`Round.encounter`) keep of it for the page, `reason` the round's error line."""

    entry: tuple[str, Any]
    reason: str


class ChoicePending(Waiting):
    """The encounter step needs a player's choice (which hireling takes a denizen, 8.3.5a.3 and Watchful
    Natives 1.3) before the round can be resolved; `choice` is the engine's ChoiceNeeded as JSON."""

    def __init__(self, choice: dict[str, Any]):
        super().__init__(choice["message"])
        self.choice = choice
        self.entry = ("choice_needed", choice)
        self.reason = f"The encounter needs a choice: {choice['message']}"


class RulingsPending(Waiting):
    """Magic attacks the sources give no table for (a Demon's Power of the Pit, the Imp's Curse) wait for the
    GM's ruling (combat.engine.magic_attacks); `rulings` are the engine's RulingNeeded as JSON."""

    def __init__(self, rulings: list[dict[str, Any]]):
        super().__init__("; ".join(ruling["message"] for ruling in rulings))
        self.rulings = rulings
        self.entry = ("rulings_needed", rulings)
        self.reason = f"The round waits for the GM's ruling: {self}"


# What the round's GM entries keep while it waits (cleared when it resolves).
WAITING_KEYS = ("choice_needed", "rulings_needed")


def resolve(round_input: dict[str, Any], seed: int) -> Outcome:
    """Resolve the round file with the seed's dice through the engine's `play_round`: the encounter step
    first when the file has an `encounter` section, then the melee round, from ONE dice stream, so the
    same seed replays the same round (and `manage.py resolve_round` replays it to the same log). Raise
    ValueError naming every error when it is invalid, ChoicePending when the encounter needs a player's
    choice and RulingsPending when a magic attack needs the GM's ruling."""

    round_file = round_format.read_round(round_input)
    try:
        played = play_round(round_file, SeededDice(seed))
    except EncounterChoicePending as pending:
        needed = pending.choice
        raise ChoicePending({"path": needed.path, "denizen": needed.denizen, "character": needed.character,
                             "options": list(needed.options), "rule": needed.rule, "message": needed.message})
    except GmRulingPending as pending:
        raise RulingsPending([ruling_needed_to_json(needed) for needed in pending.needed])
    result_dict = round_format.result_to_json(played.result)
    events = result_dict.pop("events")
    if played.encounter is not None:
        result_dict["encounter"] = played.encounter
    new_state = normalized_state(result_dict["state"])
    new_state["round"] = played.result.round_number + 1
    result_dict["seed"] = seed
    battle_state = {"state": new_state, "sheets": sheets_for(new_state)}
    return Outcome(result=result_dict, events=events, state=battle_state, combat_over=bool(played.result.combat_ends))


def normalized_state(state: dict[str, Any]) -> dict[str, Any]:
    """The round file's state with every chit written out as {id, label, state} and every denizen's
    keys present, the one shape the pages and the chit records read."""
    import copy

    state = copy.deepcopy(state)
    for character in state.get("characters", []):
        counts: Counter[str] = Counter()
        chits = []
        for item in character.get("chits", []):
            label = item if isinstance(item, str) else item["label"]
            counts[label] += 1
            default_id = label if counts[label] == 1 else f"{label} #{counts[label]}"
            explicit = None if isinstance(item, str) else item.get("id")
            chits.append({"id": explicit or default_id, "label": label,
                          "state": "fresh" if isinstance(item, str) else item.get("state", "fresh")})
        character["chits"] = chits
        character.setdefault("character", character["id"])
        character.setdefault("dead", False)
        character.setdefault("fled", False)
    for denizen in state.get("denizens", []):
        denizen.setdefault("counter", denizen["id"])
        for key, default in (("side", "light"), ("group", None), ("hired_by", None), ("weapon_side", "light"),
                             ("target", None), ("dead", False), ("fled", False)):
            denizen.setdefault(key, default)
    return state


# --- after the round: wounds and fatigue -------------------------------------------------------------


def summaries(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {summary["character"]: summary for summary in (result or {}).get("summaries", [])}


def owed_for(result: dict[str, Any], character: str) -> dict[str, int]:
    """The wounds and asterisks of fatigue a character must choose chits for; the dead owe nothing
    (issue #14.3)."""
    summary = summaries(result).get(character, {})
    if summary.get("killed"):
        return {"wounds": 0, "fatigue": 0}
    return {"wounds": int(summary.get("wounds_owed", 0)), "fatigue": int(summary.get("fatigue_owed", 0))}


def _character_entry(battle_state: dict[str, Any], character: str) -> dict[str, Any] | None:
    for entry in battle_state.get("state", {}).get("characters", []):
        if entry["id"] == character:
            return entry
    return None


character_entry = _character_entry


def apply_chit_choice(battle_state, character, wounded, fatigued, undo=None) -> dict[str, Any]:
    """The battle state with the chosen chits wounded and fatigued (a previous record undone first)."""
    import copy

    new_state = copy.deepcopy(battle_state)
    entry = _character_entry(new_state, character)
    chits = {chit["id"]: chit for chit in entry.get("chits", [])}
    if undo:
        for chit_id in [*undo[0], *undo[1]]:
            if chit_id in chits:
                chits[chit_id]["state"] = "fresh"
    for chit_id in fatigued:
        chits[chit_id]["state"] = "fatigued"
    for chit_id in wounded:
        chits[chit_id]["state"] = "wounded"
    return new_state


# --- what a side may play ----------------------------------------------------------------------------


@dataclass
class SideOptions:
    """What a character has and can use now, for its plays form."""

    character: str
    fight_chits: list[tuple[str, str]]
    move_chits: list[tuple[str, str]]
    weapons: list[tuple[str, str]]
    spells: list[tuple[str, str]]
    horse: str | None
    targets: list[tuple[str, str]]
    attackers: list[str]
    has_shield: bool
    hirelings: list[str]
    hireling_targets: list[tuple[str, str]]  # whom this side's hirelings may attack: the unhired denizens
    riders: list[str]  # targets on horseback: an attack may aim at the horse or the rider (rule 5.3)
    default_weapon: str = ""  # the weapon (or "spell:<name>") the form starts from (issue #14.5)


def _attack_spells(names: list[str]) -> list[tuple[str, str]]:
    """The recorded spells that attack in melee, with the MAGIC type each needs."""
    found = []
    for name in names:
        try:
            spell = _catalogue().spell(name)
        except LookupError:
            continue
        if spell.attack:
            found.append((spell.name, spell.magic_type))
    return found


def _magic_type(label: str) -> str | None:
    match = re.match(r"MAGIC\s+([IVX]+)", label)
    return match.group(1) if match else None


def side_options(battle_state: dict[str, Any], character: str, recorded_spells: list[str] | None = None, *,
                 alerting: str | None = None, previous: dict[str, Any] | None = None,
                 riders_apart: bool = True) -> SideOptions:
    """What the character has and can use now, for its plays form (issue #14.5: the choices follow the
    character's state and the round's earlier choices): its fresh chits, its weapons as they are once the
    encounter step is done (`alerting`: the weapon this side alerts in it), its shield unless destroyed,
    and the weapon the form starts from: the one alerted this round, else last round's pick (`previous`:
    the side's plays of the round before), else the first it owns; "No weapon (dagger)" only when it owns
    none. An attack aims at a rider apart from his horse only under rule 5.3 (`riders_apart`)."""
    state = battle_state.get("state", {})
    entry = _character_entry(battle_state, character) or {"chits": [], "weapons": [], "armor": []}
    fresh = [chit for chit in entry.get("chits", []) if chit.get("state", "fresh") == "fresh"]
    attack_spells = _attack_spells(recorded_spells or [])
    castable_types = {magic_type for _, magic_type in attack_spells}
    fight = [(c["id"], c["id"]) for c in fresh
             if c["label"].split()[0] in {"FIGHT", "BERSERK"}
             or (c["label"].startswith("MAGIC") and _magic_type(c["label"]) in castable_types)]
    move = [(c["id"], c["id"]) for c in fresh if c["label"].split()[0] in {"MOVE", "DUCK", "FLY"}]
    owned = [w["name"] for w in entry.get("weapons", [])]
    weapons = [(w["name"], f"{w['name']} ({_weapon_state(w, alerting)})") for w in entry.get("weapons", [])]
    spells = [(f"spell:{name}", f"Spell: {name} (MAGIC {magic_type})") for name, magic_type in attack_spells]
    horse = entry.get("horse") or None
    sheets = battle_state.get("sheets", [])
    attackers = next((sheet["attackers"] for sheet in sheets if sheet["owner"] == character), [])
    my_hirelings = [d["id"] for d in state.get("denizens", []) if d.get("hired_by") == character and not d.get("dead")]
    targets = []
    for denizen in state.get("denizens", []):
        if not denizen.get("dead") and not denizen.get("fled") and denizen.get("hired_by") != character:
            targets.append((denizen["id"], denizen["id"]))
    for other in state.get("characters", []):
        if other["id"] != character and not other.get("dead") and not other.get("fled"):
            targets.append((other["id"], other["id"]))
    has_shield = any("shield" in a["name"].lower() and a.get("state") != "destroyed" for a in entry.get("armor", []))
    riders = [c["id"] for c in state.get("characters", [])
              if c["id"] != character and c.get("horse") and not c.get("dead") and not c.get("fled")
              and not (isinstance(c["horse"], dict) and c["horse"].get("dead"))]
    for denizen in state.get("denizens", []):
        if denizen.get("group") and not denizen.get("horse_dead") and not denizen.get("dead") and not denizen.get("fled"):
            try:
                if _catalogue().native(denizen["counter"]).horse is not None:
                    riders.append(denizen["id"])
            except LookupError:
                pass
    return SideOptions(
        character=character,
        fight_chits=fight,
        move_chits=move,
        weapons=weapons,
        spells=spells,
        horse=(horse.get("counter") if isinstance(horse, dict) and not horse.get("dead") else None),
        targets=targets,
        attackers=[a["combatant"] for a in attackers],
        has_shield=has_shield,
        hirelings=my_hirelings,
        hireling_targets=[(d["id"], d["id"]) for d in state.get("denizens", [])
                          if not d.get("hired_by") and not d.get("dead") and not d.get("fled")],
        riders=riders if riders_apart else [],
        default_weapon=_default_weapon(owned, [value for value, _ in spells], alerting, previous),
    )


def _weapon_state(weapon: dict[str, Any], alerting: str | None) -> str:
    """A weapon as the melee finds it: alerted already, alerted in this round's encounter step, or not."""
    if weapon.get("alerted"):
        return "alerted"
    if alerting and weapon["name"] == alerting:
        return "alerted in the encounter step"
    return "unalerted"


def _default_weapon(owned: list[str], spells: list[str], alerting: str | None, previous: dict[str, Any] | None) -> str:
    if alerting in owned:
        return alerting
    attack = (previous or {}).get("attack") or {}
    if attack.get("weapon") in owned:
        return attack["weapon"]
    if attack.get("spell") and f"spell:{attack['spell']}" in spells:
        return f"spell:{attack['spell']}"
    return owned[0] if owned else ""


# --- the odds panel ----------------------------------------------------------------------------------


def odds_query(battle_state: dict[str, Any], plays: dict[str, Any], character: str, rules: dict[str, Any]) -> dict[str, Any] | None:
    """The `combat_odds` query (shared/spec/odds.md) for a side's planned attack, or None without one.

    The target's direction is left unknown: repositioning and change tactics happen after the plays."""

    attack = plays.get("attack") or {}
    target_id = plays.get("target")
    if not attack.get("chit") or not target_id:
        return None
    try:
        chit = parse_chit(attack["chit"].split(" #")[0])
    except ChitLabelError:
        return None
    state = battle_state.get("state", {})
    if attack.get("spell"):
        attack_query: dict[str, Any] = {"spell": attack["spell"], "time": chit.time}
    elif attack.get("weapon"):
        entry = _character_entry(battle_state, character) or {}
        weapon = next((w for w in entry.get("weapons", []) if w["name"] == attack["weapon"]), {"alerted": False})
        alerting = ((plays.get("encounter") or {}).get("alert") or {}).get("weapon")
        attack_query = {"weapon": attack["weapon"], "alerted": bool(weapon.get("alerted")) or alerting == attack["weapon"],
                        "fight": {"strength": chit.strength, "time": chit.time}}
    else:
        attack_query = {"harm": chit.strength or "L", "sharpness": 0, "time": chit.time, "missile": False}
    denizen = next((d for d in state.get("denizens", []) if d["id"] == target_id), None)
    if denizen is not None:
        target_query: dict[str, Any] = {"denizen": denizen["counter"], "side": denizen.get("side", "light"),
                                        "may_change_tactics": True}
    else:
        other = _character_entry(battle_state, target_id)
        if other is None:
            return None
        target_query = {"character": other["character"],
                        "armor": [{"name": a["name"], "state": a["state"]} for a in other.get("armor", [])
                                  if a.get("state") != "destroyed" and "shield" not in a["name"].lower()]}
    return {"rules": rules, "attack": attack_query, "target": target_query, "intercept": None}


def odds_for_plays(battle, plays: dict[str, Any], character: str) -> list[dict[str, Any]]:
    """The odds panel: for the side's planned attack and each of its hirelings' attacks, the chance to
    kill or wound the target under the campaign's rules, from the same function as `combat_odds`."""
    rules = rules_dict(battle.campaign)
    queries: list[tuple[str, str | None, dict[str, Any] | None]] = []
    try:
        queries.append((character, (plays or {}).get("target"), odds_query(battle.state, plays or {}, character, rules)))
    except Exception:  # a half-typed draft is no reason to break the page
        pass
    state = battle.state.get("state", {})
    retargeted = (plays or {}).get("hirelings") or {}
    for denizen in state.get("denizens", []):
        if denizen.get("hired_by") != character or denizen.get("dead") or denizen.get("fled"):
            continue
        target = retargeted.get(denizen["id"]) or denizen.get("target")
        queries.append((denizen["id"], target, _denizen_odds_query(state, denizen, target, rules)))
    panel = []
    for attacker, target, query in queries:
        if query is None:
            continue
        try:
            answer = attack_odds(query)
        except Exception as error:  # the odds cannot answer a draft the engine would reject anyway
            panel.append({"attacker": attacker, "target": target, "error": str(error)})
            continue
        outcomes = answer.get("outcomes", {})
        panel.append({
            "attacker": attacker,
            "target": target,
            "p_kill": answer.get("p_kill", 0.0),
            "p_wound": outcomes.get("wounded", 0.0),
            "p_miss": outcomes.get("miss", 0.0),
            "outcomes": outcomes,
            "shares": percent_shares(outcomes),
            "explanation": answer.get("explanation", ""),
        })
    return panel


def percent_shares(outcomes: dict[str, float]) -> list[tuple[str, int]]:
    """Every outcome with a chance, as whole percentages that add up to exactly 100 (largest remainder), so
    the odds panel never leaves a share unexplained (issue #14.4: "18% to kill, 0% to wound, 0% to miss")."""
    shown = [(name, p * 100) for name, p in outcomes.items() if p > 0]
    floors = {name: int(share) for name, share in shown}
    missing = 100 - sum(floors.values()) if shown else 0
    for name, share in sorted(shown, key=lambda item: item[1] - int(item[1]), reverse=True)[:missing]:
        floors[name] += 1
    return [(name, floors[name]) for name, _ in shown]


def _denizen_odds_query(state: dict[str, Any], denizen: dict[str, Any], target_id: str | None, rules) -> dict[str, Any] | None:
    target = next((d for d in state.get("denizens", []) if d["id"] == target_id), None)
    if target is None:
        return None
    return {
        "rules": rules,
        "attack": {"denizen": denizen["counter"], "side": denizen.get("side", "light")},
        "target": {"denizen": target["counter"], "side": target.get("side", "light"), "may_change_tactics": True},
        "intercept": None,
    }


# --- the encounter step (docs/encounter.md) ----------------------------------------------------------

ROUND_FIELD = ""  # the owner of an error that belongs to the GM's round-level entries


def has_unassigned_denizens(state: dict[str, Any]) -> bool:
    """An unhired denizen in the battle that attacks no one: the encounter step assigns it (8.3.5a.3)."""
    return any(not d.get("hired_by") and not d.get("target") and not d.get("dead") and not d.get("fled")
               for d in state.get("denizens", []))


def encounter_section(plays_by_id: dict[str, dict[str, Any]], round_entries: dict[str, Any]):
    """The round file's `encounter` section from each side's encounter choices (`plays["encounter"]`)
    and the GM's round-level entries, and who owns each list item: {(list, index): (character, field)}.
    An empty section ({}) means the round has no encounter step to resolve."""
    section: dict[str, Any] = {}
    owners: dict[tuple[str, int], tuple[str, str]] = {}

    def add(key: str, item: dict[str, Any], owner: str, field: str) -> None:
        items = section.setdefault(key, [])
        owners[(key, len(items))] = (owner, field)
        items.append(item)

    for character, plays in plays_by_id.items():
        choices = (plays or {}).get("encounter") or {}
        for denizen in choices.get("lures") or []:
            add("lures", {"lurer": character, "denizen": denizen}, character, "lures")
        for index, (hireling, target) in enumerate((choices.get("deployments") or {}).items()):
            if target:
                add("deployments", {"hireling": hireling, "target": target}, character, f"deploy:{hireling}")
        charge = choices.get("charge") or {}
        if charge.get("target"):
            add("charges", {"character": character, **charge}, character, "charge_with")
        if choices.get("run"):
            add("actions", {"character": character, "run": choices["run"]}, character, "run")
        if (choices.get("alert") or {}).get("weapon"):
            alert = choices["alert"]
            item = {"character": character, "alert": alert["weapon"], **({"chit": alert["chit"]} if alert.get("chit") else {})}
            add("actions", item, character, "alert_weapon")
        if (choices.get("cast") or {}).get("spell"):
            cast = choices["cast"]
            item = {"character": character, "cast": cast["spell"], **({"chit": cast["chit"]} if cast.get("chit") else {})}
            add("actions", item, character, "cast_spell")
    for key in ("battling", "watchful"):
        if round_entries.get(key):
            section[key] = list(round_entries[key])
    if round_entries.get("choices"):
        section["choices"] = dict(round_entries["choices"])
    if round_entries.get("meetings"):
        section["meetings"] = [dict(meeting) for meeting in round_entries["meetings"]]
    if round_entries.get("meeting_table"):
        section["meeting_table"] = {column: list(rows) for column, rows in round_entries["meeting_table"].items()}
    return section, owners


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
    entry = _character_entry(battle_state, character) or {}
    active = [d for d in state.get("denizens", []) if not d.get("dead") and not d.get("fled")]
    lurable, not_lurable = [], []
    for denizen in active:
        if denizen.get("hired_by"):
            continue
        if denizen.get("side") == "dark" and _pins(denizen["counter"]):
            not_lurable.append((denizen["id"], "red side up"))
        elif denizen.get("target"):
            not_lurable.append((denizen["id"], f"already attacks {denizen['target']}"))
        else:
            lurable.append(denizen["id"])
    others = [c["id"] for c in state.get("characters", [])
              if c["id"] != character and not c.get("dead") and not c.get("fled")]
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
        counter = _catalogue().denizen(counter_name)
    except LookupError:
        return False
    return bool(getattr(getattr(counter, "dark", None), "pins", False))


def native_groups(battle_state: dict[str, Any]) -> list[str]:
    """The native groups with a member in the battle, for the GM's 'who battles whom' entry."""
    groups = [d.get("group") for d in battle_state.get("state", {}).get("denizens", []) if not d.get("dead")]
    return sorted({group for group in groups if group})
