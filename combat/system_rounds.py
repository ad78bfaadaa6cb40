"""Battles fought through a combat system's interface (systems/interface.py), for a campaign whose system is
not the app's first: the battle's state is the system's round input without plays, a round's sides are the
system's sides, each side's plays are the answers to the system's plays form, and resolving is the system's
`resolve` with the round's committed seed. Nothing here names a system.

A side is played by the campaign character of the same name (its player's link reaches it); a side no
character plays (a goblin) is the GM's to enter. The answers a side saves are kept as they are typed
(`SidePlays.plays`), checked by writing them into the round input (`fill`) and asking the system's
`validate`, and only those errors that concern the side's own plays are shown to it (`side_errors`).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping

from systems.answers import closed_choices, out_of_range
from systems.errors import FieldError
from systems.examples import starters
from systems.records import number_kind, typed_number
from systems.interface import (Field, PlaysForm, Resolution, answers_that_apply, applies, choices_open, fill,
                               side_errors)


@dataclass(frozen=True)
class Starter:
    """A battle a GM may start from: an example of the system, its plays and dice taken out."""

    key: str
    title: str
    round_input: dict[str, Any]

    @property
    def text(self) -> str:
        return json.dumps(self.round_input, indent=2, ensure_ascii=False)


def battle_starters(system) -> list[Starter]:
    return [Starter(key, title, data) for key, title, data in starters(system)]


def combatant_names(system) -> list[str]:
    """The combatants of the system's starters, sorted: names a campaign's characters may take."""
    return sorted({side for starter in battle_starters(system) for side in system.sides(starter.round_input)})


# --- a side's answers -----------------------------------------------------------------------------------


def _digest(value: Any) -> str:
    """A short digest of a JSON value's content (keys sorted), to key what is computed from it."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class _Recent:
    """What a process computed lately from plain values, by a key naming them: bounded, the least recently used
    going first; safe across threads (two threads may compute the same value once each, never a wrong one)."""

    def __init__(self, size: int = 256):
        self.size = size
        self.values: OrderedDict[tuple, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple, make):
        with self.lock:
            if key in self.values:
                self.values.move_to_end(key)
                return self.values[key]
        value = make()
        with self.lock:
            self.values[key] = value
            while len(self.values) > self.size:
                self.values.popitem(last=False)
        return value


class _Forms(_Recent):
    """The plays forms a process built lately, by system, side and the round input's content: a form is a pure
    function of those (systems/interface.py), and Magic Realm's tries hundreds of plays against its engine to
    offer only legal choices, so a page, a check while typing, a lock and a resolve, each asking for the same
    side's form several times, build it once. Keyed by a digest of the input, so an input changed in any way
    (an adjustment, the next round) builds its own; bounded, the least recently used going first."""

    def get(self, system, round_input: dict[str, Any], side: str) -> PlaysForm:  # type: ignore[override]
        return super().get((system.NAME, side, _digest(round_input)), lambda: system.plays_form(round_input, side))


_FORMS = _Forms()
# A side's answers checked against a round input (`check_side`), a pure function of the three as a form is: the
# GM's page checks each card and asks whether each sealed side is still in, the players' sweep asks it again each
# minute, each of them once per process for the same input and answers.
_CHECKS = _Recent(size=512)


def form_for(system, round_input: dict[str, Any], side: str) -> PlaysForm:
    """The system's plays form of `side` for the round input (`plays_form`), built once per process for the same
    input (`_Forms`)."""
    return _FORMS.get(system, round_input, side)


def posted_answers(form: PlaysForm, data: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A form's posted strings turned into answers (a choice's value, a whole number, text) and the errors of
    those that are not one of the field's choices or not a number, by field name. `data` is a QueryDict or a
    dict of strings (a choice is posted as its index among the field's choices; a multi-choice as a list)."""
    answers: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for form_field in form.fields:
        raw = _posted(data, form_field)
        if raw in (None, "", []):
            continue
        if form_field.kind == "number":
            try:
                answers[form_field.name] = typed_number(raw, form_field.decimals)
            except ValueError:
                errors[form_field.name] = f"{form_field.label}: must be {number_kind(form_field.decimals)}, not {raw!r}"
        elif form_field.kind == "text":
            answers[form_field.name] = str(raw)
        else:
            picked = raw if isinstance(raw, list) else [raw]
            values = []
            for index in picked:
                choice = _choice_at(form_field, index)
                if choice is None:
                    errors[form_field.name] = f"{form_field.label}: {index!r} is not one of its choices"
                    break
                values.append(choice.value)
            else:
                answers[form_field.name] = values if form_field.kind == "multi-choice" else values[0]
    return answers, errors


def _posted(data: Mapping[str, Any], form_field: Field) -> Any:
    if form_field.kind == "multi-choice":
        getlist = getattr(data, "getlist", None)
        return getlist(form_field.name) if getlist else data.get(form_field.name, [])
    return data.get(form_field.name)


def _choice_at(form_field: Field, index: Any):
    try:
        position = int(index)
    except (TypeError, ValueError):
        return None
    return form_field.choices[position] if 0 <= position < len(form_field.choices) else None


def choice_index(form_field: Field, value: Any) -> str:
    """The posted value of a saved answer: its choice's index ("" when it is no longer a choice)."""
    for position, choice in enumerate(form_field.choices):
        if choice.value == value:
            return str(position)
    return ""


def round_input_with(system, round_input: dict[str, Any], answers_by_side: Mapping[str, Mapping[str, Any]]) -> dict:
    """The round input with every side's answers written in (a side with none plays nothing)."""
    data = dict(round_input)
    for side, answers in answers_by_side.items():
        if answers:
            data = fill(data, form_for(system, round_input, side), answers)
    return data


def side_picture(system, round_input: dict[str, Any], side: str, form: PlaysForm,
                 answers: Mapping[str, Any], errors: Mapping[str, str] | None = None) -> str | None:
    """The table before the round as `side` may see it (the system's `picture_for`), with that side's own answers
    written in: those that apply and that the check does not refuse (`errors`), so a half-typed play is drawn
    as far as it stands. No other side's answers are ever written: the picture is its player's."""
    # The refused answers dropped first, so that the questions only they bring up are not drawn either.
    drawn = answers_that_apply(form, {name: value for name, value in answers.items() if name not in (errors or {})})
    return system.picture_for(fill(round_input, form, drawn) if drawn else round_input, side)


def check_side(system, round_input: dict[str, Any], side: str, answers: Mapping[str, Any]) -> dict[str, str]:
    """The errors in one side's answers, by form field name, checked as if every other side played nothing:
    what a side is shown can never depend on (and so reveal) another side's sealed plays. Besides the
    system's own errors, a choice the form does not offer with the other answers and a number outside its
    bounds are refused here, so the GM's lock and the player's seal refuse the same answers. Checked once per
    process for the same input and answers (`_CHECKS`); each caller gets its own copy."""
    key = (system.NAME, side, _digest(round_input), _digest(answers))
    return dict(_CHECKS.get(key, lambda: check_form(system, round_input, form_for(system, round_input, side), answers)))


def check_form(system, round_input: dict[str, Any], form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, str]:
    """The errors in the answers to one form (a side's plays form, or a form a waiting round asks), by field
    name: the system's errors about the form's own paths once the answers are written into `round_input`,
    choices not offered with the other answers, numbers out of bounds."""
    errors = side_errors(system.validate(fill(round_input, form, answers)), form)
    closed = closed_choices(form, answers)
    return {**errors_by_field(form, errors, answers, behind_refused=bool(closed)), **closed,
            **out_of_range(form, answers)}


def errors_by_field(form: PlaysForm, errors: list[FieldError], answers: Mapping[str, Any], *,
                    behind_refused: bool = False) -> dict[str, str]:
    """Each error under the form field whose path it concerns (the field that applies now, when several
    write the same path); an error no field owns goes under "plays". With `behind_refused` (an answer is a choice
    no longer offered, refused beside its own field), an error about a question that answer hides is left out:
    the engine missing the rest of that play ("'box' is a required property") says nothing the refusal does not."""
    kept = answers_that_apply(form, answers)
    applying = [f for f in form.fields if f.path and (f.name in kept or applies(f.shown_when, kept))]
    hidden = [f for f in form.fields if f.path and f not in applying] if behind_refused else []
    by_field: dict[str, str] = {}
    for error in errors:
        owner = next((f for f in sorted(applying, key=lambda f: -len(f.path))
                      if error.path == f.path or error.path.startswith(f.path + ".")), None)
        if owner is None and any(error.path == f.path or error.path.startswith(f.path + ".") for f in hidden):
            continue
        name = owner.name if owner else "plays"
        by_field[name] = f"{by_field[name]}; {error.message}" if name in by_field else error.message
    return by_field


def missing_answers(form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, str]:
    """The required fields that apply and are not answered, by name."""
    kept = answers_that_apply(form, answers)
    return {f.name: f"{f.label}: choose one" if f.choices else f"{f.label}: required"
            for f in form.fields if f.required and f.name not in kept and applies(f.shown_when, kept)
            and (f.kind != "choice" or choices_open(f, kept))}


# --- resolving --------------------------------------------------------------------------------------------


def event_rows(resolution: Resolution) -> list[dict[str, Any]]:
    """The round's log as stored: each event with its rule, its sentence and who may see it."""
    return [{"kind": event.kind, "text": event.text, "rule": event.rule, "rule_name": event.rule_name,
             "line": event.line, "actors": list(event.actors),
             "visible_to": "all" if event.visible_to == "all" else sorted(event.visible_to)}
            for event in resolution.events]


def events_seen_by(log: list[Mapping[str, Any]] | None, sides) -> list[Mapping[str, Any]]:
    """The events of a resolved round's stored log (`event_rows`) that a player whose sides are `sides` may
    see: those visible to all and those the system made visible to one of their sides. The one secrecy
    boundary of a round: the player's page and the player's email both show exactly these."""
    own = set(sides)
    return [event for event in log or [] if _visible(event, own)]


def _visible(event: Mapping[str, Any], sides: set[str]) -> bool:
    visible = event.get("visible_to", "all")
    return visible == "all" or bool(sides & set(visible))


def stored_result(system, round_input: dict[str, Any], resolution: Resolution) -> dict[str, Any]:
    """What a resolved round keeps: the system's whole output, each side's summary lines, what each side owes
    and must choose next, and whether the battle is over."""
    return {
        "output": resolution.output,
        "summaries": {summary.side: list(summary.lines) for summary in system.summaries(round_input, resolution)},
        "owes": {side: list(lines) for side, lines in resolution.owes.items()},
        "must_choose": {side: list(lines) for side, lines in resolution.must_choose.items()},
        "finished": resolution.finished,
    }


def side_report(result: Mapping[str, Any] | None, side: str) -> dict[str, list[str]]:
    """A side's summary `lines` in a stored result, and what it `owes` that they do not already say. Some systems'
    summaries end with what the side owes (Magic Realm's, Fallen Empire's): the player's email and page tell it
    once, not once in the summary and again as "Owed"."""
    result = result or {}
    lines = list((result.get("summaries") or {}).get(side, []))
    return {"lines": lines, "owes": [line for line in (result.get("owes") or {}).get(side, []) if line not in lines]}
