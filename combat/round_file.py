"""Building the round file (docs/round-format.md) from a battle's records: the characters' and denizens'
state before round 1, the melee sheets from who attacks whom, each side's plays as the engine reads them,
and the round's `encounter` section from the sides' encounter choices and the GM's entries.

Everything here works on plain dicts in the round-file format, so what the database stores, what the
task resolves and what `resolve_round FILE` reads are one and the same. `combat.rounds` re-exports it.
"""

from __future__ import annotations

import copy
from typing import Any

from systems.magic_realm.battle_state import character_entry, sheets_for  # noqa: F401 (re-exported: combat.rounds)
from systems.magic_realm.battle_state import starting_state, unique_ids  # noqa: F401 (unique_ids re-exported)
from systems.magic_realm.battle_state import (carried_encounter, has_unassigned_denizens,  # noqa: F401 (re-exported)
                                              release_targets_of_the_fallen)
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.round_format import rules_to_json
from systems.magic_realm.records import entry_from_record


# --- building the battle state -----------------------------------------------------------------------


def _catalogue():

    return get_catalogue()


def character_id(character) -> str:
    """How plays, sheets and the log name a campaign character: its counter's name."""
    return character.catalogue_name


def character_state(character) -> dict[str, Any]:
    """A campaign character as the round file's `state.characters[]` entry, from the catalogue counter
    and the character's record (systems/magic_realm/records.py)."""
    return entry_from_record(character.catalogue_name, character_id(character), character.state)


def initial_state(*, campaign, clearing: str, characters, monsters, natives, attacks) -> dict[str, Any]:
    """The battle's state before round 1: combatants, and who attacks whom (the melee sheets), built by
    `systems.magic_realm.battle_state.starting_state` from each character's record; `natives` are (name, the
    pk of the character who hires him, or None)."""
    by_pk = {character.pk: character_id(character) for character in characters}
    return starting_state([character_state(character) for character in characters], list(monsters),
                          [(name, by_pk.get(hired_by) if hired_by else None) for name, hired_by in natives],
                          list(attacks))


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
    characters = list(battle.characters.select_related("starting_info", "campaign"))  # one query for every side's spells
    names = {character.pk: character_id(character) for character in characters}
    plays_by_id = {names.get(key, key): value or {} for key, value in drafts.items()}
    state = copy.deepcopy(battle.state.get("state", {}))
    state["round"] = round_.number
    _write_recorded_spells(state, characters)
    base_sheets = battle.state.get("sheets", [])
    if release_targets_of_the_fallen(state):
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
    if entries.get("gm_rulings"):  # the GM's rulings on magic attacks (systems.magic_realm.engine.magic_attacks)
        round_file["gm_rulings"] = [dict(ruling) for ruling in entries["gm_rulings"]]
    section, _ = encounter_section(plays_by_id, entries)
    if section or has_unassigned_denizens(state):
        round_file["encounter"] = section
    return round_file


def recorded_spells(character) -> list[str]:
    """The spells the campaign records for the character, each by its catalogue name: what its system gives a
    battle from his starting information (`Character.starting_record`). A name the catalogue does not know is left
    out: the record is checked when entered, and one stale name must not make every round file unreadable."""
    names = []
    for name in character.starting_record().get("spells") or []:
        try:
            names.append(_catalogue().spell(name).name)
        except LookupError:
            continue
    return list(dict.fromkeys(names))


def _write_recorded_spells(state: dict[str, Any], characters) -> None:
    """Each character's entry lists the spells the campaign records for him (docs/round-format.md, `spells`):
    the engine then refuses a spell he does not know, and the plays form offers those he does. The record is
    the authority, so it replaces any list the state carried from the round before; a character with none
    recorded gets no `spells`, and his round files read as they did before the list existed."""
    by_id = {character_id(character): character for character in characters}
    for entry in state.get("characters", []):
        character = by_id.get(entry.get("id"))
        if character is None:
            continue
        spells = recorded_spells(character)
        if spells:
            entry["spells"] = spells
        else:
            entry.pop("spells", None)


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


# --- the round file's encounter section (docs/encounter.md) ------------------------------------------


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
