"""The campaign calendar: seasons, the end-of-week weather roll and its effects. Pure Python, no Django.

Optional rule: Seasons and Weather (2nd edition; realmspeak-notes 2.4). A month has four weeks of
seven days (28 days). The season follows the month, cycling through the thirteen seasons from the
starting one. At the end of each week the weather is the higher of a die and the hidden weather chit:
1-3 Special, 4 Storm, 5 Showers, 6 Clear; then a new chit is drawn. The weather's row of the seasons
table gives the days in the coming week (a short week skips its first days), the basic, sunlight and
sheltered phases, whether water is frozen and a special note.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable

from systems.magic_realm.engine.catalogue import Season, WeatherEffect
from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.ruleset import SEASONS

DAYS_IN_WEEK = 7
WEEKS_IN_MONTH = 4
DAYS_IN_MONTH = DAYS_IN_WEEK * WEEKS_IN_MONTH
WEATHER_TYPES: tuple[str, ...] = ("clear", "showers", "storm", "special")

class CalendarError(ValueError):
    pass


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


def week_of_day(day: int) -> int:
    return (day - 1) // DAYS_IN_WEEK + 1


def first_day_of_week(week: int, days: int) -> int:
    """The day of the month a week starts on: a week of `days` days skips its first 7 - days
    (realmspeak-notes 2.4: the day counter advances by 8 - D)."""
    if not 1 <= days <= DAYS_IN_WEEK:
        raise CalendarError(f"a week has 1 to 7 days, not {days}")
    return (week - 1) * DAYS_IN_WEEK + 1 + (DAYS_IN_WEEK - days)


def describe_effect(effect: WeatherEffect) -> dict[str, Any]:
    """The effects of one weather row as stored in the roll log and shown to GMs and players."""
    return asdict(effect)


@dataclass(frozen=True)
class WeekEnd:
    """What the end of a week did: the roll (None without Seasons and Weather) and the new date."""

    ended_month: int
    ended_week: int
    month: int
    day: int
    season: str | None
    die: int | None
    chit: int | None
    weather: str
    next_chit: int | None
    effects: dict[str, Any]

    @property
    def week(self) -> int:
        return week_of_day(self.day)


def end_week(
    *,
    month: int,
    day: int,
    weather_chit: int,
    starting_season: str | None,
    dice: Dice,
    season_lookup: Callable[[str], Season],
) -> WeekEnd:
    """End the current week: roll the weather (if seasons are in use), draw a new hidden chit, and move
    to the first day of the next week, which a short week starts late.

    Without Seasons and Weather (`starting_season` None) there is no roll and every week has 7 days.
    The weather rolled decides the coming week, so its season is the season of the week that begins.
    """
    if month < 1 or not 1 <= day <= DAYS_IN_MONTH:
        raise CalendarError(f"month {month}, day {day} is not a date of the calendar")
    week = week_of_day(day)
    next_month, next_week = (month + 1, 1) if week == WEEKS_IN_MONTH else (month, week + 1)
    if starting_season is None:
        return WeekEnd(
            ended_month=month, ended_week=week, month=next_month,
            day=first_day_of_week(next_week, DAYS_IN_WEEK), season=None, die=None, chit=None,
            weather="clear", next_chit=None, effects={},
        )
    season_name = season_for_month(starting_season, next_month)
    die = dice.roll(1, f"Weather: end of month {month} week {week}").dice[0]
    weather = weather_result(die, weather_chit)
    next_chit = dice.roll(1, "Weather chit: drawn for the next week").dice[0]
    effect = season_lookup(season_name).weather[weather]
    return WeekEnd(
        ended_month=month, ended_week=week, month=next_month,
        day=first_day_of_week(next_week, effect.days), season=season_name, die=die, chit=weather_chit,
        weather=weather, next_chit=next_chit, effects=describe_effect(effect),
    )
