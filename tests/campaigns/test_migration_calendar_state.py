"""The migrations that move the calendar to its system (issue #11) carry each campaign's weather, hidden chit and
weather rolls into its calendar state and week ends, in the words its system writes now, and going back restores
the weather and the chit."""

import datetime
import importlib
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from systems.dice import ScriptedDice
from systems.magic_realm.calendar import end_week
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import rules_from

BEFORE = [("campaigns", "0003_campaign_system")]
AFTER = [("campaigns", "0008_remove_the_weather_columns")]
carrying = importlib.import_module("campaigns.migrations.0007_carry_the_weather_over")
SHOWERS = get_catalogue().season("Spring").weather["showers"]
WHEN = datetime.datetime(2026, 1, 2, 10, 0, tzinfo=datetime.timezone.utc)


def old_roll(**fields):
    roll = {"month": 1, "week": 1, "season": "Spring", "die": 5, "chit": 3, "result": "showers",
            "effects": {"name": SHOWERS.name, "days": SHOWERS.days, "basic": SHOWERS.basic,
                        "sunlight": SHOWERS.sunlight, "sheltered": SHOWERS.sheltered,
                        "frozen_water": SHOWERS.frozen_water, "note": SHOWERS.note},
            "next_chit": 6}
    return {**roll, **fields}


def test_the_migrations_function_reads_the_old_columns_through_the_campaigns_system():
    rolls = [SimpleNamespace(**old_roll())]
    old = carrying.old_calendar("showers", 6, rolls)
    state, (facts,) = carrying.from_old("magic-realm", old)
    now = end_week(rules_from("bimr4").to_dict(), {"weather": "clear", "chit": 3}, 1, 1, ScriptedDice([5, 6]))
    assert state == {"weather": "showers", "chit": 6} and facts == now.facts
    state, (facts,) = carrying.from_old("no-longer-a-system", old)
    assert state == {} and [fact.text for fact in facts] == ["week 2 of month 1 starts on day 8"]


@pytest.mark.django_db(transaction=True)
def test_each_campaigns_weather_chit_and_rolls_are_carried_into_its_state_and_week_ends_and_back():
    executor = MigrationExecutor(connection)
    try:  # whatever fails, the database is migrated back to the latest state for the tests after this one
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        Campaign, WeatherRoll = old.get_model("campaigns", "Campaign"), old.get_model("campaigns", "WeatherRoll")
        gm = get_user_model().objects.create(username="old-gm")
        realm = Campaign.objects.create(slug="realm", name="Realm", weather="showers", weather_chit=6, month=1, day=22)
        roll = WeatherRoll.objects.create(campaign=realm, rolled_by_id=gm.pk, **old_roll())
        WeatherRoll.objects.filter(pk=roll.pk).update(rolled_at=WHEN)
        WeatherRoll.objects.create(campaign=realm, **old_roll(week=2, season="", die=None, chit=None, result="clear",
                                                               effects={}, next_chit=None))
        jousts = Campaign.objects.create(slug="jousts", name="Jousts", weather="storm", weather_chit=4,
                                         system="fallen-empire")

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER).apps
        Campaign, WeekEnd = new.get_model("campaigns", "Campaign"), new.get_model("campaigns", "WeekEnd")
        assert Campaign.objects.get(slug="realm").calendar_state == {"weather": "showers", "chit": 6}
        assert Campaign.objects.get(slug="jousts").calendar_state == {}
        first, second = WeekEnd.objects.filter(campaign__slug="realm").order_by("week")
        now = end_week(rules_from("bimr4").to_dict(), {"weather": "clear", "chit": 3}, 1, 1, ScriptedDice([5, 6]))
        assert first.facts == [fact.to_dict() for fact in now.facts]
        assert (first.month, first.week, first.ended_by_id, first.ended_at) == (1, 1, gm.pk, WHEN)
        assert [fact["text"] for fact in second.facts] == ["Seasons and Weather is off: no weather is rolled",
                                                           "week 3 of month 1 starts on day 15"]

        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        back = executor.loader.project_state(BEFORE).apps
        Campaign, WeatherRoll = back.get_model("campaigns", "Campaign"), back.get_model("campaigns", "WeatherRoll")
        realm = Campaign.objects.get(slug="realm")
        assert (realm.weather, realm.weather_chit, realm.day) == ("showers", 6, 22)
        assert (Campaign.objects.get(slug="jousts").weather, Campaign.objects.get(slug="jousts").weather_chit) == ("clear", 1)
        assert [(r.month, r.week, r.rolled_by_id) for r in WeatherRoll.objects.order_by("week")] == [(1, 1, gm.pk), (1, 2, None)]
    finally:
        MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
