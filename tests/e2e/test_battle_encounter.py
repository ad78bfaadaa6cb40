"""The encounter step in a real Chromium (issue #7), on the interface's round page: the GM has the Black Knight
lure the unassigned Giant Bat (the Amazon's run from the Wolf is shown not possible while the GM chooses: no
MOVE chit of hers is faster), resolves, and reads the encounter's events with
their rules in the log; the page fits a phone. A hidden knight's unassigned Wolf is a question of his plays form:
which of his hirelings takes it; the round is not locked until it is answered."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat.models import Round
from systems.interface import GM
from tests.e2e.conftest import demo_party, set_up_battle, side_of

pytestmark = pytest.mark.e2e


def dark_troll(state):
    next(d for d in state["denizens"] if d["id"] == "T Troll")["side"] = "dark"


@pytest.fixture(autouse=True)
def known_dice(monkeypatch):
    """Every round these tests open draws the same dice."""
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 3)


@pytest.fixture
def troll_battle(gm_user):
    """A red-side-up T Troll on the Black Knight's sheet, a Wolf on the Amazon's, and an unassigned Giant Bat and
    Soldier 1 (whose GM's entries ask whether the Soldiers battle this evening)."""
    demo_party(gm_user, gm_user.campaign)
    return set_up_battle(gm_user.campaign, "Trolls in Cave 4", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "T Troll\nWolf\nGiant Bat", "natives": "Soldier 1",
        "attacks": "T Troll -> Black Knight\nWolf -> Amazon"}, change=dark_troll)


def choose(card, side, choices):
    for name, label in choices:  # one after another, no pause, as a GM on a keyboard
        card.locator(f"#side{side.pk}-{name}").select_option(label=label)


def test_the_gm_enters_the_encounter_step_resolves_and_reads_the_events(signed_in_page, troll_battle, screenshot):
    page = signed_in_page
    knight, amazon = side_of(troll_battle, "Black Knight"), side_of(troll_battle, "Amazon")
    page.goto(f"/campaigns/demo-realm/battles/{troll_battle.pk}/rounds/1/")
    knight_card, amazon_card = page.locator(f"#side-{knight.pk}"), page.locator(f"#side-{amazon.pk}")
    expect(knight_card.get_by_label("Lure Giant Bat")).to_be_visible()
    expect(knight_card.locator(f"#side{knight.pk}-run_with")).to_be_hidden()  # asked for a run only
    screenshot(page, "battle-encounter-empty")

    choose(knight_card, knight, [("lure_0", "onto your sheet"), ("encounter_play", "No charge and no encounter action")])
    knight_card.get_by_role("button", name="Save and lock").click()
    expect(knight_card.locator("h2 .badge")).to_have_text("locked")
    expect(knight_card).to_contain_text("Lure Giant Bat")

    # Without Stumble (the campaign's rules) none of the Amazon's MOVE chits is strictly faster than the Wolf
    # (move time 3): her form says so while she chooses (8.3), and the run cannot be picked.
    run_away = amazon_card.locator(f"#side{amazon.pk}-encounter_play option", has_text="Run away")
    expect(run_away).to_be_disabled()
    expect(run_away).to_contain_text("(not possible)")
    expect(amazon_card.locator(".not-possible")).to_contain_text(re.compile(r"Run away: not possible: .*Wolf"))
    screenshot(page, "battle-encounter-run-not-possible")
    choose(amazon_card, amazon, [("encounter_play", "No charge and no encounter action")])
    amazon_card.get_by_role("button", name="Save and lock").click()
    expect(amazon_card.locator("h2 .badge")).to_have_text("locked")
    gm = page.locator(f"#side-{side_of(troll_battle, GM).pk}")
    gm.get_by_role("button", name="Save and lock").click()  # the Soldiers do not battle this evening
    expect(gm.locator("h2 .badge")).to_have_text("locked")
    screenshot(page, "battle-encounter-locked")

    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    log = page.locator(".round-log")
    expect(log).to_contain_text("Giant Bat")
    expect(log).to_contain_text(re.compile(r"rule 8\.3\.4 Luring"))
    expect(log).not_to_contain_text("Amazon runs")
    screenshot(page, "battle-encounter-results")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.locator(".round-log")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    screenshot(page, "battle-encounter-results-phone")


@pytest.mark.phone
def test_the_encounter_step_fits_a_phone(signed_in_page, troll_battle, screenshot):
    page = signed_in_page
    knight = side_of(troll_battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{troll_battle.pk}/rounds/1/")
    expect(page.locator(f"#side{knight.pk}-encounter_play")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    screenshot(page, "battle-encounter-phone")


def hidden_knight(state):
    next(c for c in state["characters"] if c["id"] == "Black Knight")["hidden"] = True


def test_the_plays_form_asks_which_hireling_takes_the_unassigned_wolf(signed_in_page, gm_user, screenshot):
    campaign = gm_user.campaign
    player = campaign_services.add_player(gm_user, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    battle = set_up_battle(campaign, "Hidden knight", "Cave 4", {
        "characters": ["Black Knight"], "monsters": "Wolf",
        "natives": "Soldier 1 hired by Black Knight\nSoldier 2 hired by Black Knight",
        "attacks": "Soldier 1 -> Soldier 2"}, change=hidden_knight)  # the unassigned Wolf goes to a hireling
    knight = side_of(battle, "Black Knight")

    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    card = page.locator(f"#side-{knight.pk}")
    choose(card, knight, [("encounter_play", "No charge and no encounter action")])
    card.get_by_role("button", name="Save and lock").click()
    expect(card.locator(f"#side{knight.pk}-encounter_choice-error")).to_have_text("Which hireling takes Wolf: choose one")
    screenshot(page, "battle-encounter-choice-needed")
    choose(card, knight, [("encounter_choice", "Soldier 2")])
    card.get_by_role("button", name="Save and lock").click()
    expect(card.locator("h2 .badge")).to_have_text("locked")
    gm = page.locator(f"#side-{side_of(battle, GM).pk}")
    gm.get_by_role("button", name="Save and lock").click()  # the GM's entries for the hirelings: none
    expect(gm.locator("h2 .badge")).to_have_text("locked")
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.RESOLVED
    expect(page.locator(".round-log")).to_contain_text("8.3.5a.3")
    expect(page.locator(".round-log")).to_contain_text(re.compile(r"Wolf.*Soldier 2|Soldier 2.*Wolf"))
    screenshot(page, "battle-encounter-choice-resolved")
