"""A player's side of a battle fought through the systems interface (combat/system_battles.py): its answers
to the system's plays form, checked alone, sealed, defaulted at a deadline, and what the side must choose,
for the player's page, services and emails. Nothing here names a system.

Checked alone: every check here writes only this side's answers into the round input (the other sides play
nothing), so what a player is told can never depend on, and so reveal, another side's sealed answers.
"""

from __future__ import annotations

from typing import Any, Mapping

from combat import system_battles, system_rounds
from systems.interface import PlaysForm, answers_that_apply, applies


def applying(form: PlaysForm, errors: Mapping[str, str], answers: Mapping[str, Any]) -> dict[str, str]:
    """The errors of the questions that apply (one hidden by another answer is neither asked nor checked).
    While a required question is unanswered, the system's errors about the side's plays as a whole ("a
    required property") are left out: the question's own "choose one" says it."""
    kept = answers_that_apply(form, answers)
    names = form_fields(form)
    shown = {f.name for f in form.fields if applies(f.shown_when, kept)}
    unanswered = bool(system_rounds.missing_answers(form, answers))
    return {name: message for name, message in errors.items()
            if name in shown or (name not in names and not unanswered)}


def form_fields(form: PlaysForm) -> set[str]:
    return {form_field.name for form_field in form.fields}


def typing_errors(side, answers: Mapping[str, Any], posted: Mapping[str, str] | None = None) -> dict[str, str]:
    """While the player types: what is wrong with the answers given so far (`posted`: those that are not a
    number or not one of the choices). A question not answered yet is not an error yet (sealing says so),
    unless the system already complains of it: then it is worded as the GM's page words it ("Target: choose
    one"), by the same check."""
    form = system_battles.form_of(side)
    errors = system_battles.check_answers(side, answers, every_unanswered=False)
    return applying(form, {**errors, **(posted or {})}, answers)


def sealing_errors(side, answers: Mapping[str, Any]) -> dict[str, str]:
    """Everything that stops the answers from being sealed: the system's errors (checked alone), each
    required question not answered (named), choices not offered, numbers out of bounds: the checks the GM's
    lock makes (`system_battles.check_answers`), less those of questions hidden by another answer."""
    return applying(system_battles.form_of(side), system_battles.check_answers(side, answers), answers)


def sealed(side, answers: Mapping[str, Any]) -> dict[str, Any]:
    """The answers kept when sealed: those of the fields that apply, nothing hidden behind another answer."""
    return answers_that_apply(system_battles.form_of(side), answers)


def answer_lines(form: PlaysForm, answers: Mapping[str, Any]) -> list[dict[str, str]]:
    """The sealed answers in the form's words: each question's label and the answer's label."""
    lines = []
    for name, value in answers_that_apply(form, answers).items():
        form_field = form.field(name)
        labels = {repr(choice.value): choice.label for choice in form_field.choices}
        values = value if isinstance(value, list) else [value]
        lines.append({"label": form_field.label, "answer": ", ".join(labels.get(repr(v), str(v)) for v in values)})
    return lines


def to_choose(side, previous_result: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a side must choose this round, for the plays-due and reminder emails: what the last round said it
    must choose next (the system's sentences), else the form's questions that always apply, and its notes."""
    form = system_battles.form_of(side)
    told = list(((previous_result or {}).get("must_choose") or {}).get(side.side) or [])
    questions = [form_field.label for form_field in form.fields if form_field.shown_when is None]
    return {"name": side.side, "must_choose": told, "questions": questions,
            "notes": list(form.notes)}


def missed_turn_answers(round_, side, repeat: bool) -> tuple[dict[str, Any] | None, str]:
    """The answers a side that missed the deadline plays, with why; None when it cannot play without its
    GM. "Plays nothing" is the empty answers when the system accepts them (a side still carrying an action,
    a form whose questions are all optional); where a question must be answered, nothing is guessed: the
    side waits for its GM. "Repeat" repeats last round's answers when they are still complete and legal."""
    if repeat:
        previous = round_.battle.rounds.filter(number=round_.number - 1).first()
        before = previous.sides.filter(side=side.side).first() if previous else None
        if before is None or not before.plays:
            reason = f"there are no answers of round {round_.number - 1} to repeat"
        else:
            errors = sealing_errors(side, before.plays)
            if not errors:
                return sealed(side, before.plays), f"repeats round {round_.number - 1}'s answers"
            reason = f"round {round_.number - 1}'s answers do not stand now ({'; '.join(dict.fromkeys(errors.values()))})"
        plays, why = missed_turn_answers(round_, side, repeat=False)
        return plays, f"{reason}: {why}"
    errors = sealing_errors(side, {})
    if errors:
        return None, f"playing nothing is not an answer here ({'; '.join(dict.fromkeys(errors.values()))}): the GM enters its plays"
    return {}, "plays nothing this round"
