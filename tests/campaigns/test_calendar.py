"""The calendar's pure logic: seasons, the weather roll, short weeks, and the effects from the seasons table."""

import pytest

from campaigns.calendar import CalendarError, end_week, first_day_of_week, season_for_month, weather_result
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.ruleset import SEASONS


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
    return end_week(
        month=month, day=day, weather_chit=chit, starting_season=season, dice=ScriptedDice(list(dice)),
        season_lookup=get_catalogue().season,
    )


def test_ending_a_week_rolls_the_weather_and_draws_a_new_chit():
    week = end_of(day=1, chit=3, dice=[5, 2])
    assert (week.die, week.chit, week.weather, week.next_chit) == (5, 3, "showers", 2)


def test_the_chit_wins_when_it_is_higher_than_the_die():
    assert end_of(day=1, chit=6, dice=[1, 4]).weather == "clear"


def test_spring_showers_make_a_six_day_week_that_starts_on_its_second_day():
    week = end_of(day=1, chit=1, dice=[5, 1])
    spring_showers = get_catalogue().season("Spring").weather["showers"]
    assert week.effects["days"] == spring_showers.days == 6
    assert (week.month, week.day, week.week) == (1, 9, 2)
    assert week.effects["name"] == spring_showers.name
    assert (week.effects["basic"], week.effects["sunlight"], week.effects["sheltered"]) == (2, 3, 0)


def test_the_effects_carry_frozen_water_and_the_special_note():
    # After the last week of a Snow month the next month is Easter; a storm there is a Snowstorm.
    week = end_of(day=22, month=1, chit=1, dice=[4, 1], season="Snow")
    storm = get_catalogue().season("Easter").weather["storm"]
    assert week.season == "Easter"
    assert week.effects["frozen_water"] is True and storm.frozen_water
    assert week.effects["note"] == storm.note and storm.note


def test_the_last_week_of_a_month_leads_to_the_next_month_and_its_season():
    week = end_of(day=22, month=1, chit=6, dice=[1, 1])
    assert (week.ended_month, week.ended_week) == (1, 4)
    assert (week.month, week.week, week.day) == (2, 1, 1)
    assert week.season == "Midsummer"


def test_without_seasons_a_week_ends_with_no_roll_and_seven_days():
    week = end_week(month=3, day=15, weather_chit=2, starting_season=None, dice=ScriptedDice([]),
                    season_lookup=get_catalogue().season)
    assert (week.die, week.weather, week.month, week.day) == (None, "clear", 3, 22)


def test_every_season_has_an_effect_for_every_weather_result():
    catalogue = get_catalogue()
    for name in SEASONS:
        for weather in ("clear", "showers", "storm", "special"):
            effect = catalogue.season(name).weather[weather]
            assert 1 <= effect.days <= 7
