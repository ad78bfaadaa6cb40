"""The GM's ruling on a Demon's magic attack in a real Chromium (issue #15.5), on the interface's round page:
resolving stops, the page says the round waits for the GM's ruling on that attack, a wounds ruling without a
number is refused beside the number (nothing kept), the GM gives it, the round goes on with the same dice and
the ruling is read in the log and on the sheet."""

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat.models import Round
from tests.e2e.conftest import enter_plays, set_up_battle

pytestmark = pytest.mark.e2e


@pytest.fixture
def demon_battle(gm_user):
    campaign = gm_user.campaign
    player = campaign_services.add_player(gm_user, campaign, {"name": "Bob", "email": "bob@example.com", "time_zone": "UTC"})
    campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": "Amazon"})
    battle = set_up_battle(campaign, "The Demon at the Altar", "Cave 4",
                           {"characters": ["Amazon"], "monsters": "Demon", "attacks": "Demon -> Amazon"})
    enter_plays(gm_user, battle, "Amazon", {"encounter_play": "none"})  # she plays nothing this round
    return battle


def test_the_gm_gives_the_ruling_on_the_demon_s_attack_and_the_round_resolves(signed_in_page, demon_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demon_battle.pk}/rounds/1/")
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1 waits for the GM's ruling")).to_be_visible(timeout=20_000)
    waiting = Round.objects.get(battle=demon_battle, number=1)
    ruling = page.locator(".waiting-form")
    outcome = ruling.get_by_label("Demon's Power of the Pit against Amazon: the outcome")
    expect(ruling).to_contain_text("Power of the Pit (magic V, attack time 2, block 1)")

    outcome.select_option(label="Amazon takes wounds")
    ruling.get_by_role("button", name="Send the answer").click()
    amount = ruling.get_by_label("How many wounds or asterisks of fatigue")
    expect(ruling.locator(".field[data-field=amount_0] p.error")).to_have_text(
        "How many wounds or asterisks of fatigue: required")
    expect(ruling.get_by_role("alert")).to_contain_text("nothing was saved")
    expect(outcome.locator("option:checked")).to_have_text("Amazon takes wounds")  # kept as chosen
    assert Round.objects.get(pk=waiting.pk).status != Round.Status.RESOLVED
    screenshot(page, "gm-ruling-refused")

    amount.press_sequentially("2")
    ruling.get_by_label("The ruling in words").press_sequentially("the GM's Pit roll of 4")
    ruling.get_by_role("button", name="Send the answer").click()
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    resolved = Round.objects.get(pk=waiting.pk)
    assert resolved.status == Round.Status.RESOLVED and resolved.seed == waiting.seed  # the same dice
    expect(page.locator(".round-log")).to_contain_text("GM ruling: Amazon takes 2 wound(s) from Power of the Pit "
                                                       "(the GM's Pit roll of 4)")
    expect(page.locator("svg.melee-sheet title").filter(
        has_text="Power of the Pit → Amazon, GM ruling: 2 wounds")).to_have_count(1)
    screenshot(page, "gm-ruling-resolved")
