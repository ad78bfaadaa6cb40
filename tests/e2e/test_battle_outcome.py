"""A battle where a character dies, in Chromium (issue #14): the GM resolves the round, the character's card
says killed with the battle and round, voiding the round (asked first) brings the character back, and
resolving it again kills her again."""

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = pytest.mark.e2e


@pytest.fixture
def troll_battle(gm_user):
    """The demo party in a battle where a red-side-up T Troll holds the Amazon; both sides' plays locked, and
    the round's committed dice those with which the troll kills her (seed 0, committed again for the test)."""
    from combat import services
    from combat.fairness import identity_of
    from combat.models import Round
    from systems.commitment import commitment
    from tests.combat.outcome_battles import TROLL_PLAYS, troll_on_the_amazon

    campaign = gm_user.campaign
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character})
    characters = {c.catalogue_name: c for c in campaign.characters.all()}
    battle = troll_on_the_amazon(campaign, characters)
    for name, plays in TROLL_PLAYS.items():
        services.save_plays(gm_user, campaign.slug, battle.pk, 1, characters[name].pk, plays)
        services.lock_side(gm_user, campaign.slug, battle.pk, 1, characters[name].pk)
    round_ = battle.rounds.get(number=1)
    Round.objects.filter(pk=round_.pk).update(seed=0, commitment=commitment(0, round_.salt, identity_of(round_)))
    battle.amazon = characters["Amazon"]
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
    expect(card.locator(".character-history")).to_contain_text("Encounter test, round 1: Killed by T Troll")
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
