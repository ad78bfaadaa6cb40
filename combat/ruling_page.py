"""The GM's ruling on a magic attack the round waits for (issue #15.5): a Demon's Power of the Pit or the
Imp's Curse has no table in the sources, so resolving stops (`resolution.RulingsPending`) and the round page
shows this card with a small form per attack; htmx redraws the round's status card with it, so the
heading says when every ruling is given. The ruling is kept with the round's GM entries
(`Round.encounter["gm_rulings"]`, saved by `services.save_round_encounter`, as a player's choice is) and goes
into the round file's `gm_rulings`; "Resolve again" replays the same dice with it applied."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from combat import round_file, services
from combat.forms import GmRulingsForm, initial_from_rulings


def rulings_form(round_, data=None) -> GmRulingsForm:
    entries = round_.encounter or {}
    needed = entries.get("rulings_needed") or []
    return GmRulingsForm(
        data, initial=initial_from_rulings(needed, entries.get("gm_rulings") or []), needed=needed,
        characters=round_file.living_character_ids(round_.battle.state), prefix="ruling",
    )


def rulings_context(round_, form=None, saved=False, error="") -> dict:
    """What the rulings card shows: each attack waiting, its three fields, and whether all are given."""
    entries = round_.encounter or {}
    needed = entries.get("rulings_needed") or []
    form = form or rulings_form(round_)
    given = {(r["attacker"], r["target"]) for r in entries.get("gm_rulings") or []}
    attacks = [
        {"attack": attack, "given": (attack["attacker"], attack["target"]) in given,
         "fields": [form[f"{name}_{index}"] for name in ("outcome", "amount", "note")]}
        for index, attack in enumerate(needed)
    ]
    return {"form": form, "attacks": attacks, "all_given": bool(attacks) and all(a["given"] for a in attacks),
            "saved": saved, "error": error, "round": round_, "battle": round_.battle, "campaign": round_.battle.campaign}


@login_required
@require_POST
def round_rulings(request, slug, battle_id, number):
    """Save the GM's rulings on the magic attacks the round waits for. htmx gets the card back, with each
    problem beside its field."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    form = rulings_form(round_, request.POST)
    saved, error = False, ""
    if form.is_valid():
        try:
            round_ = services.save_round_encounter(request.user, slug, battle_id, number,
                                                   form.to_entries(round_.encounter or {}))
            saved, form = True, None
        except services.BattleError as problem:
            error = str(problem)
    if request.htmx:  # htmx swaps only 2xx answers: the round's status card carries the errors itself
        from combat.views import _round_context  # here: views imports this module for the round page

        context = {**_round_context(round_), "round_rulings": rulings_context(round_, form, saved, error)}
        return render(request, "combat/round.html#status", context)
    if saved:
        messages.success(request, "The GM's ruling is saved: resolve the round again.")
    else:
        messages.error(request, "The ruling was not saved: " + "; ".join(
            [*([error] if error else []), *(str(e) for field_errors in form.errors.values() for e in field_errors)]))
    return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)
