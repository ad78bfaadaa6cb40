"""A combat system's rule-set options (part of the systems interface, systems/interface.py): the settings a
campaign chooses, each with its label, help and the group it is shown in, the presets (the first is the default),
and what one option implies or forbids of another, checked with errors naming the option. The campaign pages and
the admin draw every system's options from this description alone. Pure Python."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from systems.errors import FieldError


PRESET_HELP = "The options to start from; the options below may differ from it."
OTHER_GROUP = "Other settings"  # the options a system that groups its options left in no group


@dataclass(frozen=True)
class Option:
    """One setting a campaign chooses. `kind` is "bool", "choice" or "number"; `choices` lists the values a
    "choice" takes; a "number" lies in `minimum`..`maximum` (None: open), or is None when `nullable`. `group` is
    the title of the group the pages show it in (empty: the system's options are not grouped, or this one is
    in none: `Options.groups`)."""

    name: str
    label: str
    kind: Literal["bool", "choice", "number"]
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    group: str = ""


@dataclass(frozen=True)
class Preset:
    """A named set of option values (only those differing from the defaults)."""

    name: str
    title: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Constraint:
    """`option` set to `value` implies (or, with `forbids`, rules out) `other` set to `other_value`."""

    option: str
    value: Any
    other: str
    other_value: Any
    why: str
    forbids: bool = False

    def broken_by(self, values: Mapping[str, Any]) -> bool:
        if values.get(self.option) != self.value:
            return False
        return (values.get(self.other) == self.other_value) == self.forbids


@dataclass(frozen=True)
class Options:
    """A system's options, its presets (the first is the default) and the constraints between options.
    `preset_help` says what the preset is on the campaign's Rules page (empty: `PRESET_HELP`)."""

    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = (Preset("default", "As written, with Herald's house defaults"),)
    constraints: tuple[Constraint, ...] = ()
    preset_help: str = ""

    def groups(self, ungrouped: str = "Options") -> list[tuple[str, tuple[Option, ...]]]:
        """The options by group, as the pages show them: each group's title with its options, in the order the
        groups first appear. Options in no group come last, under `ungrouped` when no option has a group (a
        system that does not group its options), else under OTHER_GROUP."""
        titles = list(dict.fromkeys(option.group for option in self.options if option.group))
        groups = [(title, tuple(o for o in self.options if o.group == title)) for title in titles]
        rest = tuple(option for option in self.options if not option.group)
        if rest:
            groups.append((OTHER_GROUP if titles else ungrouped, rest))
        return groups

    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def values(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value for `chosen`: {"preset": name, ...overrides} (an unknown preset counts as none;
        `check` reports it)."""
        preset = next((p for p in self.presets if p.name == chosen.get("preset", self.presets[0].name)), None)
        return {**self.defaults(), **(preset.values if preset else {}),
                **{key: value for key, value in chosen.items() if key != "preset"}}

    def complete(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value for `chosen`, with the preset named (the first when `chosen` names none): what a
        campaign's rule-set version keeps, so that it says each value whatever a preset comes to mean later, and
        two versions compare key by key. `with_options` reads it as it reads `chosen`. Check `chosen` first: an
        unknown preset counts as the first."""
        names = {preset.name for preset in self.presets}
        preset = chosen.get("preset") if chosen.get("preset") in names else self.presets[0].name
        return {"preset": preset, **self.values({**chosen, "preset": preset})}

    def check(self, chosen: Mapping[str, Any]) -> list[FieldError]:
        """Errors naming each option that is unknown, of the wrong kind, or broken by another's value."""
        if not isinstance(chosen, Mapping):
            return [FieldError("options", "must be an object of option values")]
        errors = []
        if "preset" in chosen and chosen["preset"] not in {p.name for p in self.presets}:
            errors.append(FieldError("preset", f"unknown preset {chosen['preset']!r}; presets are "
                                               f"{', '.join(p.name for p in self.presets)}"))
        known = {option.name: option for option in self.options}
        errors += [FieldError(name, "is not an option of this system") for name in chosen
                   if name != "preset" and name not in known]
        values = self.values(chosen)
        for option in self.options:
            message = _option_error(option, values.get(option.name))
            if message:
                errors.append(FieldError(option.name, message))
        if errors:
            return errors
        return [FieldError(c.option, f"{c.option}={c.value!r} {'rules out' if c.forbids else 'requires'} "
                                     f"{c.other}={c.other_value!r}: {c.why}")
                for c in self.constraints if c.broken_by(values)]


def fingerprint(chosen: Mapping[str, Any]) -> str:
    """A short digest of a campaign's options (a rule-set version's settings, the `Round.rules` a round was
    resolved under: {"preset": name, ...overrides}), for its pages and emails: every system's
    `options_fingerprint` but Magic Realm's, which has its own. Anyone can recompute it from those rules: the
    first 10 hex digits of the SHA-256 of their JSON with sorted keys and no spaces (ASCII, as Python's
    `json.dumps(chosen, sort_keys=True, separators=(",", ":"))` writes it), the way Magic Realm's rule-set
    fingerprint is written. It digests the options as recorded: a preset's default named or left out are two
    fingerprints, as they are two records."""
    return digest(chosen)


def digest(settings: Mapping[str, Any]) -> str:
    """The first 10 hex digits of the SHA-256 of the settings' JSON with sorted keys and no spaces (ASCII): the
    one computation behind `fingerprint` and Magic Realm's `RuleSet.fingerprint`, each of its own settings."""
    canonical = json.dumps(dict(settings), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:10]


def _option_error(option: Option, value: Any) -> str | None:
    if value is None and option.nullable:
        return None
    if option.kind == "bool" and not isinstance(value, bool):
        return f"must be true or false, not {value!r}"
    if option.kind == "choice" and value not in option.choices:
        return f"must be one of {', '.join(map(str, option.choices))}, not {value!r}"
    if option.kind == "number":
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be a whole number, not {value!r}"
        too_low = option.minimum is not None and value < option.minimum
        if too_low or (option.maximum is not None and value > option.maximum):
            return f"must be from {option.minimum} to {option.maximum}, not {value}"
    return None
