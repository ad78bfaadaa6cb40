"""A player's link to a battle fought through the systems interface, in a real Chromium: Alice opens her
link to an Enchanted Realms ambush, answers the questions of her side's form (a question appears only once
the answer that calls for it is chosen), types a dice pool out of bounds and sees its error beside the
question while she goes on typing in the next one (nothing she typed is replaced), fixes it and submits; the
GM plays the goblins and resolves; her page then shows her side's summary, what comes next, and only the
events her side may see (her unused reaction, never Bryn's)."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat.models import Round
from players import links
from players.models import PlayerLink, Submission
from tests.systems_app.conftest import gm_plays, known_dice, resolve, start  # noqa: F401 (known_dice: autouse)

pytestmark = pytest.mark.e2e


@pytest.fixture
def ambush(gm_user, settings, live_server):
    settings.HERALD_BASE_URL = live_server.url
    campaign = campaign_services.create_campaign(gm_user, "Realms", "realms", "", system="enchanted-realms")
    for name, email, character in (("Alice", "alice@example.com", "Aldric"), ("Bob", "bob@example.com", "Bryn")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character})
    return start(gm_user, campaign, "enchanted-realms-goblin-ambush")


def test_a_player_answers_their_sides_questions_and_reads_only_what_their_side_saw(page, gm_user, ambush, screenshot):
    aldric = ambush.characters.get(catalogue_name="Aldric")
    page.goto(links.url_for(PlayerLink.objects.get(battle=ambush, player__name="Alice")))
    expect(page.get_by_role("heading", name=re.compile("Aldric"))).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("Bryn"))).to_have_count(0)
    field = lambda name: page.locator(f"#id_side{aldric.pk}-{name}")  # noqa: E731
    expect(field("dice")).to_be_hidden()  # asked only for an attack

    field("action").select_option(label="Attack")
    field("method").select_option(label="melee")
    field("dice").press_sequentially("9")
    field("bonus").press_sequentially("12")  # typing on while the dice are checked
    error = page.locator(f"#id_side{aldric.pk}-dice_error")
    expect(error).to_contain_text("Dice in the pool: from 1 to 5, not 9")
    expect(field("dice")).to_have_value("9")
    expect(field("bonus")).to_have_value("12")
    expect(field("bonus")).to_be_focused()
    screenshot(page, "player-answers-error")
    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the form scrolls sideways on a phone"
    screenshot(page, "player-answers-error-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    field("dice").fill("3")
    field("target").select_option(label="Goblin 1 (monsters)")
    field("reaction").select_option(label="deflect (against ranged)")
    expect(error).to_be_empty()
    page.get_by_role("button", name="Submit my plays").click()
    receipt = page.locator(f"#receipt-{aldric.pk}")
    expect(receipt).to_be_visible()  # the seal is posted with htmx: its answer, then the page with the receipt
    expect(receipt).to_contain_text(Submission.objects.get(character=aldric).receipt)
    assert Submission.objects.get(character=aldric).plays == {
        "action": "attack", "method": "melee", "dice": 3, "bonus": 12, "target": "Goblin 1", "reaction": "deflect"}

    round_ = Round.objects.get(battle=ambush, number=1)
    gm_plays(gm_user, round_, "Bryn", {"action": "none", "reaction": "dodge"})
    gm_plays(gm_user, round_, "Goblin 1", {"action": "attack", "method": "melee", "dice": 2, "target": "Aldric"})
    gm_plays(gm_user, round_, "Goblin 2", {"action": "other", "other": "Hides"})
    resolved = resolve(gm_user, round_)

    page.reload()
    results = page.locator("section.results")
    expect(results.get_by_role("heading", name="Round 1: what you saw")).to_be_visible()
    expect(results).to_contain_text(resolved.result["summaries"]["Aldric"][0])
    expect(results).to_contain_text("What comes next: round 2: your plays are due by")
    expect(results).to_contain_text("Aldric had a deflect ready")
    expect(results).not_to_contain_text("Bryn had a dodge ready")
    screenshot(page, "player-answers-results")

    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the results scroll sideways on a phone"
    screenshot(page, "player-answers-phone")
