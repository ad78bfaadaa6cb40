"""Drafts on the interface's round page in a real Chromium (issue #14.2, #14.2b): the GM chooses without
pausing and presses a button at once. A half-entered side is saved with what is missing beside its field, and
a reload shows it again; Save and Save and lock on one side leave another side's unsaved choices in the
browser, and Unlock brings the side's plays back; locking a side with nothing entered asks first ("Black Knight
plays nothing this round. Lock anyway?") and locks it once the GM confirms, with JavaScript and without.

The checks the page sends as the GM chooses are held on the server until the test lets them go (a gate
on Django's request handler, set from outside the product), so a button is always pressed while a check
is on its way, the moment a press used to be lost."""

import threading

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

from combat.models import SidePlays
from tests.e2e.conftest import side_of

pytestmark = pytest.mark.e2e


@pytest.fixture
def held_checks(monkeypatch):
    """A gate: every `…/check/` request waits on the server until the test opens it."""
    gate = threading.Event()
    original = BaseHandler.get_response

    def held(self, request):
        if request.method == "POST" and request.path.endswith("/check/"):
            gate.wait(timeout=30)
        return original(self, request)

    monkeypatch.setattr(BaseHandler, "get_response", held)
    yield gate
    gate.set()


def field(page, side, name):
    return page.locator(f"#side{side.pk}-{name}")


def card(page, side):
    return page.locator(f"#side-{side.pk}")


def choose(page, side, choices):
    for name, label in choices:  # one after another, no waiting, as a GM on a keyboard
        field(page, side, name).select_option(label=label)


def expect_chosen(page, side, choices):
    for name, label in choices:
        expect(field(page, side, name).locator("option:checked")).to_have_text(label)


def quiet(page):
    """No htmx request in flight or queued: the page has answered everything sent."""
    page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)


def plays_of(side):
    return SidePlays.objects.get(pk=side.pk)


def test_a_half_entered_side_is_saved_and_a_reload_shows_it_with_what_is_missing(signed_in_page, demo_battle,
                                                                                 held_checks, screenshot):
    page = signed_in_page
    knight = side_of(demo_battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    choose(page, knight, [("attack_chit", "FIGHT H6"), ("target", "H Troll")])  # no weapon, no attack box
    card(page, knight).get_by_role("button", name="Save", exact=True).click()  # while the first check is held
    held_checks.set()
    expect(card(page, knight).get_by_role("status")).to_have_text("Saved, with errors to fix before locking.")
    expect(field(page, knight, "attack_box-error")).to_have_text("Attack: choose one")
    screenshot(page, "plays-draft-saved-with-error")
    assert plays_of(knight).plays == {"attack_chit": "FIGHT H6", "target": "H Troll"}

    page.reload()
    expect_chosen(page, knight, [("attack_chit", "FIGHT H6"), ("target", "H Troll")])
    expect(field(page, knight, "attack_box")).to_be_visible()
    expect(field(page, knight, "attack_box-error")).to_have_text("Attack: choose one")
    screenshot(page, "plays-draft-reloaded")


def test_saving_and_locking_one_side_leave_the_other_sides_choices_in_place(signed_in_page, demo_battle,
                                                                           held_checks, screenshot):
    page = signed_in_page
    knight, amazon = side_of(demo_battle, "Black Knight"), side_of(demo_battle, "Amazon")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    typed = [("attack_chit", "FIGHT H5*"), ("target", "H Troll"), ("attack_box", "Smash"), ("maneuver_chit", "MOVE H6")]
    choose(page, knight, typed)  # the Black Knight's choices, never saved
    choose(page, amazon, [("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT M5"),
                          ("target", "Wolf"), ("weapon", "Short Sword (unalerted)"), ("attack_box", "Thrust"),
                          ("maneuver_chit", "MOVE M4 #2"), ("maneuver_box", "Duck")])
    card(page, amazon).get_by_role("button", name="Save", exact=True).click()
    held_checks.set()
    expect(card(page, amazon).get_by_role("status")).to_have_text("Saved.")
    expect(page.locator("#round-sides")).to_contain_text("Amazon (Bob): saved, not locked")
    quiet(page)
    expect_chosen(page, knight, typed)

    choose(page, amazon, [("maneuver_chit", "MOVE M4")])
    card(page, amazon).get_by_role("button", name="Save and lock").click()
    expect(card(page, amazon).get_by_role("button", name="Unlock Amazon")).to_be_visible()
    expect(page.locator("#round-sides")).to_contain_text("Amazon (Bob): locked")
    quiet(page)
    expect_chosen(page, knight, typed)
    screenshot(page, "plays-other-side-locked")
    assert plays_of(knight).plays == {}
    assert plays_of(amazon).locked and plays_of(amazon).plays["maneuver_chit"] == "MOVE M4"

    card(page, amazon).get_by_role("button", name="Unlock Amazon").click()
    expect_chosen(page, amazon, [("attack_chit", "FIGHT M5"), ("maneuver_chit", "MOVE M4")])
    expect(page.locator("#round-sides")).to_contain_text("Amazon (Bob): saved, not locked")
    assert not plays_of(amazon).locked


def lock_nothing_asks_first(page, battle, screenshot, name):
    knight = side_of(battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{battle.pk}/rounds/1/")
    card(page, knight).get_by_role("button", name="Save and lock").click()
    question = page.locator(f"#side-question-{knight.pk}")
    expect(question).to_contain_text("Black Knight plays nothing this round. Lock anyway?")
    expect(card(page, knight)).not_to_contain_text("Unlock")
    assert not plays_of(knight).locked
    screenshot(page, name)
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": 375, "height": 800})
    question.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the round page scrolls sideways on a phone"
    screenshot(page, f"{name}-375")
    page.set_viewport_size({"width": width, "height": 900})
    question.get_by_role("button", name="Lock anyway").click()
    expect(card(page, knight).get_by_role("button", name="Unlock Black Knight")).to_be_visible()
    assert plays_of(knight).locked and plays_of(knight).plays == {}


def test_locking_a_side_with_nothing_entered_asks_first_and_locks_it_once_confirmed(signed_in_page, demo_battle,
                                                                                   held_checks, screenshot):
    held_checks.set()
    lock_nothing_asks_first(signed_in_page, demo_battle, screenshot, "plays-nothing-asked")


def test_without_javascript_locking_a_side_with_nothing_entered_asks_first_and_locks_it_once_confirmed(
        browser, live_server, gm_user, demo_battle, sign_in, screenshot):
    from tests.e2e.conftest import GM_PASSWORD

    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, gm_user.username, GM_PASSWORD)
    lock_nothing_asks_first(page, demo_battle, screenshot, "plays-nothing-asked-no-js")
    context.close()
