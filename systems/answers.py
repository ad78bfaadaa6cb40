"""The answers to a form (systems/interface.py's `PlaysForm`) that the form itself refuses, whatever the
system's `validate` says: a choice the form does not offer with the other answers, or none of its field's
choices at all (`closed_choices`), and a number outside its field's bounds (`out_of_range`). Each is by field
name, said in words with the field's label: the GM's lock, the player's seal, the dues pages and a character
record's answers refuse the same answers. And the answers a form starts from, carried from the round before
(`carried_answers`).

Pure Python: no Django."""

from __future__ import annotations

import re
from typing import Any, Mapping

from systems.interface import Field, PlaysForm, answers_that_apply, choices_open


def closed_choices(form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, str]:
    """Answers that pick a choice not offered with the side's other answers (a choice's `shown_when`: Fire
    only after Load; a `disabled` one, with its reason), or none of the field's choices at all (answers not
    posted through the form: a file's), by field name: a form posted without its script cannot slip one
    through."""
    kept = answers_that_apply(form, answers)
    errors = {}
    for form_field in form.fields:
        if form_field.name not in kept or not form_field.choices:
            continue
        value = kept[form_field.name]
        picked = value if form_field.kind == "multi-choice" and isinstance(value, list) else [value]
        if any(each not in [choice.value for choice in form_field.choices] for each in picked):
            errors[form_field.name] = f"{form_field.label}: {value!r} is not one of its choices"
            continue
        disabled = [f"{choice.label} is not possible: {choice.disabled}" for choice in form_field.choices
                    if choice.disabled and choice.value in picked]
        if disabled:
            errors[form_field.name] = f"{form_field.label}: {'; '.join(disabled)}"
            continue
        offered = [choice.value for choice in choices_open(form_field, kept)]
        closed = [choice.label for choice in form_field.choices if choice.value in picked and choice.value not in offered]
        if closed:
            errors[form_field.name] = f"{form_field.label}: {', '.join(closed)} is not offered with your other answers"
    return errors


def out_of_range(form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, str]:
    """Numbers outside their question's bounds, by field name: said as soon as they are typed, whatever
    else the side has still to answer."""
    errors = {}
    for name, value in answers_that_apply(form, answers).items():
        form_field = form.field(name)
        low, high = form_field.minimum, form_field.maximum
        if form_field.kind == "number" and ((low is not None and value < low) or (high is not None and value > high)):
            bounds = f"from {low} to {high}" if low is not None and high is not None else (
                f"at least {low}" if low is not None else f"at most {high}")
            errors[name] = f"{form_field.label}: {bounds}, not {value}"
    return errors


def carried_answers(form: PlaysForm, previous: Mapping[str, Any]) -> dict[str, Any]:
    """The answers a side's form starts from this round: for each field that `carries`, the side's answer to
    the field of the same name last round (`previous`), when the form still takes it: one of the field's open
    choices (not `disabled`, its `shown_when` holding with the answers carried before it, so a choice that
    waits for an answer the side gives afresh is not suggested), each of them for a multi-choice, a number
    within the field's bounds and decimals, a text its pattern matches. The field's own `shown_when` is left
    to the page: a weapon carried behind the attack chit not chosen yet shows once the chit is."""
    carried: dict[str, Any] = {}
    for form_field in form.fields:
        value = previous.get(form_field.name)
        if form_field.carries and value not in (None, "", []) and _still_takes(form_field, value, carried):
            carried[form_field.name] = value
    return carried


def _still_takes(form_field: Field, value: Any, carried: Mapping[str, Any]) -> bool:
    if form_field.kind in ("choice", "multi-choice"):
        open_values = [choice.value for choice in choices_open(form_field, carried)]
        if form_field.kind == "choice":
            return value in open_values
        return isinstance(value, list) and all(item in open_values for item in value)
    if form_field.kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or round(value, form_field.decimals) != value:
            return False
        low, high = form_field.minimum, form_field.maximum
        return (low is None or value >= low) and (high is None or value <= high)
    return isinstance(value, str) and (form_field.multiline or "\n" not in value) and (
        form_field.pattern is None or re.fullmatch(form_field.pattern, value) is not None)
