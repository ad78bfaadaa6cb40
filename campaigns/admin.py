"""The Django admin for campaigns. Rule settings are edited on the campaign; each change that alters
them makes a new RuleSetVersion with who, when and why, validated by the engine field by field."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from systems import UnknownSystem, get_system
from systems.magic_realm.engine.ruleset import FIELD_NAMES, rules_from

from . import services
from .forms import rule_field, system_choices
from .models import Campaign, Character, Player, RuleSetVersion, SetupStep, StartingInfo, WeekEnd, through_interface


_STANDARD = rules_from("standard")


class CampaignAdminForm(forms.ModelForm):
    # Every rule setting is a declared field, so the admin's fieldsets can name it.
    locals().update({name: rule_field(name, getattr(_STANDARD, name)) for name in FIELD_NAMES})

    rules_change_reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required when a rule setting changes: kept in the rules history.",
    )

    class Meta:
        model = Campaign
        fields = ["name", "slug", "gms", "auto_resolve", "month", "day", "calendar_state", "system",
                  "system_options"]
        help_texts = {"system_options": 'The system\'s options as JSON: {"preset": name, ...an option\'s name: its '
                                        'value}, checked by the system. Only for a campaign of a system whose rules '
                                        'are not rule-set versions.'}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "system" in self.fields:  # chosen when the campaign is added, read-only after
            self.fields["system"] = forms.ChoiceField(label="Combat system", choices=system_choices(), required=False,
                                                      help_text="Chosen once: it cannot change later.")
        rules = self.instance.current_rules() if self.instance.pk else _STANDARD
        for name in FIELD_NAMES:
            self.initial.setdefault(name, getattr(rules, name))
        self.rule_changes: dict = {}
        if through_interface(self.chosen_system()):  # its rules are its system's options, not rule-set versions
            for name in [*FIELD_NAMES, "rules_change_reason"]:
                self.fields.pop(name, None)

    def chosen_system(self) -> str:
        if self.instance.pk:
            return self.instance.system
        return (self.data.get("system") if self.is_bound else None) or self.instance.system

    def clean_system(self):
        return self.cleaned_data.get("system") or self.instance.system

    def clean_system_options(self):
        return self.cleaned_data.get("system_options") or {}

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
        if through_interface(self.chosen_system()):
            self.rule_changes = {}
            if "system_options" in cleaned:
                for field, message in services.system_option_errors(self.chosen_system(), cleaned["system_options"] or {}).items():
                    self.add_error("system_options", f"{field.removeprefix('options.')}: {message}")
            return cleaned
        if cleaned.get("system_options"):
            self.add_error("system_options", "This campaign's rules are its rule-set versions: leave this empty.")
        current = self.instance.current_rules() if self.instance.pk else None
        changes = {name: cleaned.get(name) for name in FIELD_NAMES if name in cleaned}
        if changes.get("starting_season") == "":
            changes["starting_season"] = None
        if current is not None and all(getattr(current, k) == v for k, v in changes.items()):
            self.rule_changes = {}
            return cleaned
        reason = cleaned.get("rules_change_reason") or ("" if current else "Created in the admin.")
        probe = self.instance if self.instance.pk else Campaign()
        try:
            services.check_rules_change(probe, changes, reason)
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                target = "rules_change_reason" if field == "reason" else field
                for message in messages:
                    self.add_error(None if target == "__all__" or target not in self.fields else target, message)
        self.rule_changes = changes
        self.rule_reason = reason
        return cleaned


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

    def get_inlines(self, request, obj):
        """The rule-set versions only where the campaign's system keeps them; every campaign's weeks ended."""
        if obj is not None and obj.fights_through_interface:
            return [PlayerInline, WeekEndInline]
        return self.inlines

    def get_fieldsets(self, request, obj=None):
        from .forms import RULE_GROUPS

        head = [
            (None, {"fields": ["name", "slug", "gms", "auto_resolve"]}),
            ("Combat system", {"fields": ["system" if obj is None else "system_title", "system_options"]}),
            ("Calendar", {"fields": ["month", "day", "calendar_state"]}),
        ]
        system = obj.system if obj is not None else request.POST.get("system") or Campaign().system
        if through_interface(system):
            return head
        grouped = [name for _, names in RULE_GROUPS for name in names]
        others = [name for name in FIELD_NAMES if name not in grouped and name != "preset"]
        return [
            *head,
            ("Rules (rule-set versions; ignored for a system whose rules are its options)",
             {"fields": ["preset", "rules_change_reason"]}),
            *[(title, {"fields": [n for n in names if n in FIELD_NAMES]}) for title, names in RULE_GROUPS],
            *([("Other settings", {"fields": others})] if others else []),
        ]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if form.rule_changes:
            services.change_rules_in_admin(request.user, form.instance, form.rule_changes, form.rule_reason)


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


@admin.register(StartingInfo)
class StartingInfoAdmin(admin.ModelAdmin):
    list_display = ["character", "starting_location", "updated_at"]


@admin.register(SetupStep)
class SetupStepAdmin(admin.ModelAdmin):
    list_display = ["campaign", "position", "player", "kind", "detail"]
    list_filter = ["campaign"]


@admin.register(WeekEnd)
class WeekEndAdmin(admin.ModelAdmin):
    list_display = ["campaign", "month", "week", "ended_by", "ended_at"]
    list_filter = ["campaign"]
    readonly_fields = [f.name for f in WeekEnd._meta.fields]

    def has_add_permission(self, request):
        return False
