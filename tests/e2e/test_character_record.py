"""A character's record in a campaign fought through the systems interface, in Chromium: the GM types
Astaroth's life on his record, a battle starts him there, its round writes back what it did (shown on the round
page), and voiding the round puts the record back as it was."""

import pytest
from playwright.sync_api import expect

from campaigns.models import Character
from tests.e2e.conftest import fits_the_phone
from combat import services
from tests.systems_app.battles import answer_first_choices
from tests.systems_app.conftest import KNOWN_SEED, start, system_campaign

pytestmark = pytest.mark.e2e


def test_the_gm_sets_a_record_a_round_changes_it_and_a_void_puts_it_back(signed_in_page, gm_user, screenshot,
                                                                         monkeypatch):
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: KNOWN_SEED)  # the goblins' blows, the same every run
    campaign = system_campaign(gm_user, "multiverse", "the-rift")
    astaroth = Character.objects.get(campaign=campaign, catalogue_name="Astaroth")
    page = signed_in_page
    page.goto(f"/campaigns/{campaign.slug}/characters/")
    card = page.locator(f"#character-{astaroth.pk}")
    card.get_by_role("link", name="Edit record").click()
    page.get_by_label("Life").press_sequentially("9")
    screenshot(page, "character-record-edit")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Astaroth's record saved.")).to_be_visible()
    expect(card.locator("dd").nth(1)).to_have_text("9")
    screenshot(page, "character-record-card")

    battle = start(gm_user, campaign, "multiverse-astaroth-and-the-goblins")
    assert next(c for c in battle.state["combatants"] if c["name"] == "Astaroth")["life"] == 9
    round_ = battle.rounds.get(number=1)
    answer_first_choices(gm_user, round_)
    services.request_resolve(gm_user, campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    outcome = page.locator(".round-outcome")
    expect(outcome).to_contain_text("Astaroth: Took 8 damage: 3 from Goblin 1, 5 from Goblin 2")
    expect(outcome).to_contain_text("(life 9 → 1)")
    screenshot(page, "character-record-round-outcome")
    astaroth.refresh_from_db()
    assert astaroth.state["life"] == 1

    outcome.get_by_role("link", name="Void this round's result…").click()
    page.get_by_role("button", name="Yes, void round 1").click()
    expect(page.get_by_text("The GM voided this round's result")).to_be_visible()
    astaroth.refresh_from_db()
    assert astaroth.state["life"] == 9

    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/campaigns/{campaign.slug}/characters/")
    expect(card.locator("dd").nth(1)).to_have_text("9")
    fits_the_phone(page)
    screenshot(page, "character-record-card-375")
