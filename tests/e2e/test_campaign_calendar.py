"""A GM ends the week on the calendar page (htmx) and sees the weather roll logged."""

import pytest

from campaigns import services
from campaigns.models import Campaign

pytestmark = pytest.mark.e2e


def test_a_gm_ends_the_week_and_sees_the_roll_in_the_log(page, gm_user, sign_in, screenshot):
    from tests.e2e.conftest import GM_PASSWORD

    services.create_campaign(gm_user, "Weathered", "weathered", "bimr4")
    sign_in(page, gm_user.username, GM_PASSWORD)
    page.goto("/campaigns/weathered/calendar/")
    assert page.get_by_text("No week has ended yet").is_visible()
    page.get_by_role("button", name="End the week and roll the weather").click()
    log = page.locator("#roll-log")
    log.wait_for()
    assert "Month 1, week 1" in log.inner_text()
    campaign = Campaign.objects.get(slug="weathered")
    roll = campaign.weather_rolls.get()
    assert roll.result in log.inner_text().lower()
    assert page.get_by_text(f"day {campaign.day}").first.is_visible()
    screenshot(page, "campaign-calendar-after-a-week")
