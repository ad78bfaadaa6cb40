"""The encounter step in a real Chromium (issue #7): the GM enters a run that the rules refuse and sees
why beside the field, enters a lure and a run that are allowed, resolves, and reads the encounter's
events with their rules in the result."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = pytest.mark.e2e


@pytest.fixture
def troll_battle(gm_user):
    from tests.combat.encounter_battles import start, set_denizen

    campaign = gm_user.campaign
    characters = {}
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        characters[character] = campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character})
    battle = start(campaign, list(characters.values()), monsters=["T Troll", "Wolf", "Giant Bat"],
                   natives=[("Soldier 1", None)], attacks=[("T Troll", "Black Knight"), ("Wolf", "Amazon")],
                   name="Trolls in Cave 4")
    set_denizen(battle, "T Troll", side="dark")
    return battle


def settled(page, action):
    """Do `action`, then wait for htmx to validate and swap the form before the next one."""
    page.evaluate("window.settled = false;"
                  "document.body.addEventListener('htmx:afterSettle', () => { window.settled = true }, {once: true})")
    action()
    page.wait_for_function("window.settled")


def test_the_gm_enters_the_encounter_step_sees_a_refused_run_resolves_and_reads_the_events(
    signed_in_page, troll_battle, screenshot
):
    page = signed_in_page
    characters = {c.catalogue_name: c for c in troll_battle.characters.all()}
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    page.goto(f"/campaigns/demo-realm/battles/{troll_battle.pk}/rounds/1/")
    expect(page.locator(f"#side-{knight.pk}")).to_contain_text("Encounter step")
    screenshot(page, "battle-encounter-empty")

    settled(page, lambda: page.locator(f"#id_enc{knight.pk}-run").select_option("MOVE H6"))
    error = page.locator(f"#id_enc{knight.pk}-run_engine_error")
    expect(error).to_contain_text("T Troll")
    expect(error).to_contain_text("cannot run away")
    screenshot(page, "battle-encounter-refused-run")

    settled(page, lambda: page.locator(f"#id_enc{knight.pk}-run").select_option(""))
    expect(error).to_have_count(0)
    settled(page, lambda: page.locator(f"#side-{knight.pk}").get_by_label("Giant Bat").check())
    expect(page.locator(f"#side-{knight.pk} .error")).to_have_count(0)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side-{knight.pk}")).to_contain_text("locked")
    expect(page.locator(f"#side-{knight.pk}")).to_contain_text("Lures")

    settled(page, lambda: page.locator(f"#id_enc{amazon.pk}-run").select_option("MOVE M4"))
    expect(page.locator(f"#side-{amazon.pk} .error")).to_have_count(0)
    page.locator(f"#side-{amazon.pk}").get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side-{amazon.pk}")).to_contain_text("Runs away")
    screenshot(page, "battle-encounter-locked")

    page.get_by_role("button", name="Resolve round 1").click()
    encounter = page.locator(".encounter-result")
    expect(encounter).to_be_visible(timeout=20_000)
    expect(encounter).to_contain_text("Giant Bat")
    expect(encounter).to_contain_text("rule 8.3.4 Luring")
    # The campaign's rules decide: with Stumble the run rolls (5.1); without, MOVE M4 is not strictly
    # faster than the Wolf (3), so it is refused, naming the Wolf.
    expect(encounter).to_contain_text(re.compile(r"Amazon (runs with MOVE M4|cannot run away: .*Wolf)"))
    expect(encounter).to_contain_text(re.compile(r"rule (5\.1 Stumble|8\.3 Encounter step: running away)"))
    screenshot(page, "battle-encounter-results")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.locator(".encounter-result")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    screenshot(page, "battle-encounter-results-phone")


@pytest.mark.phone
def test_the_encounter_step_fits_a_phone(signed_in_page, troll_battle, screenshot):
    page = signed_in_page
    knight = troll_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{troll_battle.pk}/rounds/1/")
    expect(page.locator(f"#id_enc{knight.pk}-run")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    screenshot(page, "battle-encounter-phone")


def test_the_page_asks_the_gm_for_the_players_choice_before_the_round_resolves(signed_in_page, gm_user, screenshot):
    from combat import services
    from tests.combat.encounter_battles import set_character, start

    campaign = gm_user.campaign
    player = campaign_services.add_player(gm_user, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    knight = campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    battle = start(campaign, [knight], monsters=["Wolf"], natives=[("Soldier 1", knight.pk), ("Soldier 2", knight.pk)],
                   attacks=[("Soldier 1", "Soldier 2")], name="Hidden knight")
    set_character(battle, "Black Knight", hidden=True)  # the unassigned Wolf goes to one of his two hirelings
    services.lock_side(gm_user, campaign.slug, battle.pk, 1, knight.pk, does_nothing=True)

    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    page.get_by_role("button", name="Resolve round 1").click()
    choice = page.get_by_label("Which of Black Knight's hirelings takes Wolf")
    expect(choice).to_be_visible(timeout=20_000)
    expect(page.locator("#round-encounter")).to_contain_text("rule 8.3.5a.3")
    screenshot(page, "battle-encounter-choice-needed")
    settled(page, lambda: choice.select_option("Soldier 2"))  # saved as the GM chooses
    expect(page.locator("#round-encounter")).to_contain_text("Saved.")
    expect(choice).to_have_count(0)
    page.get_by_role("button", name="Resolve again").click()
    encounter = page.locator(".encounter-result")
    expect(encounter).to_be_visible(timeout=20_000)
    expect(encounter).to_contain_text("Soldier 2")
    screenshot(page, "battle-encounter-choice-resolved")
