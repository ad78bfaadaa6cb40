"""The odds panel beside a side's plays in a battle fought through the interface, in Chromium: as the GM types
Aldric's attack on the round page, the chances of it appear beside the form without a reload (and nothing
typed is replaced); Alice's phone shows the chances of her own side's plan, never another side's."""

import pytest
from playwright.sync_api import expect

from combat import system_battles
from tests.systems_app.conftest import start, system_campaign, token_of

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}


@pytest.fixture
def ambush(gm_user):
    return start(gm_user, system_campaign(gm_user, "enchanted-realms", "ambush"), "enchanted-realms-goblin-ambush")


def test_the_chances_of_a_plan_appear_as_it_is_typed_and_the_player_sees_their_own(
        signed_in_page, browser, live_server, gm_user, ambush, screenshot):
    page = signed_in_page
    round_ = ambush.rounds.get(number=1)
    aldric = round_.sides.get(side="Aldric")
    page.goto(f"/campaigns/ambush/battles/{ambush.pk}/rounds/1/")
    card = page.locator(f"#side-{aldric.pk}")
    odds = page.locator(f"#side-odds-{aldric.pk}")
    expect(odds).to_be_hidden()  # nothing planned yet
    card.locator(f"#side{aldric.pk}-action").select_option(label="Attack")
    card.locator(f"#side{aldric.pk}-method").select_option(label="melee")
    card.locator(f"#side{aldric.pk}-dice").press_sequentially("2")
    card.locator(f"#side{aldric.pk}-bonus").press_sequentially("3")
    card.locator(f"#side{aldric.pk}-target").select_option(label="Bryn (heroes)")
    expect(odds).to_contain_text("Odds of Aldric against Bryn")
    expect(odds).to_contain_text("% hit")
    expect(card.locator(f"#side{aldric.pk}-dice")).to_have_value("2")  # what was typed stays
    expect(card.locator(f"#side{aldric.pk}-bonus")).to_have_value("3")
    screenshot(page, "odds-panel-gm")

    system_battles.save_answers(gm_user, "ambush", ambush.pk, 1, round_.sides.get(side="Bryn").pk,
                                {"action": "attack", "method": "ranged", "dice": 3, "bonus": 1, "target": "Goblin 1"})
    system_battles.save_answers(gm_user, "ambush", ambush.pk, 1, aldric.pk,
                                {"action": "attack", "method": "melee", "dice": 2, "bonus": 3, "target": "Bryn"})
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"/play/{token_of(ambush, 'Alice')}/")
    mine = phone.locator(f"#odds-{ambush.characters.get(catalogue_name='Aldric').pk}")
    expect(mine).to_contain_text("Odds of Aldric against Bryn")
    expect(phone.get_by_text("Odds of Bryn")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    screenshot(phone, "odds-panel-player-375")
    context.close()
