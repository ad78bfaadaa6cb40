"""What the player's page shows of a battle fought through the systems interface: each of the player's own
sides with the system's plays form drawn field by field (players/templates/players/page.html, partial
`answers_side`), and, after a round, their sides' summary lines and only the events their sides may see.
Never another side's answers (the GM's goblins included), never an event not visible to the player's sides.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from combat import system_battles, system_dues, system_rounds
from combat.models import Round
from combat.system_odds import odds_rows
from players import answers, links, services
from players.emails import local_time, next_steps
from systems.interface import AnyOf, Field, PlaysForm, ShownWhen, answers_that_apply, applies, conditions


def _condition(form: PlaysForm, shown_when: ShownWhen) -> str:
    """A `shown_when` for the page's script: the field it depends on and the posted values that show it (a
    choice is posted as its index; no answer, None, as ""); with several fields, a list of those, all of
    which must hold; alternatives (an `AnyOf`), {"any_of": [those lists]}, any of which may hold."""
    if isinstance(shown_when, AnyOf):
        return json.dumps({"any_of": [[_posted_condition(form, name, values) for name, values in alternative]
                                      for alternative in shown_when.alternatives]})
    pairs = [_posted_condition(form, name, values) for name, values in conditions(shown_when)]
    if not pairs:
        return ""
    return json.dumps(pairs[0] if len(pairs) == 1 else pairs)


def _posted_condition(form: PlaysForm, name: str, values: tuple[Any, ...]) -> dict[str, Any]:
    other = next((f for f in form.fields if f.name == name), None)
    if other is not None and other.choices:
        posted = [str(i) for i, choice in enumerate(other.choices) if choice.value in values]
    else:
        posted = [str(value) for value in values if value is not None]
    if None in values:
        posted.append("")  # the question not answered: the script reads it as ""
    return {"field": name, "values": posted}


def field_view(form: PlaysForm, form_field: Field, answers: Mapping[str, Any], kept: Mapping[str, Any],
                errors: Mapping[str, str], suggested: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One question as the page draws it; `suggested`: the answers carried from last round (not saved), each
    of its field marked "as last round"."""
    value = answers.get(form_field.name)
    chosen = value if isinstance(value, list) else [value]
    return {
        "name": form_field.name, "kind": form_field.kind, "label": form_field.label, "help": form_field.help,
        "required": form_field.required, "minimum": form_field.minimum, "maximum": form_field.maximum,
        "pattern": form_field.pattern or "",
        "value": "" if value is None or form_field.choices else value,
        "hidden": not applies(form_field.shown_when, kept), "shown_when": _condition(form, form_field.shown_when),
        "error": errors.get(form_field.name, ""), "suggested": form_field.name in (suggested or {}),
        "choices": [{"index": str(i), "label": choice.label, "selected": choice.value in chosen,
                     "hidden": not applies(choice.shown_when, kept), "shown_when": _condition(form, choice.shown_when),
                     "disabled": choice.disabled}
                    for i, choice in enumerate(form_field.choices)],
        # the choices the system shows but the rules refuse, each with why (beside the field's help)
        "not_possible": [{"label": choice.label, "reason": choice.disabled, "shown_when": _condition(form, choice.shown_when),
                          "hidden": not applies(choice.shown_when, kept)}
                         for choice in form_field.choices if choice.disabled],
    }


def side_view(link, round_, side, *, before: Mapping[str, Mapping[str, Any]] | None = None,
              answers_given: Mapping[str, Any] | None = None, errors: Mapping[str, str] | None = None,
              error: str = "", question: str = "") -> dict[str, Any]:
    """One of the player's sides: its form while it can change (`answers_given` and `errors`: what was just
    posted and found wrong; `question`: the seal's, when they play nothing), its sealed answers, its receipt.
    While the side has saved nothing this round, its form starts from what last round carries
    (`system_battles.suggested_answers`; `before`, last round's plays, read once for the page's sides by
    `system_battles.last_round_plays`), marked as such, with no error yet: the side's last submission, read
    here anyway, says whether it was sealed."""
    submission = services.last_submission(round_, side.character_id)
    editable = round_.status == Round.Status.DRAFTING and not side.locked and not services.is_past_deadline(round_)
    form = system_battles.form_of(side)
    given = dict(side.plays or {}) if answers_given is None else dict(answers_given)
    suggested = (system_battles.suggested_answers(side, before or {}, {side.character_id} if submission else (),
                                                  form) if editable and answers_given is None and not given else {})
    if errors is None:
        errors = answers.typing_errors(side, given) if editable and given else {}
    given = given or dict(suggested)
    kept = answers_that_apply(form, given)
    return {
        "answers": True,
        "side": side,
        "name": side.name,
        "notes": list(form.notes),
        "standing": system_battles.standing_of(side),
        "editable": editable and bool(form.fields),
        "submission": submission,
        "submitted_at": local_time(submission.submitted_at, link.player) if submission else "",
        "sealed": answers.answer_lines(form, submission.plays) if submission else [],
        "fields": [field_view(form, f, given, kept, errors, suggested) for f in form.fields],
        "general_errors": [message for name, message in errors.items() if name not in answers.form_fields(form)],
        "error": error, "question": question,
        # sealed plays a change to the battle has since refused or set aside (players/adjusting.py): to seal again
        "sealed_broken": bool(submission and editable and not services.is_in(side, submission)),
        "token": links.token_for(link),
        "picture": _picture(side, form, given if editable else (submission.plays if submission else {}),
                            errors if editable else {}),
        **(_odds(side, form, given) if editable else {"odds": []}),
    }


def error_regions(side, form: PlaysForm, errors: Mapping[str, str], given: Mapping[str, Any]) -> dict[str, Any]:
    """The validate answer: each field's error region (empty ones too, to clear them), the side's general
    errors and the odds of what it plans now, swapped out of band so that no input the player is typing in is
    ever replaced."""
    return {"cid": side.character_id, "oob": True,
            "clear_question": not system_battles.nothing_played(side, given),  # the seal's, once it plays something
            "fields": [{"name": f.name, "error": errors.get(f.name, "")} for f in form.fields],
            "general_errors": [message for name, message in errors.items() if name not in answers.form_fields(form)],
            "picture": _picture(side, form, given, errors), "round": side.round, "name": side.name,
            **_odds(side, form, given)}


def _picture(side, form: PlaysForm, given: Mapping[str, Any], errors: Mapping[str, str]) -> str | None:
    """The table as this side may see it, with its own answers as they stand (combat/system_rounds.py
    `side_picture`): never another side's. Only while the round is open for plays: once it resolves, its input
    holds every side's plays (and a battle the GM ended leaves its resolved round the page's)."""
    round_ = side.round
    if round_.status != Round.Status.DRAFTING:
        return None
    return system_rounds.side_picture(round_.battle.campaign.combat_system, round_.input or {}, side.side, form,
                                      given, errors)


def _odds(side, form: PlaysForm, given: Mapping[str, Any]) -> dict[str, Any]:
    """The odds panel of the side's plans (combat/system_odds.py): its own side's, never another's."""
    round_ = side.round
    return {"odds_id": f"odds-{side.character_id}", "name": side.name,
            "odds": odds_rows(round_.battle.campaign.combat_system, round_.input, form, answers_that_apply(form, given))}


def last_results(link, round_, bound_dues=None) -> dict[str, Any] | None:
    """The last resolved round as the player's email told it: their sides' summary lines, what each owes
    (with the form that settles it, `dues_view`), the events their sides may see (`visible_to`), and what
    comes next. `bound_dues` is (character id, answers, errors) of a settlement just refused."""
    from players.page import results_round

    previous = results_round(link.battle, round_)
    if previous is None:
        return None
    result = previous.result or {}
    own = list(previous.sides.select_related("character").filter(character__player=link.player).order_by("pk"))
    dues = {due.side.pk: due for due in system_dues.dues_of(previous, own)}
    names = [side.side for side in own]
    sides = [{"name": side.side, **system_rounds.side_report(result, side.side),
              "dues": dues_view(dues[side.pk], *(bound_dues[1:] if bound_dues and bound_dues[0] == side.character_id
                                                 else ())) if side.pk in dues else None}
             for side in own]
    events = system_rounds.events_seen_by(previous.log, names)
    return {"answers": True, "round": previous, "sides": sides, "events": events,
            "owes_dues": any(s["dues"] and not s["dues"]["settled"] for s in sides),
            "next": next_steps(previous, link.player, names)}


def dues_view(due, given: Mapping[str, Any] | None = None, errors: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What one of the player's sides owes after a round (combat/system_dues.py): the form that settles it,
    drawn as the plays forms are (`given` and `errors`: what was just sent and refused), or what it settled."""
    form = due.form
    settled = due.settlement is not None
    shown = dict(due.answers if settled or given is None else given)
    errors = dict(errors or {})
    kept = answers_that_apply(form, shown)
    return {
        "name": due.name, "number": due.round.number, "character_id": due.side.character_id,
        "cid": f"{due.side.character_id}-dues", "form": form, "notes": list(form.notes), "open": due.open,
        "last": due.last,
        "settled": settled, "settled_lines": answers.answer_lines(form, due.answers) if settled else [],
        "fields": [field_view(form, f, shown, kept, errors) for f in form.fields],
        "general_errors": list(dict.fromkeys(message for name, message in errors.items()
                                             if name not in answers.form_fields(form))),
    }
