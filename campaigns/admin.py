"""The Django admin for campaigns. A campaign's options are edited on the campaign, whatever its system: on its
change page as its system describes them (its preset and each option in the system's groups, the fields of its
Rules page), on the add page, where the system is picked, as JSON; each save that alters them makes a new
RuleSetVersion with who, when and why (`services.change_rules`), checked by the system, each error beside the
field it names, nothing saved."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.core.exceptions import ValidationError

from systems import UnknownSystem, get_system

from . import services
from .forms import system_choices
from .models import Campaign, Character, Player, RuleSetVersion, SetupStep, StartingInfo, WeekEnd
from .option_fields import OPTION_PREFIX, SystemOptionFields

CREATED = "Created in the admin."
REASON = "rules_change_reason"


class CampaignAdminForm(SystemOptionFields, forms.ModelForm):
    options = forms.JSONField(
        required=False, label="Options",
        help_text='The system\'s options as JSON: {"preset": name, ...an option\'s name: its value} (left out: the '
                  "preset's), checked by the system. A change makes a new version of them.",
    )
    rules_change_reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required when the rules or options change: kept in the rules history.",
    )

    class Meta:
        model = Campaign
        fields = ["name", "slug", "gms", "auto_resolve", "month", "day", "calendar_state", "system"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "system" in self.fields:  # chosen when the campaign is added, read-only after
            self.fields["system"] = forms.ChoiceField(label="Combat system", choices=system_choices(), required=False,
                                                      help_text="Chosen once: it cannot change later.")
        # What a save changes: (the options chosen, why), or None.
        self.version_change = None
        self.options = None
        if self.instance.pk:  # its options as its system describes them
            self.fields.pop("options")
            self.add_system_fields(self.instance.combat_system, self.instance.round_rules())
        else:
            self.initial.setdefault("options", {})

    def chosen_system(self) -> str:
        if self.instance.pk:
            return self.instance.system
        return (self.data.get("system") if self.is_bound else None) or self.instance.system

    def clean_system(self):
        return self.cleaned_data.get("system") or self.instance.system

    def clean_calendar_state(self):
        """The calendar's state as its system keeps it, checked by the system (each error names its key)."""
        state = self.cleaned_data.get("calendar_state") or {}
        if not isinstance(state, dict):
            raise ValidationError("must be a JSON object")
        try:
            system = get_system(self.chosen_system())
        except UnknownSystem:  # the system field's own error
            return state
        errors = system.check_calendar(state)
        if errors:
            raise ValidationError([f"{error.path}: {error.message}" for error in errors])
        return state

    def clean(self):
        cleaned = super().clean()
        if self.options is None:  # the add page: the options as JSON, for the system picked
            chosen = cleaned.get("options")
            self._clean_options({} if chosen is None else chosen, lambda field: "options")
        elif not any(name == "preset" or name.startswith(OPTION_PREFIX) for name in self.errors):
            self._clean_options(self.chosen_options(), self.field_for)
        return cleaned

    def _clean_options(self, chosen, field_for) -> None:
        probe = self.instance if self.instance.pk else Campaign(system=self.chosen_system())
        reason = self.cleaned_data.get(REASON) or ("" if probe.pk else CREATED)
        try:
            services.check_options_change(probe, chosen, reason, system=self.chosen_system())
        except ValidationError as error:
            if error.message_dict.get("__all__") == [services.NOTHING_CHANGED]:
                return  # the options as they are: no new version
            self._add_errors(error, lambda field: REASON if field == "reason" else field_for(field))
            return
        self.version_change = (chosen, reason)

    def _add_errors(self, error: ValidationError, target_for) -> None:
        """A service's errors beside the admin's fields; one about no field of the form goes above it, and an
        option's error in the JSON says which option ("joust_max_passes: must be ...")."""
        for field, messages in error.message_dict.items():
            target = target_for(field)
            target = None if field == "__all__" or target not in self.fields else target
            for message in messages:
                named = target == "options" and field != "options"
                self.add_error(target, f"{field.removeprefix('options.')}: {message}" if named else message)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class RuleSetVersionInline(ReadOnlyInline):
    model = RuleSetVersion
    fields = ["number", "fingerprint", "created_by", "created_at", "reason"]
    readonly_fields = fields
    ordering = ["-number"]


class WeekEndInline(ReadOnlyInline):
    model = WeekEnd
    fields = ["month", "week", "facts", "ended_by", "ended_at"]
    readonly_fields = fields


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    form = CampaignAdminForm
    list_display = ["name", "slug", "month", "day", "created_at"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["gms"]
    inlines = [PlayerInline, RuleSetVersionInline, WeekEndInline]

    def get_readonly_fields(self, request, obj=None):
        return ["system_title"] if obj is not None else []

    @admin.display(description="Combat system")
    def system_title(self, obj):
        return f"{obj.system_title} ({obj.system}): chosen when the campaign was added, it cannot change"

    def get_fieldsets(self, request, obj=None):
        head = [
            (None, {"fields": ["name", "slug", "gms", "auto_resolve"]}),
            ("Combat system", {"fields": ["system", "options"] if obj is None else ["system_title"]}),
            ("Calendar", {"fields": ["month", "day", "calendar_state"]}),
        ]
        if obj is None:  # the system is picked here, its options as JSON beside it
            return [*head, ("Why the options change (each change is a new version of them)", {"fields": [REASON]})]
        return [
            *head,
            ("Rules (each change is a new rule-set version)", {"fields": ["preset", REASON]}),
            *[(title, {"fields": [OPTION_PREFIX + option.name for option in options]})
              for title, options in obj.combat_system.options().groups()],
        ]

    def get_form(self, request, obj=None, change=False, **kwargs):
        """The model form of the fieldsets' fields but the system's options, which the form draws itself."""
        fields = kwargs.pop("fields", None) or flatten_fieldsets(self.get_fieldsets(request, obj))
        kwargs["fields"] = [name for name in fields if name != "preset" and not name.startswith(OPTION_PREFIX)]
        return super().get_form(request, obj, change, **kwargs)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if form.version_change:
            chosen, reason = form.version_change
            services.change_rules(request.user, form.instance, chosen, reason, by_staff=True)


@admin.register(RuleSetVersion)
class RuleSetVersionAdmin(admin.ModelAdmin):
    list_display = ["campaign", "number", "fingerprint", "created_by", "created_at", "reason"]
    list_filter = ["campaign"]
    readonly_fields = ["campaign", "number", "settings", "fingerprint", "created_by", "created_at", "reason"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "time_zone", "campaign"]
    list_filter = ["campaign"]


class CharacterAdminForm(forms.ModelForm):
    class Meta:
        model = Character
        fields = ["campaign", "player", "catalogue_name", "starting_native_group", "state"]

    def clean(self):
        """The same checks as the Characters page: a catalogue character, a known group, a valid state."""
        cleaned = super().clean()
        campaign = cleaned.get("campaign")
        if campaign is None or self.errors:
            return cleaned
        data = {**cleaned, "player": cleaned["player"].pk if cleaned.get("player") else None}
        try:
            cleaned.update(services._clean_character(campaign, data, instance=self.instance if self.instance.pk else None))
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                target = "state" if field.startswith("state.") else field
                for message in messages:
                    self.add_error(target if target in self.fields else None,
                                   f"{field}: {message}" if target != field else message)
        return cleaned


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    form = CharacterAdminForm
    list_display = ["catalogue_name", "player", "starting_native_group", "campaign"]
    list_filter = ["campaign"]


class StartingInfoAdminForm(forms.ModelForm):
    """The answers to the character's system's `starting_form`, as JSON, checked as the page checks them (each
    error beside the answers, nothing saved)."""

    class Meta:
        model = StartingInfo
        fields = ["character", "answers"]

    def clean(self):
        cleaned = super().clean()
        character = cleaned.get("character")
        if character is not None and "answers" in cleaned:
            try:
                cleaned["answers"] = services.check_starting_info(character, cleaned["answers"] or {})
            except ValidationError as error:
                self.add_error("answers", [f"{field}: {message}" if field != "__all__" else message
                                           for field, messages in error.message_dict.items() for message in messages])
        return cleaned


@admin.register(StartingInfo)
class StartingInfoAdmin(admin.ModelAdmin):
    form = StartingInfoAdminForm
    list_display = ["character", "updated_at"]


class SetupStepAdminForm(forms.ModelForm):
    """A step's kind is one of its campaign's system's (`setup_order_kinds`), refused beside the field otherwise."""

    class Meta:
        model = SetupStep
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        campaign, kind, player = cleaned.get("campaign"), cleaned.get("kind"), cleaned.get("player")
        if campaign is not None and player is not None and player.campaign_id != campaign.pk:
            self.add_error("player", "must be one of this campaign's players")
        if campaign is not None and kind is not None:
            kinds = dict(campaign.combat_system.setup_order_kinds())
            if kind not in kinds:
                self.add_error("kind", f"must be one of {', '.join(kinds)}" if kinds else
                               "this campaign's system sets nothing up in turn before it starts")
        return cleaned


@admin.register(SetupStep)
class SetupStepAdmin(admin.ModelAdmin):
    form = SetupStepAdminForm
    list_display = ["campaign", "position", "player", "kind", "detail"]
    list_filter = ["campaign"]


@admin.register(WeekEnd)
class WeekEndAdmin(admin.ModelAdmin):
    list_display = ["campaign", "month", "week", "ended_by", "ended_at"]
    list_filter = ["campaign"]
    readonly_fields = [f.name for f in WeekEnd._meta.fields]

    def has_add_permission(self, request):
        return False
