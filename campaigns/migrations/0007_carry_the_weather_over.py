"""Each campaign's weather, hidden chit and weather rolls, which the campaign kept in its own columns before the
calendar went through the systems interface (issue #11), carried into its system's calendar state and week ends.

Its system reads them (`calendar_from_old`, the same function an old export's import calls): Magic Realm keeps the
weather and the chit and writes each roll in the words its `end_week` writes now; a system without weather drops
them and keeps the weeks. Going back restores the weather and the chit from a state that has them, and a weather
roll per week end with its week, who and when, but not its die, chit or effects (the words do not say them back).
"""

from django.db import migrations

from systems import UnknownSystem, get_system
from systems.calendar import old_weeks_counted

OLD_WEATHER = ("clear", "showers", "storm", "special")


def old_calendar(weather, weather_chit, rolls) -> dict:
    """The old columns as the calendar `calendar_from_old` reads: the weather, the chit and each roll's fields."""
    return {"weather": weather, "weather_chit": weather_chit, "rolls": [
        {"month": roll.month, "week": roll.week, "season": roll.season, "die": roll.die, "chit": roll.chit,
         "result": roll.result, "effects": roll.effects or {}, "next_chit": roll.next_chit} for roll in rolls]}


def from_old(system: str, old: dict):
    """The system's reading of the old calendar; a system no longer registered keeps the weeks alone."""
    try:
        return get_system(system).calendar_from_old(old)
    except UnknownSystem:
        return old_weeks_counted(old)


def carry_over(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    WeatherRoll = apps.get_model("campaigns", "WeatherRoll")
    WeekEnd = apps.get_model("campaigns", "WeekEnd")
    for campaign in Campaign.objects.all():
        rolls = list(WeatherRoll.objects.filter(campaign=campaign).order_by("rolled_at", "id"))
        state, weeks = from_old(campaign.system, old_calendar(campaign.weather, campaign.weather_chit, rolls))
        Campaign.objects.filter(pk=campaign.pk).update(calendar_state=state)
        for roll, facts in zip(rolls, weeks):
            week_end = WeekEnd.objects.create(campaign=campaign, month=roll.month, week=roll.week,
                                              facts=[fact.to_dict() for fact in facts], ended_by_id=roll.rolled_by_id)
            WeekEnd.objects.filter(pk=week_end.pk).update(ended_at=roll.rolled_at)  # auto_now_add set it to now


def carry_back(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    WeatherRoll = apps.get_model("campaigns", "WeatherRoll")
    WeekEnd = apps.get_model("campaigns", "WeekEnd")
    for campaign in Campaign.objects.all():
        state = campaign.calendar_state or {}
        weather = state.get("weather") if state.get("weather") in OLD_WEATHER else "clear"
        chit = state.get("chit") if state.get("chit") in range(1, 7) else 1
        Campaign.objects.filter(pk=campaign.pk).update(weather=weather, weather_chit=chit)
        for week_end in WeekEnd.objects.filter(campaign=campaign).order_by("ended_at", "id"):
            roll = WeatherRoll.objects.create(campaign=campaign, month=week_end.month, week=week_end.week, season="",
                                              result="clear", effects={}, rolled_by_id=week_end.ended_by_id)
            WeatherRoll.objects.filter(pk=roll.pk).update(rolled_at=week_end.ended_at)


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0006_calendar_state"),
    ]

    operations = [
        migrations.RunPython(carry_over, carry_back),
    ]
