"""A GM ends the week on the calendar page: Herald asks first (issue #14.7), then logs the week's end with the weather roll."""

import pytest
from playwright.sync_api import expect

from campaigns import services
from campaigns.models import Campaign

pytestmark = pytest.mark.e2e


def test_a_gm_is_asked_before_the_week_ends_then_sees_the_roll_in_the_log(page, gm_user, sign_in, screenshot):
    from tests.e2e.conftest import GM_PASSWORD

    services.create_campaign(gm_user, "Weathered", "weathered", "bimr4")
    sign_in(page, gm_user.username, GM_PASSWORD)
    page.goto("/campaigns/weathered/calendar/")
    expect(page.get_by_text("No week has ended yet")).to_be_visible()
    page.get_by_role("link", name="End the week and roll the weather").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("End week 1 of month 1 and roll the weather?")
    screenshot(page, "campaign-calendar-end-week-confirm")
    page.get_by_role("link", name="No, not yet").click()
    expect(page.get_by_text("No week has ended yet")).to_be_visible()
    assert not Campaign.objects.get(slug="weathered").week_ends.exists()

    page.get_by_role("link", name="End the week and roll the weather").click()
    page.get_by_role("button", name="Yes, end the week").focus()
    page.keyboard.press("Enter")
    log = page.locator("#roll-log")
    expect(log).to_contain_text("Month 1, week 1")
    campaign = Campaign.objects.get(slug="weathered")
    assert campaign.calendar_state["weather"] in log.inner_text().lower()
    expect(page.locator(".messages")).to_contain_text("Week 1 of month 1 ended")
    expect(page.get_by_text(f"day {campaign.day}").first).to_be_visible()
    screenshot(page, "campaign-calendar-after-a-week")

