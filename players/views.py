"""The player's page (reached by a personal link, no account) and the GM's actions on links, deadlines,
rulings and adjustments. Thin: every write is a service call; every player view starts with the rate
limit and `links.live_link` (404 for a wrong, revoked or expired token)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from combat import services as combat_services
from combat import system_battles, system_dues, system_rounds
from players import adjusting, answers, dues, links, services, throttle
from players import answers_page, page as player_page, waiting as player_waiting
from players.forms import AdjustmentForm, DeadlineForm, PlaySettingsForm, RulingForm


class TooManyRequests(Exception):
    pass


def _link(request, token):
    """The live link, counted against its own allowance only; a wrong token counts against the client's
    address, which after too many gets 429 for wrong tokens (never for a live one: players/throttle.py)."""
    try:
        link = links.live_link(token)
    except Http404:
        if throttle.blocked(request):
            raise TooManyRequests from None
        throttle.failed(request)
        raise
    if not throttle.allowed(token):
        raise TooManyRequests
    return link


def _throttled(view):
    def wrapped(request, token, *args, **kwargs):
        try:
            return view(request, _link(request, token), *args, **kwargs)
        except TooManyRequests:
            return HttpResponse("Too many requests on this link: wait a minute and try again.", status=429)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def _page_url(link) -> str:
    return reverse("players:page", kwargs={"token": links.token_for(link)})


@require_GET
@_throttled
def page(request, link):
    return render(request, "players/page.html", player_page.page_context(link))


def _own_side(link, character_id):
    round_ = services.current_round(link.battle)
    if round_ is None:
        raise Http404("No round")
    return round_, services.side_of(link, round_, character_id)


@require_POST
@_throttled
def validate(request, link, character_id):
    """htmx: the errors beside the fields as the player types, only the error regions (out of band), never an
    input, so nothing the player is typing is replaced; nothing is saved."""
    _, side = _own_side(link, character_id)
    form, given, unreadable = _posted_answers(request, side)
    errors = answers.typing_errors(side, given, unreadable)
    return render(request, "players/page.html#answer_errors", answers_page.error_regions(side, form, errors, given))


@require_POST
@_throttled
def submit(request, link, character_id):
    """Seal the answers (players.services.submit checks them alone, and names each missing one); refused,
    the page comes back with the answers as posted and each error beside its question (htmx: the side's card
    alone). Answers that play nothing are sealed once the player confirms it (`plays_nothing`): until then
    the card asks, "Black Knight plays nothing this round. Seal anyway?"."""
    _, side = _own_side(link, character_id)
    _, given, errors = _posted_answers(request, side)
    problem, question = "Fix the plays marked below before submitting.", ""
    if not errors:
        try:
            services.submit(link, side.character_id, given,
                            plays_nothing=bool(request.POST.get(system_battles.PLAYS_NOTHING)))
        except combat_services.BattleError as error:
            question = error.errors.get(system_battles.PLAYS_NOTHING, "")
            errors, problem = ({}, "") if question else (error.errors, str(error))
        else:
            return _sealed(request, link)
    bound = {"answers_given": given, "errors": errors, "error": problem, "question": question}
    context = player_page.page_context(link, {side.character_id: bound})
    card = next((v for v in context["sides"] if v["side"].pk == side.pk), None)
    if request.htmx and card is None:  # the round moved on meanwhile: the page says what it is now
        messages.error(request, problem or question)
        return _to_page_htmx(link)
    if request.htmx:  # htmx swaps only 2xx answers: the card carries its refusal itself
        return render(request, "players/page.html#answers_side", {**context, "v": card})
    return render(request, "players/page.html", context, status=422)


def _sealed(request, link):
    return _to_page(request, link, "Your plays are sealed: your receipt is below and on its way by email.")


def _to_page(request, link, done: str):
    messages.success(request, done)
    return _to_page_htmx(link) if request.htmx else redirect(_page_url(link))


def _to_page_htmx(link):
    response = HttpResponse(status=204)
    response["HX-Redirect"] = _page_url(link)
    return response


def _posted_answers(request, side):
    """The side's plays form and the answers posted to it, with those that are not a number or a choice."""
    form = system_battles.form_of(side)
    given, unreadable = system_rounds.posted_answers(form, request.POST)
    return form, given, answers.applying(form, unreadable, given)


@require_POST
@_throttled
def answer_waiting(request, link, form_key):
    """The player answers a form the round stopped half-way for, when its side is theirs (else 404). Refused,
    the form comes back as sent with each error beside its question (htmx: its card alone)."""
    round_ = services.current_round(link.battle)
    if round_ is None:
        raise Http404("No round")
    try:
        waiting = player_waiting.form_of(link, round_, form_key)
        given, unreadable = system_rounds.posted_answers(waiting.form, request.POST)
        complete = player_waiting.answer(link, round_, form_key, given, unreadable)
    except combat_services.BattleError as error:
        if not error.errors:  # the round no longer waits for it: the page says what it is now
            messages.error(request, str(error))
            return redirect(_page_url(link))
        context = player_page.page_context(link, bound_waiting=(form_key, given, error.errors, str(error)))
        if request.htmx:  # htmx swaps only 2xx answers: the card carries its errors itself
            card = next(w for w in context["waiting"] if w["key"] == form_key)
            return render(request, "players/page.html#waiting_form", {**context, "w": card})
        return render(request, "players/page.html", context, status=422)
    return _to_page(request, link, "Your answer is in: the round goes on once every answer it waits for is in."
                    if not complete else "Your answer is in: the round goes on, with the same dice.")


@require_POST
@_throttled
def settle_dues(request, link, number, character_id):
    """Settle what one of the player's sides owes after round `number` (players/dues.py); refused, the form
    comes back with the answers as sent and each error beside its question, and nothing is saved."""
    round_ = link.battle.rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such round")
    side = services.side_of(link, round_, character_id)
    due = next(iter(system_dues.dues_of(round_, [side])), None)
    form = due.form if due is not None else system_battles.form_of(side)
    given, unreadable = system_rounds.posted_answers(form, request.POST)
    try:
        if unreadable:
            raise combat_services.BattleError("Fix the answers marked below.", unreadable)
        dues.settle_by_player(link, number, character_id, given)
    except combat_services.BattleError as error:
        if due is None:  # nothing owed: no form to draw the refusal on
            messages.error(request, str(error))
            return redirect(_page_url(link))
        problems = {"form": str(error), **error.errors}
        if request.htmx:
            return render(request, "players/page.html#answers_dues",
                          {"d": answers_page.dues_view(due, given, problems), "token": links.token_for(link)})
        context = player_page.page_context(link, bound_dues=(character_id, given, problems))
        return render(request, "players/page.html", context, status=422)
    messages.success(request, f"{side.side} has settled round {number}'s dues.")
    if request.htmx:  # the plays form below follows the settled state: the whole page, drawn again
        response = HttpResponse(status=204)
        response["HX-Redirect"] = _page_url(link)
        return response
    return redirect(_page_url(link))


# --- the GM's actions --------------------------------------------------------------------------------


def _round_url(slug, battle_id, number=None):
    if number is None:
        return reverse("combat:battle", kwargs={"slug": slug, "battle_id": battle_id})
    return reverse("combat:round", kwargs={"slug": slug, "battle_id": battle_id, "number": number})


@login_required
@require_POST
def resend_link(request, slug, battle_id, player_id):
    try:
        link = services.resend_link(request.user, slug, battle_id, player_id)
    except combat_services.BattleError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"A fresh link is on its way to {link.player.name}; the old one no longer opens.")
    return redirect(_round_url(slug, battle_id))


@login_required
@require_POST
def revoke_link(request, slug, battle_id, player_id):
    services.revoke_link(request.user, slug, battle_id, player_id)
    messages.success(request, "The link is revoked: it no longer opens.")
    return redirect(_round_url(slug, battle_id))


def _gm_post(request, slug, battle_id, number, form, action, done: str):
    # Access first: another GM's or a stranger's post is a 404 even when the form is invalid (the URL
    # access test found a redirect there).
    combat_services.get_round(request.user, slug, battle_id, number)
    if form.is_valid():
        try:
            action(form.cleaned_data)
        except combat_services.BattleError as error:
            named = [f"{form.fields[name].label if name in form.fields else name}: {why}" for name, why in error.errors.items()]
            messages.error(request, "; ".join(named) if named else str(error))
        else:
            messages.success(request, done)
    else:
        messages.error(request, "; ".join(f"{form.fields[name].label if name in form.fields else 'Form'}: {' '.join(errors)}"
                                          for name, errors in form.errors.items()))
    return redirect(_round_url(slug, battle_id, number))


@login_required
@require_POST
def set_deadline(request, slug, battle_id, number):
    return _gm_post(request, slug, battle_id, number, DeadlineForm(request.POST),
                    lambda data: services.set_deadline(request.user, slug, battle_id, number, data["due_at"]),
                    "The deadline is moved.")


@login_required
@require_POST
def add_ruling(request, slug, battle_id, number):
    return _gm_post(request, slug, battle_id, number, RulingForm(request.POST),
                    lambda data: services.add_ruling(request.user, slug, battle_id, number, data["text"]),
                    "The ruling is recorded.")


@login_required
@require_POST
def adjust(request, slug, battle_id, number):
    battle = combat_services.get_battle(request.user, slug, battle_id)
    form = AdjustmentForm(request.POST, system=battle.campaign.combat_system, battle_state=battle.state)
    return _gm_post(request, slug, battle_id, number, form,
                    lambda data: adjusting.adjust(request.user, slug, battle_id, number, data["change"], data["reason"]),
                    "The adjustment is recorded.")


@login_required
@require_http_methods(["GET", "POST"])
def play_settings(request, slug):
    campaign = combat_services.campaign_for(request.user, slug)
    current = services.play_settings(campaign)
    form = PlaySettingsForm(request.POST or None, initial={
        "deadline_hours": current.deadline_hours, "reminder_hours": ", ".join(str(h) for h in current.reminder_hours),
        "missed_turn": current.missed_turn})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        services.save_play_settings(request.user, slug, data["deadline_hours"], data["reminder_hours"], data["missed_turn"])
        messages.success(request, "The campaign's deadlines, reminders and missed-turn policy are saved.")
        return redirect("players:settings", slug=slug)
    return render(request, "players/settings.html", {"campaign": campaign, "form": form}, status=422 if form.errors else 200)
