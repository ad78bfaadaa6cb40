"""The picture of the battle on the round page (issue #14.5b), in Chromium: before the round the melee sheets
stand beside the plays forms on a wide screen (in view while they scroll) and above them on a phone, each
denizen on the sheet of the character it attacks; on a phone nothing scrolls sideways; once the round is
resolved the sheets show each side's attack, with its target."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import AMAZON_STRIKES, KNIGHT_STRIKES, enter_plays, side_of

pytestmark = pytest.mark.e2e


def sheet_of(page, name):
    return page.locator(f"svg.melee-sheet[aria-label='Melee sheet of {name}']")


def test_the_table_stands_beside_the_forms_and_shows_the_attacks_once_resolved(signed_in_page, gm_user, demo_battle,
                                                                             screenshot):
    page = signed_in_page
    knight = side_of(demo_battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    table = page.locator("figure.system-picture")
    expect(table.locator("figcaption")).to_have_text("The table before round 1.")
    expect(sheet_of(page, "Black Knight")).to_contain_text("H Troll")
    expect(sheet_of(page, "Amazon")).to_contain_text("Wolf")
    table_box, form_box = table.bounding_box(), page.locator(f"#side-{knight.pk}").bounding_box()
    assert table_box["x"] >= form_box["x"] + form_box["width"], "the table stands beside the forms"
    page.locator(f"#side{knight.pk}-encounter_play").scroll_into_view_if_needed()  # the last form's last field
    table_top = table.evaluate("figure => figure.getBoundingClientRect().top")
    assert 0 <= table_top < page.viewport_size["height"], "the table stays in view while the forms scroll"
    screenshot(page, "battle-panel-wide")

    enter_plays(gm_user, demo_battle, "Amazon", AMAZON_STRIKES)
    field = lambda name: page.locator(f"#side{knight.pk}-{name}")  # noqa: E731
    for name, label in (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
                        ("target", "H Troll"), ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"),
                        ("maneuver_chit", "MOVE H6"), ("maneuver_box", "Charge")):
        field(name).select_option(label=label)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side-{knight.pk} h2 .badge")).to_have_text("locked")
    page.reload()  # the Amazon was locked from the outside
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    expect(page.locator("figure.system-picture figcaption")).to_have_text("The table after round 1.")
    expect(sheet_of(page, "Black Knight")).to_contain_text("Attack: FIGHT H6 Mace → H Troll")
    screenshot(page, "battle-panel-resolved")


@pytest.mark.phone
def test_the_table_fits_a_phone(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    table = page.locator("figure.system-picture")
    expect(table.locator("svg.melee-sheets")).to_be_visible()
    knight = side_of(demo_battle, "Black Knight")
    table_box, form_box = table.bounding_box(), page.locator(f"#side-{knight.pk}").bounding_box()
    assert table_box["y"] + table_box["height"] <= form_box["y"] + 1, "on a phone the table comes before the forms"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    screenshot(page, "battle-panel-phone")
