"""A GM creates a campaign from the bimr4 preset, changes a rule with a reason, and sees the history."""

import re

import pytest

from campaigns.models import Campaign

pytestmark = pytest.mark.e2e


def create_campaign(page, name: str, slug: str, preset: str) -> None:
    page.goto("/campaigns/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Slug").fill(slug)
    page.get_by_label("Preset").select_option(preset)
    page.get_by_role("button", name="Create campaign").click()
    page.wait_for_url(re.compile(rf"/campaigns/{slug}/$"))


def test_a_gm_creates_a_bimr4_campaign_changes_a_rule_and_sees_the_history(signed_in_page, screenshot):
    page = signed_in_page
    create_campaign(page, "Spring Realm", "spring-realm", "bimr4")
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


def test_a_gm_turns_a_ruling_the_other_way_from_the_rulings_group(signed_in_page, screenshot):
    page = signed_in_page
    create_campaign(page, "Contested Realm", "contested-realm", "standard")
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Rules", exact=True).click()

    group = page.locator("fieldset", has_text="Rulings on contested points")
    assert group.get_by_label("Tremendous monster that kills a rider's horse turns red side up").is_checked()
    assert not group.get_by_label("Cancelled attack alerts its weapon").is_checked()
    assert "On (RealmSpeak): the weapon is alerted as if it had missed." in group.inner_text()
    group.get_by_label("Cancelled attack alerts its weapon").check()
    page.get_by_label("Reason").fill("We follow RealmSpeak on cancelled attacks")
    screenshot(page, "campaign-settings-rulings")
    page.get_by_role("button", name="Save as a new version").click()

    page.wait_for_url(re.compile(r"/campaigns/contested-realm/rules/history/$"))
    assert "cancelled_attack_alerts" in page.locator("#version-2").inner_text()
    assert Campaign.objects.get(slug="contested-realm").round_rules()["cancelled_attack_alerts"] is True


def test_a_gm_picks_a_combat_system_and_its_preset_and_lands_on_its_campaign(signed_in_page, screenshot):
    from playwright.sync_api import expect

    page = signed_in_page
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto("/campaigns/")
    page.get_by_label("Name").fill("Tourney")
    page.get_by_label("Slug").fill("tourney")
    page.get_by_label("Combat system").select_option("fallen-empire")
    expect(page.get_by_label("Rides in a joust")).to_be_visible()  # the system's part, redrawn by htmx
    page.get_by_label("Preset").select_option("three-rides")
    expect(page.get_by_label("Rides in a joust")).to_have_value("3")
    expect(page.get_by_label("Name")).to_have_value("Tourney")
    page.locator("#create-campaign").scroll_into_view_if_needed()
    screenshot(page, "campaign-create-system")
    page.get_by_role("button", name="Create campaign").click()
    page.wait_for_url(re.compile(r"/campaigns/tourney/$"))
    campaign = Campaign.objects.get(slug="tourney")
    assert (campaign.system, campaign.round_rules()) == ("fallen-empire", {
        "preset": "three-rides", "magic_before_melee": False, "surprise": True, "joust_max_passes": 3})
    expect(page.locator(".campaign-system")).to_contain_text("Fallen Empire (OD&D) and the Joust")
    screenshot(page, "campaign-detail-system")


def test_a_gm_changes_a_systems_option_on_the_rules_page_after_an_error_beside_it(signed_in_page, gm_user, screenshot):
    from playwright.sync_api import expect

    from campaigns import services

    services.create_campaign(gm_user, "Tourney", "tourney", "as-written", system="fallen-empire")
    page = signed_in_page
    page.goto("/campaigns/tourney/settings/")
    expect(page.get_by_text("Fallen Empire (OD&D) and the Joust", exact=True)).to_be_visible()
    page.get_by_label("Rides in a joust").fill("99")
    page.get_by_label("Reason").fill("Longer jousts")
    page.get_by_role("button", name="Save as a new version").click()
    expect(page.locator(".field.has-error").get_by_text("less than or equal to 20")).to_be_visible()
    assert Campaign.objects.get(slug="tourney").rule_set_versions.count() == 1
    screenshot(page, "campaign-system-options-error")
    page.get_by_label("Rides in a joust").fill("5")
    page.get_by_role("button", name="Save as a new version").click()
    expect(page.get_by_text("options saved as version 2")).to_be_visible()
    assert Campaign.objects.get(slug="tourney").round_rules()["joust_max_passes"] == 5
    screenshot(page, "campaign-system-options")
