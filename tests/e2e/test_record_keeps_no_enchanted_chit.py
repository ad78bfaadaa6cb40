"""A Magic Realm magician's record kept with an enchanted MAGIC chit from before (docs/rulings.md, "An enchanted
MAGIC chit between battles"), in Chromium: the GM's edit page shows it not possible with the reason beside the
chit; saving it as it is refused there, nothing saved; answering the state the battle should start it in saves."""

import pytest
from playwright.sync_api import expect

from campaigns import services
from campaigns.models import Character
from tests.e2e.conftest import fits_the_phone

pytestmark = pytest.mark.e2e


@pytest.fixture
def wizard(gm_user):
    campaign = gm_user.campaign
    player = services.add_player(gm_user, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    wizard = services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Wizard"})
    wizard.state = {**wizard.state, "chits": {"MAGIC II4*": "enchanted"}}  # as the page once let a GM keep it
    wizard.save(update_fields=["state"])
    return wizard


def test_a_kept_enchanted_chit_is_shown_not_possible_and_refused_until_answered(signed_in_page, wizard, screenshot):
    page = signed_in_page
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"/campaigns/demo-realm/characters/{wizard.pk}/")
    chit = page.get_by_label("Chit MAGIC II4*")
    expect(chit.locator("option:checked")).to_have_text("enchanted (not possible)")
    expect(page.get_by_text("a battle has no enchanted chit").first).to_be_visible()
    page.get_by_label("Gold").fill("12")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".errorlist", has_text="must be fresh, fatigued or wounded, not 'enchanted'")).to_be_visible()
    expect(page.get_by_label("Gold")).to_have_value("12")  # what was typed is kept
    assert Character.objects.get(pk=wizard.pk).state["chits"] == {"MAGIC II4*": "enchanted"}
    fits_the_phone(page)
    screenshot(page, "record-enchanted-refused-375")

    page.get_by_label("Chit MAGIC II4*").select_option(label="fatigued")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("The Wizard's state saved.")).to_be_visible()
    expect(page.locator(f"#character-{wizard.pk}")).to_contain_text("(MAGIC II4*)")  # on the card, fatigued
    assert Character.objects.get(pk=wizard.pk).state["chits"] == {"MAGIC II4*": "fatigued"}
