"""Magic Realm's calendar (moved from campaigns/calendar.py): seasons, the weather roll, short weeks, and the effects
from the seasons table, through the interface's functions."""

import pytest

from systems.calendar import CalendarError, first_day_of_week, seven_day_weeks
from systems.dice import ScriptedDice
from systems.magic_realm.calendar import (calendar_facts, calendar_from_old, check_calendar, check_old_calendar,
                                          end_week, gm_calendar, new_calendar, season_for_month, weather_result)
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import SEASONS, rules_from

WITH_SEASONS = rules_from("bimr4").to_dict()  # Seasons and Weather from Spring
WITHOUT = rules_from("standard").to_dict()


def with_season(season):
    return {**WITH_SEASONS, "starting_season": season}


@pytest.mark.parametrize(
    ("high", "expected"), [(1, "special"), (2, "special"), (3, "special"), (4, "storm"), (5, "showers"), (6, "clear")]
)
def test_the_weather_is_the_row_of_the_higher_of_die_and_chit(high, expected):
    for low in range(1, high + 1):
        assert weather_result(high, low) == expected
        assert weather_result(low, high) == expected


def test_over_all_36_pairs_the_weather_has_the_derived_odds():
    counts = {}
    for die in range(1, 7):
        for chit in range(1, 7):
            result = weather_result(die, chit)
            counts[result] = counts.get(result, 0) + 1
    assert counts == {"special": 9, "storm": 7, "showers": 9, "clear": 11}


def test_it_refuses_a_die_that_shows_no_face():
    with pytest.raises(CalendarError, match="die shows 1 to 6"):
        weather_result(7, 1)


def test_the_first_month_has_the_starting_season():
    assert season_for_month("Spring", 1) == "Spring"


def test_the_seasons_cycle_in_order_from_the_starting_one_and_wrap_after_thirteen_months():
    start = SEASONS.index("Spring")
    for month in range(1, 30):
        assert season_for_month("Spring", month) == SEASONS[(start + month - 1) % 13]
    assert season_for_month("Spring", 2) == "Midsummer"
    assert season_for_month("Desolate", 2) == "Christmas"
    assert season_for_month("Spring", 14) == "Spring"


def test_it_names_an_unknown_starting_season():
    with pytest.raises(CalendarError, match="Winter"):
        season_for_month("Winter", 1)


def test_a_short_week_skips_its_first_days():
    assert first_day_of_week(1, 7) == 1
    assert first_day_of_week(2, 7) == 8
    assert first_day_of_week(2, 5) == 10
    assert first_day_of_week(4, 2) == 27


def end_of(day, month=1, chit=3, dice=(6, 2), season="Spring"):
    return end_week(with_season(season), {"weather": "clear", "chit": chit}, month, day, ScriptedDice(list(dice)))


def facts(week):
    return {fact.label: fact for fact in week.facts}


def test_a_new_campaign_starts_in_clear_weather_with_a_chit_drawn():
    assert new_calendar(WITH_SEASONS, ScriptedDice([4])) == {"weather": "clear", "chit": 4}
    assert new_calendar(WITHOUT, ScriptedDice([2])) == {"weather": "clear", "chit": 2}  # ready if the rule comes on


def test_ending_a_week_rolls_the_weather_and_draws_a_new_chit():
    week = end_of(day=1, chit=3, dice=[5, 2])
    assert week.state == {"weather": "showers", "chit": 2}
    roll = facts(week)["Weather roll"]
    assert roll.gm_only and "die 5 against the hidden weather chit 3: the higher, 5, is Showers" in roll.text
    assert roll.rule == "Seasons and Weather (realmspeak-notes 2.4)"
    assert facts(week)["Weather chit"].gm_only and facts(week)["Weather chit"].text.endswith(": 2")


def test_the_chit_wins_when_it_is_higher_than_the_die():
    assert end_of(day=1, chit=6, dice=[1, 4]).state["weather"] == "clear"


def test_spring_showers_make_a_six_day_week_that_starts_on_its_second_day():
    week = end_of(day=1, chit=1, dice=[5, 1])
    spring_showers = get_catalogue().season("Spring").weather["showers"]
    assert spring_showers.days == 6
    assert (week.month, week.day, week.week) == (1, 9, 2)
    assert facts(week)["Weather"].text == (f"Spring: {spring_showers.name} (showers): 6 days; "
                                           "phases 2 basic, 3 sunlight, 0 sheltered")
    assert facts(week)["Next week"].text == "week 2 of month 1 has 6 days: it starts on day 9"


def test_the_effects_carry_frozen_water_and_the_special_note():
    # After the last week of a Snow month the next month is Easter; a storm there is a Snowstorm.
    week = end_of(day=22, month=1, chit=1, dice=[4, 1], season="Snow")
    storm = get_catalogue().season("Easter").weather["storm"]
    assert storm.frozen_water and storm.note
    text = facts(week)["Weather"].text
    assert text.startswith("Easter: ") and "water is frozen" in text and text.endswith(storm.note)


def test_the_last_week_of_a_month_leads_to_the_next_month_and_its_season():
    week = end_of(day=22, month=1, chit=6, dice=[1, 1])
    assert (week.month, week.week, week.day) == (2, 1, 1)
    assert facts(week)["Weather"].text.startswith("Midsummer: ")


def test_the_dice_name_the_week_that_ended():
    dice = ScriptedDice([1, 1])
    end_week(WITH_SEASONS, {"chit": 6}, 1, 22, dice)
    assert [throw.purpose for throw in dice.history] == ["Weather: end of month 1 week 4",
                                                         "Weather chit: drawn for the next week"]


def test_without_seasons_a_week_ends_with_no_roll_and_seven_days():
    week = end_week(WITHOUT, {"weather": "storm", "chit": 2}, 3, 15, ScriptedDice([]))
    assert (week.state, week.month, week.day) == ({"weather": "clear", "chit": 2}, 3, 22)
    assert not any(fact.gm_only for fact in week.facts)


def test_without_seasons_a_week_ends_as_the_default_seven_day_week_with_the_weather_said_not_rolled():
    state = {"weather": "storm", "chit": 2}
    week, counted = end_week(WITHOUT, state, 4, 26, ScriptedDice([])), seven_day_weeks(WITHOUT, state, 4, 26, None)
    assert [(fact.label, fact.text) for fact in week.facts] == [
        ("Weather", "Seasons and Weather is off: no weather is rolled"),
        ("Next week", "week 1 of month 5 starts on day 1")]
    assert week.facts[1:] == counted.facts and (week.month, week.day) == (counted.month, counted.day) == (5, 1)


def test_it_refuses_a_day_that_is_not_of_the_calendar():
    with pytest.raises(CalendarError, match="day 29"):
        end_week(WITH_SEASONS, {}, 1, 29, ScriptedDice([1, 1]))


def test_every_season_has_an_effect_for_every_weather_result():
    catalogue = get_catalogue()
    for name in SEASONS:
        for weather in ("clear", "showers", "storm", "special"):
            effect = catalogue.season(name).weather[weather]
            assert 1 <= effect.days <= 7


def test_the_facts_give_season_weather_and_effects_and_the_seasons_table_but_never_the_chit():
    shown = calendar_facts(WITH_SEASONS, {"weather": "storm", "chit": 5}, 1)
    rain = get_catalogue().season("Spring").weather["storm"]
    assert [(fact.label, fact.text) for fact in shown.facts] == [
        ("Season", "Spring"), ("Weather", f"{rain.name} (storm)"),
        ("This week", "6 days; phases 2 basic, 2 sunlight, 0 sheltered"), ("Note", rain.note)]
    assert shown.line == f"Spring, weather: {rain.name}"
    (table,) = shown.tables
    assert table.title == "Spring: the seasons table" and table.rows[table.current][0] == "storm"
    assert not any(fact.gm_only for fact in shown.facts)
    assert "5" not in " ".join(fact.text for fact in shown.facts) + shown.line


def test_without_seasons_the_facts_say_every_week_has_seven_days():
    shown = calendar_facts(WITHOUT, {"weather": "clear", "chit": 5}, 4)
    assert [fact.text for fact in shown.facts] == ["Seasons and Weather is off: every week has 7 days."]
    assert shown.line == "" and shown.tables == ()


def test_the_gm_sees_the_chit_and_what_ending_the_week_rolls():
    gm = gm_calendar(WITH_SEASONS, {"weather": "clear", "chit": 5}, 1)
    assert [(fact.label, fact.text, fact.gm_only) for fact in gm.hidden] == [("Hidden weather chit (GMs only)", "5", True)]
    assert gm.also == "roll the weather" and "hidden weather chit (5)" in gm.explained[0]
    off = gm_calendar(WITHOUT, {"chit": 5}, 1)
    assert off.hidden == () and off.also == "" and "no weather is rolled" in off.explained[0]


def test_a_state_with_an_unknown_weather_or_a_chit_off_the_die_is_refused_by_key():
    assert check_calendar({"weather": "clear", "chit": 6}) == []
    assert check_calendar({}) == []
    assert [error.path for error in check_calendar({"weather": "fog", "chit": 7})] == ["weather", "chit"]
    assert [error.path for error in check_calendar({"chit": True})] == ["chit"]


def test_the_old_weather_and_rolls_read_as_the_state_and_the_facts_end_week_writes():
    effect = get_catalogue().season("Spring").weather["showers"]
    new = end_week(WITH_SEASONS, {"weather": "clear", "chit": 3}, 1, 1, ScriptedDice([5, 6]))
    old = {"weather": "showers", "weather_chit": 6, "rolls": [
        {"month": 1, "week": 1, "season": "Spring", "die": 5, "chit": 3, "result": "showers",
         "effects": {"name": effect.name, "days": effect.days, "basic": effect.basic, "sunlight": effect.sunlight,
                     "sheltered": effect.sheltered, "frozen_water": effect.frozen_water, "note": effect.note},
         "next_chit": 6},
        {"month": 1, "week": 4, "season": "", "die": None, "chit": None, "result": "clear", "effects": {},
         "next_chit": None}]}
    state, weeks = calendar_from_old(old)
    assert state == {"weather": "showers", "chit": 6} == new.state
    assert weeks[0] == new.facts
    assert [fact.text for fact in weeks[1]] == ["Seasons and Weather is off: no weather is rolled",
                                                "week 1 of month 2 starts on day 1"]


def test_the_old_weather_chit_and_rolls_are_checked_as_that_format_had_them_each_error_by_key():
    roll = {"month": 1, "week": 1, "season": "Spring", "die": 5, "chit": 3, "result": "showers", "effects": {},
            "next_chit": None}
    assert check_old_calendar({"weather": "showers", "weather_chit": 6, "rolls": [roll]}) == []
    assert [(e.path, e.message) for e in check_old_calendar({"weather": "fog", "weather_chit": 7, "rolls": []})] == [
        ("weather", "must be one of clear, showers, storm, special"), ("weather_chit", "must be 1 to 6")]
    assert [(e.path, e.message) for e in check_old_calendar({"weather": "clear", "rolls": []})] == [
        ("weather_chit", "is missing")]
    assert [(e.path, e.message) for e in check_old_calendar({"weather": "clear", "weather_chit": True})] == [
        ("weather_chit", "must be int, not bool")]
    broken = {**roll, "result": "fog", "die": 7, "next_chit": "6", "season": "x" * 31, "effects": []}
    old = {"weather": "clear", "weather_chit": 0, "rolls": [broken]}
    assert [(e.path, e.message) for e in check_old_calendar(old)] == [
        ("weather_chit", "must be 1 to 6"), ("rolls[0].result", "must be one of clear, showers, storm, special"),
        ("rolls[0].die", "must be 1 to 6 or null, not 7"), ("rolls[0].next_chit", "must be 1 to 6 or null, not '6'"),
        ("rolls[0].season", "must be at most 30 characters"), ("rolls[0].effects", "must be an object, not list")]
