"""Magic Realm's rule-set options as the systems interface describes them (systems/options.py): every setting of
the engine's `RuleSet` with its label, its help and its group (the Optional Combat Rules, the campaign options,
the community fixes, the rulings on contested points), the engine's presets, what implies or forbids what, and
the checks and fingerprint of a campaign's options. The campaign pages and the admin draw them from here. Pure
Python."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

from systems.errors import FieldError
from systems.options import Constraint, Option, Options, Preset
from systems.magic_realm.engine.ruleset import (MISSILE_TABLES, PRESET_TITLES, PRESETS, SEASONS, RuleSet,
                                                RuleSetError, rules_from)

# The pages group the settings so; a setting added to RuleSet later lands in "Other settings" (Options.groups).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
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

HELP: dict[str, str] = {
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
    "alerted_spell_time": "The attack time of an alerted attack spell (none: the spell's own time).",
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


LABELS: dict[str, str] = {
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


GROUP_OF = {name: title for title, names in GROUPS for name in names}
_GROUP_ORDER = {title: position for position, (title, _) in enumerate(GROUPS)}
NUMBERS = {"fiery_blast_undercut_penalty": (0, 6), "lightning_bolt_undercut_penalty": (0, 6),
           "victory_points": (1, 100), "alerted_spell_time": (0, 8)}
CHOICES = {"missile_table": MISSILE_TABLES, "starting_season": SEASONS}


def _option(name: str, default: Any) -> Option:
    described = {"label": LABELS.get(name, name.replace("_", " ").capitalize()), "help": HELP.get(name, ""),
                 "group": GROUP_OF.get(name, "")}
    if name in CHOICES:
        return Option(name, kind="choice", default=default, choices=CHOICES[name], nullable=default is None,
                      **described)
    if name in NUMBERS:
        low, high = NUMBERS[name]
        return Option(name, kind="number", default=default, minimum=low, maximum=high, nullable=default is None,
                      **described)
    return Option(name, kind="bool", default=default, **described)


_STANDARD = PRESETS["standard"]
OPTIONS = Options(
    # In the order the pages show them: group by group, then any setting in no group.
    options=tuple(_option(name, getattr(_STANDARD, name))
                  for name in sorted((f.name for f in dataclass_fields(RuleSet) if f.name != "preset"),
                                     key=lambda name: _GROUP_ORDER.get(GROUP_OF.get(name), len(GROUPS)))),
    presets=tuple(Preset(
        name, PRESET_TITLES.get(name, name),
        {key: value for key, value in preset.to_dict().items() if key != "preset" and value != getattr(_STANDARD, key)})
        for name, preset in PRESETS.items()),
    constraints=(
        Constraint("missile_table", "optional", "fumble", True, "the Optional Missile table and the Fumble table "
                                                              "are one rule (5.4)"),
        Constraint("fiery_blast_double_kludge", True, "kludge", True, "it changes the kludge"),
        Constraint("seasons_and_weather", True, "starting_season", None, "the weather needs a season", forbids=True),
    ),
    preset_help="The preset these settings started from; it only labels the rule set.",
)


def options() -> Options:
    return OPTIONS


def check_options(values: dict[str, Any]) -> list[FieldError]:
    """The generic checks, then the engine's own (`engine.ruleset`), which knows every combination."""
    errors = OPTIONS.check(values)
    if errors:
        return errors
    try:
        rules_from(dict(values))
    except RuleSetError as error:
        return [FieldError(name, message) for name, message in error.errors.items()]
    return []


def options_fingerprint(values: dict[str, Any]) -> str:
    """The rule set's own fingerprint (`RuleSet.fingerprint`: a ruling at its default left out), the one its
    rule-set versions and result emails have always shown: the same for the values named in full or left to
    their preset."""
    return rules_from(dict(values)).fingerprint()
