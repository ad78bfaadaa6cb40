"""The odds panel's explanation ("What the chances assume") in Chromium: opened on the GM's round page or on
the player's page, it stays open while they type fast and the panel is redrawn out of band with the new
chances (static/combat/system-forms.js, players/static/players/shown-when.js); the keyboard still folds it."""

import pytest
from playwright.sync_api import expect

from combat import system_battles
from tests.systems_app.conftest import start, system_campaign, token_of

pytestmark = pytest.mark.e2e

ALDRIC_ATTACKS_BRYN = {"action": "attack", "method": "melee", "dice": 2, "bonus": 3, "target": "Bryn"}


@pytest.fixture
def ambush(gm_user):
    return start(gm_user, system_campaign(gm_user, "enchanted-realms", "ambush"), "enchanted-realms-goblin-ambush")


def open_then_type(page, odds, explanation, bonus, check_url):
    """Opens the explanation, types a new bonus fast and waits for the check it sends: the panel is redrawn
    with the chances of +12 and the explanation is still open."""
    expect(odds).to_contain_text("Odds of Aldric against Bryn")
    before = odds.inner_text()
    explanation.locator("summary").click()
    expect(explanation).to_have_attribute("open", "")
    bonus.fill("")
    with page.expect_response(lambda r: r.url.endswith(check_url) and "bonus=12" in (r.request.post_data or "")):
        bonus.press_sequentially("12")
    expect(odds).not_to_have_text(before)
    expect(explanation).to_have_attribute("open", "")
    expect(explanation).to_be_visible()
    expect(bonus).to_have_value("12")


def test_it_keeps_the_opened_explanation_open_while_the_gm_or_the_player_types(signed_in_page, phone, gm_user, ambush):
    aldric = ambush.rounds.get(number=1).sides.get(side="Aldric")
    system_battles.save_answers(gm_user, "ambush", ambush.pk, 1, aldric.pk, ALDRIC_ATTACKS_BRYN)
    page = signed_in_page
    page.goto(f"/campaigns/ambush/battles/{ambush.pk}/rounds/1/")
    explanation = page.locator(f"#side-odds-{aldric.pk}-assumed-1")
    open_then_type(page, page.locator(f"#side-odds-{aldric.pk}"), explanation,
                   page.locator(f"#side{aldric.pk}-bonus"), f"/answers/{aldric.pk}/check/")
    explanation.locator("summary").focus()  # the keyboard still folds it
    page.keyboard.press("Enter")
    expect(explanation).not_to_have_attribute("open", "")

    cid = aldric.character_id
    phone.goto(f"/play/{token_of(ambush, 'Alice')}/")
    explanation = phone.locator(f"#odds-{cid}-assumed-1")
    open_then_type(phone, phone.locator(f"#odds-{cid}"), explanation, phone.locator(f"#id_side{cid}-bonus"),
                   f"/sides/{cid}/validate/")
    explanation.locator("summary").focus()
    phone.keyboard.press("Enter")
    expect(explanation).not_to_have_attribute("open", "")
