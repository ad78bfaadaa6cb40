"""What the last round of a battle left owing, settled after the battle has ended, in a real Chromium (the
test-only system of tests/systems_app/owing_system.py, registered from the outside: the live server runs in this
process). Round 1 ends the battle (the Goblin is down) and leaves Alice's Aldric owing a hit to mark. Alice opens
her link on her phone: combat is over and her page asks her to settle for her character's record; a refused
choice first (kept as she ticked it), then the right one; the GM's round page then shows it settled, with the
battle over and nothing left to settle there."""

import pytest
from playwright.sync_api import expect

from combat import services, system_battles
from combat.models import Battle
from tests.e2e.dues_flow import refuse_two_then_settle_the_leg
from tests.systems_app import owing_system
from tests.systems_app.conftest import token_of
from tests.systems_app.owing_battles import owing_campaign  # noqa: F401 (fixture)
from tests.systems_app.owing_battles import play_round, side_of

pytestmark = pytest.mark.e2e


@pytest.fixture
def gm(gm_user):
    """The GM of owing_battles' fixtures: the one who signs in here."""
    return gm_user


@pytest.fixture
def over(gm, owing_campaign):
    """Round 1 ends the battle: the Goblin is down, Aldric owes a hit to mark."""
    battle = system_battles.start_battle(gm, owing_campaign.slug, "The last fight", "The road",
                                         owing_system.state(("Aldric", 3), ("Goblin", 1)))
    play_round(gm, battle.rounds.get(number=1), {"Aldric": "Goblin", "Goblin": "Aldric"})
    services.request_resolve(gm, owing_campaign.slug, battle.pk, 1)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and battle.rounds.count() == 1
    return battle


def test_a_player_settles_what_the_last_round_left_owing_after_the_battle_ended(signed_in_page, phone, over,
                                                                             screenshot):
    phone.goto(f"/play/{token_of(over, 'Alice')}/")
    expect(phone.locator(".deadline")).to_contain_text("Combat is over")
    expect(phone.locator(".deadline")).to_contain_text("Settle what round 1 left you owing")
    aldric_id = over.characters.get(catalogue_name="Aldric").pk
    heading = phone.locator(f"#dues-{aldric_id}").get_by_role("heading", name="To settle: Aldric marks 1 hit")
    expect(heading).to_be_visible()
    refuse_two_then_settle_the_leg(phone, over, "Head", "dues-after-the-end")
    assert over.status == Battle.Status.ENDED

    page = signed_in_page
    page.goto(f"/campaigns/{over.campaign.slug}/battles/{over.pk}/rounds/1/")
    expect(page.locator(".battle-over")).to_contain_text("The battle is over.")
    expect(page.locator(f"#dues-side-{side_of(over, 1, 'Aldric').pk} .badge")).to_have_text("settled")
    expect(page.get_by_role("button", name="Settle Aldric's dues")).to_have_count(0)
    screenshot(page, "dues-after-the-end-gm")
