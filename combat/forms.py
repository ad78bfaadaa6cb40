"""Battle forms. A side's plays form is built from what that character has and can use now
(`side_options.side_options`); the rules themselves are checked by the engine, whose errors the view puts
beside the fields they name."""

from __future__ import annotations

import html
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from campaigns.names import validate_one_line
from combat import round_file
from systems.magic_realm import encounter_options, side_options


class QuickSelect(forms.Select):
    """A <select> whose options are written in Python. Django renders every option through a template,
    which was most of the battle page's time (ten sides of ten selects, docs/performance.md). Grouped
    choices are drawn as <optgroup>s.

    `refused` ({value: why}): options the rules do not allow now, listed disabled with the reason so the
    person sees why they cannot pick them. One already chosen (a draft saved before) stays enabled, so the
    choice is kept and the engine's error beside the field says what to change."""

    refused: dict[str, str] = {}

    def render(self, name, value, attrs=None, renderer=None):
        final_attrs = self.build_attrs(self.attrs, attrs)
        final_attrs["name"] = name
        chosen = {str(item) for item in self.format_value(value)}
        options = "".join(self._group(str(key), label, chosen) if isinstance(label, (list, tuple))
                          else self._option(str(key), label, chosen) for key, label in self.choices)
        return format_html("<select{}>{}</select>", flatatt(final_attrs), mark_safe(options))

    def _group(self, title: str, options, chosen: set[str]) -> str:
        """Django's grouped choices, (title, [(value, label), ...]), as an <optgroup>."""
        inner = "".join(self._option(str(key), label, chosen) for key, label in options)
        return f'<optgroup label="{_escape(title)}">{inner}</optgroup>'

    def _option(self, key: str, label, chosen: set[str]) -> str:
        why = self.refused.get(key)
        if why is not None:
            label = f"{label}: {why}"
        flag = " selected" if key in chosen else (" disabled" if why is not None else "")
        return f'<option value="{_escape(key)}"{flag}>{_escape(label)}</option>'


def _escape(value) -> str:
    """`conditional_escape` without its SafeString: an option's value or label, escaped unless safe."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


class QuickLabels:
    """A form mixin writing each field's <label> in Python: Django renders every label through a template
    (`django/forms/label.html`), a third of the battle page's form time (docs/performance.md). The tag,
    its attributes and its text are Django's own (`BoundField.label_tag` still builds them)."""

    def render(self, template_name=None, context=None, renderer=None):
        if template_name is None or template_name != self.template_name_label or context is None:
            return super().render(template_name, context, renderer)
        if not context["use_tag"]:
            return conditional_escape(context["label"])
        tag = context["tag"]
        return format_html("<{}{}>{}</{}>", tag, flatatt(context["attrs"] or {}), context["label"], tag)


def choice(choices, label, **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(choices=choices, label=label, required=False, widget=QuickSelect, **kwargs)

ATTACK_BOXES = [("1", "Thrust"), ("2", "Swing"), ("3", "Smash")]
MANEUVER_BOXES = [("1", "Charge"), ("2", "Dodge"), ("3", "Duck")]
SHEET_BOXES = [("", "Let the engine place it"), ("1", "Box 1"), ("2", "Box 2"), ("3", "Box 3")]
NONE = [("", "—")]


class PlaysForm(QuickLabels, forms.Form):
    """One side's secret plays: target, attack, maneuver, the rider's own maneuver, shield, attackers.

    The form only checks that each choice is one the character has; a half-entered play (a chit without
    its box) is a draft the GM may save, and `services.check_plays` says what it still misses beside the
    field (`combat.drafts`, issue #14.2)."""

    def __init__(self, *args, options: side_options.SideOptions, **kwargs):
        super().__init__(*args, **kwargs)
        self.options = options
        f = self.fields
        f["target"] = choice(NONE + options.targets, "Target")
        if options.riders:
            f["target_part"] = choice(
                [("rider", "The rider"), ("horse", "The horse")], "Aim at",
                initial="rider", help_text=f"When the target is on horseback: {', '.join(options.riders)}",
            )
        f["attack_chit"] = choice(NONE + options.fight_chits, "Attack chit")
        f["attack_weapon"] = choice([("", "No weapon (dagger)")] + options.weapons + options.spells, "Weapon or spell",
                                    initial=options.default_weapon)
        f["attack_box"] = choice(NONE + ATTACK_BOXES, "Attack box")
        maneuvers = list(options.move_chits)
        if options.horse:
            maneuvers += [("horse:walking", f"{options.horse}, walking side"), ("horse:galloping", f"{options.horse}, galloping side")]
        f["maneuver"] = choice(NONE + maneuvers, "Maneuver")
        f["maneuver"].widget.refused = options.maneuver_refused
        f["maneuver_box"] = choice(NONE + MANEUVER_BOXES, "Maneuver box")
        if options.horse:
            f["rider_chit"] = choice(NONE + options.move_chits, "Rider's own maneuver")
            f["rider_chit"].widget.refused = options.rider_refused
            f["rider_box"] = choice(NONE + MANEUVER_BOXES, "Rider's box")
        if options.has_shield:
            f["shield_box"] = choice(NONE + ATTACK_BOXES, "Shield box")
        for index, hireling in enumerate(options.hirelings):
            f[f"hireling_{index}"] = choice([("", "Keep its target")] + options.hireling_targets,
                                            f"{hireling} (hireling) attacks")
        for index, attacker in enumerate(options.attackers):
            f[f"position_{index}"] = choice(SHEET_BOXES, f"{attacker} stands in")

    @property
    def position_fields(self):
        return [self[f"position_{index}"] for index in range(len(self.options.attackers))]

    def to_plays(self) -> dict[str, Any]:
        """The side's plays from every choice that is valid, finished or not (a draft, issue #14.2); a
        choice the character does not have is left out and shown beside its field."""
        data = self.cleaned_data
        plays: dict[str, Any] = {}
        if data.get("target"):
            plays["target"] = data["target"]
            # "Aim at" only means something when the target rides (rule 5.3); on foot it is the target itself.
            riding = data["target"] in self.options.riders
            plays["target_part"] = (data.get("target_part") or "rider") if riding else "horse"
        if data.get("attack_chit") or data.get("attack_box"):
            attack: dict[str, Any] = {"box": _int(data.get("attack_box"))}
            if data.get("attack_chit"):
                attack["chit"] = data["attack_chit"]
            weapon = data.get("attack_weapon") or ""
            if weapon.startswith("spell:"):
                attack["spell"] = weapon.removeprefix("spell:")
            elif weapon:
                attack["weapon"] = weapon
            plays["attack"] = attack
        if data.get("maneuver") or data.get("maneuver_box"):
            plays["maneuver"] = _maneuver(data.get("maneuver") or "", data.get("maneuver_box"))
        if data.get("rider_chit") or data.get("rider_box"):
            plays["rider_maneuver"] = _maneuver(data.get("rider_chit") or "", data.get("rider_box"))
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
    if choice:
        return {"chit": choice, "box": _int(box)}
    return {"box": _int(box)}


def initial_from_plays(plays: dict[str, Any], options: side_options.SideOptions) -> dict[str, Any]:
    """The form's initial values for stored plays (the inverse of `PlaysForm.to_plays`); a side with no
    attack yet starts from its default weapon, and "Aim at" from the rider (issue #14.5)."""
    target = plays.get("target", "")
    initial: dict[str, Any] = {"target": target,
                               "target_part": plays.get("target_part", "rider") if target in options.riders else "rider"}
    attack = plays.get("attack") or {}
    initial["attack_chit"] = attack.get("chit", "")
    if attack:
        initial["attack_weapon"] = f"spell:{attack['spell']}" if attack.get("spell") else attack.get("weapon", "")
    else:
        initial["attack_weapon"] = options.default_weapon
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


# The dwellings and the reading of a line are the systems interface's set-up's (systems/magic_realm/setup.py).
class ChitRecordForm(QuickLabels, forms.Form):
    wounded = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label="Chits wounded")
    fatigued = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple, label="Chits fatigued")

    def __init__(self, *args, chits: list[dict[str, Any]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["wounded"].choices = [(c["id"], c["id"]) for c in chits if c.get("state") != "wounded"]
        self.fields["fatigued"].choices = [(c["id"], c["id"]) for c in chits if c.get("state", "fresh") == "fresh" and "*" in c["label"]]

    @classmethod
    def for_character(cls, battle_state, name: str, record, result, prefix: str, data=None, problems=None):
        """The form of a character's choice after a round: the chits as the round left them (a recorded
        choice taken back, so it can be sent again or changed), ticked as recorded or as just sent
        (`data`), with each problem of a refused choice beside its boxes (`problems`, issue #14.3)."""
        from combat import chits as chit_choice

        recorded = (record.wounded, record.fatigued) if record else None
        before = round_file.character_entry(chit_choice.state_before(battle_state, name, recorded, result), name) or {}
        form = cls(data, initial={"wounded": record.wounded, "fatigued": record.fatigued} if record else None,
                   chits=before.get("chits", []), prefix=prefix)
        for box, lines in (problems or {}).items():
            for line in lines:
                form.add_error(box if box in form.fields else None, line)
        return form


class EncounterForm(QuickLabels, forms.Form):
    """One side's encounter step (rule 8.3): lures, deployments, a charge and one encounter action (run
    away, alert a weapon or cast a spell), offering only what the character has and can use now
    (`encounter_options.encounter_options`). The rules are checked by the engine (`validate_encounter`)."""

    def __init__(self, *args, options: encounter_options.EncounterOptions, **kwargs):
        super().__init__(*args, **kwargs)
        self.options = options
        f = self.fields
        if options.lurable:
            why_not = "; ".join(f"{name} ({reason})" for name, reason in options.not_lurable)
            f["lures"] = forms.MultipleChoiceField(
                choices=[(name, name) for name in options.lurable], required=False,
                widget=forms.CheckboxSelectMultiple, label="Lure onto the character's sheet",
                help_text=f"Only unassigned denizens can be lured (8.3.4){'; not ' + why_not if why_not else ''}.",
            )
        f["run"] = choice([("", "Does not run")] + self._movers(), "Run away with",
                          help_text="The encounter action: run, alert or cast, one of them.")
        for index, hireling in enumerate(options.hirelings):
            f[f"deploy_{index}"] = choice([("", "Not deployed")] + [(t, t) for t in options.deploy_targets],
                                          f"Deploy {hireling} against")
        if options.charge_targets:
            f["charge_target"] = choice(NONE + [(t, t) for t in options.charge_targets], "Charge")
            f["charge_with"] = choice(NONE + self._movers(), "Charge with")
        if options.weapons_to_alert:
            f["alert_weapon"] = choice(NONE + [(w, w) for w in options.weapons_to_alert], "Alert weapon")
            f["alert_chit"] = choice(NONE + [(c, c) for c in options.fight_chits], "Alert with")
        if options.spells and options.magic_chits:
            f["cast_spell"] = choice(NONE + [(s, s) for s in options.spells], "Cast spell")
            f["cast_chit"] = choice(NONE + [(c, c) for c in options.magic_chits], "Cast with")

    def _movers(self) -> list[tuple[str, str]]:
        movers = [(chit, chit) for chit in self.options.move_chits]
        if self.options.horse:
            movers += [(f"horse:{side}", f"{self.options.horse}, {side} side") for side in ("walking", "galloping")]
        return movers

    def field_for(self, engine_field: str) -> str:
        """The form field of an engine error's field (`deploy:<hireling>` → `deploy_<index>`)."""
        if engine_field.startswith("deploy:"):
            hireling = engine_field.removeprefix("deploy:")
            if hireling in self.options.hirelings:
                return f"deploy_{self.options.hirelings.index(hireling)}"
            return "__all__"
        return engine_field if engine_field in self.fields else "__all__"

    def clean(self):
        data = super().clean()
        chosen = [name for name, given in (("run", data.get("run")), ("alert_weapon", data.get("alert_weapon")),
                                           ("cast_spell", data.get("cast_spell"))) if given]
        for extra in chosen[1:]:
            self.add_error(extra, "One encounter action per round: run away, alert a weapon or cast a spell.")
        if data.get("charge_target") and not data.get("charge_with"):
            self.add_error("charge_with", "Choose the MOVE chit or horse side he charges with.")
        if data.get("charge_target") and data.get("run"):
            self.add_error("run", "He charges this round and cannot run away.")
        for weapon, chit, what in (("alert_weapon", "alert_chit", "a FIGHT chit"), ("cast_spell", "cast_chit", "a MAGIC chit")):
            if data.get(weapon) and not data.get(chit):
                self.add_error(chit, f"Choose {what} to play.")
        return data

    def to_encounter(self) -> dict[str, Any]:
        """The side's encounter choices as stored in `SidePlays.plays["encounter"]`."""
        data = self.cleaned_data
        encounter: dict[str, Any] = {}
        if data.get("lures"):
            encounter["lures"] = list(data["lures"])
        deployments = {hireling: data[f"deploy_{index}"] for index, hireling in enumerate(self.options.hirelings)
                       if data.get(f"deploy_{index}")}
        if deployments:
            encounter["deployments"] = deployments
        if data.get("charge_target") and data.get("charge_with"):
            encounter["charge"] = {"target": data["charge_target"], **_mover(data["charge_with"])}
        if data.get("run"):
            encounter["run"] = _mover(data["run"])
        if data.get("alert_weapon"):
            encounter["alert"] = {"weapon": data["alert_weapon"], "chit": data.get("alert_chit") or ""}
        if data.get("cast_spell"):
            encounter["cast"] = {"spell": data["cast_spell"], "chit": data.get("cast_chit") or ""}
        return encounter


def _mover(value: str) -> dict[str, str]:
    return {"horse": value.removeprefix("horse:")} if value.startswith("horse:") else {"chit": value}


def initial_from_encounter(encounter: dict[str, Any], options: encounter_options.EncounterOptions) -> dict[str, Any]:
    """The encounter form's initial values for stored choices (the inverse of `to_encounter`)."""
    def mover(item: dict[str, Any]) -> str:
        return f"horse:{item['horse']}" if item.get("horse") else item.get("chit", "")

    initial: dict[str, Any] = {"lures": encounter.get("lures", [])}
    for index, hireling in enumerate(options.hirelings):
        initial[f"deploy_{index}"] = (encounter.get("deployments") or {}).get(hireling, "")
    charge = encounter.get("charge") or {}
    initial["charge_target"], initial["charge_with"] = charge.get("target", ""), mover(charge)
    initial["run"] = mover(encounter.get("run") or {})
    alert, cast = encounter.get("alert") or {}, encounter.get("cast") or {}
    initial["alert_weapon"], initial["alert_chit"] = alert.get("weapon", ""), alert.get("chit", "")
    initial["cast_spell"], initial["cast_chit"] = cast.get("spell", ""), cast.get("chit", "")
    return initial


class RoundEncounterForm(QuickLabels, forms.Form):
    """The GM's round-level entries for the encounter step: which native groups battle which characters
    this evening (from the Meeting table, or as the GM decides), and a player's choice the engine asks
    for (which hireling takes a denizen, 8.3.5a.3 / Watchful Natives 1.3)."""

    def __init__(self, *args, groups: list[str], characters: list[str], choice_needed: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.choice_needed = choice_needed
        if groups and characters:
            self.fields["battling"] = forms.MultipleChoiceField(
                choices=[(f"{group}|{character}", f"the {group} battle {character}") for group in groups for character in characters],
                required=False, widget=forms.CheckboxSelectMultiple, label="Native groups battling this evening",
                help_text="As the Meeting table (or the GM) decided; luring, deploying against or targeting "
                "an unhired native adds its group on its own (8.3.4e, 8.4.2d.7).",
            )
            pairs = [(f"{group}|{character}", f"{character} against the {group}") for group in groups for character in characters]
            self.fields["meetings"] = forms.MultipleChoiceField(
                choices=pairs, required=False, widget=forms.CheckboxSelectMultiple,
                label="Roll on the Meeting table this evening",
                help_text="The helper picks the column from the character's relationship (Knight's Adjustment "
                "included) and reads BLOCK/BATTLE as battling; it needs the table below.",
            )
            for column in MEETING_COLUMNS:
                self.fields[f"meeting_{column}"] = forms.CharField(
                    required=False, label=f"Meeting table, {column} column",
                    help_text="The six results of rows 1 to 6, as printed, separated by |" if column == "Allied" else "",
                    widget=forms.TextInput(attrs={"placeholder": "row 1 | row 2 | … | row 6"}),
                )
        if choice_needed:
            if choice_needed["path"].startswith("meetings["):
                self.fields["choice"] = choice(
                    [("", "— ask the player —"), ("true", "Take the \"2\" result"), ("false", "Keep OPPORTUNITY")],
                    f"{choice_needed['character']} rolled OPPORTUNITY against the {choice_needed['denizen']}",
                )
            else:
                self.fields["choice"] = choice(
                    [("", "— ask the player —")] + [(option, option) for option in choice_needed["options"]],
                    f"Which of {choice_needed['character']}'s hirelings takes {choice_needed['denizen']}",
                )

    def to_entries(self, previous: dict[str, Any]) -> dict[str, Any]:
        entries = dict(previous)
        data = self.cleaned_data
        if "battling" in self.fields:
            entries["battling"] = [dict(zip(("group", "character"), pair.split("|", 1))) for pair in data.get("battling", [])]
        if "meetings" in self.fields:
            # A player's earlier OPPORTUNITY choice stays with its roll.
            earlier = {(m["group"], m["character"]): m for m in entries.get("meetings") or []}
            meetings = [earlier.get(tuple(pair.split("|", 1))) or dict(zip(("group", "character"), pair.split("|", 1)))
                        for pair in data.get("meetings", [])]
            if meetings:
                entries["meetings"] = meetings
            else:
                entries.pop("meetings", None)
            table = {column: [cell.strip() for cell in data.get(f"meeting_{column}", "").split("|")]
                     for column in MEETING_COLUMNS if data.get(f"meeting_{column}", "").strip()}
            if table:
                entries["meeting_table"] = table
            else:
                entries.pop("meeting_table", None)
        if self.choice_needed and data.get("choice"):
            path = self.choice_needed["path"]
            if path.startswith("meetings["):
                index = int(path.split("[", 1)[1].split("]", 1)[0])
                if index < len(entries.get("meetings") or []):
                    entries["meetings"][index] = {**entries["meetings"][index], "take_row_two": data["choice"] == "true"}
            else:
                entries["choices"] = {**(entries.get("choices") or {}), self.choice_needed["denizen"]: data["choice"]}
            entries.pop("choice_needed", None)
        return entries


MEETING_COLUMNS = ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")


def initial_from_round_entries(entries: dict[str, Any]) -> dict[str, Any]:
    initial: dict[str, Any] = {
        "battling": [f"{b['group']}|{b['character']}" for b in entries.get("battling") or []],
        "meetings": [f"{m['group']}|{m['character']}" for m in entries.get("meetings") or []],
    }
    for column, rows in (entries.get("meeting_table") or {}).items():
        initial[f"meeting_{column}"] = " | ".join(rows)
    return initial


RULING_CHOICES = [("", "— choose the outcome —"), ("no_effect", "No effect"), ("killed", "The target is killed"),
                  ("wounds", "The target takes wounds"), ("fatigue", "The target owes fatigue"),
                  ("other", "Another outcome, in words (no change the engine keeps)")]


class GmRulingsForm(forms.Form):
    """The GM's ruling on each magic attack the round waits for (a Demon's Power of the Pit, the Imp's
    Curse: the sources give no table, systems.magic_realm.engine.magic_attacks). Three fields per attack, numbered by its
    place in `needed`: the outcome, how many wounds or asterisks of fatigue, and the ruling in words."""

    def __init__(self, *args, needed: list[dict[str, Any]], characters: set[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.needed = needed
        for index, attack in enumerate(needed):
            choices = [c for c in RULING_CHOICES if attack["target"] in characters or c[0] not in ("wounds", "fatigue")]
            self.fields[f"outcome_{index}"] = choice(
                choices, f"{attack['attacker']}'s {attack['spell']} against {attack['target']}: the outcome",
            )
            self.fields[f"amount_{index}"] = forms.IntegerField(
                required=False, min_value=1, max_value=12, label="How many wounds or asterisks of fatigue",
            )
            self.fields[f"note_{index}"] = forms.CharField(
                required=False, max_length=300, label="The ruling in words",
                help_text="Kept in the log (what the GM rolled or decided, a curse's name…)",
                validators=[validate_one_line],
            )

    def clean(self):
        data = super().clean()
        for index, attack in enumerate(self.needed):
            outcome = data.get(f"outcome_{index}")
            if not outcome:
                self.add_error(f"outcome_{index}", f"Choose what {attack['attacker']}'s {attack['spell']} does.")
            elif outcome in ("wounds", "fatigue") and not data.get(f"amount_{index}"):
                what = "wounds" if outcome == "wounds" else "asterisks of fatigue"
                self.add_error(f"amount_{index}", f"How many {what} {attack['target']} takes: a number from 1 to 12.")
            elif outcome == "other" and not (data.get(f"note_{index}") or "").strip():
                self.add_error(f"note_{index}", "Say in words what the GM ruled: the engine keeps no state for it.")
        return data

    def to_entries(self, previous: dict[str, Any]) -> dict[str, Any]:
        """The round's GM entries with these rulings (one per attacker and target) in `gm_rulings`."""
        data = self.cleaned_data
        ruled = []
        for index, attack in enumerate(self.needed):
            ruling = {"attacker": attack["attacker"], "target": attack["target"], "outcome": data[f"outcome_{index}"]}
            if ruling["outcome"] in ("wounds", "fatigue"):
                ruling["amount"] = data[f"amount_{index}"]
            if (data.get(f"note_{index}") or "").strip():
                ruling["note"] = data[f"note_{index}"].strip()
            ruled.append(ruling)
        answered = {(r["attacker"], r["target"]) for r in ruled}
        kept = [r for r in previous.get("gm_rulings") or [] if (r["attacker"], r["target"]) not in answered]
        return {**previous, "gm_rulings": kept + ruled}


def initial_from_rulings(needed: list[dict[str, Any]], given: list[dict[str, Any]]) -> dict[str, Any]:
    by_attack = {(r["attacker"], r["target"]): r for r in given or []}
    initial: dict[str, Any] = {}
    for index, attack in enumerate(needed):
        ruling = by_attack.get((attack["attacker"], attack["target"])) or {}
        initial[f"outcome_{index}"] = ruling.get("outcome", "")
        initial[f"amount_{index}"] = ruling.get("amount")
        initial[f"note_{index}"] = ruling.get("note", "")
    return initial
