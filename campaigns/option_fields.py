"""A combat system's options as form fields (systems/interface.py `Options`): its preset as a select and each
option as a field of its kind (bool: a checkbox, choice: a select, number: a number input). The create form
and the campaign's Rules page share them; the system's `check_options` (through the services) judges the
values, and its errors, which name the option, are shown beside that option's field."""

from __future__ import annotations

from typing import Any, Mapping

from django import forms

from config.quick_forms import QuickSelect

OPTION_PREFIX = "option_"
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
    values from `chosen`, {"preset": name, ...overrides}); `chosen_options()` reads them back as the preset
    and the options that differ from it."""

    def add_system_fields(self, system, chosen: Mapping[str, Any], *, live_url: str = "") -> None:
        self.system = system
        self.options = system.options()
        presets = self.options.presets
        # Picking a preset redraws the options at its values (see CampaignCreateForm's system select).
        attrs = {"data-redraws-system-part": ""} if live_url else {}
        self.fields["preset"] = forms.ChoiceField(
            label="Preset", choices=[(p.name, p.title) for p in presets], initial=presets[0].name,
            widget=QuickSelect(attrs=attrs),
            help_text="The options to start from; the options below may differ from it.",
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

    def option_fields(self) -> list:
        return [self[OPTION_PREFIX + option.name] for option in self.options.options]

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
