"""The GM's side of a round that stopped half-way (combat/system_waiting.py): the round page's card saying what
the round waits for and from whom, every form it waits on drawn as a side's plays form is (the GM's own ruling,
and each side's choice, which the GM may answer for its player, as the encounter form's "ask the player" lets
the GM do for the app's own battles), and the view that takes an answer. Reached through `services.get_round`
(404 for anyone not a GM of the campaign); every write is `system_waiting.answer`."""

from __future__ import annotations

from typing import Any, Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_POST

from combat import services, system_views, system_waiting
from combat.system_rounds import posted_answers
from systems.interface import answers_that_apply


def waiting_context(round_, bound=None) -> dict[str, Any] | None:
    """The waiting card and its forms, None when the round does not wait. `bound`: (key, answers, errors) of a
    form just sent and refused, drawn as sent with each error beside its field."""
    if not system_waiting.is_waiting(round_):
        return None
    entry = system_waiting.entry_of(round_)
    forms = system_waiting.forms_of(round_)
    players = system_waiting.players_by_side(round_)
    cards = [form_card(waiting, players, *(bound[1:] if bound and bound[0] == waiting.key else ()))
             for waiting in forms]
    return {"number": entry["number"], "waiting_for": entry.get("waiting_for") or [],
            "asked_of": system_waiting.in_words(system_waiting.asked_of(round_, forms, players)),
            "forms": cards, "answered": sum(card["answered"] for card in cards),
            "players_asked": any(card["player"] for card in cards)}


def form_card(waiting, players: Mapping[str, str], answers=None, errors=None) -> dict[str, Any]:
    """One waiting form: whose it is, the answers given (or just sent), and its fields."""
    given = dict(waiting.answers or {}) if answers is None else dict(answers)
    errors = dict(errors or {})
    kept = answers_that_apply(waiting.form, given)
    fields = [system_views.field_row(f"wait{waiting.key}", form_field, given, kept,
                                     errors.pop(form_field.name, "")) for form_field in waiting.form.fields]
    answered = waiting.answers is not None
    return {"key": waiting.key, "form": waiting.form, "side": waiting.side, "for_gm": waiting.for_gm,
            "player": players.get(waiting.side, ""), "fields": fields, "general_errors": list(errors.values()),
            "answered": answered, "answered_lines": [(row["label"], row["answer"]) for row in fields
                                                     if answered and row["applies"] and row["answer"] != ""]}


@login_required
@require_POST
def answer(request, slug, battle_id, number, form_key):
    """The GM answers one form the round waits on (its own ruling, or a side's choice for its player). Refused,
    the form comes back as sent with each error beside its field (htmx: the form's card alone); the last answer
    sends the round to be resolved again."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    try:
        waiting = system_waiting.form_at(round_, form_key)
        answers, unreadable = posted_answers(waiting.form, request.POST)
        complete = system_waiting.answer(round_, form_key, answers, unreadable=unreadable, by=request.user)
    except services.BattleError as error:
        if not error.errors:  # the round no longer waits for it: the page says what it is now
            messages.error(request, str(error))
            return system_views.to_round(request, slug, battle_id, number)
        bound = (form_key, answers, {**error.errors, "__all__": str(error)})
        context = system_views.round_context(round_, waiting_bound=bound)
        if request.htmx:  # htmx swaps only 2xx answers: the card carries its errors itself
            card = next(card for card in context["waiting"]["forms"] if card["key"] == form_key)
            return render(request, "combat/_system_waiting.html#waiting_form", {**context, "w": card})
        return render(request, "combat/system_round.html", context, status=422)
    if complete:
        messages.success(request, f"Every answer is in: round {number} goes on from where it stopped, with the "
                                  "same dice.")
    else:
        messages.success(request, f"{waiting.form.title}: the answer is kept. The round goes on once the other "
                                  "answers are in.")
    return system_views.to_round(request, slug, battle_id, number)
