"""The round inputs the interface tests use: every example of docs/examples, grouped by its system, and the
states a plays form is built from (an example without its plays, and the state its resolution leaves)."""

import json
import re
from pathlib import Path

from systems import SYSTEMS, get_system, system_of
from systems.interface import PlaysForm, answers_that_apply, choices_open

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(path for path in (ROOT / "docs" / "examples").glob("*.json")
                  if not path.name.endswith(".result.json"))
PLAYS_KEYS = ("plays", "choices", "actions", "dice", "seed", "gm_rulings")


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def golden(path: Path) -> dict:
    return load(path.with_name(path.stem + ".result.json"))


def examples_of(name: str) -> list[Path]:
    return [path for path in EXAMPLES if system_of(load(path)) == name]


def without_plays(data: dict) -> dict:
    """The round input as it stands before any side has played (the encounter section stays: the GM's)."""
    return {key: value for key, value in data.items() if key not in PLAYS_KEYS}


def without_waiting_answers(data: dict) -> dict:
    """The round input without the answers a round stops half-way for (systems/interface.py, "a round that
    waits"): Magic Realm's GM rulings (`gm_rulings`), the players' choices in its encounter step
    (`encounter.choices`) and their Expanded Meeting Table choices (`take_row_two` of `encounter.meetings`)."""
    data = {key: value for key, value in data.items() if key != "gm_rulings"}
    encounter = data.get("encounter")
    if isinstance(encounter, dict):
        encounter = {key: value for key, value in encounter.items() if key != "choices"}
        if "meetings" in encounter:
            encounter["meetings"] = [{key: value for key, value in meeting.items() if key != "take_row_two"}
                                     for meeting in encounter["meetings"]]
        data["encounter"] = encounter
    return data


def states_of(name: str) -> list[tuple[str, dict]]:
    """(label, round input without plays) for every example of a system: before it, and after it resolves."""
    system = get_system(name)
    states = []
    for path in examples_of(name):
        data = load(path)
        states.append((f"{path.stem} (before)", without_plays(data)))
        resolution = system.resolve(data)
        if not resolution.waiting_for:
            states.append((f"{path.stem} (after)", resolution.state))
    return states


def state_id(case) -> str:
    """A (system, label, state) case's test id: "magic-realm:encounter-stumble (before)"."""
    return f"{case[0]}:{case[1]}"


def filler(form_field, pick: int = 0):
    """A value for any field: the `pick`th open choice, a number's bound, some text."""
    if form_field.kind == "number":
        low = form_field.minimum if form_field.minimum is not None else 0
        high = form_field.maximum if form_field.maximum is not None else low
        return low if pick == 0 else high
    if form_field.kind == "text":
        return next(text for text in TEXTS if form_field.pattern is None or re.fullmatch(form_field.pattern, text))
    return None


# The first that a text field's `pattern` takes (dice: FE 9.1; a list on one line: Magic Realm's Meeting table column).
TEXTS = ("as the player wrote it", "2d6+1", "row 1 | row 2 | row 3 | row 4 | row 5 | row 6")


def answer(form: PlaysForm, overrides: dict | None = None, pick: int = 0) -> dict:
    """Answers to every field that applies: `overrides` where given, else the `pick`th open choice (alone in a
    list for a multi-choice)."""
    overrides = overrides or {}
    answers: dict = {}
    for form_field in form.fields:
        if form_field.name in overrides:
            answers[form_field.name] = overrides[form_field.name]
        elif form_field.choices:
            open_choices = choices_open(form_field, answers)
            if open_choices:
                value = open_choices[pick if pick < len(open_choices) else -1].value
                answers[form_field.name] = [value] if form_field.kind == "multi-choice" else value
        else:
            answers[form_field.name] = filler(form_field, pick)
        answers = answers_that_apply(form, answers)
    return answers


def someone_plays(case) -> bool:
    """A (system, label, state) where some side has something to choose (not a finished joust)."""
    name, _, state = case
    system = get_system(name)
    return any(system.plays_form(state, side).fields for side in system.sides(state))


ALL_SYSTEMS = sorted(SYSTEMS)
