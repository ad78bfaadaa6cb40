"""Every system's calendar through the interface (systems/calendar.py): a new campaign's state is one it accepts,
each week end moves to the next week's first day within days 8-14 of a week's slot, the facts everyone may know are
never the GM's, and a system without a calendar counts 7-day weeks and shows the date alone."""

import pytest
from hypothesis import given, strategies as st

from systems import SYSTEMS, get_system
from systems.calendar import (DAYS_IN_MONTH, DAYS_IN_WEEK, CalendarFacts, Fact, GmCalendar, WeekEnd, facts_from,
                              week_of_day)
from systems.dice import ScriptedDice, SeededDice

CALENDAR = ("new_calendar", "end_week", "calendar_facts", "gm_calendar", "check_calendar", "check_old_calendar",
            "calendar_from_old")
WITHOUT_CALENDAR = [name for name in SYSTEMS if name != "magic-realm"]


def options_of(system):
    """Every preset of the system, as the options a campaign of it keeps."""
    return [{"preset": preset.name} for preset in system.options().presets]


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_the_calendar(name):
    system = get_system(name)
    assert set(CALENDAR) <= set(system.__all__)


@pytest.mark.parametrize("name", SYSTEMS)
@given(seed=st.integers(0, 2**32), month=st.integers(1, 30), day=st.integers(1, DAYS_IN_MONTH))
def test_a_week_ends_on_the_first_day_of_the_next_week_and_the_state_stays_valid(name, seed, month, day):
    system = get_system(name)
    for options in options_of(system):
        dice = SeededDice(seed)
        state = system.new_calendar(options, dice)
        assert system.check_calendar(state) == []
        week = system.end_week(options, state, month, day, dice)
        assert isinstance(week, WeekEnd) and system.check_calendar(week.state) == []
        ended = week_of_day(day)
        assert (week.month, week.week) == ((month + 1, 1) if ended == 4 else (month, ended + 1))
        assert (week.week - 1) * DAYS_IN_WEEK < week.day <= week.week * DAYS_IN_WEEK
        assert all(isinstance(fact, Fact) and fact.text for fact in week.facts)
        assert facts_from([fact.to_dict() for fact in week.facts]) == week.facts


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_facts_everyone_may_know_are_never_the_gms(name):
    system = get_system(name)
    for options in options_of(system):
        state = system.new_calendar(options, SeededDice(7))
        for month in (1, 2, 13):
            shown = system.calendar_facts(options, state, month)
            assert isinstance(shown, CalendarFacts) and not any(fact.gm_only for fact in shown.facts)
            assert isinstance(system.gm_calendar(options, state, month), GmCalendar)


@pytest.mark.parametrize("name", WITHOUT_CALENDAR)
def test_a_system_without_a_calendar_counts_seven_day_weeks_and_shows_the_date_alone(name):
    system = get_system(name)
    options = options_of(system)[0]
    dice = ScriptedDice([])  # no die is thrown
    state = system.new_calendar(options, dice)
    assert state == {}
    day, month = 1, 1
    for _ in range(5):
        week = system.end_week(options, state, month, day, dice)
        assert week.day == (week.week - 1) * 7 + 1 and not any(fact.gm_only for fact in week.facts)
        month, day = week.month, week.day
    assert (month, day) == (2, 8)
    assert system.calendar_facts(options, state, month) == CalendarFacts()
    assert system.gm_calendar(options, state, month).hidden == ()


@pytest.mark.parametrize("name", WITHOUT_CALENDAR)
def test_a_system_without_a_calendar_drops_the_old_weather_and_keeps_the_weeks(name):
    old = {"weather": "storm", "weather_chit": 4, "rolls": [
        {"month": 1, "week": 4, "season": "", "die": None, "chit": None, "result": "clear", "effects": {}}]}
    state, weeks = get_system(name).calendar_from_old(old)
    assert state == {} and [[fact.text for fact in week] for week in weeks] == [["week 1 of month 2 starts on day 1"]]


@pytest.mark.parametrize("name", WITHOUT_CALENDAR)
def test_a_system_without_a_calendar_finds_nothing_wrong_in_the_old_weather_it_drops(name):
    old = {"weather": "fog", "rolls": [{"month": 1, "week": 4, "die": 9, "result": 3, "effects": []}]}
    assert get_system(name).check_old_calendar(old) == []
