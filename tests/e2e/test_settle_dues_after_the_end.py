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
from tests.e2e.conftest import fits_the_phone
from tests.systems_app import owing_system
from tests.systems_app.conftest import token_of
from tests.systems_app.owing_battles import owing_campaign  # noqa: F401 (fixture)
from tests.systems_app.owing_battles import fighter, play_round, side_of

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
    aldric_id = over.characters.get(catalogue_name="Aldric").pk
    phone.goto(f"/play/{token_of(over, 'Alice')}/")
    expect(phone.locator(".deadline")).to_contain_text("Combat is over")
    expect(phone.locator(".deadline")).to_contain_text("Settle what round 1 left you owing")
    form = phone.locator(f"#dues-{aldric_id}")
    expect(form.get_by_role("heading", name="To settle: Aldric marks 1 hit")).to_be_visible()
    form.get_by_label("Head").check()
    form.get_by_label("Leg").check()
    form.get_by_role("button", name="Settle Aldric's dues").click()
    expect(phone.locator(f"#id_side{aldric_id}-dues-marks_error")).to_contain_text(
        "Aldric owes 1: choose exactly 1 (chosen: 2)")
    expect(form.get_by_label("Head")).to_be_checked()
    expect(form.get_by_label("Leg")).to_be_checked()
    over.refresh_from_db()
    assert fighter(over.state, "Aldric")["marks"] == []
    fits_the_phone(phone)
    screenshot(phone, "dues-after-the-end-refused-375")

    form.get_by_label("Head").uncheck()
    form.get_by_role("button", name="Settle Aldric's dues").click()
    expect(form.get_by_role("heading", name="Settled: Aldric marks 1 hit")).to_be_visible()
    expect(form.locator("dd")).to_have_text(["Leg"])
    fits_the_phone(phone)
    screenshot(phone, "dues-after-the-end-settled-375")
    over.refresh_from_db()
    assert fighter(over.state, "Aldric")["marks"] == ["leg"] and over.status == Battle.Status.ENDED

    page = signed_in_page
    page.goto(f"/campaigns/{over.campaign.slug}/battles/{over.pk}/rounds/1/")
    expect(page.locator(".battle-over")).to_contain_text("The battle is over.")
    expect(page.locator(f"#dues-side-{side_of(over, 1, 'Aldric').pk} .badge")).to_have_text("settled")
    expect(page.get_by_role("button", name="Settle Aldric's dues")).to_have_count(0)
    screenshot(page, "dues-after-the-end-gm")
