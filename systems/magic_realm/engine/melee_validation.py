"""Validation of a melee round's input: `validate_round(round_input)` lists every state entry, sheet or play
that breaks the rules, each naming its field (`PlayError`); warnings (severity "warning") do not stop the
round, errors do (`blocking_errors`, `RoundInvalid`).

- the battle state: known counters, chit, armor and side states, no two combatants of one name;
- the sheets: known, living combatants; only denizens stand on a sheet, each on one; boxes 1 to 3; attackers
  spread over as many boxes as possible (systems.magic_realm.engine.denizens);
- the plays: fresh chits of the right action, a weapon he has (a weapon heavier than its FIGHT chit: a
  warning, the attack is cancelled), an attack spell of the chit's magic type that he knows (when his entry lists
  `spells`, docs/rulings.md "Spells a character knows"), maneuvers (a rider plays his
  horse, rule 5.2; a DUCK chit in box 3; a MOVE or FLY chit as strong as the heaviest item carried; a FLY
  chit not as the rider's own maneuver, docs/rulings.md "FLY chits as maneuvers"), the effort
  limit (systems.magic_realm.engine.effort), a shield to place, a living target on a sheet, horse or rider (rule 5.3),
  the community fixes on Fiery Blast's target (systems.magic_realm.engine.fiery_blast), and the GM's rulings on magic
  attacks (systems.magic_realm.engine.magic_attacks).
"""

from __future__ import annotations

from systems.magic_realm.engine import denizens as sheet_rules
from systems.magic_realm.engine import magic_attacks
from systems.magic_realm.engine.catalogue import Horse, Monster, Native, UnknownCounter
from systems.magic_realm.engine.effort import casting_chit, effort_limit_error
from systems.magic_realm.engine.fiery_blast import fiery_blast_target_errors
from systems.magic_realm.engine.lookups import catalogue_or_default, find, lookup_denizen, lookup_horse
from systems.magic_realm.engine.model import (
    ARMOR_STATES,
    BOXES,
    CHIT_STATES,
    HORSE_SIDES,
    LEVELS,
    SIDES,
    CharacterState,
    Chit,
    DenizenState,
    ManeuverPlay,
    PlayError,
    RoundInput,
    Sheet,
)


FIGHT_ACTIONS = ("FIGHT", "BERSERK")
MOVE_ACTIONS = ("MOVE", "DUCK")
# A FLY chit maneuvers as a MOVE chit does, on foot (docs/rulings.md, "FLY chits as maneuvers"); the rider's
# own maneuver beside his horse is a MOVE chit or Boots card only (rule 5.2).
MANEUVER_ACTIONS = (*MOVE_ACTIONS, "FLY")
RIDER_MUST_PLAY_HORSE = "with an active horse, the horse is the only piece he can play to move (rule 5.2)"
RIDER_FLY_REFUSED = "the rider's own maneuver is a MOVE chit or Boots card (rule 5.2), not a FLY chit"


class RoundInvalid(ValueError):
    """The round breaks the rules; nothing was resolved. `errors` name each field."""

    def __init__(self, errors: list[PlayError]):
        self.errors = errors
        super().__init__("; ".join(str(error) for error in errors))


def _unknown(error: UnknownCounter) -> str:
    return str(error)


def _chit_errors(character: CharacterState, chit_id: str, path: str, actions: tuple[str, ...]) -> tuple[list[PlayError], Chit | None]:
    chit = character.chit(chit_id)
    if chit is None:
        known = ", ".join(c.id for c in character.chits if c.action in actions) or "none"
        return [PlayError(path, f"{character.id} has no chit {chit_id!r} (playable here: {known})")], None
    if chit.action not in actions:
        return [PlayError(path, f"{chit.id} is a {chit.action} chit; play a {' or '.join(actions)} chit here")], chit
    if chit.state != "fresh":
        return [PlayError(path, f"{chit.id} is {chit.state}: only fresh chits can be played")], chit
    return [], chit


def _maneuver_errors(
    round_input: RoundInput, catalogue, character: CharacterState, maneuver: ManeuverPlay, path: str, *, rider: bool
) -> tuple[list[PlayError], Chit | None]:
    errors: list[PlayError] = []
    chit = None
    rules = round_input.rules
    if maneuver.box not in BOXES:
        errors.append(PlayError(f"{path}.box", f"box must be 1 Charge, 2 Dodge or 3 Duck, not {maneuver.box!r}"))
    pieces = [name for name, value in (("chit", maneuver.chit), ("boots", maneuver.boots), ("horse", maneuver.horse)) if value]
    if len(pieces) != 1:
        errors.append(PlayError(path, "play exactly one of a MOVE (or FLY) chit, a Boots card or the horse"))
        return errors, None
    if maneuver.horse:
        if rider:
            errors.append(PlayError(f"{path}.horse", "the rider's own maneuver is a MOVE chit or Boots card (rule 5.2)"))
        elif not character.rides:
            errors.append(PlayError(f"{path}.horse", f"{character.id} has no active horse"))
        elif maneuver.horse not in HORSE_SIDES:
            errors.append(PlayError(f"{path}.horse", f"a horse is played walking or galloping, not {maneuver.horse!r}"))
        return errors, None
    if rules.riding_horses and character.rides and not rider:
        piece = "chit" if maneuver.chit else "boots"
        errors.append(PlayError(
            f"{path}.{piece}",
            f"{character.id} has an active horse: under the Optional Combat Rules the horse is the only piece "
            "he can play to move (rule 5.2); play the horse, and this as the rider's own maneuver",
        ))
    if maneuver.boots:
        if maneuver.boots_time is None or maneuver.boots_strength not in LEVELS:
            errors.append(PlayError(f"{path}.boots", f"the Boots card {maneuver.boots!r} needs its strength and time"))
        return errors, None
    chit_errors, chit = _chit_errors(character, maneuver.chit, f"{path}.chit", MANEUVER_ACTIONS)
    errors.extend(chit_errors)
    if chit is not None and not chit_errors:
        if chit.action == "FLY" and rider:
            errors.append(PlayError(f"{path}.chit", f"{chit.id}: {RIDER_FLY_REFUSED}"))
        if chit.action == "DUCK" and maneuver.box != 3:
            errors.append(PlayError(f"{path}.box", f"{chit.id} can only be played in box 3 Duck"))
        heaviest = heaviest_item(catalogue, [weapon.name for weapon in character.weapons],
                                 [(armor.name, armor.state) for armor in character.armor])
        if too_weak_to_carry(chit, heaviest):
            errors.append(PlayError(
                f"{path}.chit",
                f"{chit.id} (strength {chit.strength}) cannot carry {heaviest[0]} (weight {heaviest[1]}): a "
                f"{chit.action} chit must be as strong as the heaviest item carried",
            ))
    return errors, chit


def heaviest_item(catalogue, weapons: list[str], armor: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The heaviest item a character carries, (name, weight): his weapons (by name) and his armor not
    destroyed ((name, state) pairs); None when nothing he carries has a weight. The plays form uses it too,
    to offer only the MOVE and FLY chits that can carry it (systems.magic_realm.side_options)."""
    catalogue = catalogue_or_default(catalogue)
    items: list[tuple[str, str]] = []
    for name in weapons:
        try:
            items.append((name, find(catalogue, "weapon", name).weight))
        except UnknownCounter:
            pass
    for name, state in armor:
        if state == "destroyed":
            continue
        try:
            items.append((name, find(catalogue, "armor_piece", name).weight))
        except UnknownCounter:
            pass
    items = [item for item in items if item[1] in LEVELS]
    return max(items, key=lambda item: LEVELS[item[1]]) if items else None


def too_weak_to_carry(chit: Chit, heaviest: tuple[str, str] | None) -> bool:
    """A MOVE, DUCK or FLY chit must be as strong as the heaviest item carried to be played as a maneuver."""
    return bool(heaviest) and chit.strength in LEVELS and LEVELS[chit.strength] < LEVELS[heaviest[1]]


def _state_errors(round_input: RoundInput, catalogue) -> list[PlayError]:
    errors: list[PlayError] = []
    seen: set[str] = set()
    for character in round_input.state.characters:
        path = f"state.characters.{character.id}"
        if character.id in seen:
            errors.append(PlayError(path, f"two combatants are called {character.id!r}"))
        seen.add(character.id)
        try:
            find(catalogue, "character", character.character)
        except UnknownCounter as error:
            errors.append(PlayError(f"{path}.character", _unknown(error)))
        for chit in character.chits:
            if chit.state not in CHIT_STATES:
                errors.append(PlayError(f"{path}.chits.{chit.id}", f"state must be fresh, fatigued or wounded, not {chit.state!r}"))
        for weapon in character.weapons:
            try:
                find(catalogue, "weapon", weapon.name)
            except UnknownCounter as error:
                errors.append(PlayError(f"{path}.weapons.{weapon.name}", _unknown(error)))
        for armor in character.armor:
            try:
                find(catalogue, "armor_piece", armor.name)
            except UnknownCounter as error:
                errors.append(PlayError(f"{path}.armor.{armor.name}", _unknown(error)))
            if armor.state not in ARMOR_STATES:
                errors.append(PlayError(f"{path}.armor.{armor.name}", f"state must be intact, damaged or destroyed, not {armor.state!r}"))
        if character.horse is not None:
            try:
                if not isinstance(lookup_horse(catalogue, character.horse.counter), Horse):
                    errors.append(PlayError(f"{path}.horse", f"{character.horse.counter!r} is not a horse"))
            except UnknownCounter as error:
                errors.append(PlayError(f"{path}.horse", _unknown(error)))
    for denizen in round_input.state.denizens:
        path = f"state.denizens.{denizen.id}"
        if denizen.id in seen:
            errors.append(PlayError(path, f"two combatants are called {denizen.id!r}"))
        seen.add(denizen.id)
        try:
            lookup_denizen(catalogue, denizen.counter)
        except UnknownCounter as error:
            errors.append(PlayError(f"{path}.counter", _unknown(error)))
        if denizen.side not in SIDES:
            errors.append(PlayError(f"{path}.side", f"side must be light or dark, not {denizen.side!r}"))
        if denizen.weapon_side not in SIDES:
            errors.append(PlayError(f"{path}.weapon_side", f"side must be light or dark, not {denizen.weapon_side!r}"))
        if denizen.hired_by is not None and round_input.state.character(denizen.hired_by) is None:
            errors.append(PlayError(f"{path}.hired_by", f"no character {denizen.hired_by!r} in this battle"))
    return errors


def _sheet_errors(round_input: RoundInput, catalogue) -> list[PlayError]:
    errors: list[PlayError] = []
    state = round_input.state
    attacking_from: dict[str, str] = {}
    owners: set[str] = set()
    for sheet in round_input.sheets:
        path = f"sheets.{sheet.owner}"
        owner = state.combatant(sheet.owner)
        if owner is None:
            errors.append(PlayError(f"{path}.owner", f"no combatant {sheet.owner!r} in this battle"))
            continue
        if sheet.owner in owners:
            errors.append(PlayError(f"{path}.owner", f"{sheet.owner} has two sheets"))
        owners.add(sheet.owner)
        if owner.dead or owner.fled:
            errors.append(PlayError(f"{path}.owner", f"{sheet.owner} is {'dead' if owner.dead else 'gone'}"))
        positions = list(sheet.attackers) + ([sheet.owner_position] if sheet.owner_position else [])
        for position in positions:
            position_path = f"{path}.attackers.{position.combatant}"
            combatant = state.combatant(position.combatant)
            if combatant is None:
                errors.append(PlayError(position_path, f"no combatant {position.combatant!r} in this battle"))
                continue
            if combatant.dead or combatant.fled:
                errors.append(PlayError(position_path, f"{position.combatant} is {'dead' if combatant.dead else 'gone'}"))
            for name in ("box", "weapon_box", "horse_box"):
                box = getattr(position, name)
                if box is not None and box not in BOXES:
                    errors.append(PlayError(f"{position_path}.{name}", f"a box is 1, 2 or 3, not {box!r}"))
        for position in sheet.attackers:
            if position.combatant == sheet.owner:
                errors.append(PlayError(f"{path}.attackers.{position.combatant}", "a combatant cannot attack itself"))
            elif isinstance(state.combatant(position.combatant), CharacterState):
                errors.append(PlayError(
                    f"{path}.attackers.{position.combatant}",
                    "characters choose their targets in their plays; only denizens stand on a sheet",
                ))
            elif position.combatant in attacking_from:
                errors.append(PlayError(
                    f"{path}.attackers.{position.combatant}",
                    f"{position.combatant} already attacks from {attacking_from[position.combatant]}'s sheet",
                ))
            else:
                attacking_from[position.combatant] = sheet.owner
        if sheet.owner_target is not None and state.combatant(sheet.owner_target) is None:
            errors.append(PlayError(f"{path}.owner_target", f"no combatant {sheet.owner_target!r} in this battle"))
        if not errors:
            given = _given_boxes(round_input, catalogue, sheet)
            if given and all(box is not None for box in given.values()):
                boxes = {ref: box for ref, box in given.items() if box is not None}
                if not sheet_rules.is_spread(boxes):
                    errors.append(PlayError(
                        f"{path}.attackers",
                        f"{len(boxes)} attackers stand in {len(set(boxes.values()))} box(es): spread them over "
                        f"as many boxes as possible ({sheet_rules.boxes_needed(len(boxes))})",
                    ))
    return errors


def _play_errors(round_input: RoundInput, catalogue) -> list[PlayError]:
    errors: list[PlayError] = []
    state = round_input.state
    rules = round_input.rules
    on_sheets = _combatants_on_sheets(round_input)
    played: set[str] = set()
    for play in round_input.plays:
        path = f"plays.{play.character}"
        character = state.character(play.character)
        if play.character in played:
            errors.append(PlayError(path, f"{play.character} has two sets of plays"))
        played.add(play.character)
        if character is None:
            errors.append(PlayError(path, f"no character {play.character!r} in this battle"))
            continue
        if character.dead or character.fled:
            errors.append(PlayError(path, f"{character.id} is {'dead' if character.dead else 'gone'} and cannot play"))
            continue
        chits_used: list[tuple[str, Chit]] = []
        if play.attack is not None:
            attack = play.attack
            attack_path = f"{path}.attack"
            if attack.box not in BOXES:
                errors.append(PlayError(f"{attack_path}.box", f"box must be 1 Thrust, 2 Swing or 3 Smash, not {attack.box!r}"))
            if attack.spell:
                chit_errors, chit = _chit_errors(character, attack.chit, f"{attack_path}.chit", ("MAGIC",))
                errors.extend(chit_errors)
                try:
                    spell = find(catalogue, "spell", attack.spell)
                    if not spell.attack:
                        errors.append(PlayError(f"{attack_path}.spell", f"{spell.name} is not an attack spell"))
                    elif not character.knows(spell.name):
                        # docs/rulings.md, "Spells a character knows": only when his entry lists them
                        known = ", ".join(character.spells or ()) or "none"
                        errors.append(PlayError(f"{attack_path}.spell",
                                                f"{character.id} does not know {spell.name} (his spells: {known})"))
                    elif chit is not None and not chit_errors and chit.magic_type != spell.magic_type:
                        errors.append(PlayError(
                            f"{attack_path}.chit",
                            f"{spell.name} is a type {spell.magic_type} spell; {chit.id} is type {chit.magic_type}",
                        ))
                except UnknownCounter as error:
                    errors.append(PlayError(f"{attack_path}.spell", _unknown(error)))
                if attack.weapon:
                    errors.append(PlayError(f"{attack_path}.weapon", "an attack spell is cast without a weapon"))
            else:
                if attack.alerted:
                    errors.append(PlayError(f"{attack_path}.alerted", "only a MAGIC chit casting a spell is played alerted"))
                chit_errors, chit = _chit_errors(character, attack.chit, f"{attack_path}.chit", FIGHT_ACTIONS)
                errors.extend(chit_errors)
                if chit is not None and not chit_errors:
                    chits_used.append(("attack", chit))
                if attack.weapon:
                    if character.weapon(attack.weapon) is None:
                        mine = ", ".join(w.name for w in character.weapons) or "none"
                        errors.append(PlayError(f"{attack_path}.weapon", f"{character.id} has no {attack.weapon!r} (weapons: {mine})"))
                    elif chit is not None and not chit_errors:
                        try:
                            weight = find(catalogue, "weapon", attack.weapon).weight
                        except UnknownCounter:
                            weight = None
                        if weight in LEVELS and chit.strength in LEVELS and LEVELS[weight] > LEVELS[chit.strength]:
                            errors.append(PlayError(
                                f"{attack_path}.weapon",
                                f"{attack.weapon} (weight {weight}) is heavier than {chit.id} (strength "
                                f"{chit.strength}): the attack will be cancelled",
                                severity="warning",
                            ))
        for name, maneuver in (("maneuver", play.maneuver), ("rider_maneuver", play.rider_maneuver)):
            if maneuver is None:
                continue
            rider = name == "rider_maneuver"
            if rider:
                if not rules.riding_horses:
                    errors.append(PlayError(f"{path}.rider_maneuver", "a rider's own maneuver is Optional Combat Rule 5.2, which these rules do not use"))
                    continue
                if play.maneuver is None or not play.maneuver.horse:
                    errors.append(PlayError(f"{path}.rider_maneuver", "a rider's own maneuver is played beside his horse: play the horse as the maneuver"))
            maneuver_errors, chit = _maneuver_errors(round_input, catalogue, character, maneuver, f"{path}.{name}", rider=rider)
            errors.extend(maneuver_errors)
            if chit is not None and not maneuver_errors:
                chits_used.append((name, chit))
        ids = [chit.id for _, chit in chits_used]
        if play.attack is not None and play.attack.spell and play.attack.chit in ids:
            ids.append(play.attack.chit)
        if len(ids) != len(set(ids)):
            errors.append(PlayError(path, "the same chit cannot be played twice in one round"))
        # A casting MAGIC chit fatigues itself (no fatigue owed for it), but its asterisks still count
        # toward the two-asterisk limit (issue #15.3).
        limited = chits_used + [("attack", chit) for chit in [casting_chit(character, play)] if chit is not None]
        effort = effort_limit_error(f"{path}.effort", limited)
        if effort is not None:
            errors.append(effort)
        if play.shield_box is not None:
            if play.shield_box not in BOXES:
                errors.append(PlayError(f"{path}.shield_box", f"a box is 1, 2 or 3, not {play.shield_box!r}"))
            if not any(_is_shield(catalogue, armor.name) and armor.state != "destroyed" for armor in character.armor):
                errors.append(PlayError(f"{path}.shield_box", f"{character.id} has no shield to place"))
        if play.target is not None:
            target = state.combatant(play.target)
            if target is None:
                errors.append(PlayError(f"{path}.target", f"no combatant {play.target!r} in this battle"))
            elif play.target == character.id:
                errors.append(PlayError(f"{path}.target", "a character cannot attack himself"))
            elif target.dead or target.fled:
                errors.append(PlayError(f"{path}.target", f"{play.target} is {'dead' if target.dead else 'gone'}"))
            elif isinstance(target, DenizenState) and play.target not in on_sheets:
                errors.append(PlayError(f"{path}.target", f"{play.target} is on no melee sheet: place it before attacking it"))
            if play.target_part not in ("horse", "rider"):
                errors.append(PlayError(f"{path}.target_part", f"target_part is horse or rider, not {play.target_part!r}"))
            elif play.target_part == "rider" and target is not None:
                if not rules.riding_horses:
                    errors.append(PlayError(f"{path}.target_part", "attacking a rider apart from his horse is Optional Combat Rule 5.3, which these rules do not use"))
                elif not _is_mounted(round_input, catalogue, target):
                    errors.append(PlayError(f"{path}.target_part", f"{play.target} rides no horse"))
            if play.target_part in ("horse", "rider") and not any(error.path.startswith(f"{path}.target") for error in errors):
                errors.extend(fiery_blast_target_errors(round_input, catalogue, play, target, path))
        elif play.attack is not None:
            errors.append(PlayError(f"{path}.target", "an attack needs a target"))
    return errors


def _is_shield(catalogue, name: str) -> bool:
    try:
        return find(catalogue, "armor_piece", name).shield
    except UnknownCounter:
        return False


def _is_mounted(round_input: RoundInput, catalogue, combatant) -> bool:
    if isinstance(combatant, CharacterState):
        play = round_input.play(combatant.id)
        return combatant.rides and (
            round_input.rules.riding_horses or (play is not None and play.maneuver is not None and bool(play.maneuver.horse))
        )
    try:
        counter = lookup_denizen(catalogue, combatant.counter)
    except UnknownCounter:
        return False
    return isinstance(counter, Native) and counter.horse is not None and not combatant.horse_dead


def _combatants_on_sheets(round_input: RoundInput) -> set[str]:
    names: set[str] = set()
    for sheet in round_input.sheets:
        names.add(sheet.owner)
        names.update(position.combatant for position in sheet.attackers)
    return names


def validate_round(round_input: RoundInput, catalogue=None) -> list[PlayError]:
    """Every play, sheet or state entry that breaks the rules, each naming its field. Warnings
    (severity "warning") do not stop the round."""
    catalogue = catalogue_or_default(catalogue)
    errors = _state_errors(round_input, catalogue)
    if errors:
        return errors
    return (
        _sheet_errors(round_input, catalogue) + _play_errors(round_input, catalogue)
        + magic_attacks.ruling_errors(round_input, lambda counter: lookup_denizen(catalogue, counter))
    )


def blocking_errors(errors: list[PlayError]) -> list[PlayError]:
    return [error for error in errors if error.severity == "error"]


def _given_boxes(round_input: RoundInput, catalogue, sheet: Sheet) -> dict[tuple[str, str], int | None]:
    given: dict[tuple[str, str], int | None] = {}
    for position in sheet.attackers:
        denizen = round_input.state.denizen(position.combatant)
        if denizen is None:
            continue
        counter = lookup_denizen(catalogue, denizen.counter)
        given[(denizen.id, "body")] = position.box
        if isinstance(counter, Monster) and counter.weapon is not None:
            given[(denizen.id, "weapon")] = position.weapon_box
        if isinstance(counter, Native) and counter.horse is not None and not denizen.horse_dead:
            given[(denizen.id, "horse")] = position.horse_box
    return given
