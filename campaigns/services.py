"""Every write to a campaign: one function per GM intent, each in a transaction, each checking that the
user is a GM of the campaign. Bad input raises django.core.exceptions.ValidationError whose
`message_dict` maps each field to what is wrong; nothing is saved then.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email, validate_slug
from django.db import transaction
from django.db.models import JSONField, OuterRef, Subquery
from django.db.models.functions import JSONObject
from django.http import Http404

from campaigns.names import ONE_LINE_MESSAGE, is_one_line
from campaigns.models import (
    Campaign,
    Character,
    Player,
    RuleSetVersion,
    SetupStep,
    StartingInfo,
    WeekEnd,
    validate_time_zone,
)
from systems.records import KILLED, answers_a_number, number_kind
from systems import DEFAULT_SYSTEM, SYSTEMS, get_system
from systems.answers import closed_choices, out_of_range
from systems.calendar import GmCalendar
from systems.interface import PlaysForm, answers_that_apply
from systems.dice import Dice, SeededDice
from campaigns.versions import (  # noqa: F401 (the checks the admin, the import and the pages call through here)
    NOTHING_CHANGED,
    check_options_change,
    chosen_options,
    new_version,
    options_summary,
    system_option_errors,
)

RESERVED_SLUGS = frozenset({"new"})


# -- access -------------------------------------------------------------------------------------------


def get_campaign_for_gm(user, slug: str) -> Campaign:
    """The campaign `slug` if `user` is one of its GMs; Http404 for anyone else, signed in or not."""
    if user is None or not user.is_authenticated:
        raise Http404("No such campaign")
    campaign = Campaign.objects.filter(slug=slug, gms=user).first()
    if campaign is None:
        raise Http404("No such campaign")
    return campaign


def current_rules_row(campaign_ref: str = "pk") -> Subquery:
    """An annotation: the current rule set version of the campaign at `campaign_ref` as one JSON row,
    read in its caller's query (`keep_current_rules` puts it where `Campaign.current_rules_version` looks)."""
    current = (RuleSetVersion.objects.filter(campaign=OuterRef(campaign_ref)).order_by("-number")
               .values(row=JSONObject(pk="pk", number="number", settings="settings", fingerprint="fingerprint"))[:1])
    return Subquery(current, output_field=JSONField())


def keep_current_rules(campaign: Campaign, row: dict[str, Any] | None) -> Campaign:
    """`campaign` with its current rule set version from `current_rules_row`, kept where the cached
    property `Campaign.current_rules_version` keeps what it reads."""
    if row and isinstance(row["settings"], str):  # SQLite's json_object() keeps a JSON column as its text
        row = {**row, "settings": json.loads(row["settings"])}
    campaign.__dict__["current_rules_version"] = RuleSetVersion(campaign=campaign, **row) if row else None
    return campaign


def campaigns_for_gm(user) -> list[Campaign]:
    """The user's campaigns by name, each with its current rule set read in the same query (the
    dashboard's calendars need it): one query, however many campaigns and rule versions."""
    campaigns = Campaign.objects.filter(gms=user).order_by("name").annotate(current_rules_row=current_rules_row())
    return [keep_current_rules(campaign, campaign.current_rules_row) for campaign in campaigns]


def _require_gm(user, campaign: Campaign) -> Campaign:
    """Re-read and lock the campaign row as the user's: a write never trusts an object from a view."""
    if user is None or not user.is_authenticated:
        raise Http404("No such campaign")
    locked = Campaign.objects.select_for_update(of=("self",)).filter(pk=campaign.pk, gms=user).first()
    if locked is None:
        raise Http404("No such campaign")
    return locked


# -- campaigns and their versions of options ------------------------------------------------------------


def create_campaign(user, name: str, slug: str, preset: str, *, dice: Dice | None = None,
                    system: str = DEFAULT_SYSTEM, options: Mapping[str, Any] | None = None) -> Campaign:
    """A new campaign with `user` as its GM, its combat `system` (never changed after) and version 1 of its
    options: `preset`, a preset of that system (empty: its first), with `options` changed from it, checked by the
    system; the calendar on month 1, day 1 with its system's calendar state (`new_calendar`, from `dice`: Magic
    Realm's Clear weather, realmspeak-notes 2.4, and a hidden weather chit drawn)."""
    if system not in SYSTEMS:
        raise ValidationError({"system": f"Unknown combat system {system!r}; systems are {', '.join(SYSTEMS)}."})
    name, slug = (name or "").strip(), (slug or "").strip()
    chosen = chosen_options({"preset": preset, **(options or {})})
    errors = {**_campaign_name_errors(name, slug), **system_option_errors(system, chosen)}
    if errors:
        raise ValidationError(errors)
    settings = get_system(system).options().complete(chosen)
    dice = dice or SeededDice(secrets.randbits(32))
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name, slug=slug, calendar_state=new_calendar(system, settings, dice), system=system,
        )
        campaign.gms.add(user)
        new_version(campaign, settings, user, f"Created from the preset {settings['preset']!r}.")
    return campaign


def _campaign_name_errors(name: str, slug: str) -> dict[str, str]:
    errors: dict[str, str] = {}
    if not name:
        errors["name"] = "Give the campaign a name."
    elif not is_one_line(name):
        errors["name"] = ONE_LINE_MESSAGE
    try:
        validate_slug(slug)
    except ValidationError:
        errors["slug"] = "Use letters, numbers, hyphens and underscores only, e.g. bimr4-2026."
    if "slug" not in errors and slug in RESERVED_SLUGS:
        errors["slug"] = f"{slug!r} is a page of Herald; choose another slug."
    elif "slug" not in errors and Campaign.objects.filter(slug=slug).exists():
        errors["slug"] = f"A campaign with the slug {slug!r} already exists; choose another."
    return errors


def _lock_for_staff(user, campaign: Campaign) -> Campaign:
    """The campaign row locked for a change made in the admin, by staff only (404 for anyone else)."""
    if not (user.is_active and user.is_staff):
        raise Http404("No such campaign")
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def change_rules(user, campaign: Campaign, chosen: Mapping[str, Any], reason: str, *,
                 by_staff: bool = False) -> RuleSetVersion:
    """A new version of the campaign's options (its system never changes), with who and why: `chosen` is
    {"preset": name, ...options changed from it}, or without "preset" the changes to its current options
    ({"fumble": True}), checked by the system, errors by field as
    `check_options_change` gives them, nothing saved on error. The campaign's GM changes them on its Rules page;
    staff (`by_staff`, who need not be its GM) in the admin."""
    with transaction.atomic():
        campaign = _lock_for_staff(user, campaign) if by_staff else _require_gm(user, campaign)
        return new_version(campaign, check_options_change(campaign, chosen, reason), user, reason.strip())


def set_auto_resolve(user, campaign: Campaign, auto_resolve: bool) -> Campaign:
    with transaction.atomic():
        campaign = _require_gm(user, campaign)
        campaign.auto_resolve = bool(auto_resolve)
        campaign.save(update_fields=["auto_resolve"])
    return campaign


# -- the calendar -------------------------------------------------------------------------------------


def new_calendar(system: str, options: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    """A new campaign's calendar state, as its system keeps it."""
    return get_system(system).new_calendar(options, dice)


def calendar_summary(campaign: Campaign) -> dict[str, Any]:
    """What pages, the dashboard and players' emails show of the calendar: the date and what its system says
    everyone may know (`calendar_facts`: `facts`, their one `line`, `tables`), never what only the GM may."""
    shown = campaign.combat_system.calendar_facts(campaign.round_rules(), dict(campaign.calendar_state or {}),
                                                  campaign.month)
    return {"month": campaign.month, "week": campaign.week, "day": campaign.day,
            "facts": shown.facts, "line": shown.line, "tables": shown.tables}


def gm_calendar(campaign: Campaign) -> GmCalendar:
    """What only the campaign's GMs may see of its calendar now, and what ending the week does (their pages alone)."""
    return campaign.combat_system.gm_calendar(campaign.round_rules(), dict(campaign.calendar_state or {}),
                                              campaign.month)


def calendar_moment(campaign: Campaign) -> str:
    """The week a GM confirms ending ("<month>-<day>"): a second confirmation of the same week ends nothing."""
    return f"{campaign.month}-{campaign.day}"


def advance_calendar(user, campaign: Campaign, dice: Dice, *, expected: str | None = None) -> WeekEnd:
    """End the week (a GM action): its system's `end_week` (Magic Realm: roll the weather against the hidden chit,
    draw a new chit) moves to the first day of the next week and gives the new state; the week's end is logged with
    its facts, who and when. With `expected` (`calendar_moment` when the GM was asked), a week that has already
    ended is refused."""
    with transaction.atomic():
        campaign = _require_gm(user, campaign)
        if expected is not None and expected != calendar_moment(campaign):
            raise ValidationError({"week": f"That week has already ended: it is now month {campaign.month}, "
                                           f"week {campaign.week}, day {campaign.day}. Nothing was done."})
        ended = campaign.combat_system.end_week(campaign.round_rules(), dict(campaign.calendar_state or {}),
                                                campaign.month, campaign.day, dice)
        month, week = campaign.month, campaign.week
        campaign.month, campaign.day, campaign.calendar_state = ended.month, ended.day, ended.state
        campaign.save(update_fields=["month", "day", "calendar_state"])
        return WeekEnd.objects.create(campaign=campaign, month=month, week=week,
                                      facts=[fact.to_dict() for fact in ended.facts], ended_by=user)


# -- players and characters ---------------------------------------------------------------------------


def _clean_player(campaign: Campaign, data: Mapping[str, Any], *, instance: Player | None = None) -> dict:
    errors: dict[str, str] = {}
    name = str(data.get("name") or "").strip()
    email = str(data.get("email") or "").strip()
    time_zone = str(data.get("time_zone") or "UTC").strip()
    if not name:
        errors["name"] = "Give the player's name."
    elif not is_one_line(name):
        errors["name"] = ONE_LINE_MESSAGE
    elif len(name) > 120:
        errors["name"] = "Use at most 120 characters."
    elif campaign.players.filter(name=name).exclude(pk=getattr(instance, "pk", None)).exists():
        errors["name"] = f"{name} already plays in this campaign."
    try:
        validate_email(email)
        if len(email) > 254:
            raise ValidationError("too long")
    except ValidationError:
        errors["email"] = f"{email!r} is not an email address." if email else "Give the player's email address."
    try:
        validate_time_zone(time_zone)
    except ValidationError as error:
        errors["time_zone"] = error.messages[0]
    if errors:
        raise ValidationError(errors)
    return {"name": name, "email": email, "time_zone": time_zone}


def add_player(user, campaign: Campaign, data: Mapping[str, Any]) -> Player:
    with transaction.atomic():
        campaign = _require_gm(user, campaign)
        return Player.objects.create(campaign=campaign, **_clean_player(campaign, data))


def _update_row(user, row, clean):
    """Lock `row` (a Player or Character of a campaign of `user`'s) and save what `clean` returns."""
    with transaction.atomic():
        campaign = _require_gm(user, row.campaign)
        row = type(row).objects.select_for_update().get(pk=row.pk, campaign=campaign)
        for key, value in clean(campaign, row).items():
            setattr(row, key, value)
        row.save()
        return row


def _delete_row(user, row) -> None:
    with transaction.atomic():
        campaign = _require_gm(user, row.campaign)
        type(row).objects.filter(pk=row.pk, campaign=campaign).delete()


def update_player(user, player: Player, data: Mapping[str, Any]) -> Player:
    return _update_row(user, player, lambda campaign, row: _clean_player(campaign, data, instance=row))


def delete_player(user, player: Player) -> None:
    _delete_row(user, player)


def _clean_state(raw: Any, campaign: Campaign) -> dict[str, Any]:
    """A character's record as its campaign's system keeps it (systems/records.py `check_record`: a system refuses
    keys it does not keep, or keeps its own beside `new_record`'s), each error under `state.<key>`."""
    fresh = campaign.combat_system.new_record()
    if not isinstance(raw, Mapping):
        raise ValidationError({"state": "must be an object with " + ", ".join(fresh)})
    state = {**fresh, **raw}
    errors = {f"state.{error.path}": error.message for error in campaign.combat_system.check_record(state)}
    if not isinstance(state.get(KILLED), bool):  # every system's: a killed character takes no more battles
        errors.setdefault(f"state.{KILLED}", f"must be true or false, not {state.get(KILLED)!r}")
    if errors:
        raise ValidationError(errors)
    return state


def _clean_character(campaign: Campaign, data: Mapping[str, Any], *, instance: Character | None = None) -> dict:

    errors: dict[str, str] = {}
    cleaned: dict[str, Any] = {}
    player = data.get("player")
    if isinstance(player, Player):
        player = player.pk
    cleaned["player"] = campaign.players.filter(pk=player).first() if str(player or "").isdigit() else None
    if cleaned["player"] is None:
        errors["player"] = "Choose one of this campaign's players."
    name = str(data.get("catalogue_name") or "").strip()
    try:  # the system's spelling (a catalogue's counter), or the name of the combatant it plays in battles
        cleaned["catalogue_name"] = campaign.combat_system.character_name(name)
    except ValueError as error:
        errors["catalogue_name"] = str(error)
    else:
        taken = campaign.characters.filter(catalogue_name=cleaned["catalogue_name"])
        if taken.exclude(pk=getattr(instance, "pk", None)).exists():
            errors["catalogue_name"] = f"The {cleaned['catalogue_name']} is already played in this campaign."
    group = str(data.get("starting_native_group") or "").strip()
    groups = campaign.combat_system.native_groups()
    if group and group not in groups:
        matches = [g for g in groups if g.lower() == group.lower()]
        if matches:
            group = matches[0]
        elif not groups:
            errors["starting_native_group"] = f"A {campaign.system_title} character starts with no native group."
        else:
            errors["starting_native_group"] = f"Unknown native group {group!r}; groups are {', '.join(groups)}."
    cleaned["starting_native_group"] = group
    try:
        cleaned["state"] = _clean_state(data.get("state") if data.get("state") is not None else (
            instance.state if instance else campaign.combat_system.new_record()), campaign)
    except ValidationError as error:
        errors.update({key: messages[0] for key, messages in error.message_dict.items()})
    if errors:
        raise ValidationError(errors)
    return cleaned


def add_character(user, campaign: Campaign, data: Mapping[str, Any]) -> Character:
    with transaction.atomic():
        campaign = _require_gm(user, campaign)
        return Character.objects.create(campaign=campaign, **_clean_character(campaign, data))


def update_character(user, character: Character, data: Mapping[str, Any]) -> Character:
    return _update_row(user, character, lambda campaign, row: _clean_character(campaign, data, instance=row))


def change_character_state(character_id: int, change: Callable[[dict[str, Any]], dict[str, Any]]) -> Character:
    """Save `change(state)` as the character's state, the row locked: for a battle's outcome (combat/history.py),
    inside the transaction of the round or record it comes from, whose access was checked before."""
    with transaction.atomic():
        character = Character.objects.select_for_update().select_related("campaign").get(pk=character_id)
        fresh = character.campaign.combat_system.new_record()
        character.state = _clean_state(change({**fresh, **(character.state or {})}), character.campaign)
        character.save(update_fields=["state"])
        return character


def delete_character(user, character: Character) -> None:
    _delete_row(user, character)


# -- secret starting information ----------------------------------------------------------------------


def starting_form(character: Character) -> PlaysForm | None:
    """The questions of the character's secret starting information (its system's `starting_form` under the
    campaign's current options); None when the system's characters have none."""
    campaign = character.campaign
    return campaign.combat_system.starting_form(character.catalogue_name, campaign.round_rules())


def check_starting_info(character: Character, answers: Any) -> dict[str, Any]:
    """The answers kept (those of the form's fields that apply), or a ValidationError naming each field wrong:
    an answer no field asks for, a choice the form does not offer and a number out of bounds (as a side's plays
    are refused: `closed_choices`, `out_of_range`), an answer of another kind than its field's, and the system's
    own `check_starting` (an error no field has, such as Magic Realm's total, goes above the form)."""
    form = starting_form(character)
    if form is None:
        raise ValidationError({"__all__": "This system's characters have no secret starting information."})
    if not isinstance(answers, Mapping):
        raise ValidationError({"answers": "must map each question to its answer"})
    names = {form_field.name for form_field in form.fields}
    errors = {key: "is not a question of this form" for key in answers if key not in names}
    kept = answers_that_apply(form, {key: value for key, value in answers.items() if key in names})
    errors.update(closed_choices(form, kept))
    for form_field in form.fields:
        value = kept.get(form_field.name)
        if form_field.kind == "number" and value is not None and not answers_a_number(value, form_field.decimals):
            errors[form_field.name] = f"{form_field.label}: must be {number_kind(form_field.decimals)}, not {value!r}"
        elif form_field.kind == "text" and not isinstance(value, str | None):
            errors[form_field.name] = f"{form_field.label}: must be text, not {value!r}"
    # Bounds, and the system's own check, only of answers of the kinds their fields ask for.
    errors.update(out_of_range(form, {key: value for key, value in kept.items() if key not in errors}))
    sound = {key: value for key, value in kept.items() if key not in errors}
    for error in character.campaign.combat_system.check_starting(sound, character.campaign.round_rules()):
        key = error.path if error.path in names else "__all__"
        errors[key] = f"{errors[key]}; {error.message}" if key in errors else error.message
    if errors:
        raise ValidationError(errors)
    # Text is kept stripped, with a browser's CRLF line ends as plain newlines.
    return {key: "\n".join(value.strip().splitlines()) if isinstance(value, str) else value
            for key, value in kept.items()}


def save_starting_info(user, character: Character, answers: Mapping[str, Any]) -> StartingInfo:
    """Enter or replace a character's secret starting information, checked by its campaign's system (nothing is
    saved when anything is wrong)."""
    with transaction.atomic():
        campaign = _require_gm(user, character.campaign)
        character = Character.objects.select_related("campaign").get(pk=character.pk, campaign=campaign)
        kept = check_starting_info(character, answers)
        info, _ = StartingInfo.objects.update_or_create(
            character=character, defaults={"answers": kept, "updated_by": user}
        )
        return info


# -- board building and character selection -----------------------------------------------------------


def record_setup_step(user, campaign: Campaign, data: Mapping[str, Any]) -> SetupStep:
    """Record the next step of board building or character selection (BIMR4: players place tiles in
    turn, then select characters, then place Visitor/Mission chits)."""
    errors: dict[str, str] = {}
    with transaction.atomic():
        campaign = _require_gm(user, campaign)
        player_id = data.get("player")
        player = campaign.players.filter(pk=player_id).first() if str(player_id or "").isdigit() else None
        if player is None:
            errors["player"] = "Choose one of this campaign's players."
        kind = str(data.get("kind") or "")
        kinds = campaign.combat_system.setup_order_kinds()
        if not kinds:
            raise Http404("This campaign's system sets nothing up in turn before it starts.")
        if kind not in dict(kinds):
            errors["kind"] = f"Choose one of: {', '.join(label.lower() for _, label in kinds)}."
        detail = str(data.get("detail") or "").strip()
        if not detail:
            errors["detail"] = "Say what was placed or chosen."
        if errors:
            raise ValidationError(errors)
        last = campaign.setup_steps.order_by("-position").values_list("position", flat=True).first() or 0
        return SetupStep.objects.create(
            campaign=campaign, position=last + 1, player=player, kind=kind, detail=detail
        )
