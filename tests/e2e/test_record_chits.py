"""Settling wounds and fatigue in a real Chromium (issue #14.3), on the interface's pages: round 1 of the demo
battle leaves the Black Knight owing a wound and the Amazon an asterisk of fatigue. The GM ticks chits
without pausing and settles at once on the round page; a wrong choice comes back with its ticks and what is
wrong beside the boxes, nothing settled; the right one is settled and shown. Bob does the same for the
Amazon on his page."""

import pytest
from playwright.sync_api import expect

from campaigns.models import Character
from players import links
from players.models import PlayerLink
from tests.e2e.conftest import DEMO_ANSWERS, KNIGHT_STRIKES, demo_party, enter_plays, resolve_round, set_up_battle, side_of

pytestmark = pytest.mark.e2e

# With these plays and dice the H Troll wounds the Black Knight, and the Amazon owes fatigue for FIGHT M3**
# (found by trying seeds, and the same on every run; tests/e2e/test_magic_realm_on_the_interface.py plays them).
SEED = 7
AMAZON_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT M3**", "target": "Wolf", "weapon": "Short Sword",
                "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3, "shield_box": 2}


@pytest.fixture
def resolved(gm_user, monkeypatch):
    """Round 1 resolved: the Black Knight owes 1 wound, the Amazon 1 asterisk of fatigue; round 2 is open."""
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: SEED)
    demo_party(gm_user, gm_user.campaign)
    battle = set_up_battle(gm_user.campaign, "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)
    enter_plays(gm_user, battle, "Black Knight", KNIGHT_STRIKES)
    enter_plays(gm_user, battle, "Amazon", AMAZON_PLAYS)
    round_ = resolve_round(gm_user, battle)
    assert round_.status == round_.Status.RESOLVED
    return battle


def chits_of(name):
    return Character.objects.get(catalogue_name=name).state.get("chits", {})


def test_the_gm_settles_a_wound_with_errors_beside_the_boxes(signed_in_page, resolved, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{resolved.pk}/rounds/2/")
    due = page.locator(f"#dues-side-{side_of(resolved, 'Black Knight').pk}")
    expect(due).to_contain_text("Black Knight: wounds and fatigue after round 1")
    due.get_by_label("FIGHT M5", exact=True).check()  # no pause between the ticks and the press
    due.get_by_label("MOVE M5", exact=True).check()
    due.get_by_role("button", name="Settle Black Knight's dues").click()
    expect(due.get_by_role("alert")).to_contain_text("These answers do not settle what Black Knight owes.")
    expect(due.locator(".field[data-field=wounded] p.error")).to_contain_text("tick exactly 1 chit to wound")
    expect(due.get_by_label("FIGHT M5", exact=True)).to_be_checked()
    expect(due.get_by_label("MOVE M5", exact=True)).to_be_checked()
    expect(due.locator(".badge")).to_have_text("owes")
    screenshot(page, "chits-refused-beside-the-boxes")
    assert "wounded" not in chits_of("Black Knight").values()

    due.get_by_label("MOVE M5", exact=True).uncheck()
    due.get_by_role("button", name="Settle Black Knight's dues").click()
    expect(due.locator(".badge")).to_have_text("settled")
    expect(due.locator("dd")).to_have_text(["FIGHT M5"])
    screenshot(page, "chits-recorded")
    assert chits_of("Black Knight")["FIGHT M5"] == "wounded"


@pytest.mark.phone
def test_the_player_settles_fatigue_with_errors_beside_the_boxes(page, resolved, screenshot):
    amazon = resolved.characters.get(catalogue_name="Amazon")
    page.goto(f"/play/{links.token_for(PlayerLink.objects.get(battle=resolved, player__name='Bob', revoked_at__isnull=True))}/")
    form = page.locator(f"#dues-{amazon.pk}")
    expect(form.get_by_role("heading", name="To settle before round 2 is resolved")).to_be_visible()
    expect(form).to_contain_text("Chits to fatigue (1 asterisk owed)")
    form.get_by_label("FIGHT M3**", exact=True).check()  # two asterisks for the one owed, where FIGHT M4* pays it
    form.get_by_role("button", name="Settle Amazon's dues").click()
    expect(page.locator(f"#id_side{amazon.pk}-dues-fatigued_error")).to_contain_text("asterisk")
    expect(form.get_by_label("FIGHT M3**", exact=True)).to_be_checked()
    screenshot(page, "chits-refused-player-page")
    assert chits_of("Amazon").get("FIGHT M3**", "fresh") == "fresh"
    form.get_by_label("FIGHT M3**", exact=True).uncheck()
    form.get_by_label("FIGHT M4*", exact=True).check()
    form.get_by_role("button", name="Settle Amazon's dues").click()
    expect(form.get_by_role("heading", name="Settled: Amazon: wounds and fatigue after round 1")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    assert chits_of("Amazon")["FIGHT M4*"] == "fatigued"
