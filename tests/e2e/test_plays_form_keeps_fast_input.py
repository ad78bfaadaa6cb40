"""Fast input is never lost on the plays form (issue #12.1): against a server slowed on purpose, a GM who
chooses six fields in a row with no pause keeps every choice, and the error for the one bad choice shows
beside its field. The slowing is done from outside the product: Django's request handler is wrapped."""

import time

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

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
