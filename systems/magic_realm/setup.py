"""A new Magic Realm battle set up by the GM's answers (systems/setup.py: `setup_form`, `set_up`): which of the
campaign's characters are present, which monsters and natives (a native may be hired by a character present),
who attacks whom, and the clearing's dwelling (rule 1.2: set-up). The starting state is
`battle_state.starting_state`'s: each character fresh from
the catalogue, as a new record leaves him (the campaign's records are laid over by `with_records` afterwards),
the denizens numbered (`Wolf`, `Wolf #2`) and assigned, and an encounter step when a denizen is left attacking
no one (8.3.5a.3)."""

from __future__ import annotations

import re
from typing import Any, Mapping

from systems.interface import GM, Choice, Field, PlaysForm
from systems.magic_realm.battle_state import denizen_entries, has_unassigned_denizens, starting_state
from systems.magic_realm.engine.catalogue import UnknownCounter
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.plugin import with_options
from systems.magic_realm.records import entry_from_record, new_record
from systems.setup import listed, pair, refused

HIRED = re.compile(r"\s+hired by\s+", re.IGNORECASE)  # 'Company 2 hired by Black Knight'
DWELLINGS = ("Chapel", "Guard", "House", "Inn", "Large Fire", "Small Fire")  # the clearing's dwelling, if any
FIELDS = ("characters", "monsters", "natives", "attacks", "dwelling")


def setup_form(characters: tuple[str, ...]) -> PlaysForm:
    """The new battle's questions; `characters` are the campaign's living characters, the ones it may take, in
    the campaign's order (by name, as the app's own form lists them)."""
    return PlaysForm(GM, "Who is in the clearing", fields=(
        Field("characters", "multi-choice", "Characters present", None,
              choices=tuple(Choice(name, name) for name in characters)),
        Field("monsters", "text", "Monsters", None, "One monster per line, as in the catalogue: T Troll, Wolf, "
              "Giant Bat.", required=False, multiline=True),
        Field("natives", "text", "Natives", None, "One native per line: 'Order 3', or 'Company 2 hired by "
              "Black Knight'.", required=False, multiline=True),
        Field("attacks", "text", "Who attacks whom", None, "One per line: 'Wolf -> Amazon' (use 'Wolf #2' for a "
              "second Wolf). Empty: the monsters and unhired natives share out over the characters, and each "
              "hireling takes on one of them.", required=False, multiline=True),
        Field("dwelling", "choice", "Dwelling", None, "The dwelling in this clearing, if any. Only the community "
              "setting 'Fiery Blast may not target unhired natives in a Dwelling clearing' uses it.",
              choices=tuple(Choice(name, name) for name in DWELLINGS), required=False),
    ), notes=() if characters else ("The campaign has no living character to take into a battle",))


def set_up(answers: Mapping[str, Any], characters: tuple[str, ...]) -> dict[str, Any]:
    """Round 1's input from the answers to `setup_form(characters)`: the round file (docs/round-format.md) under
    the default rules, without plays, the characters present in the order `characters` lists them. `PlaysInvalid`
    naming each field whose answer cannot be set up."""
    errors: dict[str, list[str]] = {name: [] for name in FIELDS}
    present = _characters(answers.get("characters"), characters, errors["characters"])
    monsters = _monsters(listed(answers.get("monsters")), errors["monsters"])
    natives = _natives(listed(answers.get("natives")), present, errors["natives"])
    dwelling = _dwelling(answers.get("dwelling"), errors["dwelling"])
    typed = [(line, pair(line)) for line in listed(answers.get("attacks"))]
    errors["attacks"] = [f"write {line!r} as 'attacker -> target'" for line, found in typed if found is None]
    if any(errors.values()):
        raise refused(errors)  # who attacks whom is checked against the combatants once they are known
    combatants = [*present, *(denizen["id"] for denizen in denizen_entries(present, monsters, natives))]
    attacks = _attacks(typed, present, combatants, errors["attacks"])
    if errors["attacks"]:
        raise refused(errors)
    started = starting_state([entry_from_record(name, name, new_record()) for name in present], monsters, natives,
                             attacks, dwelling)
    round_input = {**with_options({"format": "herald-round/1"}, {}), **started}  # the default rules: the app's follow
    if has_unassigned_denizens(started["state"]):  # the encounter step assigns it (8.3.5a.3), as the app's file has
        round_input["encounter"] = {}
    return round_input


def _characters(answer: Any, living: tuple[str, ...], errors: list[str]) -> list[str]:
    """The characters picked, in the order `living` lists them (the campaign's, in which the app's own form takes
    them: the monsters share out over them in that order)."""
    picked = set(listed([answer] if isinstance(answer, str) else answer))
    for name in sorted(picked - set(living)):
        errors.append(f"{name!r} is not one of the campaign's living characters")
    present = [name for name in living if name in picked]
    for name in present:
        try:
            get_catalogue().character(name)
        except UnknownCounter as error:
            errors.append(f"{name!r} is not a character of the catalogue ({error})")
    if not picked:
        errors.append("pick at least one character present")
    return present


def _monsters(lines: list[str], errors: list[str]) -> list[str]:
    names = []
    for line in lines:
        try:
            names.append(get_catalogue().monster(line).name)
        except UnknownCounter as error:
            errors.append(f"{line!r}: {_unknown(error)}")
    return names


def _natives(lines: list[str], present: list[str], errors: list[str]) -> list[tuple[str, str | None]]:
    by_name = {name.casefold(): name for name in present}
    natives: list[tuple[str, str | None]] = []
    for line in lines:
        name, employer = HIRED.split(line, maxsplit=1) if HIRED.search(line) else (line, "")
        try:
            counter = get_catalogue().native(name.strip())
        except UnknownCounter as error:
            errors.append(f"{line!r}: {_unknown(error)}")
            continue
        employer = employer.strip()
        if employer and employer.casefold() not in by_name:
            errors.append(f"{line!r}: {employer} hires {counter.name} but is not among the characters present")
            continue
        natives.append((counter.name, by_name[employer.casefold()] if employer else None))
    return natives


def _dwelling(answer: Any, errors: list[str]) -> str | None:
    if answer in (None, ""):
        return None
    if answer not in DWELLINGS:
        errors.append(f"{answer!r} is not a dwelling: {', '.join(DWELLINGS[:-1])} or {DWELLINGS[-1]}")
        return None
    return answer


def _attacks(lines: list[tuple[str, tuple[str, str] | None]], present: list[str], combatants: list[str],
             errors: list[str]) -> list[tuple[str, str]]:
    """Each line 'attacker -> target' by the combatants' ids (typed in any case): a denizen attacking another
    combatant of the battle, once."""
    ids = {combatant.casefold(): combatant for combatant in combatants}
    known = ", ".join(ids.values())
    attacks: list[tuple[str, str]] = []
    for line, (attacker_typed, target_typed) in ((line, found) for line, found in lines if found):
        attacker, target = ids.get(attacker_typed.casefold()), ids.get(target_typed.casefold())
        missing = [typed for typed, found in ((attacker_typed, attacker), (target_typed, target)) if found is None]
        if missing:
            errors.append(f"{line!r}: no {' and no '.join(missing)} in this battle (its combatants: {known})")
        elif attacker in present:
            errors.append(f"{line!r}: {attacker} is a character, whose target is his play each round")
        elif attacker == target:
            errors.append(f"{line!r}: {attacker} cannot attack itself")
        elif attacker in dict(attacks):
            errors.append(f"{line!r}: {attacker} already attacks {dict(attacks)[attacker]}")
        else:
            attacks.append((attacker, target))
    return attacks


def _unknown(error: UnknownCounter) -> str:
    """An unknown counter in words: no such monster (or native) in the catalogue, and the closest names."""
    hint = f"; did you mean {' or '.join(repr(name) for name in error.suggestions)}?" if error.suggestions else ""
    return f"no {error.kind} of that name in the catalogue{hint}"
