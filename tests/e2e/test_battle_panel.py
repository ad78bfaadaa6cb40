"""The picture of the battle beside the plays forms (issue #14.5b), in Chromium: on a wide screen it stands
in a column beside the forms; on a phone it comes first and nothing scrolls sideways; a side locked by
the GM shows its attack, with its target, on the sheet."""

import pytest
from playwright.sync_api import expect


pytestmark = pytest.mark.e2e



def test_the_battle_panel_stands_beside_the_forms_and_follows_a_lock(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    panel = page.get_by_role("complementary", name="The battle now")
    expect(panel.get_by_role("img", name="Melee sheet of Black Knight")).to_be_visible()
    expect(panel).to_contain_text("H Troll → Black Knight")
    form_box, panel_box = page.locator(f"#side-{knight.pk}").bounding_box(), panel.bounding_box()
    assert panel_box["x"] > form_box["x"] + form_box["width"] - 1, "the panel stands beside the forms"
    field = lambda name: page.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    for name, value in (("target", "H Troll"), ("attack_chit", "FIGHT H6"), ("attack_weapon", "Mace"), ("attack_box", "2"),
                        ("maneuver", "MOVE H6"), ("maneuver_box", "1")):
        field(name).select_option(value)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side-{knight.pk}")).to_contain_text("locked")
    expect(panel.get_by_role("img", name="Melee sheet of Black Knight")).to_contain_text("Attack: FIGHT H6 Mace → H Troll")
    screenshot(page, "battle-panel-wide")


@pytest.mark.phone
def test_the_battle_panel_fits_a_phone(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    expect(page.get_by_role("complementary", name="The battle now")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    screenshot(page, "battle-panel-phone")
