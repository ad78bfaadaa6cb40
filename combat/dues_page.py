"""The GM's part of settling what sides owe after a round of a battle fought through the systems interface
(combat/system_dues.py): on a resolved round's page, what its sides owe; on the next round's page, open for
plays, the same, as what stands between that round and its resolving; the battle over, on its last round's
page, what that round left owing, settled after the end. Each side that owes shows its dues form,
drawn as the plays forms are (`system_views.field_row`, `combat/_system_fields.html`), or what it settled.
Settling is `players.dues.settle_by_gm`; the page's reads go through `services.get_round` (404 for anyone not
a GM of the campaign)."""

from __future__ import annotations

from typing import Any, Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from combat import services, system_battles, system_dues
from combat.models import Round
from combat.system_rounds import posted_answers
from combat.system_views import field_row, round_context
from players import dues
from systems.interface import PlaysForm, answers_that_apply


def owing_round(round_: Round) -> Round | None:
    """The resolved round whose dues the page of `round_` shows: itself once resolved, else (open for plays,
    or failed) the round before it."""
    if round_.status == Round.Status.RESOLVED:
        return round_
    if round_.status in (Round.Status.DRAFTING, Round.Status.FAILED) and round_.number > 1:
        previous = Round.objects.filter(battle_id=round_.battle_id, number=round_.number - 1).first()
        if previous is not None:
            previous.battle = round_.battle
        return previous
    return None


def dues_context(round_: Round, bound=None) -> dict[str, Any]:
    """The dues the page of `round_` shows; `bound` is (side pk, answers, errors) of a settlement just
    refused, drawn as it was sent with each error beside its field."""
    owing = owing_round(round_)
    dues = system_dues.dues_of(owing) if owing is not None else []
    return {"dues_round": owing, "dues": [due_card(due, *(bound[1:] if bound and bound[0] == due.side.pk else ()))
                                          for due in dues]}


def due_card(due: system_dues.Due, answers: Mapping[str, Any] | None = None,
             errors: Mapping[str, str] | None = None) -> dict[str, Any]:
    side = due.side
    shown = dict(due.answers if answers is None or due.settlement is not None else answers)
    errors = dict(errors or {})
    kept = answers_that_apply(due.form, shown)
    fields = []
    for form_field in due.form.fields:  # "dues12": beside the same side's plays form on the page
        fields.append(field_row(f"dues{side.pk}", form_field, shown, kept, errors.pop(form_field.name, "")))
    return {
        "due": due, "side": side, "name": due.name, "form": due.form, "fields": fields,
        "player": side.character.player.name if side.character else "",
        "settled": due.settlement is not None, "settlement": due.settlement,
        "answered": [(row["label"], row["answer"]) for row in fields if row["applies"] and row["answer"] != ""],
        "general_errors": list(dict.fromkeys(errors.values())),
    }


@login_required
@require_POST
def settle(request, slug, battle_id, number, side_id):
    """Settle a side's dues after round `number`; refused, the side's card comes back with the answers as
    sent and each error beside its field (the whole round page without htmx), and nothing is saved."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    side = system_battles.side_in(round_, side_id, for_update=False)
    due = next(iter(system_dues.dues_of(round_, [side])), None)
    answers, errors = posted_answers(due.form if due else PlaysForm(side.side, side.side), request.POST)
    try:
        if errors:
            raise services.BattleError("Fix the answers marked below.", errors)
        dues.settle_by_gm(request.user, slug, battle_id, number, side_id, answers)
    except services.BattleError as error:
        return _refused(request, round_, side, due, answers, error)
    messages.success(request, f"{side.side} has settled round {number}'s dues.")
    # The next round's input follows the settled state: its whole page, drawn again, shows what it allows now
    # (the battle over, the round's own page).
    after = number if due is not None and due.last else number + 1
    url = reverse("combat:round", kwargs={"slug": slug, "battle_id": battle_id, "number": after})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused(request, round_, side, due, answers, error):
    if due is None:  # the side owes nothing: no card to draw the refusal on
        messages.error(request, str(error))
        url = reverse("combat:round", kwargs={"slug": round_.battle.campaign.slug, "battle_id": round_.battle_id,
                                              "number": round_.number})
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    problems = {"form": str(error), **error.errors}
    if not request.htmx:
        return render(request, "combat/system_round.html",
                      {**round_context(round_), "dues_bound": (side.pk, answers, problems)}, status=422)
    return render(request, "combat/_system_dues.html#due", {
        "d": due_card(due, answers, problems), "campaign": round_.battle.campaign, "battle": round_.battle})
