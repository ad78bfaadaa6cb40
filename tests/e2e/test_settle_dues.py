"""Dues after a round, settled in a real Chromium (the test-only system of tests/systems_app/owing_system.py,
registered from the outside: the live server runs in this process). Round 1 left Alice's Aldric owing a mark
and the GM's Goblin two; round 2's plays are all in. The GM's resolve of round 2 is refused while they owe;
Alice settles Aldric's on her phone (a refused choice first, kept as she ticked it), the GM settles the
Goblin's on the round page, and round 2 is resolved (Celery runs eagerly in e2e) with what they settled."""

import pytest
from playwright.sync_api import expect

from combat.models import Round
from tests.e2e.dues_flow import refuse_two_then_settle_the_leg
from tests.systems_app.conftest import token_of
from tests.systems_app.owing_battles import owing_battle, owing_campaign  # noqa: F401 (fixtures)
from tests.systems_app.owing_battles import fighter, play_round, side_of


pytestmark = pytest.mark.e2e

ROUND_TWO = {"Aldric": "Goblin", "Bryn": "Goblin", "Goblin": "Bryn"}


@pytest.fixture
def gm(gm_user):
    """The GM of owing_battles' fixtures: the one who signs in here."""
    return gm_user


def test_each_side_settles_what_it_owes_and_the_next_round_resolves(signed_in_page, phone, gm, owing_battle,
                                                                  screenshot):
    battle = owing_battle
    play_round(gm, battle.rounds.get(number=2), ROUND_TWO)
    page = signed_in_page
    page.goto(f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/2/")
    dues = page.locator("#dues-1")
    expect(dues.get_by_role("heading", name="Owed after round 1")).to_be_visible()
    goblin = dues.locator(f"#dues-side-{side_of(battle, 1, 'Goblin').pk}")
    expect(goblin).to_contain_text("Goblin marks 2 hits")
    expect(dues.locator(f"#dues-side-{side_of(battle, 1, 'Aldric').pk}")).to_contain_text("owes")
    screenshot(page, "dues-gm-round-page")
    page.get_by_role("button", name="Resolve round 2").click()
    expect(page.get_by_role("alert").filter(has_text="Settle what round 1 left owing first")).to_contain_text(
        "Aldric, Goblin have not settled yet.")
    assert Round.objects.get(battle=battle, number=2).status == Round.Status.DRAFTING

    aldric_id = battle.characters.get(catalogue_name="Aldric").pk
    phone.goto(f"/play/{token_of(battle, 'Alice')}/")
    form = phone.locator(f"#dues-{aldric_id}")
    expect(form.get_by_role("heading", name="To settle before round 2 is resolved: Aldric marks 1 hit")).to_be_visible()
    refuse_two_then_settle_the_leg(phone, battle, "Arm", "dues-player")

    page.reload()
    expect(dues.locator(f"#dues-side-{side_of(battle, 1, 'Aldric').pk} .badge")).to_have_text("settled")
    goblin.get_by_label("Arm").check()
    goblin.get_by_label("Head").check()
    goblin.get_by_role("button", name="Settle Goblin's dues").click()
    expect(goblin.locator(".badge")).to_have_text("settled")
    screenshot(page, "dues-gm-settled")

    page.get_by_role("button", name="Resolve round 2").click()
    expect(page.get_by_role("heading", name="Round 2's result")).to_be_visible()
    resolved = Round.objects.get(battle=battle, number=2)
    assert resolved.status == Round.Status.RESOLVED
    assert fighter(resolved.input, "Aldric")["marks"] == ["leg"]
    assert fighter(resolved.input, "Goblin")["marks"] == ["arm", "head"]
    expect(page.locator(".round-log")).to_contain_text("Goblin strikes Bryn")
