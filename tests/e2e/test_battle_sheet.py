"""The melee sheets on a phone (issue #6): a round fought by a Giant with its club and a mounted Lancer
draws the club and the pony in their own boxes, labelled and tied to their owners."""

import pytest
from playwright.sync_api import expect

from systems.interface import GM
from tests.e2e.conftest import demo_party, enter_plays, resolve_round, set_up_battle

pytestmark = [pytest.mark.e2e, pytest.mark.phone]

PLAYS = {
    "Black Knight": {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "Giant", "weapon": "Mace",
                     "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1},
    "Amazon": {"encounter_play": "none", "attack_chit": "FIGHT M5", "target": "Lancer 1", "target_part": "horse",
               "weapon": "Short Sword", "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3},
}


@pytest.fixture
def resolved_round(gm_user):
    campaign = gm_user.campaign
    demo_party(gm_user, campaign)
    battle = set_up_battle(campaign, "Giant at the ford", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "Giant", "natives": "Lancer 1",
        "attacks": "Giant -> Black Knight\nLancer 1 -> Amazon"})
    for name, plays in PLAYS.items():
        enter_plays(gm_user, battle, name, plays)
    enter_plays(gm_user, battle, GM, {})  # the GM's entries for the Lancer: none (no battle this evening)
    resolve_round(gm_user, battle)  # Celery is eager here
    return battle


def test_the_sheets_show_the_giants_club_and_the_lancers_pony_on_a_phone(signed_in_page, resolved_round, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{resolved_round.pk}/rounds/1/")
    knight = page.locator("svg.melee-sheet[aria-label^='Melee sheet of Black Knight']")
    amazon = page.locator("svg.melee-sheet[aria-label^='Melee sheet of Amazon']")
    expect(knight).to_contain_text("Giant's Giant Club")
    expect(amazon).to_contain_text("Lancer 1's Lancer Pony 1 (galloping)")
    expect(knight.locator(".sheet-tie")).to_have_count(1)
    box = page.locator("svg.melee-sheets").bounding_box()
    assert box["x"] + box["width"] <= 390  # the sheets fit the phone's width, no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    full = screenshot(page, "battle-sheet-phone")
    page.locator("figure.system-picture").screenshot(path=full.with_name("battle-sheets-only-phone.png"))
