"""Reading a battle's state in the round-file format (docs/round-format.md): a character's entry, and the
melee sheets that follow from who attacks whom; and building one before round 1 (`starting_state`) from the
characters present, the monsters and natives and who attacks whom. Pure, so the plug-in and the battle app share
them."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Mapping

from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.round_format import state_from_json, state_to_json


def in_battle(combatant: Mapping[str, Any]) -> bool:
    """Neither killed nor fled: a character or a denizen still in the battle (the dead and the gone play no
    later round, attack no one and are attacked by no one)."""
    return not combatant.get("dead") and not combatant.get("fled")


def active_characters(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The characters of a state (the round-file format) still in the battle (`in_battle`)."""
    return [character for character in state.get("characters", []) if in_battle(character)]


def active_ids(state: Mapping[str, Any]) -> set[str]:
    """The ids of the characters and the denizens still in the battle (`in_battle`)."""
    return {entry["id"] for key in ("characters", "denizens") for entry in state.get(key, []) if in_battle(entry)}


def full_state(state: dict[str, Any]) -> dict[str, Any]:
    """The state with every default written out (dead, fled, target), as `sheets_for` reads it."""
    full = state_to_json(state_from_json(state))
    full["characters"] = [{**c, "dead": c.get("dead", False), "fled": c.get("fled", False)} for c in full["characters"]]
    full["denizens"] = [{**d, "dead": d.get("dead", False), "fled": d.get("fled", False), "target": d.get("target")}
                        for d in full["denizens"]]
    return full


def normalized_state(state: dict[str, Any]) -> dict[str, Any]:
    """The round file's state with every chit written out as {id, label, state} and every denizen's
    keys present, the one shape the pages and the chit records read."""
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


def with_counters_named(round_input: dict[str, Any]) -> dict[str, Any]:
    """The round input with each character's counter (`character`) and each denizen's (`counter`) written out
    where the file leaves it to the id, so that renaming an id leaves the counter as it was."""
    data = copy.deepcopy(round_input)
    state = data.get("state") if isinstance(data.get("state"), dict) else {}
    for character in state.get("characters", []):
        if isinstance(character, dict) and "id" in character:
            character.setdefault("character", character["id"])
    for denizen in state.get("denizens", []):
        if isinstance(denizen, dict) and "id" in denizen:
            denizen.setdefault("counter", denizen["id"])
    return data


def long_form(combatants: dict[str, Any]) -> dict[str, Any]:
    """The combatants with every chit as {id, label, state} and armor as {name, state}: as given when they
    are so already (the app's battles), else read through the round file's defaults. What a hand adjustment
    and a character's dues read and write back."""
    def written_out(character: dict[str, Any]) -> bool:
        return (isinstance(character.get("chits"), list)
                and all(isinstance(chit, dict) and "id" in chit and "state" in chit for chit in character["chits"])
                and all(isinstance(armor, dict) for armor in character.get("armor", [])))

    if all(written_out(character) for character in combatants.get("characters", [])):
        return combatants
    return normalized_state(full_state(combatants))


def sheets_for(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Melee sheets from who attacks whom: every active combatant attacking an owner stands on its sheet."""
    active = active_ids(state)
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


# --- a battle's state before round 1 (rule 1.2: set-up) -----------------------------------------------


def unique_ids(names: list[str], taken: set[str]) -> list[str]:
    """Distinct ids for counters of the same name: "Wolf", "Wolf #2", ... (`taken` grows with them)."""
    ids = []
    for name in names:
        candidate, number = name, 1
        while candidate in taken:
            number += 1
            candidate = f"{name} #{number}"
        taken.add(candidate)
        ids.append(candidate)
    return ids


def denizen_entries(character_ids: list[str], monsters: list[str],
                    natives: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """The round file's `state.denizens` of the monsters and natives present (catalogue names; a native with the
    id of the character who hires him, or None), each attacking no one yet: the monsters first, then the natives,
    each id its counter's name, numbered after the characters' and each other's ("Wolf", "Wolf #2")."""
    catalogue = get_catalogue()
    taken = set(character_ids)
    denizens = []
    monster_names = [catalogue.monster(name).name for name in monsters]
    for counter, denizen_id in zip(monster_names, unique_ids(monster_names, taken)):
        denizens.append({"id": denizen_id, "counter": counter, "side": "light", "group": None, "hired_by": None,
                         "weapon_side": "light", "target": None, "dead": False, "fled": False})
    counters = [catalogue.native(name) for name, _ in natives]
    for counter, (_, hired_by), denizen_id in zip(counters, natives, unique_ids([c.name for c in counters], taken)):
        denizens.append({"id": denizen_id, "counter": counter.name, "side": "light", "group": counter.group,
                         "hired_by": hired_by or None, "weapon_side": "light", "target": None, "dead": False,
                         "fled": False})
    return denizens


def assign_targets(denizens: list[dict[str, Any]], character_ids: list[str], attacks: list[tuple[str, str]]) -> None:
    """Who attacks whom before round 1, in place: each (attacker, target) by id sets a denizen's target (a pair
    whose attacker is a character sets nothing: his target is his play); with no pairs at all, the unhired
    denizens share out over the characters in turn and the hirelings take on an unhired denizen each. A pair
    naming a combatant the battle does not have is a ValueError."""
    ids = {denizen["id"] for denizen in denizens} | set(character_ids)
    for attacker, target in attacks:
        if attacker not in ids or target not in ids:
            raise ValueError(f"unknown combatant in {attacker!r} attacks {target!r}")
        for denizen in denizens:
            if denizen["id"] == attacker:
                denizen["target"] = target
    if attacks:
        return
    unhired = [d for d in denizens if not d["hired_by"]]
    for index, denizen in enumerate(unhired):
        denizen["target"] = character_ids[index % len(character_ids)] if character_ids else None
    for index, hireling in enumerate(d for d in denizens if d["hired_by"]):
        if unhired:
            hireling["target"] = unhired[index % len(unhired)]["id"]


def starting_state(characters: list[dict[str, Any]], monsters: list[str], natives: list[tuple[str, str | None]],
                   attacks: list[tuple[str, str]], dwelling: str | None = None) -> dict[str, Any]:
    """A battle's state before round 1 and its melee sheets ({"state", "sheets"}): the characters' entries as
    given (`records.entry_from_record`), the monsters' and natives' (`denizen_entries`), who attacks whom
    (`assign_targets`), the clearing's dwelling when it has one."""
    character_ids = [entry["id"] for entry in characters]
    denizens = denizen_entries(character_ids, monsters, natives)
    assign_targets(denizens, character_ids, attacks)
    state: dict[str, Any] = {"round": 1, "characters": characters, "denizens": denizens, "previous_round_quiet": False}
    if dwelling:
        state["dwelling"] = dwelling
    return {"state": state, "sheets": sheets_for(state)}


def character_entry(battle_state: dict[str, Any], character: str) -> dict[str, Any] | None:
    """The character's entry in the battle's state, or None when it has none."""
    for entry in battle_state.get("state", {}).get("characters", []):
        if entry["id"] == character:
            return entry
    return None


def release_targets_of_the_fallen(state: dict[str, Any]) -> bool:
    """A denizen whose target was killed or fled attacks no one: it is unassigned, and the next encounter
    step lures or assigns it (8.3.5a.3) instead of leaving it on a dead character's sheet. Changes `state` in
    place; True when any target was released."""
    active = active_ids(state)
    released = False
    for denizen in state.get("denizens", []):
        if denizen.get("target") and denizen["target"] not in active:
            denizen["target"] = None
            released = True
    return released


def has_unassigned_denizens(state: dict[str, Any]) -> bool:
    """An unhired denizen in the battle that attacks no one: the encounter step assigns it (8.3.5a.3)."""
    return any(not d.get("hired_by") and not d.get("target") and in_battle(d) for d in state.get("denizens", []))


def carried_encounter(entries: dict[str, Any] | None, summary: dict[str, Any] | None) -> dict[str, Any]:
    """What the next round's encounter step inherits from this one: native groups battling a character for
    the rest of the day (8.3.4e, 8.4.2d.7), natives still watchful (BIMR4 Watchful Natives 1), and the
    Meeting table the GM typed (`entries`: the round's encounter section; the rolls themselves are the
    evening's, not repeated). `summary` is the round's output's `encounter`."""
    carried: dict[str, Any] = {}
    if (entries or {}).get("meeting_table"):
        carried["meeting_table"] = entries["meeting_table"]
    if not summary:
        return carried
    if summary.get("battling"):
        carried["battling"] = [{"group": group, "character": character} for group, character in summary["battling"]]
    if summary.get("watchful"):
        carried["watchful"] = list(summary["watchful"])
    return carried


def next_round_input(round_input: dict[str, Any], output: dict[str, Any]) -> dict[str, Any]:
    """The round input the next round starts from: the round's new state with the targets of the fallen released, the
    melee sheets that follow from it, and an encounter section when the next round has an encounter step: what
    it inherits (`carried_encounter`), or an empty one when a denizen is left unassigned (8.3.5a.3)."""
    state = copy.deepcopy(output["state"])
    release_targets_of_the_fallen(state)
    full = full_state(state)
    following = {"format": round_input.get("format", "herald-round/1"), "rules": round_input["rules"],
                 "state": state, "sheets": sheets_for(full)}
    carried = carried_encounter(round_input.get("encounter"), output.get("encounter"))
    if carried or has_unassigned_denizens(full):
        following["encounter"] = carried
    return following
