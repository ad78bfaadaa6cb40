"""A combat system for tests only, injected from the outside (`register`: monkeypatched into systems.SYSTEMS):
the smallest system behind the interface in which a side owes something after each round. Each fighter
strikes another; each hit a fighter takes must be marked on one of its unmarked body parts, which the fighter
chooses after the round (`dues_form` / `settle`), as a Magic Realm character chooses the chits its wounds fall
on. No dice: a round is the same whatever its seed.

A state: {"system": NAME, "round": 1, "fighters": [{"name": "Aldric", "hp": 3, "marks": []}, ...]}; a round
input adds {"plays": {"Aldric": {"target": "Goblin"}}}. A fighter at 0 hp is down."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from systems.errors import FieldError, PlaysInvalid
from systems.interface import (ALL, GM, Adjustment, AdjustmentRefused, Choice, Field, Options, PlaysForm, Resolution,
                               ResolvedEvent, SideSummary, asks_from_form, no_gm_entries, no_side_picture,
                               no_waiting_forms)
from systems.options import fingerprint as options_fingerprint  # noqa: F401 (the interface's, every system's)
from systems.records import (any_record as check_record, bare_record as new_record,  # noqa: F401
                             no_record_changes as record_changes, no_record_form as record_form,
                             records_ignored as with_records)  # its combatants keep no record
from systems.setup import cannot_set_up as set_up, no_setup_form as setup_form  # noqa: F401 (from its starting state)
from systems.campaign_defaults import *  # noqa: F401,F403 (7-day weeks, free names, no starting information)

NAME = "owing-test"
TITLE = "Owing (a test system)"
KINDS = ("round",)
PARTS = ("arm", "leg", "head")


def register(monkeypatch) -> None:
    """Make this module the system called NAME for the length of a test."""
    import systems

    monkeypatch.setitem(systems.SYSTEMS, NAME, __name__)


def state(*fighters: tuple[str, int]) -> dict[str, Any]:
    return {"system": NAME, "round": 1, "fighters": [{"name": name, "hp": hp, "marks": []} for name, hp in fighters]}


def options() -> Options:
    return Options()


def check_options(values: Mapping[str, Any]) -> list[FieldError]:
    return options().check(values)


def with_options(round_input: dict[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(round_input)


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return {"type": "object"}


def odds(query: dict) -> dict:
    return {}


def _fighters(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {fighter["name"]: fighter for fighter in data.get("fighters", [])}


def _up(fighter: Mapping[str, Any]) -> bool:
    return fighter["hp"] > 0


def validate(round_input: Any) -> list[FieldError]:
    if not isinstance(round_input, dict) or not isinstance(round_input.get("fighters"), list):
        return [FieldError("fighters", "must be a list of fighters")]
    fighters = _fighters(round_input)
    errors = [FieldError(f"fighters.{index}.marks", f"{part!r} is not a body part")
              for index, fighter in enumerate(round_input["fighters"]) for part in fighter.get("marks", [])
              if part not in PARTS]
    for name, plays in (round_input.get("plays") or {}).items():
        target = (plays or {}).get("target")
        if name not in fighters or not _up(fighters[name]):
            errors.append(FieldError(f"plays.{name}", f"{name} cannot strike"))
        elif target not in fighters or target == name or not _up(fighters[target]):
            errors.append(FieldError(f"plays.{name}.target", f"{target!r} is no fighter {name} can strike"))
    return errors


def sides(round_input: dict[str, Any]) -> tuple[str, ...]:
    return tuple(fighter["name"] for fighter in round_input["fighters"])


sides_in_battle = sides  # no one leaves its battles: a side with nothing to choose is opened, locked


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    if side == GM:  # the rules of this system leave the GM nothing to enter
        return no_gm_entries(round_input)
    fighters = _fighters(round_input)
    if not _up(fighters[side]):
        return PlaysForm(side, side, notes=(f"{side} is down",))
    targets = tuple(Choice(name, name) for name, fighter in fighters.items() if name != side and _up(fighter))
    return PlaysForm(side, side, (Field("target", "choice", "Strike", f"plays.{side}.target", choices=targets),))


asks_anything = asks_from_form(plays_form)  # whether its form has a field, from the form


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    errors = validate(round_input)
    if errors:
        raise PlaysInvalid(errors)
    after = {key: copy.deepcopy(value) for key, value in round_input.items() if key not in ("plays", "dice", "seed")}
    fighters = _fighters(after)
    hits: dict[str, int] = {}
    events = []
    for name, plays in (round_input.get("plays") or {}).items():
        target = plays["target"]
        fighters[target]["hp"] -= 1
        hits[target] = hits.get(target, 0) + 1
        text = f"{name} strikes {target}"
        events.append(ResolvedEvent("strike", text, "T1", "Strikes", f"{text} (T1)", (name, target), ALL))
    after["round"] = round_input.get("round", 1) + 1
    owes = {name: (f"{count} hit{'s' if count > 1 else ''} to mark",) for name, count in hits.items()
            if _up(fighters[name])}
    finished = sum(_up(fighter) for fighter in fighters.values()) <= 1
    return Resolution(tuple(events), after, owes, {}, {"hits": hits}, finished)


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    hits = resolution.output["hits"]
    return tuple(SideSummary(name, (f"{name} took {hits.get(name, 0)} hit(s).",)) for name in sides(round_input))


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    return None


picture_for = no_side_picture  # a side sees no picture of the table


def adjustments(state: dict[str, Any]) -> tuple[Adjustment, ...]:
    return tuple(Adjustment(f"mark|{fighter['name']}|{part}", f"{fighter['name']}: mark the {part}", fighter["name"])
                 for fighter in state["fighters"] for part in PARTS if part not in fighter["marks"])


def adjust(state: dict[str, Any], change: str) -> tuple[dict[str, Any], str]:
    _, name, part = change.split("|")
    after = copy.deepcopy(state)
    fighter = _fighters(after).get(name)
    if fighter is None or part in fighter["marks"]:
        raise AdjustmentRefused(f"{name}'s {part} cannot be marked")
    fighter["marks"].append(part)
    return after, f"{name}'s {part} marked"


waiting_forms = no_waiting_forms


def _owed(state: Mapping[str, Any], output: Mapping[str, Any], side: str) -> int:
    fighter = _fighters(state).get(side)
    return output.get("hits", {}).get(side, 0) if fighter is not None and _up(fighter) else 0


def dues_form(state: dict[str, Any], output: dict[str, Any], side: str) -> PlaysForm | None:
    owed = _owed(state, output, side)
    if not owed:
        return None
    marks = _fighters(state)[side]["marks"]
    choices = tuple(Choice(part, part.title()) for part in PARTS if part not in marks)
    return PlaysForm(side, f"{side} marks {owed} hit{'s' if owed > 1 else ''}", (
        Field("marks", "multi-choice", "Where the hits fall", None, help=f"Choose {owed}.", choices=choices),))


def settle(state: dict[str, Any], output: dict[str, Any], side: str, answers: Mapping[str, Any]) -> dict[str, Any]:
    owed = _owed(state, output, side)
    if not owed:
        raise PlaysInvalid([FieldError("__all__", f"{side} owes nothing after this round")])
    after = copy.deepcopy(state)
    fighter = _fighters(after)[side]
    chosen = list(answers.get("marks") or [])
    taken = [part for part in chosen if part in fighter["marks"]]
    if taken:
        raise PlaysInvalid([FieldError("marks", f"{side}'s {', '.join(taken)} is already marked")])
    if len(set(chosen)) != owed:
        raise PlaysInvalid([FieldError("marks", f"{side} owes {owed}: choose exactly {owed} (chosen: {len(chosen)})")])
    fighter["marks"] += chosen
    return after


def rename(round_input, names):
    from systems.renaming import renamer

    return renamer(sides)(round_input, names)


def standing(round_input, side):
    return ()  # nothing to say of a test side beyond its form
