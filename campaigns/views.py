"""The GM's campaign pages. Thin: each fetches through get_campaign_for_gm and writes through a service."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns.mail import services as mail_services
from campaigns.record_form import RecordForm
from combat import services as combat_services
from combat import character_history as histories
from combat.system_rounds import combatant_names
from systems.dice import SeededDice
from systems.records import is_killed
from systems.starting import keeps_starting
from config import confirm
from config.fragments import Lazy
from config.page_cache import cached_on_snapshot

from . import services
from .forms import (
    AutoResolveForm,
    CampaignCreateForm,
    CharacterForm,
    PlayerForm,
    SetupStepForm,
    SystemOptionsForm,
    apply_service_errors,
)
from .models import Character, Player


def _partial(request, template: str, partial: str, context: dict):
    """The whole page, or only `partial` for an htmx request."""
    if request.htmx:
        return render(request, f"{template}#{partial}", context)
    return render(request, template, context)


@require_GET
@login_required
@cached_on_snapshot
def dashboard(request):
    campaigns = list(services.campaigns_for_gm(request.user))
    context = {
        "campaigns": [(campaign, services.calendar_summary(campaign)) for campaign in campaigns],
        "create_form": Lazy(lambda: CampaignCreateForm(live_url=reverse("campaigns:create"))),  # built only when its cached fragment is drawn
        "battles": combat_services.dashboard_battles(request.user),
        # The list shows each row's subject, recipient and error: not its text and HTML.
        "failed_messages": mail_services.failed_messages_for(request.user).only("pk", "subject", "recipient", "last_error"),
    }
    return render(request, "campaigns/dashboard.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def create(request):
    """The create form. A POST that asks for a redraw (the no-JavaScript "Show" button, or htmx when the
    system or preset is picked: its target is the system's part) draws the form again for the values posted
    with the chosen system's presets and options, and saves nothing."""
    live_url = reverse("campaigns:create")
    redraw = request.method == "POST" and (
        "show_system" in request.POST or bool(request.htmx and request.htmx.target == "system-part"))
    if request.method == "POST" and not redraw:
        form = CampaignCreateForm(request.POST, live_url=live_url)
    else:
        values = request.POST if redraw else request.GET
        form = CampaignCreateForm(initial={k: v for k, v in values.dict().items() if k != "csrfmiddlewaretoken"},
                                  live_url=live_url)
    if request.method == "POST" and not redraw and form.is_valid():
        try:
            campaign = services.create_campaign(request.user, **form.for_service())
        except ValidationError as error:
            apply_service_errors(form, error, field_for=form.field_for)
        else:
            preset_title, _ = services.options_summary(campaign)
            messages.success(request, f"Campaign {campaign.name} created: {campaign.system_title}, {preset_title}.")
            if request.htmx:
                return HttpResponseClientRedirect(reverse("campaigns:detail", args=[campaign.slug]))
            return redirect("campaigns:detail", slug=campaign.slug)
    if request.htmx and request.htmx.target == "system-part":
        return render(request, "campaigns/create.html#system-part", {"form": form})
    return _partial(request, "campaigns/create.html", "create-form", {"form": form})


@require_GET
@login_required
def detail(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    characters = list(campaign.characters.select_related("player"))
    preset_title, option_changes = services.options_summary(campaign)
    return render(
        request,
        "campaigns/detail.html",
        {
            "campaign": campaign,
            "fingerprint": campaign.rules_fingerprint(),
            "preset_title": preset_title,
            "option_changes": option_changes,
            "version": campaign.current_rules_version,
            "calendar": services.calendar_summary(campaign),
            "players": campaign.players.prefetch_related("characters"),
            "characters": characters,
            "gms": campaign.gms.all(),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def rules_settings(request, slug):
    """The Rules page of a campaign, whatever its system: its options in its system's groups (never its system),
    each change a new version of them with who and why."""
    campaign = services.get_campaign_for_gm(request.user, slug)
    form = SystemOptionsForm(request.POST or None, campaign=campaign)
    if request.method == "POST" and form.is_valid():
        try:
            version = services.change_rules(request.user, campaign, form.chosen_options(),
                                              form.cleaned_data["reason"])
        except ValidationError as error:
            apply_service_errors(form, error, field_for=form.field_for)
        else:
            messages.success(request, f"The {campaign.system_title} options saved as version {version.number} "
                                      f"(fingerprint {version.fingerprint}).")
            return redirect("campaigns:rules_history", slug=campaign.slug)
    return render(request, "campaigns/settings.html", {
        "campaign": campaign, "form": form, "version": campaign.current_rules_version,
        "fingerprint": campaign.rules_fingerprint(),
        "auto_resolve_form": AutoResolveForm(initial={"auto_resolve": campaign.auto_resolve}),
    })


@require_POST
@login_required
def auto_resolve(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    form = AutoResolveForm(request.POST)
    form.is_valid()  # a checkbox: absent means off, so the form is always valid
    campaign = services.set_auto_resolve(request.user, campaign, form.cleaned_data["auto_resolve"])
    messages.success(request, "Rounds resolve as soon as every side has locked." if campaign.auto_resolve
                     else "Rounds wait for a GM to resolve them.")
    return redirect("campaigns:settings", slug=campaign.slug)


@require_GET
@login_required
def rules_history(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    versions = list(campaign.rule_set_versions.select_related("created_by").order_by("-number"))
    # Each version's every option (a setting added to the system later reads as its preset's), so that what
    # changed is what differs, not what an older row left out.
    complete = campaign.combat_system.options().complete
    rows = []
    for position, version in enumerate(versions):
        previous = versions[position + 1] if position + 1 < len(versions) else None
        changed = {}
        if previous:
            before, after = complete(previous.settings), complete(version.settings)
            changed = {key: (before.get(key), value) for key, value in after.items() if before.get(key) != value}
        rows.append((version, changed))
    return render(request, "campaigns/history.html", {"campaign": campaign, "rows": rows})


@require_GET
@login_required
def calendar_page(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    return render(request, "campaigns/calendar.html", _calendar_context(campaign))


def _calendar_context(campaign):
    """The calendar page: what everyone may know of the calendar, what only the GMs may (the page is theirs), and
    every week's end with all its facts."""
    return {
        "campaign": campaign,
        "calendar": services.calendar_summary(campaign),
        "gm_calendar": services.gm_calendar(campaign),
        "week_ends": campaign.week_ends.select_related("ended_by").order_by("-ended_at", "-id"),
    }


@require_http_methods(["GET", "POST"])
@login_required
def advance_calendar(request, slug):
    """Ending the week asks first (issue #14.7): a GET, or a POST without `confirm`, shows the question; the
    confirmed POST (naming the week it confirms, so a second one ends nothing) ends it (Magic Realm: rolls the
    weather)."""
    campaign = services.get_campaign_for_gm(request.user, slug)
    problem = ""
    if confirm.is_confirmed(request):
        try:
            ended = services.advance_calendar(request.user, campaign, SeededDice(secrets.randbits(32)),
                                              expected=request.POST.get("week", ""))
        except ValidationError as error:
            problem = " ".join(message for messages_ in error.message_dict.values() for message in messages_)
        else:
            campaign.refresh_from_db()
            if request.htmx:
                return render(request, "campaigns/calendar.html#calendar-panel", _calendar_context(campaign))
            messages.success(request, f"Week {ended.week} of month {ended.month} ended: it is now month "
                                      f"{campaign.month}, week {campaign.week}, day {campaign.day}.")
            return redirect("campaigns:calendar", slug=campaign.slug)
    campaign.refresh_from_db()
    summary = services.calendar_summary(campaign)
    gm_calendar = services.gm_calendar(campaign)
    also = f" and {gm_calendar.also}" if gm_calendar.also else ""
    facts = [*gm_calendar.explained, *([f"Now: {summary['line']}."] if summary["line"] else []),
             "This cannot be taken back: the week's end is logged with your name."]
    back = reverse("campaigns:calendar", args=[campaign.slug])
    return confirm.ask(request, confirm.Question(
        title=f"End week {summary['week']} of month {summary['month']}{also}?", facts=facts,
        action=reverse("campaigns:advance_calendar", args=[campaign.slug]),
        confirm="Yes, end the week", cancel_url=back, cancel="No, not yet", back="Back to the calendar",
        problem=problem, hidden={"week": services.calendar_moment(campaign)}),
        status=409 if problem else 200)


@require_http_methods(["GET", "POST"])
@login_required
def players(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    form = PlayerForm(request.POST or None, initial={"time_zone": "UTC"})
    if request.method == "POST" and form.is_valid():
        try:
            player = services.add_player(request.user, campaign, form.cleaned_data)
        except ValidationError as error:
            apply_service_errors(form, error)
        else:
            messages.success(request, f"{player.name} joined the campaign.")
            return redirect("campaigns:players", slug=campaign.slug)
    return render(request, "campaigns/players.html", _players_context(campaign, form, SetupStepForm(campaign=campaign)))


def _players_context(campaign, form, setup_form):
    """The Players page: the add-a-player form and the setup-step form, either of them bound."""
    return {
        "campaign": campaign,
        "players": campaign.players.prefetch_related("characters"),
        "form": form,
        "setup_form": setup_form,
        "setup_steps": campaign.setup_steps.select_related("player", "campaign"),
    }


@require_http_methods(["GET", "POST"])
@login_required
def player_edit(request, slug, player_id):
    campaign = services.get_campaign_for_gm(request.user, slug)
    player = get_object_or_404(Player, pk=player_id, campaign=campaign)
    form = PlayerForm(request.POST or None, initial={"name": player.name, "email": player.email, "time_zone": player.time_zone})
    if request.method == "POST" and form.is_valid():
        try:
            services.update_player(request.user, player, form.cleaned_data)
        except ValidationError as error:
            apply_service_errors(form, error)
        else:
            messages.success(request, f"{form.cleaned_data['name']} saved.")
            return redirect("campaigns:players", slug=campaign.slug)
    return render(request, "campaigns/player_edit.html", {"campaign": campaign, "player": player, "form": form})


@require_POST
@login_required
def player_delete(request, slug, player_id):
    campaign = services.get_campaign_for_gm(request.user, slug)
    player = get_object_or_404(Player, pk=player_id, campaign=campaign)
    services.delete_player(request.user, player)
    messages.success(request, f"{player.name} and their characters were removed.")
    return redirect("campaigns:players", slug=campaign.slug)


@require_POST
@login_required
def setup_step(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    if not campaign.combat_system.setup_order_kinds():
        raise Http404("This campaign's system sets nothing up in turn before it starts.")
    form = SetupStepForm(request.POST, campaign=campaign)
    if form.is_valid():
        try:
            step = services.record_setup_step(request.user, campaign, form.cleaned_data)
        except ValidationError as error:
            apply_service_errors(form, error)
        else:
            messages.success(request, f"Step {step.position} recorded.")
            return redirect("campaigns:players", slug=campaign.slug)
    context = _players_context(campaign, PlayerForm(initial={"time_zone": "UTC"}), form)
    return render(request, "campaigns/players.html", context, status=400)


@require_http_methods(["GET", "POST"])
@login_required
def characters(request, slug):
    campaign = services.get_campaign_for_gm(request.user, slug)
    system = campaign.combat_system
    offered = system.character_names()  # None: any name, the combatants of the system's examples suggested
    form = CharacterForm(request.POST or None, campaign=campaign, native_groups=system.native_groups(),
                         free_names=offered is None)
    if request.method == "POST" and form.is_valid():
        try:
            character = services.add_character(request.user, campaign, form.cleaned_data)
        except ValidationError as error:
            apply_service_errors(form, error)
        else:
            messages.success(request, f"The {character.catalogue_name} joined, played by {character.player.name}.")
            return redirect("campaigns:characters", slug=campaign.slug)
    characters = list(campaign.characters.select_related("player"))
    options = campaign.round_rules()
    rows = [(character, system.character_facts(character.catalogue_name, character.state or {}, options), card)
            for character, card in _cards(campaign, characters)]
    return render(request, "campaigns/characters.html", {
        "campaign": campaign, "rows": rows, "form": form,
        "character_names": combatant_names(system) if offered is None else list(offered)})


def _cards(campaign, characters) -> list:
    """Each character's card: alive or killed, its record in its system's words (`record_card`) and its latest
    history entries, read for all of them at once."""
    system = campaign.combat_system
    latest = histories.latest_for(characters, CARD_HISTORY)
    counts = histories.counts_for(characters)
    starting = keeps_starting(system)  # whether its characters have secret starting information
    cards = []
    for character in characters:
        record = character.state or {}
        entries = latest.get(character.pk, [])
        cards.append((character, {"killed": is_killed(record), "record": system.record_card(record),
                                  "history": entries, "earlier": max(0, counts.get(character.pk, 0) - len(entries)),
                                  "starting": starting}))
    return cards


# A character's card shows its latest history entries; its history page pages through them all.
CARD_HISTORY = 10
HISTORY_PAGE = 50


@require_GET
@login_required
def character_history(request, slug, character_id):
    """Every entry of a character's history of battles, newest first, 50 a page."""
    campaign = services.get_campaign_for_gm(request.user, slug)
    character = get_object_or_404(Character.objects.select_related("player"), pk=character_id, campaign=campaign)
    entries = histories.entries_of(character)
    page = Paginator(entries, HISTORY_PAGE).get_page(request.GET.get("page"))
    return render(request, "campaigns/character_history.html", {"campaign": campaign, "character": character, "page": page})


@require_http_methods(["GET", "POST"])
@login_required
def character_edit(request, slug, character_id):
    """A character's record between battles: the keys its system keeps (systems/records.py `record_form`), each
    checked by the system (`check_record`) naming the field, nothing saved while anything is wrong."""
    campaign = services.get_campaign_for_gm(request.user, slug)
    character = get_object_or_404(Character.objects.select_related("player"), pk=character_id, campaign=campaign)
    system = campaign.combat_system
    record = character.state or {}
    form = RecordForm(request.POST or None, asked=system.record_form(record, character.catalogue_name), record=record)
    if request.method == "POST" and form.is_valid():
        data = {"player": character.player_id, "catalogue_name": character.catalogue_name,
                "starting_native_group": character.starting_native_group, "state": form.record(record)}
        try:
            services.update_character(request.user, character, data)
        except ValidationError as error:
            apply_service_errors(form, error, field_for=lambda field: form.field_for(field.removeprefix("state.")))
        else:
            messages.success(request, _record_saved(system, character))
            return redirect("campaigns:characters", slug=campaign.slug)
    return render(request, "campaigns/character_edit.html", {"campaign": campaign, "character": character,
                                                             "form": form})


def _record_saved(system, character) -> str:
    """What the page says once it saved: "The Amazon's state saved." for a character of the system's catalogue,
    "Astaroth's record saved." for one named freely (what each page said before the two were one)."""
    if system.character_names() is None:
        return f"{character.catalogue_name}'s record saved."
    return f"The {character.catalogue_name}'s state saved."


@require_POST
@login_required
def character_delete(request, slug, character_id):
    campaign = services.get_campaign_for_gm(request.user, slug)
    character = get_object_or_404(Character, pk=character_id, campaign=campaign)
    services.delete_character(request.user, character)
    messages.success(request, f"The {character.catalogue_name} left the campaign.")
    return redirect("campaigns:characters", slug=campaign.slug)
