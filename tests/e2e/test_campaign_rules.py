"""A GM creates a campaign from the bimr4 preset, changes a rule with a reason, and sees the history."""

import re

import pytest

from campaigns.models import Campaign

pytestmark = pytest.mark.e2e


def test_a_gm_creates_a_bimr4_campaign_changes_a_rule_and_sees_the_history(signed_in_page, screenshot):
    page = signed_in_page
    page.goto("/campaigns/")
    page.get_by_label("Name").fill("Spring Realm")
    page.get_by_label("Slug").fill("spring-realm")
    page.get_by_label("Preset").select_option("bimr4")
    page.get_by_role("button", name="Create campaign").click()
    page.wait_for_url(re.compile(r"/campaigns/spring-realm/$"))
    assert page.get_by_role("heading", name="Spring Realm").is_visible()
    assert page.get_by_text("Spring", exact=True).first.is_visible()
    screenshot(page, "campaign-detail")

    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Rules", exact=True).click()
    first_fingerprint = page.locator("#fingerprint").inner_text()
    page.get_by_label("Watchful natives").uncheck()
    page.get_by_role("button", name="Save as a new version").click()
    # No reason: refused beside the reason field, nothing saved.
    assert page.locator(".field.has-error").get_by_text("Say why the rules change").is_visible()
    assert Campaign.objects.get(slug="spring-realm").rule_set_versions.count() == 1
    screenshot(page, "campaign-settings-error")

    page.get_by_label("Watchful natives").uncheck()
    page.get_by_label("Reason").fill("The players voted to drop Watchful Natives")
    page.get_by_role("button", name="Save as a new version").click()
    page.wait_for_url(re.compile(r"/campaigns/spring-realm/rules/history/$"))
    row = page.locator("#version-2")
    assert "The players voted to drop Watchful Natives" in row.inner_text()
    assert "watchful_natives" in row.inner_text()
    assert first_fingerprint not in row.inner_text()
    assert page.locator("#version-1").is_visible()
    screenshot(page, "campaign-rules-history")
