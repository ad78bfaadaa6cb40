"""Magic Realm's calendar: seasons, the end-of-week weather roll and its effects, behind the systems interface
(systems/calendar.py). Pure Python, no Django; moved here from the campaign layer (issue #11).

Optional rule: Seasons and Weather (2nd edition; realmspeak-notes 2.4), BIMR4's house rule. A month has four weeks
of seven days (28 days). The season follows the month, cycling through the thirteen seasons from the starting one.
At the end of each week the weather is the higher of a die and the hidden weather chit: 1-3 Special, 4 Storm,
5 Showers, 6 Clear; then a new chit is drawn. The weather's row of the seasons table gives the days in the coming
week (a short week skips its first days), the basic, sunlight and sheltered phases, whether water is frozen and a
special note. The weather rolled at the end of week 4 belongs to the first week of the next month, so it uses that
month's season. The game starts in Clear weather with a chit drawn when the campaign is created.

The calendar state is {"weather": one of WEATHER_TYPES, "chit": 1-6}: the weather of the week in play and the
hidden chit, which only the GM ever sees. The chit is drawn whether or not the rule is on, so that turning it on
later finds one. Without Seasons and Weather a week ends with no roll and every week has 7 days.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any, Mapping

from systems.calendar import (DAYS_IN_WEEK, CalendarError, CalendarFacts, Fact, GmCalendar, Table, WeekEnd,
                              first_day_of_week, next_week, next_week_fact, old_week_counted, seven_day_weeks,
                              week_after)
from systems.dice import Dice
from systems.errors import FieldError
from systems.magic_realm.engine.catalogue import WeatherEffect
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import SEASONS, RuleSetError, rules_from

WEATHER_TYPES: tuple[str, ...] = ("clear", "showers", "storm", "special")
WEATHER_TITLES = {"clear": "Clear", "showers": "Showers", "storm": "Storm", "special": "Special"}
RULE = "Seasons and Weather (realmspeak-notes 2.4)"
FIRST_WEATHER = "clear"  # realmspeak-notes 2.4: the game starts in Clear weather
FIRST_CHIT = 1  # a state that names no chit (a campaign made before it had a state) reads this one
WEATHER_OFF = Fact("Weather", "Seasons and Weather is off: no weather is rolled")  # a week's end with the rule off


def season_for_month(starting_season: str, month: int) -> str:
    """The season of `month` (1 = the first month): the seasons cycle in order from the starting one
    (realmspeak-notes 2.4, Month → season)."""
    if starting_season not in SEASONS:
        raise CalendarError(f"unknown season {starting_season!r}; seasons are {', '.join(SEASONS)}")
    if month < 1:
        raise CalendarError(f"months count from 1, not {month}")
    return SEASONS[(SEASONS.index(starting_season) + month - 1) % len(SEASONS)]


def weather_result(die: int, chit: int) -> str:
    """Seasons and Weather: the weather is the higher of the die and the hidden weather chit;
    1-3 Special, 4 Storm, 5 Showers, 6 Clear."""
    for name, value in (("die", die), ("chit", chit)):
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise CalendarError(f"the weather {name} shows 1 to 6, not {value!r}")
    high = max(die, chit)
    if high <= 3:
        return "special"
    return {4: "storm", 5: "showers", 6: "clear"}[high]


def describe_effect(effect: WeatherEffect) -> dict[str, Any]:
    """The effects of one weather row, as the old weather rolls kept them."""
    return asdict(effect)


def starting_season(options: Mapping[str, Any]) -> str | None:
    """The starting season when the options play with Seasons and Weather, else None."""
    try:
        rules = rules_from(dict(options) if options else "standard")
    except RuleSetError:
        return None
    return rules.starting_season if rules.seasons_and_weather else None


def weather_of(state: Mapping[str, Any]) -> str:
    return state.get("weather", FIRST_WEATHER)


def chit_of(state: Mapping[str, Any]) -> int:
    return state.get("chit", FIRST_CHIT)


# --- the interface ----------------------------------------------------------------------------------------


def new_calendar(options: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    """Clear weather and a hidden chit drawn."""
    return {"weather": FIRST_WEATHER, "chit": dice.throw(1, 6, "Weather chit: first draw").faces[0]}


def end_week(options: Mapping[str, Any], state: Mapping[str, Any], month: int, day: int, dice: Dice) -> WeekEnd:
    """End the current week: roll the weather (with Seasons and Weather), draw a new hidden chit, and move to the
    first day of the next week, which a short week starts late. The weather rolled decides the coming week, so its
    season is the season of the week that begins."""
    season = starting_season(options)
    if season is None:  # the default's seven-day week, the weather back to Clear and said not rolled
        counted = seven_day_weeks(options, state, month, day, dice)
        return replace(counted, state={**counted.state, "weather": FIRST_WEATHER}, facts=(WEATHER_OFF, *counted.facts))
    next_month, week, ended = next_week(month, day)
    season_name = season_for_month(season, next_month)
    die = dice.throw(1, 6, f"Weather: end of month {month} week {ended}").faces[0]
    chit = chit_of(state)
    weather = weather_result(die, chit)
    next_chit = dice.throw(1, 6, "Weather chit: drawn for the next week").faces[0]
    effect = get_catalogue().season(season_name).weather[weather]
    return WeekEnd(next_month, first_day_of_week(week, effect.days), {**state, "weather": weather, "chit": next_chit},
                   weather_facts(season_name, die, chit, weather, describe_effect(effect), next_chit, next_month, week))


def weather_facts(season: str, die: int, chit: int, weather: str, effect: Mapping[str, Any], next_chit: int | None,
                  month: int, week: int) -> tuple[Fact, ...]:
    """A week end's weather roll in words: the die against the hidden chit (the GM's), the weather of the week that
    begins with its effects, that week, and the new chit (the GM's)."""
    high = max(die, chit)
    facts = [
        Fact("Weather roll", f"die {die} against the hidden weather chit {chit}: the higher, {high}, is "
                             f"{WEATHER_TITLES.get(weather, weather)} (1-3 Special, 4 Storm, 5 Showers, 6 Clear)",
             RULE, gm_only=True),
        Fact("Weather", f"{season}: {effect_words(weather, effect)}", RULE),
        next_week_fact(month, week, effect.get("days", DAYS_IN_WEEK)),
    ]
    if next_chit is not None:
        facts.append(Fact("Weather chit", f"a new hidden chit is drawn: {next_chit}", RULE, gm_only=True))
    return tuple(facts)


def effect_words(weather: str, effect: Mapping[str, Any]) -> str:
    """'Showers (showers): 6 days; phases 2 basic, 3 sunlight, 0 sheltered; water is frozen. <note>'."""
    days = effect.get("days")
    words = (f"{effect.get('name') or WEATHER_TITLES.get(weather, weather)} ({weather}): {days} day"
             f"{'' if days == 1 else 's'}; phases {effect.get('basic')} basic, {effect.get('sunlight')} sunlight, "
             f"{effect.get('sheltered')} sheltered")
    if effect.get("frozen_water"):
        words += "; water is frozen"
    return words + (f". {effect['note']}" if effect.get("note") else "")


def calendar_facts(options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> CalendarFacts:
    """The season, the weather with this week's effects and the season's table; without Seasons and Weather, that
    every week has 7 days. Never the chit."""
    season = starting_season(options)
    if season is None:
        return CalendarFacts((Fact("Seasons", "Seasons and Weather is off: every week has 7 days."),))
    table = get_catalogue().season(season_for_month(season, month))
    weather = weather_of(state)
    effect = table.weather[weather]
    facts = [Fact("Season", table.name), Fact("Weather", f"{effect.name} ({weather})", RULE),
             Fact("This week", f"{effect.days} day{'' if effect.days == 1 else 's'}; phases {effect.basic} basic, "
                               f"{effect.sunlight} sunlight, {effect.sheltered} sheltered"
                               f"{'; water is frozen' if effect.frozen_water else ''}")]
    if effect.note:
        facts.append(Fact("Note", effect.note))
    rows = tuple((kind, row.name, str(row.days), str(row.basic), str(row.sunlight), str(row.sheltered),
                  "yes" if row.frozen_water else "no", row.note or "")
                 for kind, row in ((kind, table.weather[kind]) for kind in WEATHER_TYPES))
    seasons_table = Table(
        f"{table.name}: the seasons table",
        ("Weather", "Name", "Days", "Basic", "Sunlight", "Sheltered", "Frozen water", "Note"), rows,
        WEATHER_TYPES.index(weather),
        f"Victory points per month {table.victory_points} · 7th-day magic {', '.join(table.seventh_day_magic)} · "
        f"mountain cost {table.mountain_cost} phases")
    return CalendarFacts(tuple(facts), f"{table.name}, weather: {effect.name}", (seasons_table,))


def gm_calendar(options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> GmCalendar:
    """The hidden chit, and that ending the week rolls the weather against it (with Seasons and Weather)."""
    if starting_season(options) is None:
        return GmCalendar(explained=("The week ends. Seasons and Weather is off: no weather is rolled.",))
    chit = chit_of(state)
    return GmCalendar(
        (Fact("Hidden weather chit (GMs only)", str(chit), RULE, gm_only=True),), "roll the weather",
        (f"The week ends and the weather for the next one is rolled: one die against the hidden weather chit "
         f"({chit}), the higher of the two; then a new chit is drawn.",))


def check_calendar(state: Mapping[str, Any]) -> list[FieldError]:
    errors = []
    if "weather" in state and state["weather"] not in WEATHER_TYPES:
        errors.append(FieldError("weather", f"must be one of {', '.join(WEATHER_TYPES)}, not {state['weather']!r}"))
    chit = state.get("chit", FIRST_CHIT)
    if not isinstance(chit, int) or isinstance(chit, bool) or not 1 <= chit <= 6:
        errors.append(FieldError("chit", f"must be a whole number from 1 to 6, not {chit!r}"))
    return errors


OLD_SEASON_LENGTH = 30  # an old weather roll's season was a 30-character column


def check_old_calendar(old: Mapping[str, Any]) -> list[FieldError]:
    """The old calendar's weather, hidden chit and weather rolls checked as that format had them, by key: the
    weather one of WEATHER_TYPES, the chit a die's face, and each roll's result a weather, its die, chit and next
    chit a face or null, its season short text and its effects an object."""
    errors = _old_entry(old, "weather", str, "")
    if not errors and old["weather"] not in WEATHER_TYPES:
        errors.append(FieldError("weather", f"must be one of {', '.join(WEATHER_TYPES)}"))
    wrong_chit = _old_entry(old, "weather_chit", int, "")
    if not wrong_chit and not 1 <= old["weather_chit"] <= 6:
        wrong_chit.append(FieldError("weather_chit", "must be 1 to 6"))
    errors += wrong_chit
    for position, roll in enumerate(old.get("rolls") or ()):
        path = f"rolls[{position}]"
        wrong = _old_entry(roll, "result", str, path)
        if not wrong and roll["result"] not in WEATHER_TYPES:
            wrong.append(FieldError(f"{path}.result", f"must be one of {', '.join(WEATHER_TYPES)}"))
        for key in ("die", "chit", "next_chit"):
            value = roll.get(key)
            if value is not None and (not isinstance(value, int) or not 1 <= value <= 6):
                wrong.append(FieldError(f"{path}.{key}", f"must be 1 to 6 or null, not {value!r}"))
        if len(str(roll.get("season") or "")) > OLD_SEASON_LENGTH:
            wrong.append(FieldError(f"{path}.season", f"must be at most {OLD_SEASON_LENGTH} characters"))
        if not isinstance(roll.get("effects", {}), Mapping):
            wrong.append(FieldError(f"{path}.effects", f"must be an object, not {type(roll['effects']).__name__}"))
        errors += wrong
    return errors


def _old_entry(data: Mapping[str, Any], key: str, kind: type, path: str) -> list[FieldError]:
    """The error of a key the old format required, of a JSON type (a boolean is no number)."""
    where = f"{path}.{key}" if path else key
    if key not in data:
        return [FieldError(where, "is missing")]
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        return [FieldError(where, f"must be {kind.__name__}, not {type(value).__name__}")]
    return []


def calendar_from_old(old: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[tuple[Fact, ...], ...]]:
    """The campaign's old `weather` and `weather_chit` as the state, and each old weather roll in the words
    `end_week` writes now (a roll with no die: a week that ended with the rule off)."""
    state = {"weather": old.get("weather") or FIRST_WEATHER, "chit": old.get("weather_chit") or FIRST_CHIT}
    weeks = []
    for roll in old.get("rolls", ()):
        if roll.get("die") is None or roll.get("chit") is None:
            weeks.append((WEATHER_OFF, *old_week_counted(roll)))
            continue
        weeks.append(weather_facts(roll.get("season") or "", roll["die"], roll["chit"], roll.get("result") or "",
                                   roll.get("effects") or {}, roll.get("next_chit"),
                                   *week_after(roll["month"], roll["week"])))
    return state, tuple(weeks)
