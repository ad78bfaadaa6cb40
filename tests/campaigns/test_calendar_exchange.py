"""A campaign's calendar in its file: its system's state and the weeks ended come back the same, a file written
before the calendar went through the systems interface (the campaign's own weather, chit and weather rolls) still
imports, read by its system, and a state or a week's facts that are wrong are refused naming the field."""

import copy

import pytest

from campaigns import services
from campaigns.exchange import CampaignFileError, export_campaign, import_campaign
from campaigns.models import Campaign
from systems.dice import ScriptedDice
from systems.magic_realm.engine.catalogue_data import get_catalogue

pytestmark = pytest.mark.django_db

SHOWERS = get_catalogue().season("Spring").weather["showers"]


def old_calendar():
    """The calendar of a file exported before issue #11, after one week ended with die 5 against chit 3."""
    return {
        "month": 1, "week": 2, "day": 9, "season": "Spring", "weather": "showers", "weather_chit": 6,
        "rolls": [{"month": 1, "week": 1, "season": "Spring", "die": 5, "chit": 3, "result": "showers",
                   "effects": {"name": SHOWERS.name, "days": SHOWERS.days, "basic": SHOWERS.basic,
                               "sunlight": SHOWERS.sunlight, "sheltered": SHOWERS.sheltered,
                               "frozen_water": SHOWERS.frozen_water, "note": SHOWERS.note, "note_id": None},
                   "next_chit": 6, "rolled_by": "gm-alice", "rolled_at": "2026-01-02T10:00:00+00:00"}],
    }


def test_the_calendar_comes_back_the_same_with_its_state_and_weeks(gm, campaign):
    services.advance_calendar(gm, campaign, ScriptedDice([5, 6]))
    campaign.refresh_from_db()
    exported = export_campaign(campaign)
    calendar = exported["calendar"]
    assert set(calendar) == {"month", "week", "day", "state", "weeks_ended"}
    assert calendar["state"] == {"weather": "showers", "chit": 6}
    (week,) = calendar["weeks_ended"]
    assert (week["month"], week["week"], week["ended_by"]) == (1, 1, "gm-alice")
    restored = import_campaign(exported, replace=True)
    assert export_campaign(restored) == exported


def test_an_old_file_imports_with_its_weather_chit_and_rolls_read_as_its_system_writes_them_now(gm, campaign):
    ended = services.advance_calendar(gm, campaign, ScriptedDice([5, 6]))
    exported = export_campaign(campaign)
    old = {**copy.deepcopy(exported), "calendar": old_calendar()}
    restored = import_campaign(old, replace=True)
    assert (restored.month, restored.day, restored.calendar_state) == (1, 9, {"weather": "showers", "chit": 6})
    (week_end,) = restored.week_ends.all()
    assert week_end.facts == ended.facts  # the same words as a week ended now
    assert week_end.ended_by.username == "gm-alice" and week_end.ended_at.isoformat() == "2026-01-02T10:00:00+00:00"
    assert export_campaign(restored)["calendar"]["weeks_ended"][0]["facts"] == ended.facts


def test_an_old_file_of_a_system_without_weather_keeps_its_weeks_and_drops_the_weather(gm):
    campaign = services.create_campaign(gm, "Jousts", "jousts", "three-rides", system="fallen-empire")
    exported = export_campaign(campaign)
    calendar = old_calendar()
    calendar["rolls"][0].update(die=None, chit=None, result="clear", effects={}, season="", next_chit=None)
    restored = import_campaign({**exported, "calendar": calendar}, replace=True)
    assert restored.calendar_state == {}
    assert [fact["text"] for fact in restored.week_ends.get().facts] == ["week 2 of month 1 starts on day 8"]


def test_an_old_files_weather_is_checked_as_that_format_had_it(gm, campaign):
    exported = export_campaign(campaign)
    calendar = old_calendar()
    calendar["rolls"][0]["die"] = 7
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "calendar": calendar}, replace=True)
    assert error.value.path == "calendar.rolls[0].die"
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "calendar": {**old_calendar(), "weather": "fog"}}, replace=True)
    assert error.value.path == "calendar.weather"


@pytest.mark.parametrize(("change", "path", "message"), [
    (lambda calendar: calendar.pop("weather_chit"), "calendar.weather_chit", "is missing"),
    (lambda calendar: calendar["rolls"][0].update(result="fog"), "calendar.rolls[0].result",
     "must be one of clear, showers, storm, special"),
    (lambda calendar: calendar["rolls"][0].update(season="x" * 31), "calendar.rolls[0].season",
     "must be at most 30 characters"),
    (lambda calendar: calendar["rolls"][0].update(effects=[]), "calendar.rolls[0].effects",
     "must be an object, not list"),
    (lambda calendar: calendar["rolls"][0].update(week="2"), "calendar.rolls[0].week", "must be int, not str"),
])
def test_an_old_files_weather_is_refused_by_its_system_naming_the_field_and_nothing_is_imported(gm, campaign, change,
                                                                                               path, message):
    exported = export_campaign(campaign)
    calendar = old_calendar()
    change(calendar)
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**copy.deepcopy(exported), "calendar": calendar}, replace=True)
    assert (error.value.path, error.value.message) == (path, message)
    assert export_campaign(Campaign.objects.get(slug="bimr4")) == exported


def test_an_old_file_of_a_system_without_weather_is_not_refused_over_the_weather_it_drops(gm):
    campaign = services.create_campaign(gm, "Jousts", "jousts", "three-rides", system="fallen-empire")
    calendar = {**old_calendar(), "weather": "fog"}
    calendar.pop("weather_chit")
    restored = import_campaign({**export_campaign(campaign), "calendar": calendar}, replace=True)
    assert restored.calendar_state == {} and restored.week_ends.count() == 1


@pytest.mark.parametrize(("change", "path"), [
    (lambda calendar: calendar["state"].update(weather="fog"), "calendar.state.weather"),
    (lambda calendar: calendar["state"].update(chit=0), "calendar.state.chit"),
    (lambda calendar: calendar.update(state=[]), "calendar.state"),
    (lambda calendar: calendar.update(day=29), "calendar.day"),
    (lambda calendar: calendar["weeks_ended"][0]["facts"][0].update(text=3), "calendar.weeks_ended[0].facts[0].text"),
    (lambda calendar: calendar["weeks_ended"][0]["facts"][1].update(gm_only="yes"),
     "calendar.weeks_ended[0].facts[1].gm_only"),
    (lambda calendar: calendar["weeks_ended"][0].update(ended_at="Tuesday"), "calendar.weeks_ended[0].ended_at"),
])
def test_a_broken_calendar_is_refused_naming_the_field_and_nothing_is_imported(gm, campaign, change, path):
    services.advance_calendar(gm, campaign, ScriptedDice([5, 6]))
    campaign.refresh_from_db()
    exported = export_campaign(campaign)
    broken = copy.deepcopy(exported)
    change(broken["calendar"])
    with pytest.raises(CampaignFileError) as error:
        import_campaign(broken, replace=True)
    assert error.value.path == path
    assert export_campaign(Campaign.objects.get(slug="bimr4")) == exported
