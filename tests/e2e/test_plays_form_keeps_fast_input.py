"""Fast input is never lost on the plays form (issue #12.1): against a server slowed on purpose, a GM (or a
player, on their own page) who chooses six fields in a row with no pause keeps every choice, and the error for the one bad choice shows
beside its field. The slowing is done from outside the product: Django's request handler is wrapped."""

import time

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

from players import links
from players.models import PlayerLink

pytestmark = pytest.mark.e2e

VALIDATION_DELAY = 0.6  # seconds each validation takes: longer than the gap between two choices


@pytest.fixture
def slow_validation(monkeypatch):
    original = BaseHandler.get_response

    def slowed(self, request):
        if request.method == "POST" and request.path.endswith("/validate/"):
            time.sleep(VALIDATION_DELAY)
        return original(self, request)

    monkeypatch.setattr(BaseHandler, "get_response", slowed)


def wait_for_quiet(page):
    """No htmx request in flight or queued, twice in a row (a queued request starts as another ends)."""
    for _ in range(2):
        page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)
        page.wait_for_timeout(VALIDATION_DELAY * 1000 + 300)
    page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)


def test_six_choices_in_a_row_on_a_slow_server_are_all_kept(signed_in_page, demo_battle, slow_validation, screenshot):
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    field = lambda name: page.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    choices = [("target", "H Troll"), ("attack_chit", "FIGHT H6"), ("attack_weapon", "Mace"), ("attack_box", "2"),
               ("maneuver", "MOVE M5"), ("maneuver_box", "1")]
    for name, value in choices:  # no pause between fields, as a person on a keyboard
        field(name).select_option(value)
    wait_for_quiet(page)
    screenshot(page, "plays-form-fast-input")
    for name, value in choices:
        expect(field(name)).to_have_value(value)
    expect(page.locator(f"#id_side{knight.pk}-maneuver_engine_error")).to_contain_text("as strong as the heaviest item")


def test_a_choice_made_while_a_response_is_on_its_way_survives_the_swap(signed_in_page, demo_battle, slow_validation):
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    page.locator(f"#id_side{knight.pk}-target").select_option("H Troll")
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # the request is in flight
    page.locator(f"#id_side{knight.pk}-maneuver").select_option("MOVE H6")
    page.locator(f"#id_side{knight.pk}-maneuver").focus()
    wait_for_quiet(page)
    expect(page.locator(f"#id_side{knight.pk}-target")).to_have_value("H Troll")
    expect(page.locator(f"#id_side{knight.pk}-maneuver")).to_have_value("MOVE H6")
    expect(page.locator(f"#id_side{knight.pk}-maneuver")).to_be_focused()


def test_a_player_choosing_six_fields_in_a_row_on_a_slow_server_keeps_them_all(page, demo_battle, slow_validation, live_server, settings):
    settings.HERALD_BASE_URL = live_server.url
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(links.url_for(PlayerLink.objects.get(battle=demo_battle, player__name="Alice")))
    field = lambda name: page.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    choices = [("target", "H Troll"), ("attack_chit", "FIGHT H6"), ("attack_weapon", "Mace"), ("attack_box", "2"),
               ("maneuver", "MOVE M5"), ("maneuver_box", "1")]
    for name, value in choices:
        field(name).select_option(value)
    wait_for_quiet(page)
    for name, value in choices:
        expect(field(name)).to_have_value(value)
    expect(page.locator(f"#id_side{knight.pk}-maneuver_engine_error")).to_contain_text("as strong as the heaviest item")


def test_save_and_lock_pressed_while_a_check_is_on_its_way_still_locks_the_side(signed_in_page, demo_battle, slow_validation):
    """The check's answer replaces the form, and with it the button that was pressed: the press must not
    be lost with the old button (htmx drops a queued request whose element left the page)."""
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    side = page.locator(f"#side-{knight.pk}")
    choices = [("target", "H Troll"), ("attack_chit", "FIGHT H6"), ("attack_weapon", "Mace"), ("attack_box", "2"),
               ("maneuver", "MOVE H6"), ("maneuver_box", "1")]
    for name, value in choices:
        page.locator(f"#id_side{knight.pk}-{name}").select_option(value)
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # a check is on its way
    side.get_by_role("button", name="Save and lock").click()
    wait_for_quiet(page)
    expect(side).to_contain_text("locked")
    expect(side.get_by_role("button", name="Unlock Black Knight")).to_be_visible()
