"""Campaigns: rule-set versions, the calendar (month, day, its system's state and the weeks ended), players, characters and their secret starting information.

Writes go through campaigns.services; these models only hold data and hand it to their combat system.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.functional import cached_property

from campaigns.names import validate_one_line
from systems import DEFAULT_SYSTEM, get_system
from systems.calendar import week_of_day
from systems.setup_order import kind_label


def validate_time_zone(value: str) -> None:
    if value not in _time_zones():
        raise ValidationError(f"{value!r} is not a time zone name such as Europe/London or America/New_York")


def _time_zones() -> set[str]:
    global _TIME_ZONES
    if _TIME_ZONES is None:
        _TIME_ZONES = available_timezones() | {"UTC"}
    return _TIME_ZONES


_TIME_ZONES: set[str] | None = None


class Campaign(models.Model):
    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=120, validators=[validate_one_line])
    gms = models.ManyToManyField(django_settings.AUTH_USER_MODEL, related_name="gm_campaigns")
    auto_resolve = models.BooleanField(
        default=False, help_text="Resolve a round as soon as every side has locked its plays."
    )
    # The calendar: month and day count the same in every system. Day is the day of the month, 1-28; a week its
    # system makes short skips its first days, so day is not always 7 * (week - 1) + 1 at a week's start.
    month = models.PositiveIntegerField(default=1, validators=[MinValueValidator(1)])
    day = models.PositiveIntegerField(default=1, validators=[MinValueValidator(1), MaxValueValidator(28)])
    # What its combat system keeps of the calendar beyond the date, in the system's own words (systems/calendar.py;
    # Magic Realm's: the weather and the hidden weather chit, which only GMs ever see): the app stores it and hands
    # it back to the system, never reads it.
    calendar_state = models.JSONField(default=dict, blank=True,
                                      help_text="The combat system's calendar beyond the date (GMs only).")
    # The combat system its battles are fought by (systems.SYSTEMS), chosen when the campaign is created and
    # never changed: every battle's state and every round's log are that system's.
    system = models.CharField(max_length=40, default=DEFAULT_SYSTEM,
                              help_text="The combat system (rules) its battles are fought by.")
    # The options of that system it plays with are its rule-set versions (RuleSetVersion), whatever the system.
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def combat_system(self):
        """The package of its combat system (systems/interface.py)."""
        return get_system(self.system)

    @property
    def system_title(self) -> str:
        return self.combat_system.TITLE

    @property
    def week(self) -> int:
        return week_of_day(self.day)

    @cached_property
    def current_rules_version(self) -> RuleSetVersion | None:
        # The dashboard fills it for every campaign in its one query (campaigns.services.campaigns_for_gm).
        return self.rule_set_versions.order_by("-number").first()

    def round_rules(self) -> dict:
        """The options a round opened now is resolved under, as its system's `with_options` reads them: the current
        version's settings, or for a campaign with no version yet its system's defaults."""
        version = self.current_rules_version
        return dict(version.settings) if version else self.combat_system.options().complete({})

    def rules_fingerprint(self) -> str:
        """The fingerprint of its current options: the version's, or its system's of the defaults."""
        version = self.current_rules_version
        return version.fingerprint if version else self.combat_system.options_fingerprint(self.round_rules())

    def round_rules_facts(self, rules: dict) -> dict:
        """What a round opened under `rules` (`round_rules`) records of them for its emails: the current version's
        number (none without one) and the system's fingerprint of them (`options_fingerprint`, the version's own),
        which anyone can recompute from the rules."""
        version = self.current_rules_version
        return {"rules_version_number": version.number if version else None,
                "rules_fingerprint": self.combat_system.options_fingerprint(rules)}

    def forget_cached_rules(self) -> None:
        self.__dict__.pop("current_rules_version", None)


class RuleSetVersion(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rule_set_versions")
    number = models.PositiveIntegerField()
    settings = models.JSONField(help_text="Every option of the campaign's system with its value, the preset included, "
                                          "as its with_options reads them (Magic Realm: RuleSet.to_dict()).")
    fingerprint = models.CharField(max_length=16)
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()

    class Meta:
        ordering = ["campaign", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="unique_rule_set_version_number"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} rules v{self.number} ({self.fingerprint})"


class WeekEnd(models.Model):
    """The end of one week: which week ended, and what happened in words (its system's `end_week` facts, each
    {label, text, rule, gm_only}: the die, the hidden chit, the weather and its effects), who ended it and when."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="week_ends")
    month = models.PositiveIntegerField(help_text="The month of the week that ended.")
    week = models.PositiveSmallIntegerField(help_text="The week that ended, 1-4.")
    facts = models.JSONField(default=list, help_text="What happened, in words; gm_only ones only GMs may see.")
    ended_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "-ended_at", "-id"]

    def __str__(self) -> str:
        return f"{self.campaign}: month {self.month} week {self.week} ended"


class Player(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120, validators=[validate_one_line])
    email = models.EmailField()
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="unique_player_name_per_campaign"),
        ]

    def __str__(self) -> str:
        return self.name


def default_character_state() -> dict[str, Any]:
    """The default system's character record before any battle (the field's default, named in migrations); a
    campaign of another system starts its characters with its system's `new_record` (campaigns/services.py)."""
    return get_system(DEFAULT_SYSTEM).new_record()


class Character(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="characters")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="characters")
    catalogue_name = models.CharField(max_length=60, validators=[validate_one_line], help_text='The character counter, e.g. "Black Knight".')
    starting_native_group = models.CharField(
        max_length=60, blank=True, help_text="The native group whose equipment the character starts with."
    )
    state = models.JSONField(default=default_character_state)

    class Meta:
        ordering = ["catalogue_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "catalogue_name"], name="unique_character_per_campaign"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.catalogue_name} ({self.player.name})"

    def battle_record(self) -> dict:
        """The record a battle fought through the interface starts him from (its system's `with_records`): his
        record with what his starting information gives a battle laid over it (`starting_record`)."""
        return {**(self.state or {}), **self.starting_record()}

    def starting_record(self) -> dict:
        """What his secret starting information starts a battle with, as his system reads its answers (Magic
        Realm: the spells recorded); {} with none recorded."""
        info = getattr(self, "starting_info", None)  # none recorded: Django's RelatedObjectDoesNotExist
        return self.campaign.combat_system.starting_record(info.answers) if info is not None else {}


class StartingInfo(models.Model):
    """A character's secret starting information: only the campaign's GMs ever see it."""

    character = models.OneToOneField(Character, on_delete=models.CASCADE, related_name="starting_info")
    # The answers to its system's `starting_form`, by field name, as its `check_starting` accepted them.
    answers = models.JSONField(default=dict)
    updated_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Starting information of {self.character}"


class SetupStep(models.Model):
    """One step of setting the game up before the campaign starts, in the order the players took them: its
    `kind` is one of its system's `setup_order_kinds` (Magic Realm: board building and character selection)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="setup_steps")
    position = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="setup_steps")
    kind = models.CharField(max_length=10)
    detail = models.CharField(max_length=120, help_text='What was placed or chosen, e.g. "Borderland".')

    class Meta:
        ordering = ["campaign", "position"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "position"], name="unique_setup_step_position"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.player}: {self.kind_label} {self.detail}"

    @property
    def kind_label(self) -> str:
        """The step's kind in its system's words."""
        return kind_label(self.campaign.combat_system.setup_order_kinds(), self.kind)
