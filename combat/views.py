"""Battle pages. Thin: each fetches through the services (which go through `get_campaign_for_gm`, so
anyone not a GM of the campaign gets 404) and renders; every write is a service call. A round's own page, its
forms and its writes are the systems interface's (combat/system_views.py, combat/system_battles.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from combat import fairness, services, system_new_battle, system_views, void
from combat.models import Round
from config import confirm
from config.page_cache import cached_on_snapshot


@login_required
@require_GET
def battle_list(request, slug):
    campaign, battles = services.battles_for(request.user, slug)
    return render(request, "combat/battle_list.html", {"campaign": campaign, "battles": battles})


@login_required
@require_http_methods(["GET", "POST"])
def new_battle(request, slug):
    """Every campaign's battles start on the systems interface's page (combat/system_new_battle.py)."""
    return system_new_battle.new_battle(request, services.campaign_for(request.user, slug))


@login_required
@require_GET
def battle_detail(request, slug, battle_id):
    battle = services.get_battle(request.user, slug, battle_id)
    current = battle.current_round
    if current is None:
        messages.info(request, f"{battle.name} ended before any round was resolved.")
        return redirect("combat:list", slug=slug)
    return redirect("combat:round", slug=slug, battle_id=battle.pk, number=current.number)


@login_required
@require_GET
@cached_on_snapshot
def round_detail(request, slug, battle_id, number):
    return system_views.round_detail(request, services.get_round(request.user, slug, battle_id, number))


@login_required
@require_GET
def round_status(request, slug, battle_id, number):
    """The progress partial htmx polls every second; once the round is done it returns the results
    (and no more polling trigger)."""
    return system_views.round_status(request, services.get_round(request.user, slug, battle_id, number))


@login_required
@require_http_methods(["GET", "POST"])
def end_battle(request, slug, battle_id):
    """Ending a battle asks first (issue #14.7): a GET, or a POST without `confirm`, shows the question;
    the confirmed POST ends it and emails the players."""
    battle = services.get_battle(request.user, slug, battle_id)
    if confirm.is_confirmed(request):
        battle = services.end_battle(request.user, slug, battle_id)
        messages.success(request, f"{battle.name} is over; its players are emailed.")
        return redirect("combat:list", slug=slug)
    facts = ["Everyone withdraws and the battle is over."]
    for open_round in battle.rounds.filter(status__in=[Round.Status.DRAFTING, Round.Status.FAILED]):
        if open_round.status == Round.Status.FAILED:
            facts.append(f"Round {open_round.number} failed: it stays in the battle's rounds as failed, and can "
                         "still be resolved again from its page.")
        else:
            facts.append(f"Round {open_round.number} is not resolved: the plays entered for it are dropped.")
    facts += ["Resolved rounds stay as they are.",
              "Each player with a character in the battle gets an email saying that the battle is over."]
    back = _round_url(battle)
    return confirm.ask(request, confirm.Question(
        title=f"End {battle.name} here?", facts=facts, action=reverse("combat:end", args=[slug, battle.pk]),
        confirm="Yes, end the battle", cancel_url=back, cancel="No, keep fighting", back="Back to the battle"))


def _round_url(battle, number=None) -> str:
    last = battle.rounds.order_by("-number").first()
    number = number or (last.number if last else None)
    if number is None:
        return reverse("combat:list", args=[battle.campaign.slug])
    return reverse("combat:round", args=[battle.campaign.slug, battle.pk, number])


@login_required
@require_http_methods(["GET", "POST"])
def void_round(request, slug, battle_id, number):
    """Voiding the last resolved round asks first (issue #14); the confirmed POST puts the battle and its
    characters back as they were before the round and opens it again."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    problem = void.voidable(round_)
    if confirm.is_confirmed(request) and not problem:
        try:
            void.void_round(request.user, slug, battle_id, number)
        except services.BattleError as error:
            problem = str(error)
        else:
            messages.success(request, f"Round {number}'s result is voided; its players are emailed. "
                                      "Resolve it again when its plays are right.")
            return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)
    battle = round_.battle
    facts = [f"The battle goes back to where it was before round {number} was resolved: its result, its log and "
             f"what it did to the characters (deaths, wounds and fatigue recorded, armor, weapons, horses, fame, "
             f"notoriety, gold and hirelings) are undone."]
    following = battle.rounds.filter(number__gt=number).order_by("number").first()
    if following is not None:
        facts.append(f"Round {following.number} is dropped, with the plays entered for it.")
    facts += [f"Round {number} opens again with its plays as they were, each side still locked: resolve it again, "
              "or unlock a side to change its plays. Its dice stay the ones committed when it opened.",
              "Each player with a character in the battle gets an email saying that the result is voided."]
    back = _round_url(battle, number)
    return confirm.ask(request, confirm.Question(
        title=f"Void round {number} of {battle.name}?", facts=facts,
        action=reverse("combat:void_round", args=[slug, battle.pk, number]), confirm=f"Yes, void round {number}",
        cancel_url=back, cancel="No, keep the result", back="Back to the round", problem=problem),
        status=409 if problem and request.method == "POST" else 200)


@login_required
@require_GET
def round_file(request, slug, battle_id, number):
    """The resolved round as a round file with its seed, commitment and stored result: `manage.py
    resolve_round` replays it, `manage.py verify_round` (or the verify page) checks it."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    if round_.status != Round.Status.RESOLVED or not round_.input:
        raise Http404("This round has not been resolved yet")
    response = JsonResponse(fairness.round_file(round_), json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="battle-{battle_id}-round-{number}.json"'
    return response
