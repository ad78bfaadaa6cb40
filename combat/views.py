"""Battle pages. Thin: each fetches through the services (which go through `get_campaign_for_gm`, so
anyone not a GM of the campaign gets 404) and renders; every write is a service call."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from combat import fairness, odds_panel, resolution, round_fragments, services, system_new_battle, system_views, void
from combat.battle_panel import battle_panel, drawn_sheets
from combat.forms import (
    ChitRecordForm,
    EncounterForm,
    PlaysForm,
    RoundEncounterForm,
    initial_from_encounter,
    initial_from_plays,
    initial_from_round_entries,
)
from combat.models import Round, SidePlays
from combat.round_file import character_entry, character_id, living_character_ids, recorded_spells
from combat.ruling_page import rulings_context
from config import confirm, fragments
from config.page_cache import cached_on_snapshot
from players import services as player_services
from systems.magic_realm import encounter_options, side_options


@login_required
@require_GET
def battle_list(request, slug):
    campaign, battles = services.battles_for(request.user, slug)
    return render(request, "combat/battle_list.html", {"campaign": campaign, "battles": battles})


@login_required
@require_http_methods(["GET", "POST"])
def new_battle(request, slug):
    """Every campaign's battles start on the systems interface's page (combat/system_new_battle.py); a Magic
    Realm battle begun before is fought to its end on the pages below (`Battle.fought_through_interface`)."""
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


def _encounter_form(round_, side, data=None):
    options = encounter_options.encounter_options(round_.battle.state, character_id(side.character), recorded_spells(side.character))
    initial = initial_from_encounter((side.plays or {}).get("encounter") or {}, options)
    return EncounterForm(data, initial=initial, options=options, prefix=f"enc{side.character_id}")


def _previous_plays(round_, character_ids=None) -> dict[int, dict]:
    """Each side's plays of the round before (its last pick of weapon, issue #14.5), by character id."""
    if round_.number <= 1:
        return {}
    sides = SidePlays.objects.filter(round__battle_id=round_.battle_id, round__number=round_.number - 1)
    if character_ids is not None:
        sides = sides.filter(character_id__in=character_ids)
    return dict(sides.values_list("character_id", "plays"))


def _side_options(round_, side, alerting=None, previous=None):
    """What the side may play now, its weapon labels after the encounter step (`alerting`: the weapon it
    alerts there) and its default weapon (`previous`: its plays of the round before)."""
    battle = round_.battle
    if alerting is None:
        alerting = (((side.plays or {}).get("encounter") or {}).get("alert") or {}).get("weapon")
    if previous is None:
        previous = _previous_plays(round_, [side.character_id]).get(side.character_id)
    return side_options.side_options(battle.state, character_id(side.character), recorded_spells(side.character),
                               alerting=alerting, previous=previous,
                               riders_apart=battle.campaign.current_rules().riding_horses)


def _side_context(round_, side, form=None, errors=None, saved=False, encounter_form=None, *, previous=None, sides=None,
                  question=""):
    """One side's forms (encounter step, then melee plays) with the errors beside the fields they name.
    Without a bound form (a page load), a saved draft shows what it holds and its errors (issue #14.2).
    `question` asks the GM to confirm a side that plays nothing before locking it (issue #14.2b)."""
    battle = round_.battle
    name = character_id(side.character)
    if form is None:
        options = _side_options(round_, side, previous=previous)
        form = PlaysForm(initial=initial_from_plays(side.plays or {}, options), options=options, prefix=f"side{side.character_id}")
        if errors is None and side.plays and not side.locked and round_.status == Round.Status.DRAFTING:
            errors = services.check_plays(round_, side.character_id, side.plays, sides=sides)
    if encounter_form is None:
        encounter_form = _encounter_form(round_, side)
    errors = dict(errors or {})
    encounter_errors: dict[str, str] = {}
    for key in [key for key in errors if key.startswith(services.ENCOUNTER_PREFIX)]:
        field = encounter_form.field_for(key.removeprefix(services.ENCOUNTER_PREFIX))
        message = errors.pop(key)
        encounter_errors[field] = f"{encounter_errors[field]} {message}" if field in encounter_errors else message
    encounter_fields = [_row(encounter_form, field_name, encounter_errors) for field_name in encounter_form.fields]
    position_error = errors.pop("positions", None)
    fields = [_row(form, field_name, errors) for field_name in form.fields]
    general = [message for message in errors.values()] + [f"Encounter: {message}" for message in encounter_errors.values()]
    if position_error:
        general.append(f"Attackers' positions: {position_error}")
    return {
        "round": round_,
        "battle": battle,
        "campaign": battle.campaign,
        "side": side,
        "name": name,
        "form": form,
        "fields": fields,
        "general_errors": general,
        "encounter_form": encounter_form,
        "encounter_fields": encounter_fields,
        "has_errors": bool(general) or any(f["engine_error"] or f["field"].errors for f in fields + encounter_fields)
        or bool(form.non_field_errors()),
        "saved": saved,
        "question": question,
        "odds": odds_panel.odds_for_plays(battle, side.plays, name),
    }


def _row(form, field_name, errors):
    """A field with the check's error beside it; the form's own error (a choice the character does not
    have) says it first, so the two never repeat each other."""
    message = errors.pop(field_name, None)
    bound = form[field_name]
    return {"field": bound, "engine_error": None if bound.errors else message}


def _round_context(round_, bound_chits=None):
    battle = round_.battle
    sides = list(round_.sides.select_related("character__player", "character__starting_info", "character__campaign"))
    previous = _previous_plays(round_) if round_.status != Round.Status.RESOLVED else {}
    open_for_plays = round_.status in (Round.Status.DRAFTING, Round.Status.FAILED)

    def side_contexts():
        # Each unlocked draft's errors, from one check of the round file they all belong to.
        drafting = [side.character_id for side in sides if side.plays and not side.locked]
        checked = services.check_saved_plays(round_, sides, drafting) if drafting and round_.status == Round.Status.DRAFTING else {}
        return [_side_context(round_, side, errors=checked.get(side.character_id),
                              previous=previous.get(side.character_id, {}), sides=sides) for side in sides]

    context = {
        "round": round_,
        "battle": battle,
        "campaign": battle.campaign,
        # Worked out only when the plays layout is drawn, not when its cached fragment is used.
        "sides": fragments.Lazy(side_contexts) if round_.status != Round.Status.RESOLVED else [],
        "side_list": sides,
        # One reading of the sides' submissions for the Sides card and the players' card alike.
        "side_statuses": fragments.Lazy(lambda: player_services.side_statuses(round_, sides)),
        "all_locked": bool(sides) and all(side.locked for side in sides),
        "unrecorded": services.unrecorded_chits(round_) if round_.status == Round.Status.DRAFTING else [],
        "history": battle.rounds.order_by("number").only("pk", "battle_id", "number", "status", "encounter"),  # not their logs
        "fair_dice": fairness.dice_facts(round_),
        "queued": services.is_queued(round_),
    }
    if open_for_plays:
        context["round_encounter"] = fragments.Lazy(lambda: _round_encounter_context(round_))
        if (round_.encounter or {}).get("rulings_needed"):
            context["round_rulings"] = rulings_context(round_)
        context["panel"] = fragments.Lazy(lambda: battle_panel(round_, sides))
        context["plays_layout_key"] = fragments.fingerprint(*round_fragments.plays_layout_parts(round_, sides, previous))
    if round_.status == Round.Status.RESOLVED:
        context.update(_result_context(round_, bound_chits))
    return context


def _round_encounter_form(round_, data=None):
    state = round_.battle.state
    entries = round_.encounter or {}
    return RoundEncounterForm(
        data,
        initial=initial_from_round_entries(entries),
        groups=encounter_options.native_groups(state),
        characters=sorted(living_character_ids(state)),
        choice_needed=entries.get("choice_needed"),
        prefix="encounter",
    )


def _round_encounter_context(round_, form=None, errors=None, saved=False):
    form = form or _round_encounter_form(round_)
    errors = dict(errors or {}) if errors is not None else services.round_encounter_errors(round_)
    rows = [{"field": form[name], "engine_error": errors.pop(name, None)} for name in form.fields]
    fields = [row for row in rows if not row["field"].name.startswith("meeting_")]
    table_fields = [row for row in rows if row["field"].name.startswith("meeting_")]
    return {"form": form, "fields": fields, "table_fields": table_fields, "general_errors": list(errors.values()),
            "table_open": any(row["engine_error"] or row["field"].errors for row in table_fields),
            "saved": saved,
            "choice_needed": (round_.encounter or {}).get("choice_needed"), "round": round_,
            "battle": round_.battle, "campaign": round_.battle.campaign}


def _melee_sheets_input(round_input, encounter):
    """The round file with the sheets the encounter step left (luring, random assignment, runs), which
    are the sheets the melee round was fought on."""
    if not encounter.get("sheets"):
        return round_input
    boxes = {(sheet["owner"], a["combatant"]): a.get("box") for sheet in round_input.get("sheets", [])
             for a in sheet.get("attackers", [])}
    sheets = [{"owner": sheet["owner"], "owner_target": sheet.get("owner_target"),
               "attackers": [{"combatant": name, "box": boxes.get((sheet["owner"], name))} for name in sheet["attackers"]]}
              for sheet in encounter["sheets"]]
    return {**round_input, "sheets": sheets}


def _chit_forms(round_, bound=None):
    """The wounds and fatigue form of each living character who owes some (issue #14.3: the dead owe
    nothing). `bound` is (character id, POST data, problems by box) for the one just sent with errors:
    its ticks stay and each problem shows beside its boxes."""
    result = round_.result or {}
    battle = round_.battle
    records = {record.character_id: record for record in round_.chit_records.all()}
    forms = []
    for side in round_.sides.select_related("character"):
        name = character_id(side.character)
        owed = resolution.owed_for(result, name)
        entry = character_entry(battle.state, name)
        if not owed["wounds"] and not owed["fatigue"] or entry is None or entry.get("dead"):
            continue
        record = records.get(side.character_id)
        data, problems = (bound[1], bound[2]) if bound and bound[0] == side.character_id else (None, {})
        form = ChitRecordForm.for_character(battle.state, name, record, result, f"chits{side.character_id}", data, problems)
        forms.append({"character": side.character, "name": name, "owed": owed, "form": form, "record": record})
    return forms


def _result_context(round_, bound_chits=None):
    result = round_.result or {}
    summaries = list(resolution.summaries(result).values())
    chit_forms = _chit_forms(round_, bound_chits)
    encounter = result.get("encounter") or {}
    split = int(encounter.get("event_count") or 0)
    return {
        "summaries": summaries,
        "encounter": encounter,
        "encounter_events": round_.log[:split],
        "events": round_.log[split:],
        "kills": result.get("kills", []),
        "svgs": drawn_sheets(_melee_sheets_input(round_.input or {}, encounter), round_.log,
                             {kill["victim"] for kill in result.get("kills", [])}),
        "chit_forms": chit_forms,
        # What the round did to the campaign's characters, and whether the GM may void it (issue #14).
        "character_changes": round_.character_changes.select_related("character").order_by("created_at", "id"),
        "void_problem": void.voidable(round_),
    }


@login_required
@require_GET
@cached_on_snapshot
def round_detail(request, slug, battle_id, number):
    round_ = services.get_round(request.user, slug, battle_id, number)
    if round_.battle.fought_through_interface:
        return system_views.round_detail(request, round_)
    return render(request, "combat/round.html", _round_context(round_))


@login_required
@require_GET
def round_status(request, slug, battle_id, number):
    """The progress partial htmx polls every second; once the round is done it returns the results
    (and no more polling trigger)."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    if round_.battle.fought_through_interface:
        return system_views.round_status(request, round_)
    return render(request, "combat/round.html#status", _round_context(round_))


def _side(request, slug, battle_id, number, character_id):
    round_ = services.get_round(request.user, slug, battle_id, number)
    side = round_.sides.select_related("character__player").filter(character_id=character_id).first()
    if side is None:
        raise Http404("No such side in this round")
    return round_, side


def _bound_form(request, round_, side):
    alerting = request.POST.get(f"enc{side.character_id}-alert_weapon") or ""
    options = _side_options(round_, side, alerting=alerting)
    return PlaysForm(request.POST, options=options, prefix=f"side{side.character_id}")


def _bound_forms(request, round_, side):
    """The side's plays and encounter forms bound to the POST; the plays (with `encounter`) if every
    choice is one the character has, else None."""
    form, encounter_form, plays = _draft_forms(request, round_, side)
    return form, encounter_form, plays if form.is_valid() and encounter_form.is_valid() else None


def _draft_forms(request, round_, side):
    """The side's forms bound to the POST and the draft they hold: every valid choice, finished or not
    (issue #14.2: a draft is saved whatever it holds)."""
    form, encounter_form = _bound_form(request, round_, side), _encounter_form(round_, side, request.POST)
    form.is_valid(), encounter_form.is_valid()  # cleaned_data holds each valid choice either way
    plays = form.to_plays()
    choices = encounter_form.to_encounter()
    if choices:
        plays["encounter"] = choices
    return form, encounter_form, plays


@login_required
@require_POST
def validate_side(request, slug, battle_id, number, character_id):
    """htmx: check the plays as the GM types and return the side's form with errors beside the fields."""
    round_, side = _side(request, slug, battle_id, number, character_id)
    form, encounter_form, plays = _draft_forms(request, round_, side)
    errors = services.check_plays(round_, side.character_id, plays)
    side.plays = plays  # shown in the odds panel; not saved
    return render(request, "combat/round.html#side_fields", {"s": _side_context(round_, side, form, errors, encounter_form=encounter_form)})


# A confirmed "Save and lock" of a side that plays nothing posts lock=nothing (issue #14.2b).
LOCK_DOING_NOTHING = "nothing"


@login_required
@require_POST
def save_side(request, slug, battle_id, number, character_id):
    """Save draft keeps whatever the side holds, with its errors beside the fields (issue #14.2); Save and
    lock locks it when nothing is wrong, and asks first when it plays nothing (issue #14.2b). htmx gets
    back this side alone (and the round's list of sides), so no other side's unsaved input is touched."""
    round_, side = _side(request, slug, battle_id, number, character_id)
    form, encounter_form, plays = _draft_forms(request, round_, side)
    choices_valid = form.is_valid() and encounter_form.is_valid()
    errors, saved, question = {}, False, ""
    try:
        side, errors = services.save_plays(request.user, slug, battle_id, number, character_id, plays)
        saved = True
        if "lock" in request.POST and not errors and choices_valid:
            side = services.lock_side(request.user, slug, battle_id, number, character_id,
                                      does_nothing=request.POST.get("lock") == LOCK_DOING_NOTHING)
    except services.BattleError as error:
        errors = dict(error.errors) or {"__all__": str(error)}
        question = errors.pop(services.NOTHING_PLAYED, "")
    round_.refresh_from_db()
    if request.htmx:
        if round_.status != Round.Status.DRAFTING:
            # The last lock resolved the round (auto-resolve): every side is locked, redraw the round.
            response = render(request, "combat/round.html#status", _round_context(round_))
            response["HX-Retarget"] = "#round-status"
            response["HX-Reswap"] = "outerHTML"
            return response
        return _side_response(request, round_, side, form, errors, saved, encounter_form, question)
    if errors or question or not choices_valid:
        context = _round_context(round_)
        context["sides"] = [_side_context(round_, side, form, errors, saved, encounter_form=encounter_form, question=question)
                            if s["side"].pk == side.pk else s for s in context["sides"]()]
        context["plays_layout_key"] = ""  # a form bound to what was just sent: drawn, never kept
        return render(request, "combat/round.html", context, status=200 if question else 422)
    if side.locked:
        messages.success(request, f"{side.character.catalogue_name}'s plays are saved and locked.")
    else:
        messages.success(request, f"{side.character.catalogue_name}'s plays are saved.")
    return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)


def _side_response(request, round_, side, form=None, errors=None, saved=False, encounter_form=None, question=""):
    """htmx: one side's card, and the round's list of sides out of band (its locks and the Resolve
    button), so that an action on one side never redraws another side's form."""
    if side.locked:
        form = encounter_form = None  # the card shows the locked plays
    return render(request, "combat/_side_response.html", {
        "s": _side_context(round_, side, form, errors, saved, encounter_form=encounter_form, question=question),
        **_sides_card_context(round_),
    })


def _sides_card_context(round_):
    sides = list(round_.sides.select_related("character__player"))
    return {
        "round": round_,
        "battle": round_.battle,
        "campaign": round_.battle.campaign,
        "side_list": sides,
        "side_statuses": fragments.Lazy(lambda: player_services.side_statuses(round_, sides)),
        "panel": battle_panel(round_, sides),
        "all_locked": bool(sides) and all(side.locked for side in sides),
        "unrecorded": services.unrecorded_chits(round_) if round_.status == Round.Status.DRAFTING else [],
    }


@login_required
@require_POST
def lock_side(request, slug, battle_id, number, character_id):
    return _lock_or_unlock(request, slug, battle_id, number, character_id, services.lock_side)


@login_required
@require_POST
def unlock_side(request, slug, battle_id, number, character_id):
    return _lock_or_unlock(request, slug, battle_id, number, character_id, services.unlock_side)


def _lock_or_unlock(request, slug, battle_id, number, character_id, action):
    kwargs = {"does_nothing": request.POST.get("lock") == LOCK_DOING_NOTHING} if action is services.lock_side else {}
    was_drafting = services.get_round(request.user, slug, battle_id, number).status == Round.Status.DRAFTING
    problem = ""
    try:
        action(request.user, slug, battle_id, number, character_id, **kwargs)
    except services.BattleError as error:
        problem = " ".join(dict.fromkeys([str(error), *error.errors.values()]))
    url = reverse("combat:round", kwargs={"slug": slug, "battle_id": battle_id, "number": number})
    if request.htmx:
        round_, side = _side(request, slug, battle_id, number, character_id)
        # A failed round unlocked is drafting again, and a last lock may resolve it: the whole page changes.
        if problem or not was_drafting or round_.status != Round.Status.DRAFTING:
            response = HttpResponse(status=204)
            if problem:
                messages.error(request, problem)
            response["HX-Redirect"] = url
            return response
        return _side_response(request, round_, side)
    if problem:
        messages.error(request, problem)
    return redirect(url)


# What the GM reads when the broker did not take the resolve task: the request is kept and swept.
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
        return render(request, "combat/round.html#status", {**_round_context(round_), "resolve_error": problem})
    if problem:
        messages.error(request, problem)
    if started and services.is_queued(round_):
        messages.warning(request, QUEUED_MESSAGE)
    elif started:
        messages.success(request, "The round is being resolved.")
    return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)


@login_required
@require_POST
def round_encounter(request, slug, battle_id, number):
    """The GM's round-level encounter entries: which native groups battle whom this evening, and a
    player's choice the engine asked for. htmx gets the card back with the engine's errors."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    form = _round_encounter_form(round_, request.POST)
    errors, saved = None, False
    if form.is_valid():
        try:
            round_ = services.save_round_encounter(request.user, slug, battle_id, number,
                                                   form.to_entries(round_.encounter or {}))
            saved = True
            form = _round_encounter_form(round_)
        except services.BattleError as error:
            errors = {"__all__": str(error)}
    if request.htmx:
        # htmx swaps only 2xx answers: the card carries the errors itself.
        return render(request, "combat/round.html#encounter", {"e": _round_encounter_context(round_, form, errors, saved)})
    if saved:
        messages.success(request, "The encounter's entries are saved.")
    else:
        messages.error(request, "The encounter's entries were not saved: " + "; ".join(
            [*(errors or {}).values(), *(str(e) for field_errors in form.errors.values() for e in field_errors)]))
    return redirect("combat:round", slug=slug, battle_id=battle_id, number=number)


@login_required
@require_POST
def record_chits(request, slug, battle_id, number, character_id):
    """Record the chits a character wounds and fatigues. A choice that does not match what is owed comes
    back with its ticks and each problem beside its boxes (issue #14.3); htmx gets the one form back."""
    round_ = services.get_round(request.user, slug, battle_id, number)
    side = round_.sides.select_related("character").filter(character_id=character_id).first()
    if side is None:
        raise Http404("No such side in this round")
    wounded = request.POST.getlist(f"chits{character_id}-wounded")
    fatigued = request.POST.getlist(f"chits{character_id}-fatigued")
    name = side.character.catalogue_name
    bound, recorded = None, False
    try:
        services.record_wounds_and_fatigue(request.user, slug, battle_id, number, character_id, wounded, fatigued)
        recorded = True
    except services.ChitChoiceError as error:
        bound = (character_id, request.POST, error.messages)
    except services.BattleError as error:
        bound = (character_id, request.POST, {"__all__": [str(error)]})
    round_.battle.refresh_from_db()
    item = next((item for item in _chit_forms(round_, bound) if item["character"].pk == character_id), None)
    if request.htmx and item is not None:
        return render(request, "combat/_results.html#chit_form",
                      {"item": dict(item, just_recorded=recorded), "round": round_, "battle": round_.battle,
                       "campaign": round_.battle.campaign})
    if bound and item is not None:
        return render(request, "combat/round.html", _round_context(round_, bound), status=422)
    if bound:  # no form to show it beside (the dead owe nothing)
        messages.error(request, f"{name}: " + " ".join(line for lines in bound[2].values() for line in lines))
    else:
        messages.success(request, f"{name}'s wounds and fatigue are recorded.")
    url = reverse("combat:round", kwargs={"slug": slug, "battle_id": battle_id, "number": number})
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


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
