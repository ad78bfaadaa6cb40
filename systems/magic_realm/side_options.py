"""What a side may play, for its plays form (`form.py`): its fresh chits, its weapons and
attack spells, its targets and riders, and its hirelings and theirs. The weapon and target a form starts
from are last round's, carried by the app (`Field.carries`, systems/answers.py `carried_answers`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from systems.magic_realm.battle_state import character_entry, in_battle
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.melee_validation import (
    MANEUVER_ACTIONS,
    RIDER_FLY_REFUSED,
    RIDER_MUST_PLAY_HORSE,
    heaviest_item,
    too_weak_to_carry,
)
from systems.magic_realm.engine.model import ChitLabelError, parse_chit


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
    # The MOVE, DUCK and FLY chits the rules refuse as a maneuver now, each with why: too weak to carry the
    # heaviest item.
    too_weak: dict[str, str] = field(default_factory=dict)
    # The chits refused as the maneuver itself: the too weak ones, and every chit of a character with an
    # active horse under the Optional Combat Rules' riding horses (rule 5.2: the horse is the only piece he
    # can play to move).
    maneuver_refused: dict[str, str] = field(default_factory=dict)
    # The chits refused as the rider's own maneuver beside his horse: the too weak ones, and every FLY chit
    # (rule 5.2 names a MOVE chit or Boots card; docs/rulings.md, "FLY chits as maneuvers").
    rider_refused: dict[str, str] = field(default_factory=dict)


def _attack_spells(names: list[str]) -> list[tuple[str, str]]:
    """The recorded spells that attack in melee, with the MAGIC type each needs."""
    found = []
    for name in names:
        try:
            spell = get_catalogue().spell(name)
        except LookupError:
            continue
        if spell.attack and (spell.name, spell.magic_type) not in found:  # a name may be written two ways
            found.append((spell.name, spell.magic_type))
    return found


def _magic_type(label: str) -> str | None:
    match = re.match(r"MAGIC\s+([IVX]+)", label)
    return match.group(1) if match else None


def side_options(battle_state: dict[str, Any], character: str, recorded_spells: list[str] | None = None, *,
                 alerting: str | None = None, riders_apart: bool = True) -> SideOptions:
    """What the character has and can use now, for its plays form (issue #14.5: the choices follow the
    character's state and the round's earlier choices): its fresh chits, its weapons as they are once the
    encounter step is done (`alerting`: the weapon this side alerts in it), and its shield unless destroyed.
    `riders_apart` is the rules' riding horses: an attack aims at a rider apart from his horse (rule
    5.3), and a character with an active horse maneuvers with it, a chit only as his own beside it (5.2)."""
    state = battle_state.get("state", {})
    entry = character_entry(battle_state, character) or {"chits": [], "weapons": [], "armor": []}
    fresh = [chit for chit in entry.get("chits", []) if chit.get("state", "fresh") == "fresh"]
    attack_spells = _attack_spells(recorded_spells or [])
    castable_types = {magic_type for _, magic_type in attack_spells}
    fight = [(c["id"], c["id"]) for c in fresh
             if c["label"].split()[0] in {"FIGHT", "BERSERK"}
             or (c["label"].startswith("MAGIC") and _magic_type(c["label"]) in castable_types)]
    fresh_moves = [c for c in fresh if c["label"].split()[0] in MANEUVER_ACTIONS]
    move = [(c["id"], c["id"]) for c in fresh_moves]
    weapons = [(w["name"], f"{w['name']} ({_weapon_state(w, alerting)})") for w in entry.get("weapons", [])]
    spells = [(f"spell:{name}", f"Spell: {name} (MAGIC {magic_type})") for name, magic_type in attack_spells]
    horse = entry.get("horse") or None
    sheets = battle_state.get("sheets", [])
    attackers = next((sheet["attackers"] for sheet in sheets if sheet["owner"] == character), [])
    my_hirelings = [d["id"] for d in state.get("denizens", []) if d.get("hired_by") == character and not d.get("dead")]
    targets = []
    for denizen in state.get("denizens", []):
        if in_battle(denizen) and denizen.get("hired_by") != character:
            targets.append((denizen["id"], denizen["id"]))
    for other in state.get("characters", []):
        if other["id"] != character and in_battle(other):
            targets.append((other["id"], other["id"]))
    has_shield = any("shield" in a["name"].lower() and a.get("state") != "destroyed" for a in entry.get("armor", []))
    riders = [c["id"] for c in state.get("characters", [])
              if c["id"] != character and c.get("horse") and in_battle(c)
              and not (isinstance(c["horse"], dict) and c["horse"].get("dead"))]
    for denizen in state.get("denizens", []):
        if denizen.get("group") and not denizen.get("horse_dead") and in_battle(denizen):
            try:
                if get_catalogue().native(denizen["counter"]).horse is not None:
                    riders.append(denizen["id"])
            except LookupError:
                pass
    too_weak = _too_weak(entry, fresh_moves)
    active_horse = horse.get("counter") if isinstance(horse, dict) and not horse.get("dead") else None
    on_horse = active_horse and riders_apart
    horse_only = {c["id"]: RIDER_MUST_PLAY_HORSE for c in fresh_moves} if on_horse else {}
    return SideOptions(
        character=character,
        fight_chits=fight,
        move_chits=move,
        weapons=weapons,
        spells=spells,
        horse=active_horse,
        targets=targets,
        attackers=[a["combatant"] for a in attackers],
        has_shield=has_shield,
        hirelings=my_hirelings,
        hireling_targets=[(d["id"], d["id"]) for d in state.get("denizens", [])
                          if not d.get("hired_by") and in_battle(d)],
        riders=riders if riders_apart else [],
        too_weak=too_weak,
        maneuver_refused={**too_weak, **horse_only},
        rider_refused={**too_weak, **{c["id"]: RIDER_FLY_REFUSED for c in fresh_moves
                                      if c["label"].split()[0] == "FLY"}},
    )


def _too_weak(entry: dict[str, Any], move_chits: list[dict[str, Any]]) -> dict[str, str]:
    """The MOVE, DUCK and FLY chits that cannot carry the heaviest item the character carries, each with
    why (the engine refuses them as a maneuver: such a chit must be as strong as the heaviest item
    carried)."""
    heaviest = heaviest_item(get_catalogue(), [w["name"] for w in entry.get("weapons", [])],
                             [(a["name"], a.get("state", "intact")) for a in entry.get("armor", [])])
    weak = {}
    for chit in move_chits:
        try:
            parsed = parse_chit(chit["label"])
        except ChitLabelError:
            continue
        if too_weak_to_carry(parsed, heaviest):
            weak[chit["id"]] = f"too weak to carry {heaviest[0]} (weight {heaviest[1]})"
    return weak


def _weapon_state(weapon: dict[str, Any], alerting: str | None) -> str:
    """A weapon as the melee finds it: alerted already, alerted in this round's encounter step, or not."""
    if weapon.get("alerted"):
        return "alerted"
    if alerting and weapon["name"] == alerting:
        return "alerted in the encounter step"
    return "unalerted"

