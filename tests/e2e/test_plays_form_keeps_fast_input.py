"""Fast input is never lost (issue #12.1): against a server slowed on purpose, a GM (or a player, on their
own page) who chooses in field after field with no pause keeps every choice, and the error for the one
missing entry shows beside its field; a button pressed while a check is on its way is not lost. Every POST is slowed (the checks as the person
types, the saves, the locks, the submits), from outside the product: Django's request handler is wrapped."""

import time

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

from players import links
from players.models import PlayerLink
from tests.e2e.conftest import side_of

pytestmark = pytest.mark.e2e

DELAY = 0.6  # seconds each POST takes: longer than the gap between two changes


@pytest.fixture
def slow_server(monkeypatch):
    original = BaseHandler.get_response

    def slowed(self, request):
        if request.method == "POST" and not request.path.startswith("/accounts/"):
            time.sleep(DELAY)
        return original(self, request)

    monkeypatch.setattr(BaseHandler, "get_response", slowed)


def wait_for_quiet(page):
    """No htmx request in flight or queued, twice in a row (a queued request starts as another ends)."""
    for _ in range(2):
        page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)
        page.wait_for_timeout(DELAY * 1000 + 300)
    page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)


# Six choices in a row for the Black Knight, each one the form offers, and no target: the one error, "Target:
# choose one", stands beside the target.
NO_TARGET = [("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H4**"),
             ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"), ("maneuver_chit", "MOVE H6"),
             ("maneuver_box", "Charge")]
# The same with the target: every choice allowed.
ALLOWED = [("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
           ("target", "H Troll"), ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"),
           ("maneuver_chit", "MOVE H6"), ("maneuver_box", "Charge")]
NO_TARGET_ERROR = "Target: choose one"
ALLOWED_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
                 "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}


def knight_form(page, battle):
    """Open the GM's round page; the Black Knight's side and his fields, by name ("target", "target-error")."""
    knight = side_of(battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    return knight, lambda name: page.locator(f"#side{knight.pk}-{name}")


def alices_form(page, battle, live_server, settings):
    """Open Alice's page (her link); the Black Knight's character and his fields ("target", "target_error")."""
    settings.HERALD_BASE_URL = live_server.url
    knight = battle.characters.get(catalogue_name="Black Knight")
    page.goto(links.url_for(PlayerLink.objects.get(battle=battle, player__name="Alice")))
    return knight, lambda name: page.locator(f"#id_side{knight.pk}-{name}")


def choose_at_once(field, choices):
    for name, label in choices:  # no pause between fields, as a person on a keyboard
        field(name).select_option(label=label)


def expect_kept(field, choices):
    for name, label in choices:
        expect(field(name).locator("option:checked")).to_have_text(label)


def saved_plays(battle):
    return side_of(battle, "Black Knight").plays


def test_six_choices_in_a_row_on_a_slow_server_are_all_kept(signed_in_page, demo_battle, slow_server, screenshot):
    knight, field = knight_form(signed_in_page, demo_battle)
    choose_at_once(field, NO_TARGET)
    wait_for_quiet(signed_in_page)
    screenshot(signed_in_page, "plays-form-fast-input")
    expect_kept(field, NO_TARGET)
    expect(field("target-error")).to_have_text(NO_TARGET_ERROR)
    expect(signed_in_page.locator(f"#side-{knight.pk} p.error:not(:empty)")).to_have_count(1)


def test_a_choice_made_while_a_response_is_on_its_way_survives_the_swap(signed_in_page, demo_battle, slow_server):
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    field("attack_chit").select_option(label="FIGHT H6")
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # the request is in flight
    field("maneuver_chit").select_option(label="MOVE H6")
    field("maneuver_chit").focus()
    wait_for_quiet(page)
    expect_kept(field, [("attack_chit", "FIGHT H6"), ("maneuver_chit", "MOVE H6")])
    expect(field("maneuver_chit")).to_be_focused()


def test_a_player_choosing_six_fields_in_a_row_on_a_slow_server_keeps_them_all(page, demo_battle, slow_server,
                                                                               live_server, settings):
    knight, field = alices_form(page, demo_battle, live_server, settings)
    choose_at_once(field, NO_TARGET)
    wait_for_quiet(page)
    expect_kept(field, NO_TARGET)
    expect(field("target_error")).to_have_text(NO_TARGET_ERROR)  # the same words as on the GM's page


def test_save_and_lock_pressed_while_a_check_is_on_its_way_still_locks_the_side(signed_in_page, demo_battle, slow_server):
    """The check's answer swaps the side's errors while the press is on its way: the press must not be lost."""
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    side = page.locator(f"#side-{knight.pk}")
    choose_at_once(field, ALLOWED)
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # a check is on its way
    side.get_by_role("button", name="Save and lock").click()  # the save and lock is slowed too
    wait_for_quiet(page)
    expect(side.locator("h2 .badge")).to_have_text("locked")
    expect(side.get_by_role("button", name="Unlock Black Knight")).to_be_visible()
    assert saved_plays(demo_battle) == ALLOWED_PLAYS


def test_six_choices_then_save_at_once_on_a_slow_server_saves_every_choice_and_shows_the_error(
        signed_in_page, demo_battle, slow_server):
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    choose_at_once(field, NO_TARGET)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Save", exact=True).click()  # checks on their way
    wait_for_quiet(page)
    expect_kept(field, NO_TARGET)
    expect(field("target-error")).to_have_text(NO_TARGET_ERROR)
    assert saved_plays(demo_battle) == {"encounter_play": "none", "attack_chit": "FIGHT H4**", "weapon": "Mace",
                                        "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}


def test_a_player_choosing_six_fields_and_submitting_at_once_on_a_slow_server_seals_every_choice(
        page, demo_battle, slow_server, live_server, settings):
    knight, field = alices_form(page, demo_battle, live_server, settings)
    choose_at_once(field, ALLOWED)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Submit").click()  # checks still on their way
    expect(page.locator(f"#receipt-{knight.pk}")).to_contain_text("Sealed", timeout=20_000)
    assert saved_plays(demo_battle) == ALLOWED_PLAYS
