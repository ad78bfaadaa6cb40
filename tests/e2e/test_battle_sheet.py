"""The melee sheets on a phone (issue #6): a round fought by a Giant with its club and a mounted Lancer
draws the club and the pony in their own boxes, labelled and tied to their owners."""

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services

pytestmark = [pytest.mark.e2e, pytest.mark.phone]

PLAYS = {
    "Black Knight": {"target": "Giant", "target_part": "horse", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
                     "maneuver": {"chit": "MOVE H6", "box": 1}},
    "Amazon": {"target": "Lancer 1", "target_part": "horse", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
               "maneuver": {"chit": "MOVE M4", "box": 3}},
}


@pytest.fixture
def resolved_round(gm_user):
    from combat import services
    from tests.combat.encounter_battles import start

    campaign = gm_user.campaign
    characters = []
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        characters.append(campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character}))
    battle = start(campaign, characters, monsters=["Giant"], natives=[("Lancer 1", None)],
                   attacks=[("Giant", "Black Knight"), ("Lancer 1", "Amazon")], name="Giant at the ford")
    for character in characters:
        _, errors = services.save_plays(gm_user, campaign.slug, battle.pk, 1, character.pk, PLAYS[character.catalogue_name])
        assert not errors, errors
        services.lock_side(gm_user, campaign.slug, battle.pk, 1, character.pk)
    assert services.request_resolve(gm_user, campaign.slug, battle.pk, 1)  # Celery is eager here
    return battle


def test_the_sheets_show_the_giants_club_and_the_lancers_pony_on_a_phone(signed_in_page, resolved_round, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{resolved_round.pk}/rounds/1/")
    knight = page.get_by_role("img", name="Melee sheet of Black Knight")
    amazon = page.get_by_role("img", name="Melee sheet of Amazon")
    expect(knight).to_contain_text("Giant's Giant Club")
    expect(amazon).to_contain_text("Lancer 1's Lancer Pony 1 (galloping)")
    expect(knight.locator(".sheet-tie")).to_have_count(1)
    box = knight.bounding_box()
    assert box["width"] <= 390  # the sheet fits the phone's width, no sideways scrolling
    full = screenshot(page, "battle-sheet-phone")
    page.locator(".sheets").screenshot(path=full.with_name("battle-sheets-only-phone.png"))
