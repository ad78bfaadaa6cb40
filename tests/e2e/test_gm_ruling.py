"""The GM's ruling on a Demon's magic attack in a real Chromium (issue #15.5): resolving stops, the page
says the round waits for the GM's ruling on that attack, a wounds ruling without a number is refused
beside the number, the GM gives it, resolves again and reads the ruling in the log and on the sheet."""

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = pytest.mark.e2e


@pytest.fixture
def demon_battle(gm_user):
    from combat import services
    from tests.combat.encounter_battles import start

    campaign = gm_user.campaign
    player = campaign_services.add_player(gm_user, campaign, {"name": "Bob", "email": "bob@example.com", "time_zone": "UTC"})
    amazon = campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Amazon"})
    battle = start(campaign, [amazon], monsters=["Demon"], attacks=[("Demon", "Amazon")], name="The Demon at the Altar")
    services.lock_side(gm_user, campaign.slug, battle.pk, 1, amazon.pk, does_nothing=True)
    return battle


def settled(page, action):
    """Do `action`, then wait for htmx to swap the answer in before the next one."""
    page.evaluate("window.settled = false;"
                  "document.body.addEventListener('htmx:afterSettle', () => { window.settled = true }, {once: true})")
    action()
    page.wait_for_function("window.settled")


def test_the_gm_gives_the_ruling_on_the_demon_s_attack_and_the_round_resolves(signed_in_page, demon_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demon_battle.pk}/rounds/1/")
    page.get_by_role("button", name="Resolve round 1").click()
    status = page.locator("#round-status")
    expect(status).to_contain_text("Round 1 waits for the GM's ruling", timeout=20_000)
    card = page.locator("#round-rulings")
    expect(card).to_contain_text("Demon attacks Amazon with Power of the Pit (magic V, attack time 2, block 1)")

    outcome = card.get_by_label("Demon's Power of the Pit against Amazon: the outcome")
    outcome.select_option("wounds")
    settled(page, lambda: card.get_by_role("button", name="Save the ruling").click())
    expect(page.locator("#id_ruling-amount_0_error")).to_contain_text("How many wounds Amazon takes")
    screenshot(page, "gm-ruling-refused")

    page.locator("#id_ruling-amount_0").fill("2")
    page.locator("#id_ruling-note_0").fill("the GM's Pit roll of 4")
    settled(page, lambda: page.locator("#round-rulings").get_by_role("button", name="Save the ruling").click())
    expect(page.locator("#id_ruling-amount_0_error")).to_have_count(0)
    expect(status).to_contain_text("The GM's ruling is given: resolve round 1 again")
    expect(page.locator("#round-rulings")).to_contain_text("ruled")
    screenshot(page, "gm-ruling-given")

    page.get_by_role("button", name="Resolve again").click()
    expect(status).to_contain_text("GM ruling: Amazon takes 2 wound(s) from Power of the Pit (the GM's Pit roll of 4)",
                                   timeout=20_000)
    expect(page.locator("svg.melee-sheet title").filter(has_text="Power of the Pit → Amazon, GM ruling: 2 wounds")).to_have_count(1)
    screenshot(page, "gm-ruling-resolved")
