"""Forms of the campaign pages. They only shape input; the services check it and raise errors per field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from config.quick_forms import QuickLabels, QuickSelect

from systems import DEFAULT_SYSTEM, SYSTEMS, get_system

from .option_fields import SystemOptionFields
from .names import validate_one_line

def system_choices() -> list[tuple[str, str]]:
    """Every registered combat system by its title, the default first."""
    names = [DEFAULT_SYSTEM] + [name for name in SYSTEMS if name != DEFAULT_SYSTEM]
    return [(name, get_system(name).TITLE) for name in names]


class CampaignCreateForm(SystemOptionFields, QuickLabels, forms.Form):
    """A campaign's name, slug and combat system; then the chosen system's preset and options, in its groups
    (`SystemOptionFields`). The system is the one posted (or `initial["system"]`), so a form drawn again after
    an error shows that system's part."""

    name = forms.CharField(max_length=120, validators=[validate_one_line])
    slug = forms.SlugField(
        max_length=60, help_text="Used in the campaign's web address, e.g. bimr4-2026.",
        error_messages={"invalid": "Use letters, numbers, hyphens and underscores only, e.g. bimr4-2026."},
    )
    system = forms.ChoiceField(
        label="Combat system", required=False, initial=DEFAULT_SYSTEM,
        help_text="The rules its battles are fought by. It is chosen once: it cannot change later.",
    )

    def __init__(self, *args, live_url: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = system_choices()
        # Picking a system redraws the part below it with that system's presets and options (the form's
        # `hx-trigger` in create.html listens for the change of a select so marked).
        attrs = {"data-redraws-system-part": ""} if live_url else {}
        self.fields["system"].widget = QuickSelect(attrs=attrs, choices=self.fields["system"].choices)
        source = self.data if self.is_bound else self.initial
        name = source.get("system") or DEFAULT_SYSTEM
        self.system_name = name if name in SYSTEMS else DEFAULT_SYSTEM
        chosen = {"preset": source.get("preset")} if source.get("preset") else {}
        self.add_system_fields(get_system(self.system_name), chosen, live_url=live_url)
        if self.initial.get("preset") not in dict(self.fields["preset"].choices):
            self.initial.pop("preset", None)  # another system's preset, before the system was changed

    @property
    def system_title(self) -> str:
        return get_system(self.system_name).TITLE

    def option_groups(self, ungrouped: str = "") -> list[tuple[str, list]]:
        """The system's option fields by its groups; a system that does not group them: one, named for it."""
        return super().option_groups(ungrouped or f"{self.system_title}: options")

    def main_fields(self) -> list[forms.BoundField]:
        return [self["name"], self["slug"], self["system"]]

    def for_service(self) -> dict[str, Any]:
        """The keyword arguments of `services.create_campaign`."""
        data = self.cleaned_data
        return {"name": data["name"], "slug": data["slug"], "preset": data["preset"],
                "system": data.get("system") or DEFAULT_SYSTEM,
                "options": {k: v for k, v in self.chosen_options().items() if k != "preset"}}


class SystemOptionsForm(SystemOptionFields, QuickLabels, forms.Form):
    """The Rules page of a campaign, whatever its system: its options as its current version has them, in its
    system's groups, changed later (never its system) with the reason the new version keeps."""

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_system_fields(campaign.combat_system, campaign.round_rules())
        self.fields["reason"] = forms.CharField(
            widget=forms.Textarea(attrs={"rows": 2}),
            help_text="Why the rules change; it is kept in the history.",
            error_messages={"required": "Say why the rules change; it is kept in the history."},
        )


class AutoResolveForm(forms.Form):
    auto_resolve = forms.BooleanField(required=False, label="Resolve a round as soon as every side has locked")


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120, validators=[validate_one_line])
    email = forms.EmailField()
    time_zone = forms.CharField(max_length=64, initial="UTC", help_text="e.g. Europe/London, America/New_York")


class CharacterForm(forms.Form):
    catalogue_name = forms.CharField(
        label="Character", max_length=60, help_text='e.g. "Black Knight"',
        widget=forms.TextInput(attrs={"list": "character-names", "autocomplete": "off"}),
    )
    player = forms.ChoiceField()
    starting_native_group = forms.ChoiceField(
        required=False, help_text="The native group whose equipment the character starts with."
    )

    def __init__(self, *args, campaign, native_groups: tuple[str, ...] | list[str], free_names: bool = False,
                 **kwargs):
        """`native_groups` and `free_names` are the campaign's system's (`native_groups()`, `character_names()`
        None): without groups there is no starting native group to ask; with free names a character is the
        combatant of its name."""
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "— choose —")] + [(p.pk, p.name) for p in campaign.players.all()]
        self.fields["starting_native_group"].choices = [("", "— none —")] + [(g, g) for g in native_groups]
        if not native_groups:
            del self.fields["starting_native_group"]
        if free_names:
            self.fields["catalogue_name"].label = "Name"
            self.fields["catalogue_name"].help_text = (
                "Any name, spelled as its combatant is named in this campaign's battles (e.g. \"Sir Ash\"): a side "
                "of that name in a battle is this character's, and its player's link reaches it.")


class SetupStepForm(forms.Form):
    player = forms.ChoiceField()
    kind = forms.ChoiceField()
    detail = forms.CharField(max_length=120, help_text='What was placed or chosen, e.g. "Borderland".')

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "— choose —")] + [(p.pk, p.name) for p in campaign.players.all()]
        self.fields["kind"].choices = list(campaign.combat_system.setup_order_kinds())


def apply_service_errors(form: forms.Form, error: ValidationError, field_for=None) -> None:
    """Show a service's ValidationError beside the form's fields (or above the form)."""
    for field, messages in error.message_dict.items():
        target = field_for(field) if field_for else field
        if target == "__all__" or target not in form.fields:
            target = None
        for message in messages:
            if target or field == "__all__":
                form.add_error(target, message)
            else:  # above the form: say which part it is about, in words ("Victory requirements: ...")
                form.add_error(None, f"{field.replace('_', ' ').replace('.', ' ').capitalize()}: {message}")
