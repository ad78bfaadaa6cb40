"""Committed dice in a real Chromium: the GM's round page shows the commitment before the round and the
seed after it; a player without an account checks the round file on the verify page (pasted, then a
tampered copy uploaded)."""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import AMAZON_STRIKES, KNIGHT_STRIKES, enter_plays, resolve_round

pytestmark = pytest.mark.e2e


def resolve_round_one(gm_user, battle):
    enter_plays(gm_user, battle, "Black Knight", KNIGHT_STRIKES)
    enter_plays(gm_user, battle, "Amazon", AMAZON_STRIKES)
    return resolve_round(gm_user, battle)


def test_the_gm_sees_the_commitment_then_the_seed_and_a_player_verifies_the_round_file(
    signed_in_page, gm_user, demo_battle, browser, live_server, screenshot
):
    page = signed_in_page
    first = demo_battle.rounds.get(number=1)
    round_url = f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/"
    page.goto(round_url)
    dice = page.locator("#fair-dice")
    expect(dice).to_contain_text(first.commitment)
    expect(dice).to_contain_text("The seed is revealed when the round is resolved.")
    assert str(first.seed) not in dice.inner_text()

    round_ = resolve_round_one(gm_user, demo_battle)
    page.goto(round_url)
    expect(dice).to_contain_text(f"Seed {round_.seed}")
    expect(dice.get_by_text("match the commitment")).to_be_visible()
    screenshot(page, "fair-dice-round")
    round_file = page.request.get(round_url + "round.json").text()

    # A player, not signed in, on the verify page.
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True)
    player = context.new_page()
    player.goto("/verify/")
    player.get_by_label("Or paste it here").fill(round_file)
    player.get_by_role("button", name="Check the dice").click()
    verdict = player.locator("#verdict")
    expect(verdict.get_by_role("heading", name="Verified")).to_be_visible()
    expect(verdict).to_contain_text("replaying the round with the seed gives the stored result")
    screenshot(player, "fair-dice-verify-phone")

    tampered = json.loads(round_file)
    tampered["seed"] += 1
    player.get_by_label("Or paste it here").fill("")
    player.get_by_label("Round file").set_input_files(
        files=[{"name": "round.json", "mimeType": "application/json", "buffer": json.dumps(tampered).encode()}])
    player.get_by_role("button", name="Check the dice").click()
    expect(verdict.get_by_role("heading", name="Not verified")).to_be_visible()
    expect(verdict).to_contain_text("do not hash to the commitment")
    screenshot(player, "fair-dice-verify-refused")
    context.close()


@pytest.mark.phone
def test_the_commitment_fits_a_phone_screen(signed_in_page, demo_battle):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    box = page.locator("#fair-dice code.commitment").bounding_box()
    assert box["x"] + box["width"] <= 390
