"""Validation of an encounter step's input (docs/encounter.md): every lure (8.3.4), deployment and
charge (8.3), encounter action (8.3, 5.1, 5.2), melee-step target (8.4.2), Meeting table roll and player's
choice that names an unknown combatant or asks for something the rules never allow, each with its field.
"""

from __future__ import annotations

from systems.magic_realm.engine.encounter_model import (
    AlertWeapon,
    CastSpell,
    EncounterError,
    EncounterInput,
    RunAway,
)


def validate_encounter(encounter: EncounterInput) -> list[EncounterError]:
    """Every input that names an unknown combatant, or asks for something the rules never allow.

    Outcomes that depend on the dice (a run with a chit too slow for attackers assigned at random) are
    not errors: they are resolved and logged.
    """
    errors: list[EncounterError] = []

    def add(path: str, message: str) -> None:
        errors.append(EncounterError(path, message))

    characters = {c.name: c for c in encounter.characters}
    minion_owner = {m.name: c.name for c in encounter.characters for m in c.minions}
    minions = {m.name: m for c in encounter.characters for m in c.minions}
    denizens = {d.name: d for d in encounter.denizens}

    seen: set[str] = set()
    names = [c.name for c in encounter.characters] + list(minion_owner) + [d.name for d in encounter.denizens]
    for name in names:
        if not name or not name.strip():
            add("characters", "every combatant needs a name")
        elif name in seen:
            add(
                "characters",
                f"{name!r} names two combatants; give each a distinct name ('Soldier 1', 'Soldier 2')",
            )
        seen.add(name)
    for i, denizen in enumerate(encounter.denizens):
        if denizen.kind not in ("monster", "native"):
            add(f"denizens[{i}].kind", f"must be 'monster' or 'native', not {denizen.kind!r}")
        if denizen.kind == "native" and not denizen.group:
            add(f"denizens[{i}].group", f"{denizen.name} is a native: give its group")
        if not isinstance(denizen.move_time, int) or not 0 <= denizen.move_time <= 8:
            add(f"denizens[{i}].move_time", f"must be a time from 0 to 8, not {denizen.move_time!r}")
        if denizen.red_side_up and denizen.kind != "monster":
            add(f"denizens[{i}].red_side_up", "only a Tremendous monster turns red side up")
        if denizen.target is not None and denizen.target not in seen:
            add(f"denizens[{i}].target", f"{denizen.target!r} is not in the clearing")
    for i, character in enumerate(encounter.characters):
        for j, minion in enumerate(character.minions):
            path = f"characters[{i}].minions[{j}]"
            if minion.kind == "native" and not minion.group:
                add(f"{path}.group", f"{minion.name} is a hired native: give its group")
            if not isinstance(minion.move_time, int) or not 0 <= minion.move_time <= 8:
                add(f"{path}.move_time", f"must be a time from 0 to 8, not {minion.move_time!r}")
    for i, (group, character) in enumerate(sorted(encounter.battling)):
        if character not in characters:
            add(f"battling[{i}]", f"{character!r} is not a character in the clearing")

    lured: set[str] = set()
    lures_by_minion: set[str] = set()
    for i, lure in enumerate(encounter.lures):
        path = f"lures[{i}]"
        if lure.lurer in characters:
            if not characters[lure.lurer].present:
                add(f"{path}.lurer", f"{lure.lurer} is not in the clearing and cannot lure")
        elif lure.lurer in minions:
            if lure.lurer in lures_by_minion:
                add(f"{path}.lurer", f"a hireling lures one denizen; {lure.lurer} already lured one")
            lures_by_minion.add(lure.lurer)
        else:
            add(f"{path}.lurer", f"{lure.lurer!r} is neither a character nor a hireling in the clearing")
        denizen = denizens.get(lure.denizen)
        if denizen is None:
            what = (
                "a hired native (hirelings are not lured)"
                if lure.denizen in minions
                else "not a denizen here"
            )
            add(f"{path}.denizen", f"{lure.denizen!r} is {what}")
            continue
        if denizen.red_side_up:
            add(
                f"{path}.denizen",
                f"{denizen.name} is a red-side-up Tremendous monster and cannot be lured (8.3.4)",
            )
        elif denizen.target is not None:
            add(
                f"{path}.denizen",
                f"{denizen.name} already attacks {denizen.target}; only unassigned denizens are lured",
            )
        elif lure.denizen in lured:
            add(f"{path}.denizen", f"{denizen.name} is lured twice; it can be lured once")
        lured.add(lure.denizen)

    lurers = {lure.lurer for lure in encounter.lures}  # a hidden character who lures becomes unhidden
    deployed: set[str] = set()
    for i, deploy in enumerate(encounter.deployments):
        path = f"deployments[{i}]"
        if deploy.minion not in minions:
            add(f"{path}.minion", f"{deploy.minion!r} is not a hireling in the clearing")
            continue
        if deploy.minion in deployed:
            add(f"{path}.minion", f"{deploy.minion} is deployed twice")
        if deploy.minion in lures_by_minion:
            add(
                f"{path}.minion", f"{deploy.minion} lured a denizen and fights it; it cannot also be deployed"
            )
        deployed.add(deploy.minion)
        owner = minion_owner[deploy.minion]
        if deploy.target not in seen:
            add(f"{path}.target", f"{deploy.target!r} is not in the clearing")
        elif deploy.target == owner or minion_owner.get(deploy.target) == owner:
            add(f"{path}.target", f"{deploy.minion} cannot be deployed against {owner} or his own hirelings")
        elif deploy.target in characters and not characters[deploy.target].present:
            add(f"{path}.target", f"{deploy.target} is not in the clearing")
        elif deploy.target in characters and characters[deploy.target].hidden and deploy.target not in lurers:
            add(f"{path}.target", f"{deploy.target} is hidden and cannot be attacked")

    charged: set[str] = set()
    for i, charge in enumerate(encounter.charges):
        path = f"charges[{i}]"
        if charge.character not in characters or not characters[charge.character].present:
            add(f"{path}.character", f"{charge.character!r} is not a character in the clearing")
        elif charge.character in charged:
            add(f"{path}.character", f"{charge.character} charges once")
        charged.add(charge.character)
        target = characters.get(charge.target)
        if target is None or not target.present or charge.target == charge.character:
            add(f"{path}.target", f"{charge.target!r} is not another character in the clearing")
        elif target.hidden and charge.target not in lurers:
            add(f"{path}.target", f"{charge.target} is hidden and cannot be charged")
        if not isinstance(charge.move_time, int) or not 0 <= charge.move_time <= 8:
            add(f"{path}.move_time", f"must be a time from 0 to 8, not {charge.move_time!r}")
        charger = characters.get(charge.character)
        if charger is not None and charge.using not in ("move", "boots", "horse"):
            add(f"{path}.using", f"a charge is made with a MOVE chit, Boots or a horse, not {charge.using!r}")
        elif (
            charger is not None
            and encounter.rules.riding_horses
            and charger.horse
            and charge.using != "horse"
        ):
            add(
                f"{path}.using",
                f"{charge.character} rides {charger.horse}: under riding horses (5.2) he must play the horse "
                "to charge",
            )
        elif charger is not None and charge.using == "horse" and not charger.horse:
            add(f"{path}.using", f"{charge.character} has no active horse")

    acting: set[str] = set()
    for i, action in enumerate(encounter.actions):
        path = f"actions[{i}]"
        character = characters.get(action.character)
        if character is None or not character.present:
            add(f"{path}.character", f"{action.character!r} is not a character in the clearing")
            continue
        if action.character in acting:
            add(f"{path}.character", f"{action.character} has already taken his encounter action this round")
        acting.add(action.character)
        if isinstance(action, RunAway):
            if not isinstance(action.move_time, int) or not 0 <= action.move_time <= 8:
                add(f"{path}.move_time", f"must be a time from 0 to 8, not {action.move_time!r}")
            if action.using not in ("move", "boots", "horse", "fly"):
                add(f"{path}.using", f"must be move, boots, horse or fly, not {action.using!r}")
            if action.character in charged:
                add(f"{path}.character", f"{action.character} charged this round and cannot run away")
            if encounter.rules.riding_horses and character.horse and action.using not in ("horse", "fly"):
                add(
                    f"{path}.using",
                    f"{action.character} rides {character.horse}: under riding horses (5.2) he must play "
                    "the horse to run away",
                )
            if action.using == "horse" and not character.horse:
                add(f"{path}.using", f"{action.character} has no active horse")
            holders = [d.name for d in encounter.denizens if d.red_side_up and d.target == action.character]
            if holders:
                add(
                    f"{path}.character",
                    f"{holders[0]} is red side up on {action.character}'s sheet: he cannot run away (5.1)",
                )
        elif isinstance(action, AlertWeapon):
            if not action.weapon.strip():
                add(f"{path}.weapon", "name the weapon to alert")
        elif isinstance(action, CastSpell) and not action.spell.strip():
            add(f"{path}.spell", "name the spell to cast")

    targeting: set[str] = set()
    for i, choice in enumerate(encounter.targets):
        path = f"targets[{i}]"
        if choice.attacker not in characters and choice.attacker not in minions:
            add(
                f"{path}.attacker",
                f"{choice.attacker!r} is neither a character nor a hireling in the clearing",
            )
        elif choice.attacker in targeting:
            add(f"{path}.attacker", f"{choice.attacker} has already chosen a target")
        elif choice.attacker in characters and not characters[choice.attacker].present:
            add(f"{path}.attacker", f"{choice.attacker} is not in the clearing")
        elif choice.attacker in deployed:
            add(
                f"{path}.attacker",
                f"{choice.attacker} was deployed: its target is the one it was deployed against",
            )
        targeting.add(choice.attacker)
        if choice.target not in seen or choice.target == choice.attacker:
            add(f"{path}.target", f"{choice.target!r} is not another combatant in the clearing")
        elif choice.target in characters and not characters[choice.target].present:
            add(f"{path}.target", f"{choice.target} is not in the clearing")
        if choice.stays_hidden and choice.attacker not in characters:
            add(f"{path}.stays_hidden", "only a character stays hidden by his Ambush hide roll")
    if encounter.meetings and encounter.meeting_table is None:
        add("meeting_table", "Meeting table rolls need the Meeting table: enter its five columns")
    for i, meeting in enumerate(encounter.meetings):
        if meeting.character.name not in characters:
            add(f"meetings[{i}].character", f"{meeting.character.name!r} is not a character in the clearing")
    for denizen, minion in encounter.choices.items():
        if denizen not in denizens and denizen not in minions:
            add(f"choices.{denizen}", f"{denizen!r} is not a denizen in the clearing")
        if minion not in minions:
            add(f"choices.{denizen}", f"{minion!r} is not a hireling in the clearing")
    return errors
