"""The GM's own entries for a round, in Chromium: a Magic Realm campaign sent through the interface's pages
from the outside (the app still sends it to its own), the Black Knight meeting the Company. The GM ticks that
the Company battle him this evening, saves and locks the entries beside the sides, and the round page says so."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat import system_battles
from combat.models import Round
from systems.interface import GM
from tests.systems.interface_examples import without_plays, without_waiting_answers

pytestmark = pytest.mark.e2e

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "encounter-knights-adjustment.json"


@pytest.fixture
def company(gm_user, monkeypatch):
    campaign = campaign_services.create_campaign(gm_user, "The Company", "company", "standard")
    player = campaign_services.add_player(gm_user, campaign, {"name": "Kay", "email": "kay@example.com",
                                                              "time_zone": "UTC"})
    campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    state = without_waiting_answers(without_plays(json.loads(EXAMPLE.read_text())))
    return system_battles.start_battle(gm_user, campaign.slug, "The Company", "Valley 4", state)


def test_the_gm_enters_a_battle_this_evening_and_locks_the_entries(signed_in_page, company, screenshot):
    page = signed_in_page
    entries = Round.objects.get(battle=company, number=1).sides.get(side=GM)
    page.goto(f"/campaigns/company/battles/{company.pk}/rounds/1/")
    card = page.locator(f"#side-{entries.pk}")
    expect(card.get_by_role("heading", name="The GM's entries")).to_be_visible()
    card.get_by_label("The Company battle the Black Knight this evening").select_option(label="Yes, they battle")
    card.get_by_role("button", name="Save and lock").click()
    expect(card.locator(".badge", has_text="locked")).to_be_visible()
    entries.refresh_from_db()
    assert entries.locked and list(entries.plays) == ["battling_0"]
    screenshot(page, "gm-entries-locked")
