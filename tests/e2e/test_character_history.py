"""A long campaign's character history in Chromium (issue #13): the card shows the ten latest entries and
a link to the whole history, which pages through it 50 entries at a time, newest first."""

import datetime

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = pytest.mark.e2e


@pytest.fixture
def knight(gm_user):
    """The Black Knight with a history of 60 resolved rounds of one battle fought on the interface's pages, the
    summary of his side a line each."""
    from combat.models import SYSTEM_KEY, Battle, Round, SidePlays

    campaign = gm_user.campaign
    player = campaign_services.add_player(gm_user, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    knight = campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    battle = Battle.objects.create(campaign=campaign, name="Long siege", clearing="Cave 1", status=Battle.Status.ENDED,
                                   state={SYSTEM_KEY: campaign.combat_system.NAME})
    battle.characters.add(knight)
    for number in range(1, 61):
        round_ = Round.objects.create(battle=battle, number=number, status=Round.Status.RESOLVED,
                                      resolved_at=battle.created_at + datetime.timedelta(minutes=number),
                                      result={"summaries": {"Black Knight": [f"Wounded in round {number}"]}})
        SidePlays.objects.create(round=round_, character=knight, side="Black Knight", locked=True)
    return knight


def test_the_gm_goes_from_the_card_to_the_whole_history_and_its_second_page(signed_in_page, knight, screenshot):
    page = signed_in_page
    page.goto("/campaigns/demo-realm/characters/")
    card = page.locator(f"#character-{knight.pk}")
    expect(card.locator(".character-history li")).to_have_count(10)
    expect(card.locator(".character-history li").first).to_contain_text("Long siege, round 60: Wounded in round 60")
    card.get_by_role("link", name="The whole history (50 earlier entries)").click()
    expect(page.get_by_role("heading", name="History of the Black Knight (Alice)")).to_be_visible()
    expect(page.locator(".character-history li")).to_have_count(50)
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    page.keyboard.press("End")
    page.get_by_role("link", name="Older").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    expect(page.locator(".character-history li")).to_have_count(10)
    expect(page.locator(".character-history li").last).to_contain_text("Long siege, round 1: Wounded in round 1")
    screenshot(page, "character-history-page-2")
    page.get_by_role("link", name="Newer").click()
    expect(page.get_by_text("Page 1 of 2")).to_be_visible()
