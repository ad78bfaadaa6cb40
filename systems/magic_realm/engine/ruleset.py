"""Rule sets: the presets, the overrides of spec/odds.md, the community fixes and the campaign options.

A RuleSet is immutable. Build one with `rules_from("bimr4")` or
`rules_from({"preset": "optional-3e", "kludge": False})`; every constructor validates, and an
invalid combination raises RuleSetError naming each field that is wrong and why.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from systems.options import digest

MissileTable = Literal["standard", "optional", "revised", "revised-wound", "revised-levels"]
MISSILE_TABLES: tuple[str, ...] = ("standard", "optional", "revised", "revised-wound", "revised-levels")
SEASONS: tuple[str, ...] = (
    "Christmas",
    "Ice",
    "Snow",
    "Easter",
    "Freshet",
    "Spring",
    "Midsummer",
    "High Summer",
    "Swelter",
    "Harvest",
    "Autumn",
    "Halloween",
    "Desolate",
)


class RuleSetError(ValueError):
    """One or more settings are invalid. `errors` maps each field to what is wrong with it."""

    def __init__(self, errors: dict[str, str]):
        self.errors = dict(errors)
        super().__init__("; ".join(f"{field}: {message}" for field, message in self.errors.items()))


@dataclass(frozen=True)
class RuleSet:
    preset: str = "standard"
    # The Optional Combat Rules (section 5) and their parts.
    fumble: bool = False
    stumble: bool = False
    riding_horses: bool = False
    penetrating_armor: bool = False
    missile_table: MissileTable = "standard"
    kludge: bool = False
    # Community fixes (optional-combat-rules.md, "Community fixes a GM may turn on").
    fiery_blast_undercut_penalty: int = 0
    lightning_bolt_undercut_penalty: int = 0
    alerted_spell_time: int | None = None
    fiery_blast_single_target: bool = False
    fiery_blast_no_riders: bool = False
    fiery_blast_no_dwelling_natives: bool = False
    fiery_blast_no_bounty_multiplier: bool = False
    fiery_blast_double_kludge: bool = False
    # Campaign options (bimr4-campaign-rules.txt).
    seasons_and_weather: bool = False
    starting_season: str | None = None
    watchful_natives: bool = False
    extended_treachery: bool = False
    knights_adjustment: bool = False
    expanded_meeting_table: bool = False
    unlimited_communication: bool = False
    victory_points: int = 5
    # Rulings on contested points (docs/rulings.md): Herald's reading by default, the other one for GMs
    # who rule the other way (often RealmSpeak's).
    red_after_killing_horse: bool = True
    weapon_turns_while_red: bool = False
    cancelled_attack_alerts: bool = False
    fatigued_chits_take_wounds: bool = True
    gold_only_to_leaders: bool = False

    def __post_init__(self) -> None:
        errors = validation_errors(self)
        if errors:
            raise RuleSetError(errors)

    @property
    def uses_table_modifier(self) -> bool:
        """Rule 5.4/1: the time/undercut modifier applies with every table but the standard one
        (project decision), and to Fumble rolls."""
        return self.fumble or self.missile_table != "standard"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def fingerprint(self) -> str:
        """A short, stable digest of every setting, shown in result emails. A ruling at its default is
        left out, so a rule set stored before the rulings existed keeps its fingerprint."""
        settings = {
            key: value for key, value in self.to_dict().items()
            if key != "preset" and not (key in RULING_FIELDS and value == RULING_DEFAULTS[key])
        }
        return digest(settings)

    def differences_from_preset(self) -> dict[str, Any]:
        base = PRESETS.get(self.preset, PRESETS["standard"])
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))
RULING_FIELDS: tuple[str, ...] = (
    "red_after_killing_horse",
    "weapon_turns_while_red",
    "cancelled_attack_alerts",
    "fatigued_chits_take_wounds",
    "gold_only_to_leaders",
)
RULING_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(RuleSet) if f.name in RULING_FIELDS}
_BOOL_FIELDS = {f.name for f in fields(RuleSet) if f.type == "bool"}
_INT_FIELDS = {"fiery_blast_undercut_penalty", "lightning_bolt_undercut_penalty", "victory_points"}


def validation_errors(rules: RuleSet) -> dict[str, str]:
    """Every setting that is out of range, or that another setting implies or forbids."""
    errors: dict[str, str] = {}
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(rules, name), bool):
            errors[name] = f"must be true or false, not {getattr(rules, name)!r}"
    for name in _INT_FIELDS:
        value = getattr(rules, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            errors[name] = f"must be a whole number of 0 or more, not {value!r}"
    if rules.alerted_spell_time is not None and (
        not isinstance(rules.alerted_spell_time, int) or isinstance(rules.alerted_spell_time, bool)
        or not 0 <= rules.alerted_spell_time <= 8
    ):
        errors["alerted_spell_time"] = f"must be a time from 0 to 8 or null, not {rules.alerted_spell_time!r}"
    if rules.missile_table not in MISSILE_TABLES:
        errors["missile_table"] = f"must be one of {', '.join(MISSILE_TABLES)}, not {rules.missile_table!r}"
    if isinstance(rules.victory_points, int) and rules.victory_points == 0:
        errors["victory_points"] = "must be at least 1"
    if errors:
        return errors

    if rules.missile_table == "optional" and not rules.fumble:
        errors["fumble"] = (
            "missile_table 'optional' requires fumble: the Optional Missile table and the Fumble table "
            "are one rule (5.4), adopted together"
        )
    if rules.riding_horses and not rules.uses_table_modifier:
        errors["riding_horses"] = (
            "riding_horses requires fumble or a missile table other than 'standard': the rider's own "
            "maneuver only changes the table roll (rule 5.3/2, 5.4/2)"
        )
    modifier_only = {
        "fiery_blast_undercut_penalty": rules.fiery_blast_undercut_penalty > 0,
        "lightning_bolt_undercut_penalty": rules.lightning_bolt_undercut_penalty > 0,
        "alerted_spell_time": rules.alerted_spell_time is not None,
    }
    for name, in_use in modifier_only.items():
        if in_use and rules.missile_table == "standard":
            errors[name] = (
                f"{name} changes the missile table roll, which the 'standard' missile table does not "
                "modify; choose another missile_table"
            )
    if rules.fiery_blast_double_kludge and not rules.kludge:
        errors["fiery_blast_double_kludge"] = "fiery_blast_double_kludge changes the kludge: turn kludge on"
    if rules.starting_season is not None and rules.starting_season not in SEASONS:
        errors["starting_season"] = f"must be one of {', '.join(SEASONS)}, not {rules.starting_season!r}"
    elif rules.seasons_and_weather and rules.starting_season is None:
        errors["starting_season"] = "seasons_and_weather needs a starting_season"
    elif not rules.seasons_and_weather and rules.starting_season is not None:
        errors["starting_season"] = "starting_season is only used with seasons_and_weather on"
    return errors


_OPTIONAL_2E = dict(
    fumble=True, stumble=True, riding_horses=True, penetrating_armor=True, missile_table="optional"
)
_OPTIONAL_3E = dict(_OPTIONAL_2E, missile_table="revised", kludge=True)

PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(preset="standard"),
    "optional-2e": RuleSet(preset="optional-2e", **_OPTIONAL_2E),
    "optional-3e": RuleSet(preset="optional-3e", **_OPTIONAL_3E),
    "bimr4": RuleSet(
        preset="bimr4",
        **_OPTIONAL_2E,
        seasons_and_weather=True,
        starting_season="Spring",
        watchful_natives=True,
        extended_treachery=True,
        knights_adjustment=True,
        expanded_meeting_table=True,
        unlimited_communication=True,
        victory_points=5,
    ),
    # The named community rule sets of optional-combat-rules.md.
    "je1": RuleSet(preset="je1", **_OPTIONAL_3E, fiery_blast_undercut_penalty=1),
    "je2": RuleSet(
        preset="je2",
        **dict(_OPTIONAL_3E, kludge=False, missile_table="revised-wound"),
        alerted_spell_time=1,
        fiery_blast_undercut_penalty=2,
        lightning_bolt_undercut_penalty=1,
    ),
    "jay7": RuleSet(
        preset="jay7",
        **dict(_OPTIONAL_3E, kludge=False, missile_table="revised-levels"),
        fiery_blast_undercut_penalty=3,
        fiery_blast_no_riders=True,
    ),
}
PRESET_TITLES: dict[str, str] = {
    "standard": "Standard (basic game)",
    "optional-2e": "Optional Combat Rules, 2nd edition",
    "optional-3e": "Optional Combat Rules, 3rd edition (Revised Missile table, kludge)",
    "bimr4": "BIMR4 campaign",
    "je1": 'Jesper "Je1"',
    "je2": 'Jesper "Je2"',
    "jay7": 'Jay "#7"',
}


def rules_from(spec: str | dict[str, Any] | RuleSet) -> RuleSet:
    """A preset name, or {"preset": NAME, ...overrides}, as in spec/odds.md."""
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise RuleSetError({"preset": f"unknown preset {spec!r}; presets are {', '.join(PRESETS)}"})
        return PRESETS[spec]
    if not isinstance(spec, dict):
        raise RuleSetError({"rules": "must be a preset name or an object with a preset and overrides"})
    overrides = dict(spec)
    preset_name = overrides.pop("preset", "standard")
    base = rules_from(preset_name)
    unknown = sorted(key for key in overrides if key not in FIELD_NAMES)
    if unknown:
        raise RuleSetError({key: "is not a rule setting" for key in unknown})
    return replace(base, **overrides)
