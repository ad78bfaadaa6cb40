"""A battle where a character dies, in Chromium (issue #14): the GM resolves the round, the character's card
says killed with the battle and round, voiding the round (asked first) brings the character back, and
resolving it again kills her again."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import demo_party, enter_plays, set_up_battle

pytestmark = pytest.mark.e2e


KNIGHT_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "Wolf", "weapon": "Mace",
                "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}
AMAZON_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT M5", "target": "T Troll", "weapon": "Short Sword",
                "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3}


def dark_troll(state):
    next(d for d in state["denizens"] if d["id"] == "T Troll")["side"] = "dark"


@pytest.fixture
def troll_battle(gm_user, monkeypatch):
    """The demo party in a battle where a red-side-up T Troll holds the Amazon; both sides' plays locked, and
    the round's dice those with which the troll kills her (seed 0, drawn when the round opens)."""
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 0)
    campaign = gm_user.campaign
    demo_party(gm_user, campaign)
    battle = set_up_battle(campaign, "Encounter test", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "T Troll\nWolf",
        "attacks": "T Troll -> Amazon\nWolf -> Black Knight"}, change=dark_troll)
    enter_plays(gm_user, battle, "Black Knight", KNIGHT_PLAYS)
    enter_plays(gm_user, battle, "Amazon", AMAZON_PLAYS)
    battle.amazon = battle.characters.get(catalogue_name="Amazon")
    return battle


def amazon_card(page, battle):
    page.goto("/campaigns/demo-realm/characters/")
    return page.locator(f"#character-{battle.amazon.pk}")


def resolve_round_one(page, battle):
    page.goto(f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="What this round did to the characters")).to_be_visible(timeout=20_000)


def test_a_character_killed_in_battle_is_killed_on_her_card_until_the_gm_voids_the_round(
    signed_in_page, troll_battle, screenshot
):
    page = signed_in_page
    resolve_round_one(page, troll_battle)
    outcome = page.locator(".round-outcome")
    expect(outcome).to_contain_text("Amazon: Killed by T Troll")
    screenshot(page, "battle-outcome-round")

    card = amazon_card(page, troll_battle)
    expect(card.locator(".character-status")).to_have_text("Killed")
    expect(card.locator(".character-history")).to_contain_text("Encounter test, round 1: Amazon: KILLED")
    expect(card.locator(".character-history")).to_contain_text("Record: Killed by T Troll")
    screenshot(page, "characters-amazon-killed")
    card.get_by_role("link", name="Encounter test, round 1").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")

    page.get_by_role("link", name="Void this round's result").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Void round 1 of Encounter test?")
    screenshot(page, "void-round-confirm")
    page.get_by_role("button", name="Yes, void round 1").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Round 1's result is voided")
    expect(page.get_by_text("The GM voided this round's result")).to_be_visible()
    expect(page.locator("#fair-dice")).to_contain_text("resolved again with this same seed")  # the dice stay
    screenshot(page, "void-round-done")

    card = amazon_card(page, troll_battle)
    expect(card.locator(".character-status")).to_have_text("Alive")
    expect(card).to_contain_text("No battle has changed this character yet.")

    resolve_round_one(page, troll_battle)
    card = amazon_card(page, troll_battle)
    expect(card.locator(".character-status")).to_have_text("Killed")
