"""Magic Realm's secret starting information (systems/starting.py says what each function is for): a character's
victory requirements (points per category, which must total the campaign's requirement: with Seasons and Weather
the starting season's victory points from the seasons table, BIMR4 "5 VP's needed in SPRING", else the rule set's
`victory_points`), his starting location, the spells he records (one a line, by the catalogue's names) and his MAGIC
chits that begin enchanted. A battle starts him with the spells recorded (`starting_record`), never with a chit
enchanted: the engine has no such state (docs/rulings.md, "An enchanted MAGIC chit between battles")."""

from __future__ import annotations

from typing import Any, Mapping

from systems.errors import FieldError
from systems.interface import Choice, Field, PlaysForm
from systems.magic_realm.engine.catalogue import UnknownCounter
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import rules_from
from systems.setup import lines

CATEGORIES: dict[str, str] = {"great_treasures": "Great Treasures", "usable_spells": "Usable Spells", "fame": "Fame",
                              "notoriety": "Notoriety", "gold": "Gold"}
LOCATION_LENGTH = 60  # the starting location was a 60-character column before issue #11; kept so


def required_points(options: Mapping[str, Any]) -> int:
    """The points a character's victory requirements must total under the campaign's options."""
    rules = rules_from(dict(options))
    if rules.seasons_and_weather and rules.starting_season:
        return get_catalogue().season(rules.starting_season).victory_points
    return rules.victory_points


def magic_chits(name: str) -> list[str]:
    """The character's MAGIC chits, by label (none for a name the catalogue does not know)."""
    try:
        chits = get_catalogue().character(name).chits
    except UnknownCounter:
        return []
    return sorted({chit.label for chit in chits if chit.label.upper().startswith("MAGIC")})


def starting_form(name: str, options: Mapping[str, Any]) -> PlaysForm:
    required = required_points(options)
    fields = [Field(f"vp_{key}", "number", title, None, required=False, minimum=0) for key, title in CATEGORIES.items()]
    fields += [
        Field("starting_location", "text", "Starting location", None, help="e.g. Inn, House, Guard House",
              required=False),
        Field("recorded_spells", "text", "Recorded spells", None, help="One spell per line.", required=False,
              multiline=True),
    ]
    chits = magic_chits(name)
    notes = [f"Victory requirements (must total {required} points)."]
    if chits:
        fields.append(Field("enchanted_chits", "multi-choice", "Enchanted chits", None,
                            help="MAGIC chits that begin enchanted: the GM's to keep, a battle does not read "
                                 "them (a battle has no enchanted chit).", required=False,
                            choices=tuple(Choice(label, label) for label in chits)))
    else:
        notes.append(f"The {name} has no MAGIC chits to enchant.")
    return PlaysForm(side=name, title="Secret starting information", fields=tuple(fields), notes=tuple(notes))


def check_starting(answers: Mapping[str, Any], options: Mapping[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    total = 0
    for key, title in CATEGORIES.items():
        value = answers.get(f"vp_{key}")
        if value in (None, ""):
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(FieldError(f"vp_{key}", f"{title}: must be a whole number, not {value!r}"))
        elif value < 0:
            errors.append(FieldError(f"vp_{key}", f"{title}: cannot be negative"))
        else:
            total += value
    required = required_points(options)
    if not errors and total != required:
        errors.append(FieldError("victory_requirements", f"Victory requirements: must total {required} victory "
                                                         f"points (the campaign's requirement); these total {total}"))
    for line in lines(answers.get("recorded_spells")):
        try:
            get_catalogue().spell(line)
        except UnknownCounter as error:
            errors.append(FieldError("recorded_spells", f"Recorded spells: {error}"))
    chits = answers.get("enchanted_chits") or []
    if not isinstance(chits, list) or any(not str(label).upper().startswith("MAGIC") for label in chits):
        errors.append(FieldError("enchanted_chits", "Enchanted chits: only MAGIC chits are enchanted"))
    if len(str(answers.get("starting_location") or "").strip()) > LOCATION_LENGTH:
        errors.append(FieldError("starting_location", f"Starting location: use at most {LOCATION_LENGTH} characters."))
    return errors


def starting_record(answers: Mapping[str, Any]) -> dict[str, Any]:
    """The recorded spells by their catalogue names, each once; a name the catalogue no longer knows is left out
    (the answers were checked when entered, and one stale name must not stop a battle)."""
    names = []
    for line in lines(answers.get("recorded_spells")):
        try:
            names.append(get_catalogue().spell(line).name)
        except UnknownCounter:
            continue
    return {"spells": list(dict.fromkeys(names))} if names else {}


def starting_from_old(old: Mapping[str, Any]) -> dict[str, Any]:
    """The answers from the four keys kept before issue #11 (victory_requirements, starting_location,
    recorded_spells, enchanted_chits)."""
    requirements = old.get("victory_requirements") or {}
    answers: dict[str, Any] = {f"vp_{key}": requirements[key] for key in CATEGORIES if requirements.get(key)}
    if old.get("starting_location"):
        answers["starting_location"] = old["starting_location"]
    if old.get("recorded_spells"):
        answers["recorded_spells"] = "\n".join(old["recorded_spells"])
    if old.get("enchanted_chits"):
        answers["enchanted_chits"] = list(old["enchanted_chits"])
    return answers
