"""A GM runs a bimr4 campaign's people: players, the setup order, characters and their secret
starting information (victory requirements must total 5 points in Spring), in a real Chromium."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import services
from campaigns.models import Character, Player, StartingInfo

from .conftest import GM_PASSWORD

pytestmark = pytest.mark.e2e


@pytest.fixture
def spring_campaign(gm_user):
    return services.create_campaign(gm_user, "Spring Realm", "spring-realm", "bimr4")


def test_a_gm_adds_a_player_and_character_records_setup_and_enters_starting_information(
    signed_in_page, spring_campaign, screenshot
):
    page = signed_in_page
    page.goto("/campaigns/spring-realm/")
    assert page.get_by_role("heading", name="Spring Realm").is_visible()
    screenshot(page, "campaign-overview")

    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Players", exact=True).click()
    page.wait_for_url(re.compile(r"/campaigns/spring-realm/players/$"))
    page.get_by_label("Name").fill("Alice")
    page.keyboard.press("Tab")
    page.keyboard.type("alice@example.com")
    page.keyboard.press("Tab")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("Europe/London")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Alice joined the campaign.")).to_be_visible()
    assert page.get_by_role("cell", name="alice@example.com").is_visible()
    alice = Player.objects.get(campaign=spring_campaign, name="Alice")
    assert alice.time_zone == "Europe/London"

    record = page.get_by_role("region", name="Record the next step")
    record.get_by_label("Player").select_option(label="Alice")
    record.get_by_label("Kind").select_option("tile")
    record.get_by_label("Detail").fill("Borderland")
    record.get_by_label("Detail").press("Enter")
    expect(page.get_by_text("Step 1 recorded.")).to_be_visible()
    assert page.get_by_role("listitem").filter(has_text="Alice: placed a tile — Borderland").is_visible()
    screenshot(page, "campaign-players")

    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Characters", exact=True).click()
    page.wait_for_url(re.compile(r"/campaigns/spring-realm/characters/$"))
    page.get_by_label(re.compile(r"^Character")).fill("Wizard")
    page.get_by_label("Player").select_option(label="Alice")
    page.get_by_role("button", name="Add character").click()
    expect(page.get_by_text("The Wizard joined, played by Alice.")).to_be_visible()
    wizard = Character.objects.get(campaign=spring_campaign, catalogue_name="Wizard")
    card = page.locator(f"#character-{wizard.pk}")
    assert "Played by Alice" in card.inner_text()
    screenshot(page, "campaign-characters")

    card.get_by_role("link", name="Secret starting information").click()
    page.wait_for_url(re.compile(rf"/characters/{wizard.pk}/starting-info/$"))
    page.get_by_label("Great Treasures").fill("2")
    page.get_by_label("Fame").fill("1")
    page.get_by_label("Starting location").fill("Inn")
    page.get_by_label("Recorded spells").fill("Peace\nFog")
    page.get_by_label("MAGIC II4*").check()
    page.get_by_role("button", name="Save").click()
    # 2 + 1 = 3, not Spring's 5: refused above the form (the total is no one field's), nothing saved.
    expect(page.get_by_role("alert").get_by_text("must total 5 victory points")).to_be_visible()
    assert not StartingInfo.objects.filter(character=wizard).exists()
    screenshot(page, "campaign-starting-info-error")

    page.get_by_label("Gold").fill("2")
    page.get_by_label("Gold").press("Enter")
    expect(page.get_by_text("The Wizard's secret starting information saved.")).to_be_visible()
    info = StartingInfo.objects.get(character=wizard)
    assert info.answers == {"vp_great_treasures": 2, "vp_fame": 1, "vp_gold": 2, "starting_location": "Inn",
                            "recorded_spells": "Peace\nFog", "enchanted_chits": ["MAGIC II4*"]}
    assert page.get_by_label("Gold").input_value() == "2"
    screenshot(page, "campaign-starting-info-saved")

    page.goto(f"/campaigns/spring-realm/characters/{wizard.pk}/")
    page.get_by_label("Wounds").fill("2")
    page.get_by_label("Gold").fill("17")
    page.get_by_label("Horse").fill("Pony")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/campaigns/spring-realm/characters/$"))
    assert page.get_by_text("The Wizard's state saved.").is_visible()
    facts = page.locator(f"#character-{wizard.pk} dl.facts").inner_text()
    assert re.search(r"Wounds\s+2", facts) and re.search(r"Gold\s+17", facts) and re.search(r"Horse\s+Pony", facts)
    wizard.refresh_from_db()
    assert (wizard.state["wounds"], wizard.state["gold"], wizard.state["horse"]) == (2, 17, "Pony")

    page.goto("/campaigns/spring-realm/players/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("row", name=re.compile("Alice")).get_by_role("button", name="Remove").click()
    expect(page.get_by_text("Alice and their characters were removed.")).to_be_visible()
    assert not Player.objects.filter(pk=alice.pk).exists()
    assert not Character.objects.filter(pk=wizard.pk).exists()
    screenshot(page, "campaign-players-after-removal")


def test_another_gm_gets_a_404_on_the_starting_information_page(page, spring_campaign, sign_in, django_user_model):
    alice = Player.objects.create(campaign=spring_campaign, name="Alice", email="alice@example.com", time_zone="UTC")
    wizard = services.add_character(
        spring_campaign.gms.get(), spring_campaign, {"catalogue_name": "Wizard", "player": alice.pk}
    )
    django_user_model.objects.create_user(username="rival", email="rival@example.com", password=GM_PASSWORD)
    services.create_campaign(django_user_model.objects.get(username="rival"), "Rival Realm", "rival-realm", "bimr4")
    sign_in(page, "rival", GM_PASSWORD)
    response = page.goto(f"/campaigns/spring-realm/characters/{wizard.pk}/starting-info/")
    assert response.status == 404
    assert "Wizard" not in page.content()


@pytest.mark.phone
def test_the_characters_page_has_no_horizontal_scroll_on_a_phone(signed_in_page, spring_campaign, screenshot):
    alice = Player.objects.create(campaign=spring_campaign, name="Alice", email="alice@example.com", time_zone="UTC")
    services.add_character(
        spring_campaign.gms.get(), spring_campaign,
        {"catalogue_name": "Black Knight", "player": alice.pk, "starting_native_group": ""},
    )
    page = signed_in_page
    page.goto("/campaigns/spring-realm/characters/")
    assert page.get_by_role("heading", name="Black Knight").is_visible()
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    client_width = page.evaluate("document.documentElement.clientWidth")
    assert scroll_width <= client_width, f"page is {scroll_width}px wide in a {client_width}px viewport"
    screenshot(page, "campaign-characters-phone")
