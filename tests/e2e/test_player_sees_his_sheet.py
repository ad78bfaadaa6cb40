"""A player's own melee sheet beside his plays form, in a real Chromium (the system's `picture_for`): Alice's page
draws the Black Knight's sheet with the H Troll on it and no other character's; as she chooses her attack and
maneuver, fast, the sheet is redrawn with them in their boxes, and nothing she chose is replaced; Bob's page never
shows her plays, sealed or not. Then the GM wounds the chit her sealed attack uses: his round page marks her
side "no longer stands" and its history says why; her page says the sealed plays no longer stand, with the
refusal beside the attack chit, and she changes them and seals again."""

import pytest
from playwright.sync_api import expect

from players import adjusting, links
from players.models import PlayerLink
from tests.e2e.conftest import DEMO_ANSWERS, demo_party, set_up_battle

pytestmark = pytest.mark.e2e


@pytest.fixture
def battle(gm_user, settings, live_server, monkeypatch):
    settings.HERALD_BASE_URL = live_server.url
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 1)
    demo_party(gm_user, gm_user.campaign)
    return set_up_battle(gm_user.campaign, "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)


def player_page(browser, live_server, battle, name, phone=False):
    link = PlayerLink.objects.get(battle=battle, player__name=name, revoked_at__isnull=True)
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone).new_page()
    page.goto(f"/play/{links.token_for(link)}/")
    return page


def test_the_player_sees_his_own_sheet_redrawn_as_he_chooses(browser, live_server, battle, gm_user, screenshot):
    knight = battle.characters.get(catalogue_name="Black Knight")
    page = player_page(browser, live_server, battle, "Alice")
    picture = page.locator(f"#picture-{knight.pk}")
    expect(picture.locator("svg[aria-label=\"Black Knight's melee sheet\"]")).to_be_visible()
    expect(picture).to_contain_text("H Troll")
    expect(picture).not_to_contain_text("Amazon")
    expect(picture).not_to_contain_text("Wolf")

    field = lambda name: page.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    chosen = (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
              ("weapon", "Mace (unalerted)"), ("target", "H Troll"), ("attack_box", "Smash"),
              ("maneuver_chit", "MOVE H6"), ("maneuver_box", "Charge"))
    for name, label in chosen:  # one choice after another, as fast as a person picks them
        field(name).select_option(label=label)
    expect(picture).to_contain_text("Attack: FIGHT H6 Mace → H Troll")
    expect(picture).to_contain_text("Maneuver: MOVE H6")
    for name, label in chosen:  # the redrawn sheet replaced none of her choices
        expect(field(name).locator("option:checked")).to_have_text(label)
    screenshot(page, "player-sheet-redrawn")

    page.get_by_role("button", name="Submit my plays").click()
    expect(page.locator(f"#receipt-{knight.pk}")).to_be_visible()
    expect(page.locator(f"#picture-{knight.pk}")).to_contain_text("Attack: FIGHT H6 Mace → H Troll")

    bob = player_page(browser, live_server, battle, "Bob", phone=True)
    amazon = battle.characters.get(catalogue_name="Amazon")
    expect(bob.locator(f"#picture-{amazon.pk}")).to_contain_text("Wolf")
    expect(bob.locator("body")).not_to_contain_text("FIGHT H6")
    expect(bob.locator("body")).not_to_contain_text("Black Knight's melee sheet")
    screenshot(bob, "player-sheet-phone")


def test_sealed_plays_a_wound_refuses_are_marked_and_sealed_again(browser, live_server, battle, gm_user, screenshot,
                                                                  signed_in_page):
    knight = battle.characters.get(catalogue_name="Black Knight")
    page = player_page(browser, live_server, battle, "Alice")
    field = lambda name: page.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    for name, label in (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
                        ("weapon", "Mace (unalerted)"), ("target", "H Troll"), ("attack_box", "Smash")):
        field(name).select_option(label=label)
    page.get_by_role("button", name="Submit my plays").click()
    expect(page.locator(f"#receipt-{knight.pk}")).to_be_visible()

    adjusting.adjust(gm_user, battle.campaign.slug, battle.pk, 1, "wound|Black Knight|FIGHT H6", "a fall")
    gm_page = signed_in_page
    gm_page.goto(f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(gm_page.get_by_text("no longer stands", exact=True)).to_be_visible()
    expect(gm_page.get_by_text("Black Knight's plays no longer stand after this change", exact=False)).to_be_visible()
    screenshot(gm_page, "gm-round-sealed-plays-no-longer-stand")
    page.reload()

    expect(page.locator(f"#receipt-{knight.pk}")).to_contain_text("These sealed plays no longer stand")
    expect(page.locator(f"#side-{knight.pk} h2")).to_contain_text("no longer stands: submit again")
    expect(page.locator(f"#id_side{knight.pk}-attack_chit_error")).to_contain_text("FIGHT H6")
    screenshot(page, "player-sealed-plays-no-longer-stand")
    field("attack_chit").select_option(label=field("attack_chit").locator("option", has_text="FIGHT H5").first.inner_text())
    field("weapon").select_option(label="Mace (unalerted)")
    field("target").select_option(label="H Troll")
    field("attack_box").select_option(label="Smash")
    page.get_by_role("button", name="Submit my changed plays").click()
    receipt = page.locator(f"#receipt-{knight.pk}")
    expect(receipt).to_be_visible()
    expect(receipt).not_to_contain_text("no longer stand")
