"""Battle forms. A side's plays form is built from what that character has and can use now
(`rounds.side_options`); the rules themselves are checked by the engine, whose errors the view puts
beside the fields they name."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from combat import rounds


class QuickSelect(forms.Select):
    """A <select> whose options are written in Python. Django renders every option through a template,
    which was most of the battle page's time (ten sides of ten selects, docs/performance.md)."""

    def render(self, name, value, attrs=None, renderer=None):
        final_attrs = self.build_attrs(self.attrs, attrs)
        final_attrs["name"] = name
        chosen = {str(item) for item in self.format_value(value)}
        options = format_html_join(
            "", "<option value=\"{}\"{}>{}</option>",
            ((key, mark_safe(" selected") if str(key) in chosen else "", label) for key, label in self.choices),
        )
        return format_html("<select{}>{}</select>", flatatt(final_attrs), options)


def choice(choices, label, **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(choices=choices, label=label, required=False, widget=QuickSelect, **kwargs)

ATTACK_BOXES = [("1", "Thrust"), ("2", "Swing"), ("3", "Smash")]
MANEUVER_BOXES = [("1", "Charge"), ("2", "Dodge"), ("3", "Duck")]
SHEET_BOXES = [("", "Let the engine place it"), ("1", "Box 1"), ("2", "Box 2"), ("3", "Box 3")]
NONE = [("", "—")]


class PlaysForm(forms.Form):
    """One side's secret plays: target, attack, maneuver, the rider's own maneuver, shield, attackers."""

    def __init__(self, *args, options: rounds.SideOptions, **kwargs):
        super().__init__(*args, **kwargs)
        self.options = options
        f = self.fields
        f["target"] = choice(NONE + options.targets, "Target")
        if options.riders:
            f["target_part"] = choice(
                [("horse", "The horse (or a target on foot)"), ("rider", "The rider")], "Aim at",
                initial="horse", help_text=f"On horseback: {', '.join(options.riders)}",
            )
        f["attack_chit"] = choice(NONE + options.fight_chits, "Attack chit")
        f["attack_weapon"] = choice([("", "No weapon (dagger)")] + options.weapons + options.spells, "Weapon or spell")
        f["attack_box"] = choice(NONE + ATTACK_BOXES, "Attack box")
        maneuvers = list(options.move_chits)
        if options.horse:
            maneuvers += [("horse:walking", f"{options.horse}, walking side"), ("horse:galloping", f"{options.horse}, galloping side")]
        f["maneuver"] = choice(NONE + maneuvers, "Maneuver")
        f["maneuver_box"] = choice(NONE + MANEUVER_BOXES, "Maneuver box")
        if options.horse:
            f["rider_chit"] = choice(NONE + options.move_chits, "Rider's own maneuver")
            f["rider_box"] = choice(NONE + MANEUVER_BOXES, "Rider's box")
        if options.has_shield:
            f["shield_box"] = choice(NONE + ATTACK_BOXES, "Shield box")
        for index, hireling in enumerate(options.hirelings):
            f[f"hireling_{index}"] = choice([("", "Keep its target")] + options.hireling_targets,
                                            f"{hireling} (hireling) attacks")
        for index, attacker in enumerate(options.attackers):
            f[f"position_{index}"] = choice(SHEET_BOXES, f"{attacker} stands in")

    def clean(self):
        data = super().clean()
        pairs = [("attack_chit", "attack_box", "an attack box"), ("maneuver", "maneuver_box", "a maneuver box"),
                 ("rider_chit", "rider_box", "a box for the rider's maneuver")]
        for chit, box, what in pairs:
            if data.get(chit) and not data.get(box):
                self.add_error(box, f"Choose {what} for this play.")
            if data.get(box) and not data.get(chit):
                self.add_error(chit, "Choose what is played in this box, or clear the box.")
        if data.get("attack_chit") and not data.get("target"):
            self.add_error("target", "An attack needs a target.")
        return data

    @property
    def position_fields(self):
        return [self[f"position_{index}"] for index in range(len(self.options.attackers))]

    def to_plays(self) -> dict[str, Any]:
        data = self.cleaned_data
        plays: dict[str, Any] = {}
        if data.get("target"):
            plays["target"] = data["target"]
            plays["target_part"] = data.get("target_part") or "horse"
        if data.get("attack_chit"):
            attack: dict[str, Any] = {"chit": data["attack_chit"], "box": _int(data.get("attack_box"))}
            weapon = data.get("attack_weapon") or ""
            if weapon.startswith("spell:"):
                attack["spell"] = weapon.removeprefix("spell:")
            elif weapon:
                attack["weapon"] = weapon
            plays["attack"] = attack
        if data.get("maneuver"):
            plays["maneuver"] = _maneuver(data["maneuver"], data.get("maneuver_box"))
        if data.get("rider_chit"):
            plays["rider_maneuver"] = _maneuver(data["rider_chit"], data.get("rider_box"))
        if data.get("shield_box"):
            plays["shield_box"] = _int(data["shield_box"])
        positions = {}
        for index, attacker in enumerate(self.options.attackers):
            box = _int(data.get(f"position_{index}"))
            if box:
                positions[attacker] = box
        if positions:
            plays["positions"] = positions
        hirelings = {}
        for index, hireling in enumerate(self.options.hirelings):
            if data.get(f"hireling_{index}"):
                hirelings[hireling] = data[f"hireling_{index}"]
        if hirelings:
            plays["hirelings"] = hirelings
        return plays


def _int(value) -> int | None:
    return int(value) if value not in (None, "") else None


def _maneuver(choice: str, box) -> dict[str, Any]:
    if choice.startswith("horse:"):
        return {"horse": choice.removeprefix("horse:"), "box": _int(box)}
    return {"chit": choice, "box": _int(box)}


def initial_from_plays(plays: dict[str, Any], options: rounds.SideOptions) -> dict[str, Any]:
    """The form's initial values for stored plays (the inverse of `PlaysForm.to_plays`)."""
    initial: dict[str, Any] = {"target": plays.get("target", ""), "target_part": plays.get("target_part", "horse")}
    attack = plays.get("attack") or {}
    initial["attack_chit"] = attack.get("chit", "")
    initial["attack_weapon"] = f"spell:{attack['spell']}" if attack.get("spell") else attack.get("weapon", "")
    initial["attack_box"] = str(attack.get("box") or "")
    for prefix, key in (("maneuver", "maneuver"), ("rider", "rider_maneuver")):
        maneuver = plays.get(key) or {}
        chit_field = "maneuver" if prefix == "maneuver" else "rider_chit"
        initial[chit_field] = f"horse:{maneuver['horse']}" if maneuver.get("horse") else maneuver.get("chit", "")
        initial[f"{prefix}_box"] = str(maneuver.get("box") or "")
    initial["shield_box"] = str(plays.get("shield_box") or "")
    positions = plays.get("positions") or {}
    for index, attacker in enumerate(options.attackers):
        initial[f"position_{index}"] = str(positions.get(attacker, ""))
    hirelings = plays.get("hirelings") or {}
    for index, hireling in enumerate(options.hirelings):
        initial[f"hireling_{index}"] = hirelings.get(hireling, "")
    return initial


ARROW = re.compile(r"\s*(?:->|→|attacks)\s*", re.IGNORECASE)
HIRED = re.compile(r"\s+hired by\s+", re.IGNORECASE)


class NewBattleForm(forms.Form):
    name = forms.CharField(max_length=200, required=False, help_text="Leave empty for 'Battle in <clearing>'.")
    clearing = forms.CharField(max_length=120, help_text="e.g. Cave 4")
    characters = forms.ModelMultipleChoiceField(queryset=None, widget=forms.CheckboxSelectMultiple,
                                                label="Characters present")
    monsters = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One monster per line, as in the catalogue: T Troll, Wolf, Giant Bat.",
    )
    natives = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One native per line: 'Order 3', or 'Company 2 hired by Black Knight'.",
    )
    attacks = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}), label="Who attacks whom",
        help_text="Who attacks whom, one per line: 'Wolf -> Amazon' (use 'Wolf #2' for a second Wolf). "
        "Empty: the monsters and unhired natives share out over the characters.",
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        self.fields["characters"].queryset = campaign.characters.select_related("player")
        self.fields["characters"].label_from_instance = lambda c: f"{c.catalogue_name} ({c.player.name})"

    def clean_monsters(self) -> list[str]:
        from combat.engine.catalogue import UnknownCounter
        from combat.engine.catalogue_data import get_catalogue

        names = _lines(self.cleaned_data["monsters"])
        for name in names:
            try:
                get_catalogue().monster(name)
            except UnknownCounter as error:
                raise forms.ValidationError(str(error)) from None
        return names

    def clean_natives(self) -> list[tuple[str, str | None]]:
        from combat.engine.catalogue import UnknownCounter
        from combat.engine.catalogue_data import get_catalogue

        natives = []
        for line in _lines(self.cleaned_data["natives"]):
            name, employer = HIRED.split(line, maxsplit=1) if HIRED.search(line) else (line, "")
            name = name.strip()
            try:
                get_catalogue().native(name)
            except UnknownCounter as error:
                raise forms.ValidationError(str(error)) from None
            natives.append((name, employer.strip() or None))
        return natives

    def clean_attacks(self) -> list[tuple[str, str]]:
        attacks = []
        for line in _lines(self.cleaned_data["attacks"]):
            parts = ARROW.split(line)
            if len(parts) != 2 or not all(parts):
                raise forms.ValidationError(f"Write {line!r} as 'attacker -> target'.")
            attacks.append((parts[0].strip(), parts[1].strip()))
        return attacks

    def clean(self):
        data = super().clean()
        characters = data.get("characters") or []
        by_name = {c.catalogue_name.lower(): c for c in characters}
        resolved = []
        for name, employer in data.get("natives") or []:
            if employer is None:
                resolved.append((name, None))
            elif employer.lower() in by_name:
                resolved.append((name, by_name[employer.lower()].pk))
            else:
                self.add_error("natives", f"{employer!r} hires {name!r} but is not among the characters present.")
        data["natives"] = resolved
        return data


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


class ChitRecordForm(forms.Form):
    wounded = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label="Chits wounded")
    fatigued = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label="Chits fatigued")

    def __init__(self, *args, chits: list[dict[str, Any]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["wounded"].choices = [(c["id"], c["id"]) for c in chits if c.get("state") != "wounded"]
        self.fields["fatigued"].choices = [(c["id"], c["id"]) for c in chits if c.get("state", "fresh") == "fresh" and "*" in c["label"]]
