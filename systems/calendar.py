"""A campaign's calendar as its combat system keeps it: part of the systems interface (systems/interface.py), pure
Python, and the shared defaults of a system whose campaigns simply count the days.

Every campaign counts months of four weeks of seven days (the day of the month is 1 to 28); what a system adds to
the date (Magic Realm's seasons and weather) is its own, kept in the campaign's calendar state, a JSON object in
the system's own words that the app stores and hands back without reading it. A week may be shorter than seven
days where the system's rules say so: it then starts late (on its (8 - D)th day), so that week 2 always starts
within days 8 to 14.

new_calendar(options, dice) -> dict
    The calendar state of a new campaign with those options (dice: `systems.dice`, for what the rules draw at the
    start: Magic Realm's hidden weather chit).

end_week(options, state, month, day, dice) -> WeekEnd
    The end of the week `day` of `month` lies in: the first day (and month) of the next week, the new state, and
    what happened, in words (`Fact`s, each with its rule and arithmetic, the ones only the GM may see marked
    `gm_only`).

calendar_facts(options, state, month) -> CalendarFacts
    What everyone may know now beyond the date (pages, the dashboard, players' emails): never a secret.

gm_calendar(options, state, month) -> GmCalendar
    What only the GM may know now (the hidden weather chit) and what ending the week will do, for his pages alone.

check_calendar(state) -> list[FieldError]
    What is wrong in a state a GM typed or a file brought, by key, for the keys the system keeps.

check_old_calendar(old) -> list[FieldError]
    What is wrong, by key ("weather_chit", "rolls[0].die"), in a calendar as Herald kept it before issue #11 that a
    file brought, for what `calendar_from_old` reads of it beyond each roll's month and week (which the campaign
    layer checks, as it keeps them).

calendar_from_old(old) -> tuple[dict, tuple[tuple[Fact, ...], ...]]
    The state and each week end's facts from the calendar as Herald kept it before issue #11 (the campaign's own
    `weather` and `weather_chit`, and its weather rolls): what the data migration and an old file's import read
    (the import once `check_old_calendar` finds nothing wrong).

`options` is what the campaign's rounds are resolved under (`Campaign.round_rules()`), `state` the campaign's
calendar state. None of these changes what it is given.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

from systems.dice import Dice
from systems.errors import FieldError

DAYS_IN_WEEK = 7
WEEKS_IN_MONTH = 4
DAYS_IN_MONTH = DAYS_IN_WEEK * WEEKS_IN_MONTH
SHORT_WEEK_RULE = "a week of D days starts on its (8 - D)th day"  # realmspeak-notes 2.4, kept for every system


class CalendarError(ValueError):
    """A date that is not one of the calendar's, or a die or week that cannot be."""


@dataclass(frozen=True)
class Fact:
    """One fact of the calendar in words: `label` ("Weather"), `text` (with the arithmetic where there is some),
    the `rule` it follows ("" when none) and whether only the GM may see it (a hidden chit)."""

    label: str
    text: str
    rule: str = ""
    gm_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fact:
        return cls(str(data["label"]), str(data["text"]), str(data.get("rule") or ""), bool(data.get("gm_only")))


@dataclass(frozen=True)
class Table:
    """A reference table the calendar page shows (Magic Realm: the season's weather rows): `current`, the row that
    holds now (None: none), and a `note` under it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    current: int | None = None
    note: str = ""


@dataclass(frozen=True)
class CalendarFacts:
    """What everyone may know of the calendar now beyond the date: `facts` for the pages (season, weather and its
    effects), the same in one `line` for emails and the dashboard ("" when there is nothing beyond the date), and
    reference `tables`. Never a secret: players' emails carry it."""

    facts: tuple[Fact, ...] = ()
    line: str = ""
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class GmCalendar:
    """What only the GM may know of the calendar now (`hidden`, for his calendar page), and what ending the week
    will do: `also`, a few words after "End the week and" ("roll the weather"; "" when it does nothing more), and
    `explained`, the sentences his confirmation page gives (they may name what is hidden)."""

    hidden: tuple[Fact, ...] = ()
    also: str = ""
    explained: tuple[str, ...] = ()


@dataclass(frozen=True)
class WeekEnd:
    """What the end of a week did: the new date (the first day of the next week: `day` of `month`), the new
    calendar `state`, and the `facts` in words, in order, those only the GM may see marked."""

    month: int
    day: int
    state: dict[str, Any] = field(default_factory=dict)
    facts: tuple[Fact, ...] = ()

    @property
    def week(self) -> int:
        return week_of_day(self.day)

    def public_facts(self) -> tuple[Fact, ...]:
        return tuple(fact for fact in self.facts if not fact.gm_only)


def week_of_day(day: int) -> int:
    return (day - 1) // DAYS_IN_WEEK + 1


def first_day_of_week(week: int, days: int) -> int:
    """The day of the month week `week` starts on when it has `days` days: a short week skips its first 7 - days
    (realmspeak-notes 2.4: the day counter advances by 8 - D)."""
    if not 1 <= days <= DAYS_IN_WEEK:
        raise CalendarError(f"a week has 1 to 7 days, not {days}")
    return (week - 1) * DAYS_IN_WEEK + 1 + (DAYS_IN_WEEK - days)


def week_after(month: int, week: int) -> tuple[int, int]:
    """The month and number of the week after week `week` of `month`."""
    return (month + 1, 1) if week >= WEEKS_IN_MONTH else (month, week + 1)


def next_week(month: int, day: int) -> tuple[int, int, int]:
    """The month the week after the one `day` lies in belongs to, its week number, and the week that ends."""
    if not isinstance(month, int) or not isinstance(day, int) or month < 1 or not 1 <= day <= DAYS_IN_MONTH:
        raise CalendarError(f"month {month!r}, day {day!r} is not a date of the calendar")
    week = week_of_day(day)
    return (*week_after(month, week), week)


def next_week_fact(month: int, week: int, days: int) -> Fact:
    """The week that begins, in words: its number, its days and the day it starts on (a number of days that no
    week has, from an old record, reads as 7)."""
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= DAYS_IN_WEEK:
        days = DAYS_IN_WEEK
    start = first_day_of_week(week, days)
    if days == DAYS_IN_WEEK:
        return Fact("Next week", f"week {week} of month {month} starts on day {start}")
    return Fact("Next week", f"week {week} of month {month} has {days} days: it starts on day {start}",
                SHORT_WEEK_RULE)


# --- the defaults of a system whose campaigns count the days (each exported under the interface's name) -------


def no_calendar(options: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    """`new_calendar` of a system that keeps nothing beyond the date: an empty state, no die thrown."""
    return {}


def seven_day_weeks(options: Mapping[str, Any], state: Mapping[str, Any], month: int, day: int, dice: Dice) -> WeekEnd:
    """`end_week` of a system whose weeks all have seven days: the next week's first day, nothing thrown."""
    next_month, week, _ = next_week(month, day)
    return WeekEnd(next_month, first_day_of_week(week, DAYS_IN_WEEK), dict(state),
                   (next_week_fact(next_month, week, DAYS_IN_WEEK),))


def date_only(options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> CalendarFacts:
    """`calendar_facts` of a system that keeps nothing beyond the date: the pages show the date alone."""
    return CalendarFacts()


def nothing_hidden(options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> GmCalendar:
    """`gm_calendar` of a system that keeps nothing beyond the date."""
    return GmCalendar(explained=("The week ends: the next one has 7 days.",))


def any_calendar(state: Mapping[str, Any]) -> list[FieldError]:
    """`check_calendar` of a system that keeps no key of its own in the state."""
    return []


def old_weather_dropped(old: Mapping[str, Any]) -> list[FieldError]:
    """`check_old_calendar` of a system that never had weather: it reads only each roll's month and week, so the
    old weather, chit and rolls' dice are never wrong."""
    return []


def old_weeks_counted(old: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[tuple[Fact, ...], ...]]:
    """`calendar_from_old` of a system that never had weather: the old weather and chit dropped, each week that
    ended the seven-day week after it."""
    return {}, tuple(old_week_counted(roll) for roll in old.get("rolls", ()))


def old_week_counted(roll: Mapping[str, Any]) -> tuple[Fact, ...]:
    """The facts of an old week end that rolled no weather: the seven-day week that followed it."""
    return (next_week_fact(*week_after(roll["month"], roll["week"]), DAYS_IN_WEEK),)


def facts_from(data: Sequence[Mapping[str, Any]]) -> tuple[Fact, ...]:
    """Facts as stored (`Fact.to_dict`)."""
    return tuple(Fact.from_dict(entry) for entry in data)
