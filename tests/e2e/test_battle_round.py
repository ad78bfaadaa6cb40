"""The GM's main job in a real Chromium: open the demo battle, enter both sides' plays (one invalid play
shows its error beside the field), lock, resolve, watch the progress, read the result and the mail."""

import threading
import time

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo_battle(gm_user):
    from combat.demo import create_demo_battle

    campaign = gm_user.campaign
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character})
    return create_demo_battle(campaign)


@pytest.fixture
def slow_worker(monkeypatch):
    """Resolve in a background thread after a pause, as a worker would, so the page's progress shows."""
    from combat import services

    def enqueue_later(round_id):
        def work():
            time.sleep(2.5)
            services.resolve_round(round_id)

        threading.Thread(target=work, daemon=True).start()

    monkeypatch.setattr(services, "_enqueue", enqueue_later)


def side(page, character):
    return page.locator(f"#side-{character.pk}")


def choose(page, character, field):
    return page.locator(f"#id_side{character.pk}-{field}")


def test_the_gm_enters_plays_resolves_and_reads_the_result_and_the_mail(signed_in_page, demo_battle, slow_worker,
                                                                       screenshot):
    page = signed_in_page
    characters = {c.catalogue_name: c for c in demo_battle.characters.all()}
    knight, amazon = characters["Black Knight"], characters["Amazon"]

    page.goto("/campaigns/demo-realm/battles/")
    screenshot(page, "battle-list")
    page.get_by_role("link", name="Ambush in Cave 4").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")
    screenshot(page, "battle-round-1-empty")

    knight_side = side(page, knight)
    choose(page, knight, "target").select_option("H Troll")
    choose(page, knight, "attack_chit").select_option("FIGHT H6")
    choose(page, knight, "attack_weapon").select_option("Mace")
    choose(page, knight, "attack_box").select_option("2")
    choose(page, knight, "maneuver").select_option("MOVE M5")  # too weak for his Armor
    choose(page, knight, "maneuver_box").select_option("1")
    error = page.locator(f"#id_side{knight.pk}-maneuver_engine_error")
    expect(error).to_contain_text("as strong as the heaviest item")
    screenshot(page, "battle-invalid-play")
    choose(page, knight, "maneuver").select_option("MOVE H6")
    expect(error).to_have_count(0)
    expect(side(page, knight).locator(".odds")).to_contain_text("to kill")
    side(page, knight).get_by_role("button", name="Save and lock").click()
    expect(side(page, knight)).to_contain_text("locked")

    amazon_side = side(page, amazon)
    choose(page, amazon, "target").select_option("Wolf")
    choose(page, amazon, "attack_chit").select_option("FIGHT M5")
    choose(page, amazon, "attack_weapon").select_option("Short Sword")
    choose(page, amazon, "attack_box").select_option("1")
    choose(page, amazon, "maneuver").select_option("MOVE M4")
    choose(page, amazon, "maneuver_box").select_option("3")
    expect(side(page, amazon).locator(".odds")).to_contain_text("to kill")
    screenshot(page, "battle-plays-entered")
    side(page, amazon).get_by_role("button", name="Save and lock").click()
    expect(side(page, amazon)).to_contain_text("locked")

    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Resolving round 1…")).to_be_visible()
    screenshot(page, "battle-resolving")
    expect(page.get_by_role("heading", name="What happened")).to_be_visible(timeout=20_000)
    assert "/rounds/1/" in page.url  # no reload: the results replaced the progress in place
    expect(page.locator("svg.melee-sheet")).to_have_count(2)
    screenshot(page, "battle-results")

    page.goto("/mail/")
    expect(page.get_by_text("alice@example.com").first).to_be_visible()
    expect(page.get_by_text("bob@example.com").first).to_be_visible()
    screenshot(page, "battle-mail")
