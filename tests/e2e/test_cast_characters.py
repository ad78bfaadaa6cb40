"""The GM casts a campaign character as one of an example's combatants on the new battle page, in Chromium: the
combatant takes the character's name, and the character's player plays him."""

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat.models import Battle
from tests.e2e.conftest import fits_the_phone
from tests.systems_app.conftest import system_campaign

pytestmark = pytest.mark.e2e


def test_the_gm_casts_thorin_as_the_examples_aldric(signed_in_page, gm_user, screenshot):
    campaign = system_campaign(gm_user, "enchanted-realms", "the-marches")
    alice = campaign.players.get(name="Alice")
    campaign_services.add_character(gm_user, campaign, {"player": alice.pk, "catalogue_name": "Thorin",
                                                        "state": {"hp": 9}})
    page = signed_in_page
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    page.get_by_label("Where").press_sequentially("The forest road")
    page.get_by_label("Start from").select_option("enchanted-realms-goblin-ambush")
    page.get_by_label("Thorin plays").press_sequentially("Goblin 1")
    page.get_by_label("Bryn plays").press_sequentially("Goblin 1")
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_text("Bryn already plays Goblin 1")).to_be_visible()
    assert not Battle.objects.exists()
    expect(page.get_by_label("Thorin plays")).to_have_value("Goblin 1")  # what was typed stays
    page.get_by_label("Thorin plays").fill("")
    page.get_by_label("Thorin plays").press_sequentially("Aldric")
    page.get_by_label("Bryn plays").fill("")
    screenshot(page, "cast-characters-new-battle")
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_text("has begun: enter round 1's plays")).to_be_visible()
    battle = Battle.objects.get()
    assert [c["name"] for c in battle.state["combatants"]][:2] == ["Thorin", "Bryn"]
    assert battle.state["combatants"][0]["hp"] == 9
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(page.locator(".card").filter(has_text="Players' plays")).to_contain_text("Thorin (Alice)")
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    fits_the_phone(page)
    screenshot(page, "cast-characters-new-battle-375")
