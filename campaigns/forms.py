"""Forms of the campaign pages. They only shape input; the services check it and raise errors per field."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from config.quick_forms import QuickLabels, QuickSelect
from systems.magic_realm.engine.ruleset import FIELD_NAMES, MISSILE_TABLES, PRESET_TITLES, PRESETS, SEASONS, RuleSet
from systems.records import number

from systems import DEFAULT_SYSTEM, SYSTEMS, get_system

from .models import through_interface
from .option_fields import SystemOptionFields
from .names import validate_one_line

# The settings page groups the rule keys; a key added to RuleSet later lands in "Other settings".
RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Optional Combat Rules", ("fumble", "stumble", "riding_horses", "penetrating_armor", "missile_table", "kludge")),
    (
        "Campaign options",
        (
            "seasons_and_weather",
            "starting_season",
            "watchful_natives",
            "extended_treachery",
            "knights_adjustment",
            "expanded_meeting_table",
            "unlimited_communication",
            "victory_points",
        ),
    ),
    (
        "Community fixes",
        (
            "fiery_blast_undercut_penalty",
            "lightning_bolt_undercut_penalty",
            "alerted_spell_time",
            "fiery_blast_single_target",
            "fiery_blast_no_riders",
            "fiery_blast_no_dwelling_natives",
            "fiery_blast_no_bounty_multiplier",
            "fiery_blast_double_kludge",
        ),
    ),
    (
        "Rulings on contested points",
        (
            "red_after_killing_horse",
            "weapon_turns_while_red",
            "cancelled_attack_alerts",
            "fatigued_chits_take_wounds",
            "gold_only_to_leaders",
        ),
    ),
)

RULE_HELP: dict[str, str] = {
    "preset": "The preset these settings started from; it only labels the rule set.",
    "fumble": "Rule 5.4: striking attacks roll on the Fumble table to adjust harm.",
    "stumble": "Rule 5.1: a MOVE chit, Boots card or horse played to run away rolls on the Stumble table.",
    "riding_horses": "Rules 5.2-5.3: a rider plays his horse and may play a maneuver of his own.",
    "penetrating_armor": "Rule 5.5: missiles that hit a character's armor penetrate it, losing a level per piece.",
    "missile_table": "Which table adjusts missile harm: standard, optional (2nd edition), or a revised variant.",
    "kludge": "The 3rd-edition kludge (optional-combat-rules.md).",
    "seasons_and_weather": "Optional rule: the season follows the month; the weather is rolled each week.",
    "starting_season": "The season of the first month.",
    "watchful_natives": "Unassigned natives are watchful: no sucker punch.",
    "extended_treachery": "A hireling turned on its own native group makes that group's hirelings rebel.",
    "knights_adjustment": "The Black Knight is Friendly, not Allied, with the Company; the White Knight with the Order.",
    "expanded_meeting_table": "An OPPORTUNITY result on the Meeting table may be taken as the '2' result.",
    "unlimited_communication": "Characters may talk privately wherever they are.",
    "victory_points": "The points each character's victory requirements must total when Seasons and Weather is off; with it on, the starting season's points from the seasons table (BIMR4: 5 in Spring).",
    "fiery_blast_undercut_penalty": "Added to the missile table roll when a Fiery Blast undercuts.",
    "lightning_bolt_undercut_penalty": "Added to the missile table roll when a Lightning Bolt undercuts.",
    "alerted_spell_time": "The attack time of an alerted attack spell; empty for the spell's own time.",
    # Rulings (docs/rulings.md): Herald's reading is the default; RealmSpeak's where it differs.
    "red_after_killing_horse": "On (Herald, RealmSpeak): a Tremendous monster that kills a rider's horse without killing "
    "the rider turns red side up and holds him. Off: it keeps its side.",
    "weapon_turns_while_red": "Off (Herald): a head or club keeps its side while its monster is red side up. "
    "On (RealmSpeak): it turns over on a 6 in its box whatever its monster shows.",
    "cancelled_attack_alerts": "Off (Herald): a cancelled attack (weapon too heavy, target already dead) leaves its weapon "
    "as it was. On (RealmSpeak): the weapon is alerted as if it had missed.",
    "fatigued_chits_take_wounds": "On (Herald, RealmSpeak): wounds go on fresh or fatigued chits, so a character dies "
    "when his wounds reach every chit not yet wounded. Off: only fresh chits count.",
    "gold_only_to_leaders": "Off (Herald): the gold bounty of a kill by any hired native goes to his owner. "
    "On (RealmSpeak): only a hired leader (HQ) earns it; a non-leader's kill pays no gold.",
}


RULE_LABELS: dict[str, str] = {
    "fumble": "Fumble table",
    "stumble": "Stumble table",
    "riding_horses": "Riding horses",
    "penetrating_armor": "Penetrating armor",
    "kludge": "Kludge",
    "seasons_and_weather": "Seasons and Weather",
    "watchful_natives": "Watchful Natives",
    "extended_treachery": "Extended Treachery",
    "knights_adjustment": "Knight's Adjustment",
    "expanded_meeting_table": "Expanded Meeting Table Opportunities",
    "unlimited_communication": "Unlimited Communication",
    "victory_points": "Victory points required",
    "red_after_killing_horse": "Tremendous monster that kills a rider's horse turns red side up",
    "weapon_turns_while_red": "Head or club changes tactics while its monster is red side up",
    "cancelled_attack_alerts": "Cancelled attack alerts its weapon",
    "fatigued_chits_take_wounds": "Fatigued chits take wounds (death by wounds)",
    "gold_only_to_leaders": "Gold from hirelings' kills only for hired leaders",
}


def rule_field(name: str, default: Any) -> forms.Field:
    label = RULE_LABELS.get(name, name.replace("_", " ").capitalize())
    help_text = RULE_HELP.get(name, "")
    if name == "preset":
        return forms.ChoiceField(label="Preset", choices=list(PRESET_TITLES.items()), help_text=help_text)
    if name == "missile_table":
        return forms.ChoiceField(label=label, choices=[(t, t) for t in MISSILE_TABLES], help_text=help_text)
    if name == "starting_season":
        return forms.ChoiceField(
            label=label, required=False, choices=[("", "— none —")] + [(s, s) for s in SEASONS], help_text=help_text
        )
    if name == "alerted_spell_time":
        return forms.IntegerField(label=label, required=False, help_text=help_text)
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    if isinstance(default, int):
        return forms.IntegerField(label=label, help_text=help_text)
    return forms.CharField(label=label, required=False, help_text=help_text)


class RuleSetForm(forms.Form):
    """Every rule setting, and the reason for the change. The engine validates the combination."""

    def __init__(self, *args, rules: RuleSet, **kwargs):
        kwargs.setdefault("initial", rules.to_dict())
        super().__init__(*args, **kwargs)
        defaults = {f.name: getattr(rules, f.name) for f in dataclass_fields(RuleSet)}
        for name in FIELD_NAMES:
            self.fields[name] = rule_field(name, defaults[name])
        self.fields["reason"] = reason_field("rules")

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        placed = {"preset", "reason"}
        result = []
        for title, names in RULE_GROUPS:
            present = [name for name in names if name in self.fields]
            placed.update(present)
            result.append((title, [self[name] for name in present]))
        others = [self[name] for name in FIELD_NAMES if name not in placed]
        if others:
            result.append(("Other settings", others))
        return result

    def changes(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data.pop("reason", None)
        if data.get("starting_season") == "":
            data["starting_season"] = None
        return data


def system_choices() -> list[tuple[str, str]]:
    """Every registered combat system by its title, the default first."""
    names = [DEFAULT_SYSTEM] + [name for name in SYSTEMS if name != DEFAULT_SYSTEM]
    return [(name, get_system(name).TITLE) for name in names]


class CampaignCreateForm(SystemOptionFields, QuickLabels, forms.Form):
    """A campaign's name, slug and combat system; then the rule-set preset of a campaign whose rules are
    rule-set versions, or the chosen system's preset and options (`SystemOptionFields`). The system is the
    one posted (or `initial["system"]`), so a form drawn again after an error shows that system's part."""

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
        if through_interface(self.system_name):
            chosen = {"preset": source.get("preset")} if source.get("preset") else {}
            self.add_system_fields(get_system(self.system_name), chosen, live_url=live_url)
        else:
            self.fields["preset"] = forms.ChoiceField(
                choices=[(name, PRESET_TITLES.get(name, name)) for name in PRESETS], initial="bimr4",
                widget=QuickSelect, help_text="The rules to start from; change any setting afterwards.",
            )
            self.options = None
        if self.initial.get("preset") not in dict(self.fields["preset"].choices):
            self.initial.pop("preset", None)  # another system's preset, before the system was changed

    @property
    def system_title(self) -> str:
        return get_system(self.system_name).TITLE

    def main_fields(self) -> list[forms.BoundField]:
        return [self["name"], self["slug"], self["system"]]

    def for_service(self) -> dict[str, Any]:
        """The keyword arguments of `services.create_campaign`."""
        data = self.cleaned_data
        arguments = {"name": data["name"], "slug": data["slug"], "preset": data["preset"],
                     "system": data.get("system") or DEFAULT_SYSTEM}
        if self.options is not None:
            arguments["options"] = {k: v for k, v in self.chosen_options().items() if k != "preset"}
        return arguments


class SystemOptionsForm(SystemOptionFields, QuickLabels, forms.Form):
    """The Rules page of a campaign of another system: its options as its current version has them, changed
    later (never its system) with the reason the new version keeps."""

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_system_fields(campaign.combat_system, campaign.round_rules())
        self.fields["reason"] = reason_field("options")


def reason_field(what: str) -> forms.CharField:
    """Why the rules or options change: the new version keeps it, and the history shows it."""
    return forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=f"Why the {what} change; it is kept in the history.",
        error_messages={"required": f"Say why the {what} change; it is kept in the history."},
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


class CharacterStateForm(forms.Form):
    wounds = forms.IntegerField(min_value=0)
    fatigue = forms.IntegerField(min_value=0)
    # A bounty divided among simultaneous killers leaves a share (systems/records.py): numbers, not whole.
    gold = forms.FloatField(min_value=0)
    fame = forms.FloatField()
    notoriety = forms.FloatField()
    killed = forms.BooleanField(required=False, help_text="Killed in a battle: no new battle takes the character.")
    horse = forms.CharField(required=False, max_length=60)
    hirelings = forms.CharField(required=False, help_text="One per line.", widget=forms.Textarea(attrs={"rows": 2}))
    chits = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text='Chit states, one per line: "FIGHT H5*: fatigued".',
    )
    armor = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text='One per line: "Helmet: damaged".'
    )
    weapons = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text='One per line: "Great Sword: alerted".'
    )

    MAPPINGS = ("chits", "armor", "weapons")

    @classmethod
    def initial_from(cls, state: dict[str, Any]) -> dict[str, Any]:
        initial = {key: state.get(key) for key in ("wounds", "fatigue", "gold", "fame", "notoriety", "killed")}
        initial["horse"] = state.get("horse") or ""
        initial["hirelings"] = "\n".join(state.get("hirelings") or [])
        for key in cls.MAPPINGS:
            initial[key] = "\n".join(f"{name}: {value}" for name, value in (state.get(key) or {}).items())
        return initial

    def _mapping(self, key: str) -> dict[str, str]:
        result = {}
        for number, line in enumerate(self.cleaned_data.get(key, "").splitlines(), start=1):
            if not line.strip():
                continue
            name, sep, value = line.rpartition(":")
            if not sep or not name.strip() or not value.strip():
                raise ValidationError({key: f'Line {number} should read "name: state", not {line.strip()!r}.'})
            result[name.strip()] = value.strip()
        return result

    def clean(self):
        cleaned = super().clean()
        for key in self.MAPPINGS:
            if key in cleaned:
                try:
                    cleaned[key] = self._mapping(key)
                except ValidationError as error:
                    self.add_error(key, error.message_dict[key])
        return cleaned

    def state(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **{key: data[key] for key in ("wounds", "fatigue")},
            **{key: number(data[key]) for key in ("gold", "fame", "notoriety")},
            "killed": bool(data.get("killed")),
            "horse": data["horse"].strip() or None,
            "hirelings": [line.strip() for line in data["hirelings"].splitlines() if line.strip()],
            **{key: data[key] for key in self.MAPPINGS},
        }


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
