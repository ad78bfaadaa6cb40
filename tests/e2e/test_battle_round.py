"""The GM's main job in a real Chromium: open the demo battle, enter both sides' plays (one invalid play
shows its error beside the field), lock, resolve, watch the progress, read the result and the mail."""

import re
import threading
import time

import pytest
from playwright.sync_api import expect


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


def side(page, character):
    return page.locator(f"#side-{character.pk}")


def pick(page, character, field, value):
    """Choose a value, then let htmx validate and swap the side's form before the next choice."""
    page.evaluate("window.settled = false;"
                  "document.body.addEventListener('htmx:afterSettle', () => { window.settled = true }, {once: true})")
    page.locator(f"#id_side{character.pk}-{field}").select_option(value)
    page.wait_for_function("window.settled")


def test_the_gm_enters_plays_resolves_and_reads_the_result_and_the_mail(signed_in_page, demo_battle, slow_worker,
                                                                       screenshot):
    page = signed_in_page
    characters = {c.catalogue_name: c for c in demo_battle.characters.all()}
    knight, amazon = characters["Black Knight"], characters["Amazon"]

    page.goto("/campaigns/demo-realm/battles/")
    screenshot(page, "battle-list")
    page.get_by_role("link", name="Ambush in Cave 4").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")
    screenshot(page, "battle-round-1-empty")

    pick(page, knight, "target", "H Troll")
    pick(page, knight, "attack_chit", "FIGHT H4**")
    pick(page, knight, "attack_weapon", "Mace")
    pick(page, knight, "attack_box", "2")
    pick(page, knight, "maneuver", "MOVE H5*")  # three asterisks with FIGHT H4**: over the effort limit
    pick(page, knight, "maneuver_box", "1")
    error = page.locator(f"#id_side{knight.pk}-maneuver_engine_error")
    expect(error).to_contain_text("at most two asterisks a round")
    screenshot(page, "battle-invalid-play")
    pick(page, knight, "attack_chit", "FIGHT H6")
    pick(page, knight, "maneuver", "MOVE H6")
    expect(error).to_have_count(0)
    expect(side(page, knight).locator(".odds")).to_contain_text("killed")
    side(page, knight).get_by_role("button", name="Save and lock").click()
    expect(side(page, knight)).to_contain_text("locked")

    pick(page, amazon, "target", "Wolf")
    pick(page, amazon, "attack_chit", "FIGHT M5")
    pick(page, amazon, "attack_weapon", "Short Sword")
    pick(page, amazon, "attack_box", "1")
    pick(page, amazon, "maneuver", "MOVE M4")
    pick(page, amazon, "maneuver_box", "3")
    expect(side(page, amazon).locator(".odds")).to_contain_text("killed")
    screenshot(page, "battle-plays-entered")
    side(page, amazon).get_by_role("button", name="Save and lock").click()
    expect(side(page, amazon)).to_contain_text("locked")

    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Resolving round 1…")).to_be_visible()
    screenshot(page, "battle-resolving")
    expect(page.get_by_role("heading", name="What happened")).to_be_visible(timeout=20_000)
    assert "/rounds/1/" in page.url  # no reload: the results replaced the progress in place
    expect(page.locator("svg.melee-sheet")).to_have_count(2)
    screenshot(page, "battle-results")

    page.goto("/mail/")
    expect(page.get_by_text("alice@example.com").first).to_be_visible()
    expect(page.get_by_text("bob@example.com").first).to_be_visible()
    screenshot(page, "battle-mail")
    page.get_by_role("row", name="alice@example.com").get_by_role("link", name=re.compile(r"round 1$")).click()
    expect(page.locator(".mail-text")).to_contain_text("== Black Knight ==")
    expect(page.locator(".mail-text")).not_to_contain_text("== Amazon ==")
    screenshot(page, "battle-mail-alice")


@pytest.mark.phone
def test_the_round_page_fits_a_phone_and_works_with_the_keyboard(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    amazon = demo_battle.characters.get(catalogue_name="Amazon")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    target = page.locator(f"#id_side{amazon.pk}-target")
    target.focus()
    with page.expect_response(lambda response: response.url.endswith("/validate/")):
        page.keyboard.press("ArrowDown")  # a keyboard change validates like a click
    expect(page.locator(f"#id_side{amazon.pk}-attack_chit")).to_be_visible()
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
