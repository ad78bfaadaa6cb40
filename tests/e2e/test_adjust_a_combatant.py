"""A GM adjusts a combatant by hand in a real Chromium: opens "Add a GM ruling or adjust a combatant" on the
round page, picks a change from the list grouped by combatant, says why, and reads it in the round's history;
in a Magic Realm battle and in one fought through the systems interface, whose side forms then follow it."""

import pytest
from playwright.sync_api import expect

from players.models import RoundNote
from tests.systems_app.conftest import start, system_campaign

pytestmark = pytest.mark.e2e


def adjust(page, label: str, reason: str):
    page.get_by_text("Add a GM ruling or adjust a combatant").click()
    page.get_by_label("Change").select_option(label=label)
    page.get_by_label("Why").press_sequentially(reason)
    page.get_by_role("button", name="Adjust").click()
    expect(page.get_by_text("The adjustment is recorded.")).to_be_visible()


def test_the_gm_wounds_a_chit_in_a_magic_realm_battle(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    change = page.get_by_label("Change")
    expect(change.locator('optgroup[label="Black Knight"] option', has_text="Black Knight: wound MOVE M5")).to_have_count(1)
    adjust(page, "Black Knight: wound MOVE M5", "fell down the well")
    expect(page.locator(".round-notes")).to_contain_text("Black Knight's MOVE M5 is now wounded. Why: fell down the well")
    screenshot(page, "adjust-magic-realm")
    demo_battle.refresh_from_db()
    knight = next(c for c in demo_battle.state["state"]["characters"] if c["id"] == "Black Knight")
    assert next(c for c in knight["chits"] if c["id"] == "MOVE M5")["state"] == "wounded"


def test_the_gm_adjusts_a_goblin_in_an_enchanted_realms_battle_and_its_form_follows(signed_in_page, gm_user, screenshot):
    page = signed_in_page
    campaign = system_campaign(gm_user, "enchanted-realms", slug="realms")
    battle = start(gm_user, campaign, "enchanted-realms-goblin-ambush")
    offered = [a for a in campaign.combat_system.adjustments(battle.state) if a.combatant == "Goblin 2"]
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(page.get_by_label("Change").locator('optgroup[label="Goblin 2"] option')).to_have_count(len(offered))
    adjust(page, offered[0].label, "the GM's ruling on the rockfall")
    note = RoundNote.objects.get(kind=RoundNote.Kind.ADJUSTMENT)
    expect(page.locator(".round-notes")).to_contain_text(note.text)
    screenshot(page, "adjust-enchanted-realms")
    battle.refresh_from_db()
    assert battle.rounds.get(number=1).input["combatants"] == battle.state["combatants"]
