"""What a Fallen Empire melee round may hold (docs/systems/fallen-empire.md, FE 1-2): errors name the field.

The JSON schema checks shapes; this checks the rules: who may play what, at whom, with what."""

from __future__ import annotations

from systems.errors import FieldError, duplicate_names
from systems.fallen_empire.attack import ENCIRCLED_BY, parse_damage
from systems.fallen_empire.model import (BROKEN_MAY, HORSEBACK_MISSILES, SETTERS, TARGETED, Combatant, Play,
                                         RoundInput)


def validate(round_input: RoundInput) -> list[FieldError]:
    errors = state_errors(round_input)
    if errors:
        return errors
    for name, play in round_input.plays.items():
        path = f"plays.{name}"
        if name not in {c.name for c in round_input.combatants}:
            errors.append(FieldError(path, f"{name} is not in this battle"))
            continue
        errors += play_errors(round_input, round_input.combatant(name), play, path)
    return errors + encircling_errors(round_input)


def state_errors(round_input: RoundInput) -> list[FieldError]:
    side_names = [side.name for side in round_input.sides]
    errors = duplicate_names(side_names, "sides")
    names = [c.name for c in round_input.combatants]
    errors += duplicate_names(names)
    people = {c.name: c for c in round_input.combatants}
    for index, combatant in enumerate(round_input.combatants):
        path = f"combatants.{index}"
        if combatant.side not in side_names:
            errors.append(FieldError(f"{path}.side", f"{combatant.side!r} is not one of the sides"))
        if combatant.hp > combatant.max_hp:
            errors.append(FieldError(f"{path}.hp", f"{combatant.hp} is more than max_hp {combatant.max_hp}"))
        if combatant.fighting and combatant.hp <= 0:
            errors.append(FieldError(f"{path}.status", f"a combatant at {combatant.hp} hit points is not fighting (FE 12)"))
        if combatant.status in ("dying", "stable") and (not combatant.character or combatant.hp > 0):
            errors.append(FieldError(f"{path}.status", "only a player character or henchman at 0 hit points or less is "
                                                       f"{combatant.status} (FE 12.2)"))
        for other in combatant.engaged_with:
            partner = people.get(other)
            if partner is None or other == combatant.name:
                errors.append(FieldError(f"{path}.engaged_with", f"{other!r} is not another combatant in this battle"))
            elif partner.side == combatant.side:
                errors.append(FieldError(f"{path}.engaged_with", f"{other} is on the same side"))
            elif combatant.name not in partner.engaged_with:
                errors.append(FieldError(f"{path}.engaged_with", f"{other} does not list {combatant.name} back"))
            elif not (combatant.fighting and partner.fighting):
                errors.append(FieldError(f"{path}.engaged_with", "only combatants in the fight are engaged"))
        for other in combatant.beside:
            if other not in people or other == combatant.name:
                errors.append(FieldError(f"{path}.beside", f"{other!r} is not another combatant in this battle"))
        for field in ("melee", "missile"):
            weapon = getattr(combatant, field)
            if weapon is not None:
                try:
                    parse_damage(weapon.damage)
                except ValueError as error:
                    errors.append(FieldError(f"{path}.{field}.damage", str(error)))
    return errors


def play_errors(round_input: RoundInput, me: Combatant, play: Play, path: str) -> list[FieldError]:
    action = play.action
    if action == "none":
        return []
    if me.status == "dying":
        if action != "bandage" or play.patient != me.name:
            return [FieldError(f"{path}.action", f"{me.name} is dying: he may only bandage himself (FE 12.5)")]
    elif me.status == "stable":
        if action != "move":
            return [FieldError(f"{path}.action", f"{me.name} is stable: he cannot fight or cast, only move (FE 12.4)")]
    elif not me.fighting:
        return [FieldError(path, f"{me.name} is {me.status} and plays nothing")]
    if me.fighting and me.broken and action not in BROKEN_MAY:
        return [FieldError(f"{path}.action", f"{me.name} is broken: he may only {', '.join(BROKEN_MAY[:-1])} or do "
                                             "nothing (FE 4.4)")]
    errors = option_errors(round_input, me, play, path)
    errors += ACTION_CHECKS.get(action, lambda *_: [])(round_input, me, play, path)
    return errors


def option_errors(round_input: RoundInput, me: Combatant, play: Play, path: str) -> list[FieldError]:
    errors = []
    action = play.action
    if play.subdue and action not in ("melee", "charge"):
        errors.append(FieldError(f"{path}.subdue", "only a melee attack or a charge uses the flat of the blade (FE 8.7)"))
    if play.rear and action != "melee":
        errors.append(FieldError(f"{path}.rear", "only a melee attack comes from the rear (FE 8.4)"))
    if (play.cover or play.covered_by) and action != "missile":
        errors.append(FieldError(f"{path}.cover", "cover is for a missile attack (FE 7.2)"))
    if play.passing and action not in ("move", "charge"):
        errors.append(FieldError(f"{path}.passing", "only a move or a charge passes by enemies (FE 6.4)"))
    for index, other in enumerate(play.passing):
        if not is_enemy(round_input, me, other):
            errors.append(FieldError(f"{path}.passing.{index}", f"{other!r} is not an enemy in this battle"))
    if play.covers is not None:
        covered = round_input.plays.get(play.covers)
        if action not in ("melee", "charge"):
            errors.append(FieldError(f"{path}.covers", "an ally covers a retreat by moving into melee (FE 6.5)"))
        elif not covered or covered.action != "retreat" or round_input.combatant(play.covers).side != me.side:
            errors.append(FieldError(f"{path}.covers", f"{play.covers!r} is not an ally making a full retreat (FE 6.5)"))
    if action in TARGETED:
        errors += target_errors(round_input, me, play.target, f"{path}.target")
    return errors


def is_enemy(round_input: RoundInput, me: Combatant, name: str | None) -> bool:
    return any(c.name == name and c.side != me.side for c in round_input.combatants)


def target_errors(round_input: RoundInput, me: Combatant, target: str | None, path: str) -> list[FieldError]:
    if target is None:
        return [FieldError(path, "is required")]
    if not is_enemy(round_input, me, target):
        return [FieldError(path, f"{target!r} is not an enemy in this battle")]
    if round_input.combatant(target).out:
        return [FieldError(path, f"{target} has {round_input.combatant(target).status}")]
    return []


def check_melee(round_input, me, play, path):
    if me.melee is None:
        return [FieldError(f"{path}.action", f"{me.name} has no melee weapon")]
    return []


def check_charge(round_input, me, play, path):
    errors = check_melee(round_input, me, play, path)
    if me.melee is not None and me.melee.type == "natural":
        errors.append(FieldError(f"{path}.action", f"{me.name} has no weapon, horns or tusks to charge with (FE 8.2)"))
    least = -(-me.move // 2)
    if play.distance is None or not least <= play.distance <= me.move:
        errors.append(FieldError(f"{path}.distance", f"a charge moves at least half and at most all of {me.name}'s "
                                                     f"{me.move}\": {least} to {me.move}, not {play.distance} (FE 8.2)"))
    return errors


def check_missile(round_input, me, play, path):
    errors = []
    if me.missile is None:
        return [FieldError(f"{path}.action", f"{me.name} has no missile weapon")]
    if me.mounted and me.missile.type not in HORSEBACK_MISSILES:
        errors.append(FieldError(f"{path}.action", f"only a shortbow or a thrown weapon is used from horseback, not a "
                                                   f"{me.missile.type} (FE 7.5)"))
    if me.role == "henchman" and is_enemy(round_input, me, play.target) and round_input.combatant(play.target).engaged_with:
        errors.append(FieldError(f"{path}.target", f"{play.target} is engaged in melee: a henchman never fires into a "
                                                   "melee (FE 7.4)"))
    if play.covered_by is not None and (play.covered_by in (me.name, play.target)
                                        or play.covered_by not in {c.name for c in round_input.combatants}):
        errors.append(FieldError(f"{path}.covered_by", f"{play.covered_by!r} is not another combatant who could cover "
                                                       "the target (FE 7.2)"))
    return errors


def check_set_spear(round_input, me, play, path):
    if me.char_class not in SETTERS or me.melee is None or me.melee.type not in ("spear", "pole-arm") or me.mounted:
        return [FieldError(f"{path}.action", "only a fighting-man, man-at-arms or demi-human on foot with a spear or "
                                             "pole arm sets it (FE 8.3)")]
    return []


def check_spell(round_input, me, play, path):
    errors = []
    if not play.spell:
        errors.append(FieldError(f"{path}.spell", "is required"))
    if play.damage is not None:
        try:
            parse_damage(play.damage)
        except ValueError as error:
            errors.append(FieldError(f"{path}.damage", str(error)))
    if play.target is not None:
        if play.target not in {c.name for c in round_input.combatants}:
            errors.append(FieldError(f"{path}.target", f"{play.target!r} is not in this battle"))
        elif round_input.combatant(play.target).out:
            errors.append(FieldError(f"{path}.target", f"{play.target} has {round_input.combatant(play.target).status}"))
    return errors


def check_engaged(round_input, me, play, path):
    if not me.engaged_with:
        return [FieldError(f"{path}.action", f"{me.name} is not engaged in melee: there is nothing to "
                                             f"{'withdraw' if play.action == 'withdraw' else 'retreat'} from (FE 6)")]
    return []


def check_move(round_input, me, play, path):
    if me.engaged_with:
        return [FieldError(f"{path}.action", f"{me.name} is engaged in melee: he withdraws or retreats, not moves "
                                             "(FE 6.1)")]
    if play.distance is not None and not 0 <= play.distance <= me.move:
        return [FieldError(f"{path}.distance", f"{me.name} moves at most {me.move}\", not {play.distance} (FE 6.1)")]
    return []


def check_bandage(round_input, me, play, path):
    if me.bandages < 1:
        return [FieldError(f"{path}.action", f"{me.name} has no bandages (FE 10.2)")]
    if play.patient not in {c.name for c in round_input.combatants}:
        return [FieldError(f"{path}.patient", f"{play.patient!r} is not in this battle")]
    if round_input.combatant(play.patient).out:
        return [FieldError(f"{path}.patient", f"{play.patient} has {round_input.combatant(play.patient).status}")]
    return []


def check_other(round_input, me, play, path):
    return [] if play.text else [FieldError(f"{path}.text", "says what the action is (FE 10.1)")]


ACTION_CHECKS = {"melee": check_melee, "charge": check_charge, "missile": check_missile, "set_spear": check_set_spear,
                 "spell": check_spell, "withdraw": check_engaged, "retreat": check_engaged, "move": check_move,
                 "bandage": check_bandage, "other": check_other}


def encircling_errors(round_input: RoundInput) -> list[FieldError]:
    """FE 8.6, ruling R21: at most six enemies (eight around a large target) engage one target."""
    errors = []
    for target in round_input.combatants:
        around = [c.name for c in round_input.combatants if c.name in target.engaged_with]
        for name, play in round_input.plays.items():
            if play.action in ("melee", "charge") and play.target == target.name and name not in around:
                around.append(name)
                if len(around) > ENCIRCLED_BY[target.size]:
                    errors.append(FieldError(f"plays.{name}.target", f"{target.name} is already surrounded by "
                                                                     f"{ENCIRCLED_BY[target.size]} (FE 8.6)"))
    return errors
