"""A GM fights a battle of each combat system that goes through the systems interface, in Chromium: starts
it from one of the system's examples, types every side's plays into the forms drawn from the system's fields,
locks, resolves (Celery runs eagerly in e2e) and reads the result; the result email is on the Mail page. And
one joust, pass after pass, until it is over."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from combat import system_battles
from combat.models import Battle, Round
from tests.systems_app.battles import first_answers
from tests.systems_app.conftest import system_campaign

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"  # beside every other page's
MAX_PASSES = 12


def enter_side(page, side, answers):
    """Type a side's answers into its card, in the form's order, and lock it."""
    card = page.locator(f"#side-{side.pk}")
    for name, answer in answers.items():
        box = card.locator(f"#side{side.pk}-{name}")
        expect(box).to_be_visible()
        if hasattr(answer, "label"):
            box.select_option(label=answer.label)
        else:
            box.press_sequentially(str(answer))
    card.get_by_role("button", name="Save and lock").click()
    expect(card.locator(".badge", has_text="locked")).to_be_visible()


def play_round(page, battle, number, choose=first_answers):
    """Enter every side of the round that has something to choose, lock each, resolve, and wait for the result."""
    round_ = Round.objects.get(battle=battle, number=number)
    for side in round_.sides.filter(locked=False).order_by("pk"):
        enter_side(page, side, choose(system_battles.form_of(side)))
    page.get_by_role("button", name=f"Resolve round {number}").click()
    expect(page.get_by_role("heading", name=f"Round {number}'s result")).to_be_visible()
    return Round.objects.get(pk=round_.pk)


def start_from(page, campaign, starter_title):
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    page.get_by_label("Name").fill("The fight")
    page.get_by_label("Where").fill("The road")
    page.get_by_label("Start from").select_option(label=starter_title)
    expect(page.get_by_label("Starting state (JSON)")).to_contain_text('"system"')
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_role("heading", name="Sides")).to_be_visible()
    return Battle.objects.get(campaign=campaign)


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits_a_375_px_phone(page, name):
    """The page at the narrowest common phone width: nothing runs off its side."""
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("system,starter", [
    ("enchanted-realms", "enchanted-realms-goblin-ambush"),
    ("fallen-empire", "fallen-empire-arrows-into-the-melee"),
    ("multiverse", "multiverse-astaroth-and-the-goblins"),
])
def test_a_gm_fights_a_round_of_the_system_and_the_result_is_mailed(signed_in_page, gm_user, system, starter):
    from combat.system_rounds import battle_starters

    page = signed_in_page
    campaign = system_campaign(gm_user, system, slug=system)
    title = next(s.title for s in battle_starters(campaign.combat_system) if s.key == starter)
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    shot(page, f"{system}-new-battle")
    battle = start_from(page, campaign, title)
    shot(page, f"{system}-round-1")
    round_ = play_round(page, battle, 1)
    assert round_.status == Round.Status.RESOLVED
    for event in round_.log[:3]:
        expect(page.locator(".round-log")).to_contain_text(event["text"])
    secret = next((e for e in round_.log if e["visible_to"] != "all"), None)
    if secret:
        expect(page.locator(".round-log")).to_contain_text(f"seen by {', '.join(secret['visible_to'])}")
    shot(page, f"{system}-round-1-result")
    page.goto("/mail/")
    expect(page.get_by_role("link", name=f"[{campaign.name}] The fight: round 1").first).to_be_visible()


def two_dice(form):
    """A jouster throws two dice, or as many as it has left (two rarely end a joust in one pass)."""
    field = form.fields[0]
    return {field.name: next((c for c in field.choices if c.value == 2), field.choices[-1])}


@pytest.mark.phone
def test_a_joust_is_fought_pass_after_pass_until_it_is_over(signed_in_page, gm_user):
    page = signed_in_page
    campaign = system_campaign(gm_user, "fallen-empire", slug="jousts")
    battle = start_from(page, campaign, "Sir Ash (3 hit dice) rides against the Black Knight (4+1): Ash throws two, the Knight three")
    shot(page, "joust-phone-pass-1")
    for number in range(1, MAX_PASSES + 1):
        play_round(page, battle, number, choose=two_dice)
        battle.refresh_from_db()
        if battle.status == Battle.Status.ENDED:
            break
        page.get_by_role("link", name=f"Go to round {number + 1}").click()
    assert battle.rounds.filter(status=Round.Status.RESOLVED).count() == number
    assert battle.status == Battle.Status.ENDED, f"the joust is still on after {MAX_PASSES} passes"
    expect(page.get_by_text("The battle is over.")).to_be_visible()
    expect(page.locator(".system-picture svg")).to_be_visible()
    fits_a_375_px_phone(page, "joust-375-over")


@pytest.mark.phone
def test_the_form_follows_the_choices_and_checks_what_is_typed_without_overwriting_it(signed_in_page, gm_user):
    page = signed_in_page
    campaign = system_campaign(gm_user, "multiverse", slug="multiverse")
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    fits_a_375_px_phone(page, "multiverse-375-new-battle")
    battle = start_from(page, campaign, "Astaroth casts Electrolyze while two goblins close in: one stabs, one loads and fires from behind a crate")
    side = battle.rounds.get().sides.get(side="Astaroth")
    card = page.locator(f"#side-{side.pk}")
    ticks = card.locator(f"#side{side.pk}-ticks_0")
    expect(ticks).to_be_hidden()
    card.get_by_label("First: action").select_option(label="Attack")
    expect(ticks).to_be_visible()
    ticks.press_sequentially("40")
    expect(card.locator(f"#side{side.pk}-ticks_0-error")).to_contain_text("not 40")
    ticks.press_sequentially("0")
    expect(card.locator(f"#side{side.pk}-ticks_0-error")).to_contain_text("not 400")
    expect(ticks).to_have_value("400")
    expect(ticks).to_be_focused()
    fits_a_375_px_phone(page, "multiverse-375-errors")
    card.get_by_label("First: action").select_option(label="Move")
    expect(ticks).to_be_hidden()
    pace = card.locator(f"#side{side.pk}-pace_0")
    expect(pace).to_be_visible()
    pace.select_option(label="run")
    card.locator(f"#side{side.pk}-ticks_run_0").press_sequentially("2")
    card.get_by_role("button", name="Save", exact=True).click()
    expect(card.get_by_role("status")).to_contain_text("Saved")
    side.refresh_from_db()
    assert side.plays == {"kind_0": "move", "ticks_0": 400, "pace_0": "run", "ticks_run_0": 2}


def test_choosing_another_example_fills_the_state_until_the_gm_edits_it(signed_in_page, gm_user):
    page = signed_in_page
    campaign = system_campaign(gm_user, "fallen-empire", slug="fallen-empire")
    page.goto(f"/campaigns/{campaign.slug}/battles/new/")
    state = page.get_by_label("Starting state (JSON)")
    start = page.get_by_label("Start from")
    start.select_option(value="joust-injury")
    expect(state).to_have_value(re.compile(r'"title": "A dishonourable pass'))
    state.press("Control+End")
    state.press_sequentially(" ")
    edited = state.input_value()
    start.select_option(value="joust-unhorsed")
    expect(state).to_have_value(edited)
