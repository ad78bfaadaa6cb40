"""A round that stops half-way, answered in a real Chromium (the test-only system of
tests/systems_app/waiting_system.py, registered from the outside: the live server runs in this process). Its
round 1 stops for Aldric's choice: the GM's round page says so and shows the form; Alice opens her link on her
phone, sends a dodge the system refuses (the error beside its question, nothing kept), then a good one; the
round goes on with the same dice and stops again for the GM's ruling, which the GM gives on the round page;
the round is resolved (Celery runs eagerly in e2e) and the page shows its result."""

import random
import re

import pytest
from playwright.sync_api import expect

from combat import system_waiting
from combat.models import Round
from systems.interface import GM
from tests.e2e.conftest import fits_the_phone
from tests.systems_app.conftest import token_of
from tests.systems_app.waiting_battles import key_of, nothing_answered, page_url, round_that_waits, waiting_campaign


pytestmark = pytest.mark.e2e


@pytest.fixture
def waiting_round(gm_user, monkeypatch):
    """Round 1 of the ambush, every side locked and resolved until it waits for Aldric's choice."""
    return round_that_waits(gm_user, waiting_campaign(gm_user, monkeypatch))


def test_the_player_and_the_gm_answer_what_the_round_waits_for_and_it_resolves(
        signed_in_page, phone, waiting_round, screenshot):
    gm = signed_in_page
    gm.goto(page_url(waiting_round))
    expect(gm.get_by_role("heading", name="Round 1 waits for Aldric's choice (Alice)")).to_be_visible()
    expect(gm.locator("#round-waiting")).to_contain_text("Aldric must choose which way to dodge the Goblin's blow")
    choice_key = key_of(waiting_round, "Aldric")
    gm_card = gm.locator(f"#waiting-{choice_key}")
    expect(gm_card).to_contain_text("The Goblin swings first.")
    expect(gm_card.get_by_role("button", name="Answer for Alice")).to_be_visible()
    expect(gm.get_by_role("button", name=re.compile("Resolve round 1"))).to_have_count(0)
    screenshot(gm, "waiting-gm-round-page")

    phone.goto(f"/play/{token_of(waiting_round.battle, 'Alice')}/")
    card = phone.locator(f"#waiting-{choice_key}")
    expect(card.get_by_role("heading", name=re.compile("Aldric dodges the Goblin's blow"))).to_be_visible()
    card.get_by_label("Which way").select_option(label="Left")
    card.get_by_label("How many steps").press_sequentially("3")
    card.get_by_role("button", name="Send my answer").click()
    steps_error = phone.locator(f"#id_sidewait{choice_key}-steps_error")
    expect(steps_error).to_contain_text("a wall stands on the left: at most 2 steps that way")
    expect(card.get_by_label("Which way")).to_have_value("0")  # Left, as she chose it
    expect(card.get_by_label("How many steps")).to_have_value("3")
    assert nothing_answered(waiting_round)
    fits_the_phone(phone)
    screenshot(phone, "waiting-player-refused-375")

    card.get_by_label("Which way").select_option(label="Right")
    card.get_by_label("How many steps").fill("2")
    card.get_by_role("button", name="Send my answer").click()
    # Her answer was the last of this wait: the round went on, with the same dice, and stopped for the GM.
    expect(phone.get_by_text("Round 1 waits for your GM.")).to_be_visible()
    expect(phone.locator(".waiting-form")).to_have_count(0)
    fits_the_phone(phone)
    screenshot(phone, "waiting-player-answered-375")

    gm.reload()
    expect(gm.get_by_role("heading", name="Round 1 waits for the GM's ruling")).to_be_visible()
    ruling = gm.locator(f"#waiting-{key_of(Round.objects.get(pk=waiting_round.pk), GM)}")
    expect(ruling).to_contain_text("the GM's ruling")
    screenshot(gm, "waiting-gm-ruling")
    ruling.get_by_label("The omen is").select_option(label="Good")
    ruling.get_by_role("button", name="Send the answer").click()

    expect(gm.get_by_role("heading", name="Round 1's result")).to_be_visible()
    resolved = Round.objects.get(pk=waiting_round.pk)
    assert resolved.status == Round.Status.RESOLVED and not system_waiting.is_waiting(resolved)
    assert resolved.seed == waiting_round.seed  # the dice it first stopped with
    die = random.Random(resolved.seed).randint(1, 6)
    text = f"Aldric dodges right 2 step(s); the omen is good; the die shows {die}."
    assert resolved.result["output"]["die"] == die
    expect(gm.locator(".round-log")).to_contain_text(text)
    screenshot(gm, "waiting-gm-resolved")
