"""A campaign's calendar in its file (campaigns/exchange.py): `calendar` is {month, week, day, state, weeks_ended},
`state` its system's calendar state and each of `weeks_ended` {month, week, facts, ended_by, ended_at}, the facts
as the system's `end_week` wrote them ({label, text, rule, gm_only}).

A file written before the calendar went through the systems interface (issue #11) has the campaign's own
`weather` and `weather_chit` and its weather `rolls` instead: its system checks them (`check_old_calendar`, each
error named under `calendar.`) and reads them (`calendar_from_old`, which the data migration of the database calls
too); each roll's week, who and when are checked here, as they make the campaign's week ends.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaigns.exchange import (LARGEST_COUNT, CampaignFileError, _count, _datetime, _object, _require, _user,
                                _username, _when)
from campaigns.models import Campaign, WeekEnd
from systems import get_system
from systems.calendar import DAYS_IN_MONTH, Fact


def export_calendar(campaign: Campaign) -> dict[str, Any]:
    return {
        "month": campaign.month,
        "week": campaign.week,
        "day": campaign.day,
        "state": campaign.calendar_state,
        "weeks_ended": [
            {"month": week_end.month, "week": week_end.week, "facts": week_end.facts,
             "ended_by": _username(week_end.ended_by), "ended_at": _when(week_end.ended_at)}
            for week_end in campaign.week_ends.select_related("ended_by").order_by("ended_at", "id")
        ],
    }


@dataclass
class FileCalendar:
    """A file's calendar, checked: the date, the state and each week's end (facts as stored, who and when)."""

    month: int
    day: int
    state: dict[str, Any]
    weeks: list[dict[str, Any]] = field(default_factory=list)


def read_calendar(data: Mapping, system: str, users: dict) -> FileCalendar:
    """The file's `calendar`, new or old, checked before the campaign is made; CampaignFileError names the field."""
    calendar_data = _object(_require(data, "calendar", dict, ""), "calendar")
    month = _require(calendar_data, "month", int, "calendar")
    day = _require(calendar_data, "day", int, "calendar")
    if not 1 <= month <= LARGEST_COUNT:
        raise CampaignFileError("calendar.month", f"must be 1 to {LARGEST_COUNT}")
    if not 1 <= day <= DAYS_IN_MONTH:
        raise CampaignFileError("calendar.day", f"must be 1 to {DAYS_IN_MONTH}")
    if "state" not in calendar_data and "weather" in calendar_data:
        return _read_old(calendar_data, month, day, system, users)
    state = dict(_object(_require(calendar_data, "state", dict, "calendar"), "calendar.state"))
    for error in get_system(system).check_calendar(state):
        raise CampaignFileError(f"calendar.state.{error.path}", error.message)
    weeks = []
    for position, raw in enumerate(_require(calendar_data, "weeks_ended", list, "calendar")):
        path = f"calendar.weeks_ended[{position}]"
        entry = _object(raw, path)
        weeks.append(_week(entry, path, _facts(_require(entry, "facts", list, path), f"{path}.facts"),
                           users, "ended_by", "ended_at"))
    return FileCalendar(month, day, state, weeks)


def _facts(facts: list, path: str) -> list[dict[str, Any]]:
    checked = []
    for position, raw in enumerate(facts):
        where = f"{path}[{position}]"
        entry = _object(raw, where)
        for key in ("label", "text"):
            _require(entry, key, str, where)
        if not isinstance(entry.get("rule", ""), str):
            raise CampaignFileError(f"{where}.rule", "must be text")
        if not isinstance(entry.get("gm_only", False), bool):
            raise CampaignFileError(f"{where}.gm_only", "must be true or false")
        checked.append(Fact.from_dict(entry).to_dict())
    return checked


def _week(entry: Mapping, path: str, facts: list[dict[str, Any]], users: dict, by: str, at: str) -> dict[str, Any]:
    return {"month": _count(entry, "month", path), "week": _count(entry, "week", path), "facts": facts,
            "ended_by": _user(entry.get(by), f"{path}.{by}", users),
            "ended_at": _datetime(entry.get(at), f"{path}.{at}")}


def _read_old(calendar_data: Mapping, month: int, day: int, system: str, users: dict) -> FileCalendar:
    """An old file's weather, chit and rolls, checked and read by the system; each roll's week checked here."""
    rolls = []
    for position, raw in enumerate(_require(calendar_data, "rolls", list, "calendar")):
        path = f"calendar.rolls[{position}]"
        entry = _object(raw, path)
        for key in ("month", "week"):  # the week's end it makes
            _count(entry, key, path)
        rolls.append((path, entry))
    old = {**calendar_data, "rolls": [entry for _, entry in rolls]}
    for error in get_system(system).check_old_calendar(old):
        raise CampaignFileError(f"calendar.{error.path}", error.message)
    state, facts = get_system(system).calendar_from_old(old)
    weeks = [_week(entry, path, [fact.to_dict() for fact in week], users, "rolled_by", "rolled_at")
             for (path, entry), week in zip(rolls, facts)]
    return FileCalendar(month, day, state, weeks)


def import_week_ends(campaign: Campaign, weeks: list[dict[str, Any]]) -> None:
    for week in weeks:
        ended_at: datetime.datetime | None = week["ended_at"]
        week_end = WeekEnd.objects.create(campaign=campaign, month=week["month"], week=week["week"],
                                          facts=week["facts"], ended_by=week["ended_by"])
        if ended_at:
            WeekEnd.objects.filter(pk=week_end.pk).update(ended_at=ended_at)
