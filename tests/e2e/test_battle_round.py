"""The GM's main job in a real Chromium, on the interface's round page: open the demo battle, enter both sides'
plays (a missing one refuses the lock, its error beside the field), lock, resolve, watch the progress, read the result
and the mail; the page on a phone, with the keyboard; a new battle set up on the new battle page."""

import re
import threading
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import side_of


pytestmark = pytest.mark.e2e


@pytest.fixture
def slow_worker(monkeypatch):
    """Resolve in a background thread after a pause, as a worker would, so the page's progress shows."""
    from combat import services
    from combat.models import Round

    def enqueue_later(round_id):
        Round.objects.filter(pk=round_id).update(task_id="e2e-thread")  # taken, as the broker would

        def work():
            time.sleep(2.5)
            services.resolve_round(round_id)

        threading.Thread(target=work, daemon=True).start()

    monkeypatch.setattr(services, "_enqueue", enqueue_later)


def card(page, side):
    return page.locator(f"#side-{side.pk}")


def choose(page, side, choices):
    """Choose each answer by its label, one after another without waiting, as a GM on a keyboard."""
    for name, label in choices:
        page.locator(f"#side{side.pk}-{name}").select_option(label=label)


def quiet(page):
    page.wait_for_function("!document.querySelector('.htmx-request')", timeout=20_000)


def test_the_gm_enters_plays_resolves_and_reads_the_result_and_the_mail(signed_in_page, demo_battle, slow_worker,
                                                                       screenshot):
    page = signed_in_page
    knight, amazon = side_of(demo_battle, "Black Knight"), side_of(demo_battle, "Amazon")

    page.goto("/campaigns/demo-realm/battles/")
    screenshot(page, "battle-list")
    page.get_by_role("link", name="Ambush in Cave 4").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")
    screenshot(page, "battle-round-1-empty")

    # Every play but the target: the lock is refused, the error beside the target, the rest kept as chosen.
    choose(page, knight, [("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
                          ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"), ("maneuver_chit", "MOVE H6"),
                          ("maneuver_box", "Charge")])
    card(page, knight).get_by_role("button", name="Save and lock").click()
    expect(page.locator(f"#side{knight.pk}-target-error")).to_have_text("Target: choose one")
    expect(page.locator(f"#side-errors-{knight.pk}")).to_contain_text("Fix the plays before locking this side.")
    expect(page.locator(f"#side{knight.pk}-maneuver_chit option:checked")).to_have_text("MOVE H6")
    screenshot(page, "battle-invalid-play")
    choose(page, knight, [("target", "H Troll")])
    expect(page.locator(f"#side{knight.pk}-target-error")).to_be_empty()
    expect(page.locator(f"#side-odds-{knight.pk}")).to_contain_text("Odds of Black Knight against H Troll")
    quiet(page)
    card(page, knight).get_by_role("button", name="Save and lock").click()
    expect(card(page, knight).locator("h2 .badge")).to_have_text("locked")

    choose(page, amazon, [("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT M5"),
                          ("target", "Wolf"), ("weapon", "Short Sword (unalerted)"), ("attack_box", "Thrust"),
                          ("maneuver_chit", "MOVE M4"), ("maneuver_box", "Duck")])
    expect(page.locator(f"#side-odds-{amazon.pk}")).to_contain_text("Odds of Amazon against Wolf")
    screenshot(page, "battle-plays-entered")
    quiet(page)
    card(page, amazon).get_by_role("button", name="Save and lock").click()
    expect(card(page, amazon).locator("h2 .badge")).to_have_text("locked")

    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Resolving round 1…")).to_be_visible()
    screenshot(page, "battle-resolving")
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    assert "/rounds/1/" in page.url  # no reload: the results replaced the progress in place
    expect(page.locator("svg.melee-sheet")).to_have_count(2)
    screenshot(page, "battle-results")

    page.goto("/mail/")
    expect(page.get_by_text("alice@example.com").first).to_be_visible()
    expect(page.get_by_text("bob@example.com").first).to_be_visible()
    screenshot(page, "battle-mail")
    page.get_by_role("row", name="alice@example.com").get_by_role("link", name=re.compile(r"round 1$")).click()
    expect(page.locator(".mail-text")).to_contain_text("Black Knight: alive")
    expect(page.locator(".mail-text")).not_to_contain_text("Amazon: alive")
    screenshot(page, "battle-mail-alice")


@pytest.mark.phone
def test_the_round_page_fits_a_phone_and_works_with_the_keyboard(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    amazon = side_of(demo_battle, "Amazon")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    target = page.locator(f"#side{amazon.pk}-target")
    expect(target).to_be_hidden()  # asked once an attack chit is chosen
    page.locator(f"#side{amazon.pk}-attack_chit").focus()
    with page.expect_response(lambda response: response.url.endswith(f"/answers/{amazon.pk}/check/")):
        page.keyboard.press("ArrowDown")  # a keyboard change checks like a click
    expect(target).to_be_visible()
    screenshot(page, "battle-round-phone")


def test_the_gm_starts_a_battle_from_the_form(signed_in_page, demo_battle, screenshot):
    """A Magic Realm campaign's new battle is set up by who is in the clearing (its system's `setup_form`) and is
    fought on the interface's pages; a refused monster keeps what was typed."""
    page = signed_in_page
    page.goto("/campaigns/demo-realm/battles/new/")
    page.locator("#id_setup-clearing").fill("Woods 3")
    page.get_by_role("checkbox", name="Amazon").check()
    monsters = page.locator("#setup-monsters")
    monsters.press_sequentially("Giant Bat")
    monsters.press("Enter")
    monsters.press_sequentially("Wolff")  # checked as it is typed: the error comes beside the field
    expect(page.locator("#setup-monsters-error")).to_contain_text("Wolff")
    monsters.press_sequentially(" and more")  # typing on while the check answers: nothing typed is lost
    expect(monsters).to_have_value("Giant Bat\nWolff and more")
    monsters.fill("Giant Bat\nWolff")
    page.get_by_role("button", name="Start the battle", exact=True).click()
    expect(page.locator("#setup-monsters-error")).to_contain_text("Wolff")
    expect(page.locator("#setup-monsters")).to_have_value("Giant Bat\nWolff")
    expect(page.get_by_role("checkbox", name="Amazon")).to_be_checked()
    screenshot(page, "battle-new-error")
    page.locator("#setup-monsters").fill("Giant Bat\nWolf")
    page.locator("#setup-attacks").fill("Giant Bat -> Amazon\nWolf -> Amazon")
    page.get_by_role("button", name="Start the battle", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Battle in Woods 3")
    expect(page.locator("#main")).to_contain_text("Giant Bat stands in")
    expect(page.locator("#main")).to_contain_text("on his sheet: Giant Bat, Wolf")
    screenshot(page, "battle-new-started")
