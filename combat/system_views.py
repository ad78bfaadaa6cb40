"""The GM's battle pages for a campaign that fights through the systems interface (combat/system_battles.py
keeps such battles). Everything on them comes from the campaign's combat system: its starting states, its
sides, each side's plays form (drawn field by field, whatever the system asks), its log and its picture.
Nothing here names a system. The views of combat/views.py hand over to these at their top; the others are
reached by their own URLs; a new battle's page is combat/system_new_battle.py. Every read goes through `services.get_round` / `campaign_for` (404 for anyone
not a GM of the campaign) and every write is a service call."""

from __future__ import annotations

import json

from django.core.cache import caches
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from combat import fairness, services, system_battles, void
from combat.models import Round
from combat.system_odds import odds_rows
from combat.system_replay import replayed
from combat.system_rounds import choice_index, posted_answers, round_input_with
from config import fragments
from systems.interface import answers_that_apply, applies, rendered

# --- the round page -----------------------------------------------------------------------------------


def round_detail(request, round_):
    return render(request, "combat/system_round.html", round_context(round_))


def round_status(request, round_):
    return render(request, "combat/system_round.html#status", round_context(round_))


def round_context(round_, bound=None, waiting_bound=None, **extra):
    """The page's context; `bound` is (side pk, answers, errors, saved, question, notice) of a side just sent,
    drawn as sent (`question`: the lock's, when the side plays nothing; `notice`: why the save was refused, the
    side drawn as saved now, answers None); each side's suggestion read for all of them at once
    (`system_battles.suggestions`: no query per side);
    `waiting_bound` (form key, answers, errors), a waiting form's (system_waiting_views)."""
    from combat.system_waiting_views import waiting_context  # here: that module draws its fields with ours

    battle = round_.battle
    sides = list(round_.sides.select_related("character__player").order_by("pk"))
    suggested = system_battles.suggestions(round_, sides)
    rows = [side_context(round_, side, *(bound[1:] if bound and bound[0] == side.pk else ()),
                         suggested=suggested.get(side.pk, {})) for side in sides]
    context = {
        "round": round_, "battle": battle, "campaign": battle.campaign, "system_title": battle.campaign.system_title,
        "sides": rows, "all_locked": bool(sides) and all(side.locked for side in sides),
        "history": battle.rounds.order_by("number").only("pk", "battle_id", "number", "status", "encounter"),
        "fair_dice": fairness.dice_facts(round_), "queued": services.is_queued(round_),
        "picture": _picture(round_, sides), "plays_drawn": [("the GM's entries" if side.is_gm_entries else side.name) for side in sides
                        if side.side in _locked_plays(round_, sides)],
        "waiting": waiting_context(round_, waiting_bound), **extra,
    }
    if round_.status == Round.Status.RESOLVED:
        context.update(_result_context(round_, sides))
    return context


def side_context(round_, side, answers=None, errors=None, saved=False, question="", notice="", *,
                 suggested=None):
    """One side's card: who plays it, its state, and its plays form drawn from the system's fields, with each
    error beside its field, the lock's `question` when the side plays nothing ("Lock anyway?") and the `notice`
    of a save refused because the side changed since the card was drawn. Without `answers`, the saved answers
    (and, while drafting, their errors), or, while the side has saved nothing, `suggested`: the answers last
    round carries (`system_battles.suggestions`), each marked as last round's, no error yet. The form posts the
    side's version (`system_battles.version_of`): a save from a card drawn before the side changed is refused."""
    form = system_battles.form_of(side)
    if answers is None:
        answers = dict(side.plays or {})
        drafting = round_.status == Round.Status.DRAFTING and not side.locked and answers
        errors = system_battles.check_answers(side, answers) if drafting else {}
        suggested = {} if answers else dict(suggested or {})
        answers = answers or dict(suggested)
    else:
        suggested = {}
    errors = dict(errors or {})
    kept = answers_that_apply(form, answers)
    fields = [field_row(f"side{side.pk}", form_field, answers, kept, errors.pop(form_field.name, ""),
                        suggested=form_field.name in suggested) for form_field in form.fields]
    return {
        "side": side, "name": side.name,
        "player": side.character.player.name if side.character else "",
        "form": form, "fields": fields, "general_errors": list(errors.values()),
        "standing": system_battles.standing_of(side),
        "answered": [(row["label"], row["answer"]) for row in fields if row["applies"] and row["answer"] != ""],
        "saved": saved, "question": question, "notice": notice, "version": system_battles.version_of(side),
        "has_errors": bool(errors) or any(row["error"] for row in fields),
        "odds_id": f"side-odds-{side.pk}", "odds": odds_rows(round_.battle.campaign.combat_system, round_.input, form, kept)
        if round_.status == Round.Status.DRAFTING and not side.locked else [],
    }


def field_row(id_prefix, form_field, answers, kept, error, *, suggested=False):
    """One question of a form as the page draws it; `id_prefix` sets its inputs apart from those of the
    page's other forms ("side12", a side's plays form; "wait2-0", a waiting round's first form). `suggested`:
    its answer is last round's, carried as a suggestion (marked "as last round"), not saved."""
    value = answers.get(form_field.name)
    picked = value if isinstance(value, list) else [value]
    choices = [{
        "index": index, "label": choice.label, "value": json.dumps(choice.value),
        "shown_when": json.dumps(rendered(choice.shown_when)) if choice.shown_when else "",
        # shown while its conditions hold; a `disabled` one shown too, never picked, its reason beside the field
        "selected": choice.value in picked, "open": applies(choice.shown_when, kept), "disabled": choice.disabled,
    } for index, choice in enumerate(form_field.choices)]
    answer = ", ".join(c["label"] for c in choices if c["selected"]) if form_field.choices else (
        "" if value is None else str(value))
    return {
        "field": form_field, "name": form_field.name, "kind": form_field.kind, "label": form_field.label,
        "id": f"{id_prefix}-{form_field.name}", "help": form_field.help, "choices": choices,
        # each choice the rules refuse, with why: shown (and hidden by the page's script) as its choice is
        "not_possible": [{"label": c["label"], "reason": choice.disabled, "shown_when": c["shown_when"], "open": c["open"]}
                         for c, choice in zip(choices, form_field.choices) if choice.disabled],
        "value": "" if value is None or form_field.choices else value, "answer": answer,
        "selected_index": choice_index(form_field, value) if form_field.kind == "choice" else "",
        "shown_when": json.dumps(rendered(form_field.shown_when)) if form_field.shown_when else "",
        "applies": applies(form_field.shown_when, kept), "error": error, "suggested": suggested,
    }


def _result_context(round_, sides):
    result = round_.result or {}
    following = round_.battle.rounds.filter(number=round_.number + 1).only("number").first()
    return {
        "summaries": [(side.name, result.get("summaries", {}).get(side.name, [])) for side in sides],
        "owes": {side: lines for side, lines in (result.get("owes") or {}).items() if lines},
        # What a side must choose in the next round: none when there is none (a battle the GM ended after it).
        "must_choose": {side: lines for side, lines in (result.get("must_choose") or {}).items() if lines}
        if following is not None else {},
        "finished": result.get("finished", False),
        "events": [{**event, "seen_by": _seen_by(event)} for event in round_.log or []],
        "next_round": following,
        # What the round did to the campaign's characters, and whether the GM may void it (issue #14).
        "character_changes": round_.character_changes.select_related("character").order_by("created_at", "id"),
        "void_problem": void.voidable(round_),
    }


def _seen_by(event) -> str:
    """Who saw an event that not everyone saw ("" when all did)."""
    visible = event.get("visible_to", "all")
    return "" if visible == "all" else ", ".join(visible)


def _picture(round_, sides=()):
    """The system's picture of the table where it has one: before the round while it is open, with the plays of
    the sides locked so far drawn in (the GM's page alone shows it: the GM sees every side; a locked side's
    plays are checked, so the system can draw them), after it once resolved, from the round replayed
    (combat/system_replay.py); only for a system that draws one, and once per process for that input and seed
    (the fragment cache: a fingerprint of both is its key, so a voided and resolved-again round gets a new
    picture)."""
    system = round_.battle.campaign.combat_system
    if round_.status != Round.Status.RESOLVED:
        return system.picture(round_input_with(system, round_.input or {}, _locked_plays(round_, sides)))
    if system.picture(round_.input or {}) is None:
        return None
    key = fragments.fingerprint("system-picture-after", round_.battle.campaign.system, round_.input, round_.seed)
    return caches[fragments.FRAGMENT_CACHE].get_or_set(key, lambda: system.picture(round_.input, replayed(round_)))


def _locked_plays(round_, sides) -> dict:
    """The answers of the sides locked so far, by side, while the round is open for plays."""
    if round_.status != Round.Status.DRAFTING:
        return {}
    return {side.side: side.plays for side in sides if side.locked and side.plays}


# --- a side's answers ------------------------------------------------------------------------------------


def _round_and_side(request, slug, battle_id, number, side_id):
    round_ = services.get_round(request.user, slug, battle_id, number)
    return round_, system_battles.side_in(round_, side_id, for_update=False)


@login_required
@require_POST
def check_side(request, slug, battle_id, number, side_id):
    """While the GM types: the side's errors only (the errors region and each field's error slot, out of
    band), never its inputs, so nothing being typed is overwritten by an answer."""
    round_, side = _round_and_side(request, slug, battle_id, number, side_id)
    answers, errors = posted_answers(system_battles.form_of(side), request.POST)
    errors = {**system_battles.check_answers(side, answers), **errors}
    return render(request, "combat/system_round.html#side_errors",
                  {"s": side_context(round_, side, answers, errors), "oob_fields": True,
                   "clear_question": not system_battles.nothing_played(side, answers)})


@login_required
@require_POST
def save_side(request, slug, battle_id, number, side_id):
    """Save the side's answers as typed (errors and all) and, with `lock`, lock it when they are complete;
    a side that plays nothing is locked once the GM confirms it (`plays_nothing`, which locks): until then the
    card asks, "Black Knight plays nothing this round. Lock anyway?"."""
    round_, side = _round_and_side(request, slug, battle_id, number, side_id)
    answers, errors = posted_answers(system_battles.form_of(side), request.POST)
    confirmed = bool(request.POST.get(system_battles.PLAYS_NOTHING))
    locking = bool(request.POST.get("lock")) or confirmed
    version = request.POST.get("version") or None
    problem = question = notice = ""
    try:
        side, saved_errors = system_battles.save_answers(request.user, slug, battle_id, number, side_id, answers,
                                                         version=version)
        errors = {**saved_errors, **errors}
        if locking and not errors:  # what was just saved, unless the side changed again meanwhile
            system_battles.lock(request.user, slug, battle_id, number, side_id, plays_nothing=confirmed,
                                version=system_battles.version_of(side))
        elif locking:
            problem = "Fix the plays before locking this side."
    except services.BattleError as error:
        question = error.errors.get(system_battles.PLAYS_NOTHING, "")
        notice = error.errors.get(system_battles.STALE, "")
        if not (question or notice):
            problem, errors = str(error), {**error.errors, **errors}
    round_ = services.get_round(request.user, slug, battle_id, number)
    if round_.status != Round.Status.DRAFTING or (not (problem or question or notice) and not request.htmx):
        if notice:
            messages.warning(request, notice)
        elif not (problem or question):
            locked = " and locked" if locking else ""
            messages.success(request, f"{side.name}'s plays are saved{locked}.")
        return to_round(request, slug, battle_id, number)
    side = system_battles.side_in(round_, side_id, for_update=False)
    if notice:  # refused, nothing changed: the card as the side is now, and why
        bound = (side.pk, None, None, False, "", notice)
    else:
        bound = None if side.locked else (
            side.pk, answers, {**errors, **({"lock": problem} if problem else {})}, True, question)
    context = round_context(round_, bound)
    if request.htmx:
        card = next(row for row in context["sides"] if row["side"].pk == side.pk)
        return render(request, "combat/system_side_response.html", {**context, "s": card})
    return render(request, "combat/system_round.html", context, status=422)


@login_required
@require_POST
def unlock_side(request, slug, battle_id, number, side_id):
    """Unlock a side to change its plays (a failed round opens for plays again). With htmx, a round open for
    plays before and after swaps the side's card alone (and the Sides box), so what is being typed in the other
    sides' forms stays; anything else redraws the page."""
    drafting = services.get_round(request.user, slug, battle_id, number).status == Round.Status.DRAFTING
    try:
        system_battles.unlock(request.user, slug, battle_id, number, side_id)
    except services.BattleError as error:
        messages.error(request, " ".join(dict.fromkeys([str(error), *error.errors.values()])))
        return to_round(request, slug, battle_id, number)
    round_ = services.get_round(request.user, slug, battle_id, number)
    if not (request.htmx and drafting and round_.status == Round.Status.DRAFTING):
        return to_round(request, slug, battle_id, number)
    context = round_context(round_)
    card = next(row for row in context["sides"] if row["side"].pk == int(side_id))
    return render(request, "combat/system_side_response.html", {**context, "s": card})


QUEUED_MESSAGE = ("The task queue is not answering right now. The round is queued: Herald will resolve it "
                  "on its own, once, as soon as the queue is back. There is nothing more to do.")


@login_required
@require_POST
def resolve(request, slug, battle_id, number):
    problem = ""
    try:
        started = services.request_resolve(request.user, slug, battle_id, number)
    except services.BattleError as error:
        problem, started = str(error), False
    round_ = services.get_round(request.user, slug, battle_id, number)
    if request.htmx:
        return render(request, "combat/system_round.html#status", round_context(round_, resolve_error=problem))
    if problem:
        messages.error(request, problem)
    if started and services.is_queued(round_):
        messages.warning(request, QUEUED_MESSAGE)
    elif started:
        messages.success(request, "The round is being resolved.")
    return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)


def to_round(request, slug, battle_id, number):
    url = reverse("combat:round", kwargs={"slug": slug, "battle_id": battle_id, "number": number})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
