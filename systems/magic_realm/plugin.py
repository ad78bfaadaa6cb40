"""Magic Realm behind the systems interface (systems/interface.py), over its pure engine in `engine/`. The
round input is the round file of docs/round-format.md; it resolves exactly as `manage.py resolve_round`
resolves it (tests/systems/test_interface_golden.py compares every golden example).

Who sees what (docs/systems.md, "Magic Realm"): the melee is fought in the open, so the log is seen by all,
except what Magic Realm keeps in a player's own hands: the fatigue and wounds a character owes (he chooses the
chits) and the fame, notoriety and gold he scores (victory points are secret). Those lines are seen by the
character, or by the character who hires the denizen they name."""

from __future__ import annotations

from typing import Any

from systems.errors import FieldError, PlaysInvalid
from systems.interface import ALL, GM, Resolution, SideSummary, resolved_event
from systems.magic_realm.battle_state import active_characters, long_form, next_round_input
from systems.magic_realm.checks import engine_file, in_round_input, validate
from systems.magic_realm.engine.dice import DiceExhausted, SeededDice
from systems.magic_realm.engine.encounter import EncounterInvalid
from systems.magic_realm.engine.melee import RoundInvalid
from systems.magic_realm.engine.play import EncounterChoicePending, GmRulingPending, play_round
from systems.magic_realm.engine.round_format import (RoundFormatError, read_round, result_to_json,
                                                     ruling_needed_to_json, schema)
from systems.magic_realm.form import plays_form
from systems.magic_realm.gm_entries import gm_entries
from systems.magic_realm.options import check_options, options, options_fingerprint
from systems.magic_realm import sheet_picture
from systems.magic_realm.chit_choice import plural
from systems.magic_realm.summaries import summaries as side_summaries

__all__ = ["KINDS", "asks_anything", "check_options", "input_schema", "options", "options_fingerprint", "picture",
           "plays_form", "resolve", "sides", "sides_in_battle", "summaries", "validate", "with_options"]

KINDS = ("round",)
PRIVATE_KINDS = ("fatigue", "wound", "bounty")


def with_options(round_input: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The round file's `rules`: the preset's name alone, or {"preset": name, ...overrides} (docs/round-format.md)."""
    overrides = {key: value for key, value in values.items() if key != "preset"}
    preset = values.get("preset", "standard")
    return {**round_input, "rules": {"preset": preset, **overrides} if overrides else preset}


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return schema()


def sides(round_input: dict[str, Any]) -> tuple[str, ...]:
    """A side is a character (its player); the denizens are the GM's, or follow the character who hires them."""
    return tuple(character["id"] for character in round_input["state"]["characters"])


def sides_in_battle(round_input: dict[str, Any]) -> tuple[str, ...]:
    """The characters neither killed nor fled: the dead and the gone play no later round."""
    return tuple(character["id"] for character in active_characters(round_input["state"]))


def asks_anything(round_input: dict[str, Any], side: str) -> bool:
    """`bool(plays_form(round_input, side).fields)` without the form's trials against the engine, for a round input
    `validate` accepts (the only kind a round holds; of a broken one the form may say otherwise, or fail): a
    character still in the battle is always asked his attack chit (form.py), the dead and the fled nothing; the
    GM's entries are built (`gm_entries`: no trials, a field per native group and living character)."""
    if side == GM:
        return bool(gm_entries(round_input).fields)
    return side in sides_in_battle(round_input)


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    """As `manage.py resolve_round`: the dice injected, else `seed`, else the file's list or seed. The engine
    checks the file step by step as it plays it (the file's form, the encounter step, the effort, the melee),
    so a broken file is refused with the errors of the first step that breaks. A round that waits for an
    encounter choice comes back unresolved naming it; one that waits for the GM's rulings also
    `waits_for_gm`, with `output` the rulings needed and the log so far."""
    try:
        round_file = read_round(engine_file(round_input) if isinstance(round_input, dict) else round_input)
    except RoundFormatError as error:
        raise PlaysInvalid([FieldError(e.path, e.message) for e in error.errors]) from error
    if dice is None:
        dice = round_file.make_dice() if seed is None else SeededDice(seed)
    names = sides(round_input)
    try:
        played = play_round(round_file, dice)
    except (RoundInvalid, EncounterInvalid) as error:
        raise PlaysInvalid([FieldError(in_round_input(e.path), e.message) for e in error.errors]) from error
    except DiceExhausted as error:
        raise PlaysInvalid([FieldError("dice", f"not enough dice in the file: {error}")]) from error
    except EncounterChoicePending as pending:
        needed = pending.choice
        waiting = (FieldError(f"encounter.{needed.path}", needed.message),)
        # The whole choice, as the app's round page keeps it to ask the player (docs/encounter.md).
        choice = {"path": needed.path, "denizen": needed.denizen, "character": needed.character,
                  "options": list(needed.options), "rule": needed.rule, "message": needed.message}
        return _unresolved(round_input, names, waiting, {"waiting_for": [needed.path], "choice_needed": choice})
    except GmRulingPending as pending:
        result = pending.played.result
        waiting = tuple(FieldError(needed.path, needed.message) for needed in result.rulings_needed)
        output = {"rulings_needed": [ruling_needed_to_json(needed) for needed in result.rulings_needed],
                  "log": [str(event) for event in result.events]}
        return _unresolved(round_input, names, waiting, output, [event.to_dict() for event in result.events],
                           waits_for_gm=True)
    output = result_to_json(played.result)
    if played.encounter is not None:
        output["encounter"] = played.encounter
    if round_file.seed is not None and output["seed"] is None:
        output["seed"] = round_file.seed
    owner = _owners(round_input)
    events = tuple(resolved_event(event, _visibility(event, owner, names)) for event in output["events"])
    state = next_round_input(round_input, output)
    by_character = {summary["character"]: summary for summary in output["summaries"]}
    owes = {name: _owed(by_character.get(name)) for name in names}
    living = {c["id"] for c in active_characters(output["state"])}
    finished = output["combat_ends"]
    must_choose = {name: () if finished or name not in living else
                   (f"plays for round {output['state']['round']}: target, attack and maneuver",) for name in names}
    return Resolution(events, state, owes, must_choose, output, finished)


def _unresolved(round_input, names, waiting, output, events=(), waits_for_gm=False) -> Resolution:
    return Resolution(tuple(resolved_event(event) for event in events), round_input, {name: () for name in names},
                      {name: () for name in names}, output, waiting_for=waiting, waits_for_gm=waits_for_gm)


def _owners(round_input: dict[str, Any]) -> dict[str, str]:
    """Who answers for each combatant: a character for itself, a hireling's employer for the hireling."""
    state = round_input["state"]
    owner = {c["id"]: c["id"] for c in state["characters"]}
    owner |= {d["id"]: d["hired_by"] for d in state.get("denizens", []) if d.get("hired_by")}
    return owner


def _visibility(event: dict[str, Any], owner: dict[str, str], names: tuple[str, ...]):
    if event["kind"] not in PRIVATE_KINDS:
        return ALL
    seen = frozenset(owner[actor] for actor in event.get("actors", ()) if owner.get(actor) in names)
    return seen or ALL


def _owed(summary: dict[str, Any] | None) -> tuple[str, ...]:
    """What a character owes after the round, in words; the dead owe nothing (issue #14.3)."""
    if not summary or summary.get("killed"):
        return ()
    owed = []
    if summary["wounds_owed"]:
        owed.append(f"{plural(summary['wounds_owed'], 'wound')}, on chits the player chooses")
    if summary["fatigue_owed"]:
        owed.append(f"{plural(summary['fatigue_owed'], 'asterisk')} of fatigue, on chits the player chooses")
    return tuple(owed)


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    return side_summaries(round_input, resolution, sides(round_input))


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    """The round's melee sheets, each piece where it stands: before the round from its input, after it
    where the repositioning dice left it, with the dead struck through (`sheet_picture.py` draws each sheet)."""
    if resolution is None:
        return sheet_picture.table_picture(round_input, [])
    output = resolution.output or {}
    killed = {kill["victim"] for kill in output.get("kills", [])}
    return sheet_picture.table_picture(round_input, list(output.get("events", [])), killed)


def picture_for(round_input: dict[str, Any], side: str) -> str | None:
    """What a character may see of the table before the round: his own melee sheet and his hirelings' (the
    denizens the state has hired by him), with his own plays where the input has them; never another
    character's sheet, where that character's secret placements and plays would stand. None when he has none."""
    hirelings = {d.get("id") for d in long_form(round_input.get("state") or {}).get("denizens", [])
                 if d.get("hired_by") == side}
    owners = [side] + sorted(hirelings & {sheet.get("owner") for sheet in round_input.get("sheets", [])})
    label = f"{side}'s melee sheet" if len(owners) == 1 else f"The melee sheets of {', '.join(owners)}"
    return sheet_picture.table_picture(round_input, [], owners=set(owners), label=label)
