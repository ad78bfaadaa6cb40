"""A GM without an email address is told on the dashboard, and sets it on the profile page (issue #14)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_a_gm_without_an_email_sets_it_from_the_dashboards_notice(signed_in_page, gm_user, screenshot):
    page = signed_in_page
    gm_user.email = ""
    gm_user.save()
    page.goto("/campaigns/")
    notice = page.locator("#no-gm-email")
    expect(notice).to_contain_text("Herald cannot send you the GM's copy of each round")
    screenshot(page, "dashboard-no-gm-email")
    notice.get_by_role("link", name="Set it on your profile").click()
    page.get_by_label("Name").fill("Gwen the GM")
    page.get_by_label("Email").fill("gwen@example.com")
    screenshot(page, "gm-profile")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Your profile is saved.")
    page.get_by_role("link", name="Dashboard").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    expect(page.locator("#no-gm-email")).to_have_count(0)
    gm_user.refresh_from_db()
    assert (gm_user.get_full_name(), gm_user.email) == ("Gwen the GM", "gwen@example.com")
