"""A combat system's options as form fields (systems/interface.py `Options`): its preset as a select and each
option as a field of its kind (bool: a checkbox, choice: a select, number: a number input) with its label and
help, in the groups the system puts them in. The create form, the campaign's Rules page and the admin share them,
for every system alike; the system's `check_options` (through the services) judges the values, and its errors,
which name the option, are shown beside that option's field."""

from __future__ import annotations

from typing import Any, Mapping

from django import forms

from config.quick_forms import QuickSelect
from systems.options import PRESET_HELP

OPTION_PREFIX = "option_"
DRAWN_PRESET = "drawn_preset"  # the preset the option fields were drawn at (a form whose preset redraws them)
NONE = ""  # a nullable option left empty


def option_field(option) -> forms.Field:
    help_text = option.help[:1].upper() + option.help[1:] if option.help else ""
    if help_text and not help_text.endswith((".", "!", "?")):
        help_text += "."
    if option.kind == "bool":
        return forms.BooleanField(label=option.label, required=False, help_text=help_text)
    if option.kind == "choice":
        choices = [(str(value), str(value)) for value in option.choices]
        if option.nullable:
            choices.insert(0, (NONE, "— none —"))
        return forms.ChoiceField(label=option.label, choices=choices, required=not option.nullable,
                                 help_text=help_text, widget=QuickSelect)
    if option.nullable:
        help_text = f"{help_text} Leave it empty for none.".strip()
    return forms.IntegerField(label=option.label, required=not option.nullable, min_value=option.minimum,
                              max_value=option.maximum, help_text=help_text)


class SystemOptionFields:
    """A form mixin: `add_system_fields(system, chosen)` adds the system's preset and option fields (initial
    values from `chosen`, {"preset": name, ...overrides}); `option_groups()` gives them by the system's groups;
    `chosen_options()` reads them back as the preset and the options that differ from it."""

    def add_system_fields(self, system, chosen: Mapping[str, Any], *, live_url: str = "") -> None:
        """With `live_url` (the create form) picking a preset redraws the options at its values, and a preset
        posted with options drawn at another preset (`DRAWN_PRESET`: the redraw had not come back, or there is
        no JavaScript) takes its own values."""
        self.system = system
        self.options = system.options()
        presets = self.options.presets
        # Picking a preset redraws the options at its values (see CampaignCreateForm's system select).
        attrs = {"data-redraws-system-part": ""} if live_url else {}
        self.fields["preset"] = forms.ChoiceField(
            label="Preset", choices=[(p.name, p.title) for p in presets], initial=presets[0].name,
            widget=QuickSelect(attrs=attrs),
            help_text=PRESET_HELP if live_url else self.options.preset_help or PRESET_HELP,
        )
        if chosen.get("preset") not in {p.name for p in presets}:
            chosen = {key: value for key, value in chosen.items() if key != "preset"}
        values = self.options.values(chosen)
        self.initial["preset"] = chosen.get("preset") or presets[0].name
        for option in self.options.options:
            name = OPTION_PREFIX + option.name
            self.fields[name] = option_field(option)
            value = values.get(option.name)
            self.initial[name] = NONE if value is None else (str(value) if option.kind == "choice" else value)
        if live_url:
            self.fields[DRAWN_PRESET] = forms.CharField(required=False, widget=forms.HiddenInput)
            self.initial[DRAWN_PRESET] = self.initial["preset"]
            drawn = self.data.get(DRAWN_PRESET) if self.is_bound else None
            if drawn and drawn != self.initial["preset"]:
                self.data = self._drawn_anew(values)

    def _drawn_anew(self, values: Mapping[str, Any]):
        """The posted data with the options at `values`, the posted preset's: options drawn at another preset
        were not chosen for this one."""
        data = self.data.copy()
        data[DRAWN_PRESET] = self.initial["preset"]
        for option in self.options.options:
            name, value = OPTION_PREFIX + option.name, values.get(option.name)
            if option.kind == "bool":
                data.pop(name, None)
                if value:
                    data[name] = "on"
            else:
                data[name] = NONE if value is None else str(value)
        return data

    def option_fields(self) -> list:
        return [self[OPTION_PREFIX + option.name] for option in self.options.options]

    def option_groups(self, ungrouped: str = "Options") -> list[tuple[str, list]]:
        """The option fields by the system's groups (`Options.groups`): [(title, [bound field, ...]), ...]."""
        return [(title, [self[OPTION_PREFIX + option.name] for option in options])
                for title, options in self.options.groups(ungrouped)]

    def chosen_options(self) -> dict[str, Any]:
        """{"preset": name, ...each option whose value differs from the preset's}."""
        preset = self.cleaned_data["preset"]
        of_preset = self.options.values({"preset": preset})
        chosen: dict[str, Any] = {"preset": preset}
        for option in self.options.options:
            value = self._typed(option, self.cleaned_data.get(OPTION_PREFIX + option.name))
            if value != of_preset.get(option.name):
                chosen[option.name] = value
        return chosen

    @staticmethod
    def _typed(option, value: Any) -> Any:
        if value in (None, NONE):
            return False if option.kind == "bool" else None
        if option.kind == "choice":
            return next((choice for choice in option.choices if str(choice) == value), value)
        return value

    @staticmethod
    def field_for(service_field: str) -> str:
        """The form field of a service error: "options.joust_max_passes" → option_joust_max_passes."""
        if service_field.startswith("options."):
            return OPTION_PREFIX + service_field.removeprefix("options.")
        return service_field
