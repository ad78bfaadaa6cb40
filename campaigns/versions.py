"""A campaign's options kept as rule-set versions, whatever its combat system (docs/campaigns.md, "Rule sets and
versions"): the settings a version keeps (every option named, `Options.complete`), a change checked by the
campaign's system with errors by field (the same check on the create form, the Rules page, the admin and the import), the version made with the system's fingerprint, and
the current options in words. The writes that use them, each in its transaction, are in `campaigns.services`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from campaigns.models import Campaign, RuleSetVersion
from systems import get_system

REASON_MISSING = "Say why the rules change; players and GMs read it in the history."
NOTHING_CHANGED = "Nothing changed: these are the settings of the current version."


def chosen_options(options: Any) -> Any:
    """Options as a form or a file gives them, an empty preset taken as none (the system's first)."""
    if not isinstance(options, Mapping):
        return options  # the system's check names it
    return {key: value for key, value in options.items() if not (key == "preset" and value in ("", None))}


def new_version(campaign: Campaign, settings: Mapping[str, Any], user, reason: str) -> RuleSetVersion:
    """The campaign's next rule-set version: `settings` (checked, every option named), its system's fingerprint of
    them, who (none for a user not signed in) and why."""
    last = campaign.rule_set_versions.order_by("-number").values_list("number", flat=True).first() or 0
    version = RuleSetVersion.objects.create(
        campaign=campaign,
        number=last + 1,
        settings=dict(settings),
        fingerprint=campaign.combat_system.options_fingerprint(settings),
        created_by=user if user is not None and user.is_authenticated else None,
        reason=reason,
    )
    campaign.forget_cached_rules()
    return version


def system_option_errors(system: str, chosen: Any) -> dict[str, str]:
    """The system's errors in a campaign's options by field: "preset", "options" (not an object of values)
    or "options.<name>" for each option (the system's `check_options` names it)."""
    errors: dict[str, str] = {}
    for error in get_system(system).check_options(chosen):
        key = error.path if error.path in ("preset", "options") else f"options.{error.path}"
        errors[key] = f"{errors[key]} {error.message}" if key in errors else error.message
    return errors


def check_options_change(campaign: Campaign, chosen: Any, reason: str, *,
                         system: str | None = None) -> dict[str, Any]:
    """The settings the campaign's next version would keep for `chosen` ({"preset": name, ...overrides}, or
    without "preset" the changes to its current options): every option's value (`Options.complete`); or
    ValidationError naming each field that is wrong: "reason", "preset", "options", "options.<name>" (the
    system's `check_options`), or "__all__" when nothing would change. `system` is the campaign's, or the one
    chosen for a campaign not saved yet."""
    current = campaign.current_rules_version if campaign.pk else None
    if isinstance(chosen, Mapping) and "preset" not in chosen and current is not None:
        chosen = {**current.settings, **chosen}
    chosen = chosen_options(chosen)
    errors = system_option_errors(system or campaign.system, chosen)
    options = get_system(system or campaign.system).options()
    settings = None if errors else options.complete(chosen)
    if settings is not None and current is not None and options.complete(current.settings) == settings:
        errors["__all__"] = NOTHING_CHANGED
    if not (reason or "").strip():
        errors["reason"] = REASON_MISSING
    if errors:
        raise ValidationError(errors)
    return settings


def options_summary(campaign: Campaign) -> tuple[str, list[tuple[str, Any]]]:
    """The title of the preset of the campaign's current options and each option whose value differs from that
    preset's, as (label, value)."""
    options = campaign.combat_system.options()
    settings = options.complete(campaign.round_rules())
    preset = next(p for p in options.presets if p.name == settings["preset"])
    of_preset = options.values({"preset": preset.name})
    return preset.title, [(option.label, settings[option.name]) for option in options.options
                          if settings[option.name] != of_preset.get(option.name)]
