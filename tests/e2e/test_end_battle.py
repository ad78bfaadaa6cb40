"""Ending a battle asks first, with the keyboard, and says the players are emailed (issue #14.7)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_gm_is_asked_before_the_battle_ends(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    page.get_by_role("link", name="End the battle here").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("End Ambush in Cave 4 here?")
    screenshot(page, "end-battle-confirm")
    page.get_by_role("link", name="No, keep fighting").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")
    page.get_by_role("link", name="End the battle here").click()
    page.get_by_role("button", name="Yes, end the battle").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("is over; its players are emailed")
