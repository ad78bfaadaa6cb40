"""Drafts on the round page in a real Chromium (issue #14.2, #14.2b): the GM chooses without pausing and
presses a button at once. A half-entered side is saved with what is missing beside its field, and a reload
shows it again; Save and lock, Unlock and Save draft on one side leave another side's unsaved choices in
the browser; locking a side that plays nothing asks first, with JavaScript and without.

The checks the page sends as the GM chooses are held on the server until the test lets them go (a gate
on Django's request handler, set from outside the product), so a button is always pressed while a check
is on its way, the moment a press used to be lost."""

import threading

import pytest
from django.core.handlers.base import BaseHandler
from playwright.sync_api import expect

from combat.models import SidePlays

pytestmark = pytest.mark.e2e


@pytest.fixture
def held_checks(monkeypatch):
    """A gate: every `…/validate/` request waits on the server until the test opens it."""
    gate = threading.Event()
    original = BaseHandler.get_response

    def held(self, request):
        if request.method == "POST" and request.path.endswith("/validate/"):
            gate.wait(timeout=30)
        return original(self, request)

    monkeypatch.setattr(BaseHandler, "get_response", held)
    yield gate
    gate.set()


def field(page, character, name):
    return page.locator(f"#id_side{character.pk}-{name}")


def side(page, character):
    return page.locator(f"#side-{character.pk}")


def quiet(page):
    """No htmx request in flight or queued: the page has answered everything sent."""
    page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)


def test_a_half_entered_side_is_saved_and_a_reload_shows_it_with_what_is_missing(signed_in_page, demo_battle,
                                                                                 held_checks, screenshot):
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    field(page, knight, "target").select_option("H Troll")
    field(page, knight, "attack_chit").select_option("FIGHT H6")  # no attack box
    side(page, knight).get_by_role("button", name="Save draft").click()  # while the first check is held
    held_checks.set()
    expect(side(page, knight).get_by_role("status")).to_have_text("Saved, with errors to fix before locking.")
    expect(page.locator(f"#id_side{knight.pk}-attack_box_engine_error")).to_contain_text("Choose an attack box")
    screenshot(page, "plays-draft-saved-with-error")
    assert SidePlays.objects.get(character=knight).plays["attack"]["chit"] == "FIGHT H6"

    page.reload()
    expect(field(page, knight, "target")).to_have_value("H Troll")
    expect(field(page, knight, "attack_chit")).to_have_value("FIGHT H6")
    expect(field(page, knight, "attack_weapon")).to_have_value("Mace")
    expect(page.locator(f"#id_side{knight.pk}-attack_box_engine_error")).to_contain_text("Choose an attack box")
    screenshot(page, "plays-draft-reloaded")


def test_locking_unlocking_and_saving_one_side_leave_the_other_sides_choices_in_place(signed_in_page, demo_battle,
                                                                                     held_checks, screenshot):
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    amazon = demo_battle.characters.get(catalogue_name="Amazon")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    typed = [("target", "H Troll"), ("attack_chit", "FIGHT H5*"), ("attack_box", "3"), ("maneuver", "MOVE H6")]
    for name, value in typed:  # the Black Knight's choices, never saved
        field(page, knight, name).select_option(value)
    for name, value in [("target", "Wolf"), ("attack_chit", "FIGHT M5"), ("attack_box", "1"),
                        ("maneuver", "MOVE M4"), ("maneuver_box", "3")]:
        field(page, amazon, name).select_option(value)
    side(page, amazon).get_by_role("button", name="Save and lock").click()
    held_checks.set()
    expect(side(page, amazon).get_by_role("button", name="Unlock Amazon")).to_be_visible()
    expect(page.locator("#round-sides")).to_contain_text("Amazon (Bob): locked")
    quiet(page)
    for name, value in typed:
        expect(field(page, knight, name)).to_have_value(value)
    screenshot(page, "plays-other-side-locked")

    side(page, amazon).get_by_role("button", name="Unlock Amazon").click()
    expect(field(page, amazon, "attack_chit")).to_have_value("FIGHT M5")
    expect(page.locator("#round-sides")).to_contain_text("Amazon (Bob): entered by GM")
    field(page, amazon, "maneuver").select_option("MOVE M4 #2")
    side(page, amazon).get_by_role("button", name="Save draft").click()
    expect(side(page, amazon).get_by_role("status")).to_have_text("Saved.")
    quiet(page)
    for name, value in typed:
        expect(field(page, knight, name)).to_have_value(value)
    assert SidePlays.objects.get(character=knight).plays == {}
    assert SidePlays.objects.get(character=amazon).plays["maneuver"]["chit"] == "MOVE M4 #2"


def test_locking_a_side_that_plays_nothing_asks_first(signed_in_page, demo_battle, held_checks, screenshot):
    held_checks.set()
    page = signed_in_page
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    side(page, knight).get_by_role("button", name="Save and lock").click()
    question = page.locator(f"#side-question-{knight.pk}")
    expect(question).to_contain_text("Black Knight plays nothing this round")
    expect(side(page, knight)).not_to_contain_text("Unlock")
    screenshot(page, "plays-nothing-question")
    question.get_by_role("button", name="Lock: Black Knight does nothing this round").click()
    expect(side(page, knight).get_by_role("button", name="Unlock Black Knight")).to_be_visible()
    assert SidePlays.objects.get(character=knight).locked


def test_without_javascript_locking_a_side_that_plays_nothing_asks_first(browser, live_server, gm_user, demo_battle,
                                                                        sign_in, screenshot):
    from tests.e2e.conftest import GM_PASSWORD

    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, gm_user.username, GM_PASSWORD)
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    side(page, knight).get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side-question-{knight.pk}")).to_contain_text("Black Knight plays nothing this round")
    screenshot(page, "plays-nothing-question-no-js")
    page.get_by_role("button", name="Lock: Black Knight does nothing this round").click()
    expect(side(page, knight).get_by_role("button", name="Unlock Black Knight")).to_be_visible()
    assert SidePlays.objects.get(character=knight).locked
    context.close()
