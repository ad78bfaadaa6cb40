"""Plays drawn from what a side's plays form offers (combat.rounds.side_options, as combat.forms.PlaysForm
shows it): targets, FIGHT chits, the weapon the form starts from, MOVE chits or the horse's two sides, the
attack's and maneuver's boxes, and "Aim at" the rider or his horse."""

from __future__ import annotations

from typing import Any

from combat import rounds
from combat.chits import fatigue_due


def maneuvers(options: rounds.SideOptions) -> list[dict[str, Any]]:
    """The form's "Maneuver" choices a GM picks from: a horse's walking and galloping sides when the
    character rides (rule 5.2: the horse is the only piece he plays to move), else each fresh MOVE chit the
    form does not list disabled (one too weak to carry the heaviest item he carries)."""
    if options.horse:
        return [{"horse": "walking"}, {"horse": "galloping"}]
    return [{"chit": chit} for chit, _ in options.move_chits if chit not in options.too_weak]


def asterisks(chit: str) -> int:
    return chit.split(" #")[0].count("*")


def on_a_sheet(battle_state: dict[str, Any]) -> set[str]:
    """Who stands on a melee sheet (an owner or an attacker): the only combatants an attack may target."""
    found = set()
    for sheet in battle_state.get("sheets", []):
        found.add(sheet["owner"])
        found |= {attacker["combatant"] for attacker in sheet.get("attackers", [])}
    return found


def plays_from(options: rounds.SideOptions, target: str, chit: str, maneuver: dict[str, Any], *,
               attack_box: int = 1, maneuver_box: int = 2, aim: str = "rider") -> dict[str, Any]:
    weapon = options.default_weapon
    attack = {"chit": chit, "box": attack_box}
    if weapon.startswith("spell:"):
        attack["spell"] = weapon.removeprefix("spell:")
    elif weapon:
        attack["weapon"] = weapon
    return {"target": target, "target_part": aim if target in options.riders else "horse", "attack": attack,
            "maneuver": {**maneuver, "box": maneuver_box}}


def first_legal_plays(battle, round_, character: str, drafts: dict[str, dict] | None = None) -> dict[str, Any]:
    """The first attack and maneuver the form offers that the engine accepts beside the other sides'
    `drafts`, or {} when the character has none (no fresh FIGHT chit, or no one to attack)."""
    options = rounds.side_options(battle.state, character)
    for target, _ in options.targets:
        for chit, _ in options.fight_chits:
            for maneuver in maneuvers(options) or [{}]:
                plays = plays_from(options, target, chit, maneuver)
                round_file = rounds.build_input(battle, round_, {**(drafts or {}), character: plays})
                if not rounds.validate(round_file, character):
                    return plays
    return {}


def payable_fatigue(entry: dict[str, Any], wounded: list[str], stars: int) -> list[str] | None:
    """Fresh chits beside the `wounded` ones whose asterisks pay `stars` of fatigue (the first such choice):
    exactly `stars` when some add up to it, else what the record form asks for then (`chits.fatigue_due`:
    the least sum above, else every fresh asterisk); None when no choice pays it."""
    choices: dict[int, list[str]] = {0: []}
    for chit in entry["chits"]:
        if chit["state"] != "fresh" or chit["id"] in wounded or "*" not in chit["label"]:
            continue
        for total, chosen in list(choices.items()):
            choices.setdefault(total + chit["label"].count("*"), [*chosen, chit["id"]])
    return choices.get(fatigue_due(entry["chits"], wounded, stars))
