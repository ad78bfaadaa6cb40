"""Fast input is never lost (issue #12.1): against a server slowed on purpose, a GM (or a player, on their
own page) who chooses and types in field after field with no pause keeps every choice and every character,
and the error for the one bad entry shows beside its field. Every POST is slowed (the checks as the person
types, the saves, the locks, the submits), from outside the product: Django's request handler is wrapped."""

import time

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

from combat.models import Round
from players import links
from players.models import PlayerLink
from tests.e2e.test_battle_encounter import troll_battle  # noqa: F401 (a fixture)

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


# Six choices in a row for the Black Knight, each one the form offers, refused together: FIGHT H4** and
# MOVE H5* are three asterisks, over the effort limit (the error stands beside the maneuver).
OVER_EFFORT = [("target", "H Troll"), ("attack_chit", "FIGHT H4**"), ("attack_weapon", "Mace"), ("attack_box", "2"),
               ("maneuver", "MOVE H5*"), ("maneuver_box", "1")]
# FIGHT H6 and MOVE H6: every choice allowed.
ALLOWED = [("target", "H Troll"), ("attack_chit", "FIGHT H6"), ("attack_weapon", "Mace"), ("attack_box", "2"),
           ("maneuver", "MOVE H6"), ("maneuver_box", "1")]
EFFORT_LIMIT = "3 asterisks played (FIGHT H4** + MOVE H5*); at most two asterisks a round"


def knight_form(page, battle, url=None):
    """Open the round page (or the player's page at `url`); the Black Knight's id and his fields."""
    knight = battle.characters.get(catalogue_name="Black Knight")
    page.goto(url or f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    return knight, lambda name: page.locator(f"#id_side{knight.pk}-{name}")


def choose_at_once(field, choices):
    for name, value in choices:  # no pause between fields, as a person on a keyboard
        field(name).select_option(value)


def expect_kept(field, choices):
    for name, value in choices:
        expect(field(name)).to_have_value(value)


def saved_plays(battle, knight):
    return Round.objects.get(battle=battle, number=1).sides.get(character=knight).plays


def alices_page(battle, live_server, settings):
    settings.HERALD_BASE_URL = live_server.url
    return links.url_for(PlayerLink.objects.get(battle=battle, player__name="Alice"))


def test_six_choices_in_a_row_on_a_slow_server_are_all_kept(signed_in_page, demo_battle, slow_server, screenshot):
    knight, field = knight_form(signed_in_page, demo_battle)
    choose_at_once(field, OVER_EFFORT)
    wait_for_quiet(signed_in_page)
    screenshot(signed_in_page, "plays-form-fast-input")
    expect_kept(field, OVER_EFFORT)
    expect(field("maneuver_engine_error")).to_contain_text(EFFORT_LIMIT)


def test_a_choice_made_while_a_response_is_on_its_way_survives_the_swap(signed_in_page, demo_battle, slow_server):
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    field("target").select_option("H Troll")
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # the request is in flight
    field("maneuver").select_option("MOVE H6")
    field("maneuver").focus()
    wait_for_quiet(page)
    expect(field("target")).to_have_value("H Troll")
    expect(field("maneuver")).to_have_value("MOVE H6")
    expect(field("maneuver")).to_be_focused()


def test_a_player_choosing_six_fields_in_a_row_on_a_slow_server_keeps_them_all(page, demo_battle, slow_server, live_server, settings):
    knight, field = knight_form(page, demo_battle, alices_page(demo_battle, live_server, settings))
    choose_at_once(field, OVER_EFFORT)
    wait_for_quiet(page)
    expect_kept(field, OVER_EFFORT)
    expect(field("maneuver_engine_error")).to_contain_text(EFFORT_LIMIT)


def test_save_and_lock_pressed_while_a_check_is_on_its_way_still_locks_the_side(signed_in_page, demo_battle, slow_server):
    """The check's answer replaces the form, and with it the button that was pressed: the press must not
    be lost with the old button (htmx drops a queued request whose element left the page)."""
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    side = page.locator(f"#side-{knight.pk}")
    choose_at_once(field, ALLOWED)
    page.wait_for_function("!!document.querySelector('.htmx-request')")  # a check is on its way
    side.get_by_role("button", name="Save and lock").click()  # the save and lock is slowed too
    wait_for_quiet(page)
    expect(side).to_contain_text("locked")
    expect(side.get_by_role("button", name="Unlock Black Knight")).to_be_visible()
    assert saved_plays(demo_battle, knight)["maneuver"] == {"chit": "MOVE H6", "box": 1}


def test_six_choices_then_save_draft_at_once_on_a_slow_server_saves_every_choice_and_shows_the_error(
        signed_in_page, demo_battle, slow_server):
    page = signed_in_page
    knight, field = knight_form(page, demo_battle)
    choose_at_once(field, OVER_EFFORT)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Save draft").click()  # checks still on their way
    wait_for_quiet(page)
    expect_kept(field, OVER_EFFORT)
    expect(field("maneuver_engine_error")).to_contain_text(EFFORT_LIMIT)
    plays = saved_plays(demo_battle, knight)
    assert plays["target"] == "H Troll" and plays["attack"] == {"chit": "FIGHT H4**", "box": 2, "weapon": "Mace"}
    assert plays["maneuver"] == {"chit": "MOVE H5*", "box": 1}


MEETING_TABLE = {
    "Allied": "TRADE | TRADE | NO DEAL | OPPORTUNITY | INSULT | CHALLENGE",
    "Friendly": "TRADE | NO DEAL | OPPORTUNITY | INSULT | CHALLENGE | BLOCK/BATTLE",
    "Neutral": "NO DEAL | OPPORTUNITY | INSULT | CHALLENGE | BLOCK/BATTLE | BLOCK/BATTLE",
    "Unfriendly": "OPPORTUNITY | INSULT | CHALLENGE | BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE",
    "Enemy": "INSULT | CHALLENGE | BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE",  # five: one short
}


def test_the_gm_typing_the_meeting_table_and_ticking_boxes_without_pause_keeps_every_character(
        signed_in_page, troll_battle, slow_server, screenshot):
    """Typing moves on to the next field while the check of the last one is on its way: every character
    typed stays, the caret with it, and the one column that is short is named."""
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{troll_battle.pk}/rounds/1/")
    card = page.locator("#round-encounter")
    card.locator("input[name=encounter-battling]").first.check()
    card.locator("input[name=encounter-meetings]").first.check()
    if not card.locator("details.meeting-table").evaluate("d => d.open"):
        card.locator("details.meeting-table summary").click()
    card.get_by_label("Meeting table, Allied column").focus()
    for column, text in MEETING_TABLE.items():  # as fast as a keyboard: type, Tab, type, ...
        page.keyboard.type(text)
        page.keyboard.press("Tab")
    wait_for_quiet(page)
    screenshot(page, "meeting-table-fast-typing")
    for column, text in MEETING_TABLE.items():
        expect(card.get_by_label(f"Meeting table, {column} column")).to_have_value(text)
    expect(card.locator("input[name=encounter-battling]").first).to_be_checked()
    expect(card.locator("input[name=encounter-meetings]").first).to_be_checked()
    expect(card.locator(".error")).to_have_count(1)  # beside the Enemy column alone
    expect(card.locator("#id_encounter-meeting_Enemy_engine_error")).to_contain_text("must hold six results")

    card.get_by_label("Meeting table, Enemy column").press("End")
    page.keyboard.type(" | BLOCK/BATTLE")
    page.keyboard.press("Tab")
    wait_for_quiet(page)
    expect(card.locator(".error")).to_have_count(0)
    entries = Round.objects.get(battle=troll_battle, number=1).encounter
    assert entries["meeting_table"]["Enemy"][-1] == "BLOCK/BATTLE" and len(entries["meeting_table"]) == 5
    assert entries["meeting_table"]["Allied"] == [cell.strip() for cell in MEETING_TABLE["Allied"].split("|")]


def test_a_player_choosing_six_fields_and_submitting_at_once_on_a_slow_server_seals_every_choice(
        page, demo_battle, slow_server, live_server, settings):
    knight, field = knight_form(page, demo_battle, alices_page(demo_battle, live_server, settings))
    choose_at_once(field, ALLOWED)
    page.locator(f"#side-{knight.pk}").get_by_role("button", name="Submit").click()  # checks still on their way
    expect(page.get_by_text("Your plays are sealed")).to_be_visible(timeout=20_000)
    plays = saved_plays(demo_battle, knight)
    assert plays["target"] == "H Troll" and plays["attack"] == {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"}
    assert plays["maneuver"] == {"chit": "MOVE H6", "box": 1}
