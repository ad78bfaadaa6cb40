"""Recording wounds and fatigue in a real Chromium (issue #14.3): the GM ticks boxes without pausing and
records at once; a wrong choice comes back with its ticks and each problem on its own line beside the
boxes; the right one is recorded, and sending it again is no error. The player's page does the same."""

import pytest
from playwright.sync_api import expect

from combat import services
from combat.models import ChitRecord, Round
from players import links
from players.models import PlayerLink

pytestmark = pytest.mark.e2e

BLACK_KNIGHT_PLAYS = {"target": "H Troll", "target_part": "horse", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
                      "maneuver": {"chit": "MOVE H6", "box": 1}, "positions": {"H Troll": 2}}
AMAZON_PLAYS = {"target": "Wolf", "target_part": "horse", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
                "maneuver": {"chit": "MOVE M4", "box": 3}, "positions": {"Wolf": 1}}
WOUNDING_SEED = 2  # the H Troll wounds the Black Knight


@pytest.fixture
def resolved(gm_user, demo_battle):
    """Round 1 resolved: the Black Knight owes 1 wound and (for the test) 1 asterisk of fatigue."""
    campaign, battle = gm_user.campaign, demo_battle
    characters = {c.catalogue_name: c for c in battle.characters.all()}
    for name, plays in (("Black Knight", BLACK_KNIGHT_PLAYS), ("Amazon", AMAZON_PLAYS)):
        services.save_plays(gm_user, campaign.slug, battle.pk, 1, characters[name].pk, dict(plays))
        services.lock_side(gm_user, campaign.slug, battle.pk, 1, characters[name].pk)
    Round.objects.filter(battle=battle, number=1).update(seed=WOUNDING_SEED)
    services.request_resolve(gm_user, campaign.slug, battle.pk, 1)
    round_ = services.resolve_round(battle.rounds.get(number=1).pk)
    result = round_.result
    next(s for s in result["summaries"] if s["character"] == "Black Knight")["fatigue_owed"] = 1
    Round.objects.filter(pk=round_.pk).update(result=result)
    return battle


def test_the_gm_records_wounds_and_fatigue_with_errors_beside_the_boxes(signed_in_page, resolved, screenshot):
    page = signed_in_page
    knight = resolved.characters.get(catalogue_name="Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{resolved.pk}/rounds/1/")
    form = page.locator(f"#chits-{knight.pk}")
    wounded, fatigued = form.locator("fieldset").nth(0), form.locator("fieldset").nth(1)
    wounded.get_by_label("FIGHT M5").check()  # no pause between the ticks and the press
    wounded.get_by_label("MOVE M5").check()
    fatigued.get_by_label("FIGHT M4*", exact=True).check()
    wounded.get_by_label("FIGHT M4*", exact=True).check()
    form.get_by_role("button", name="Record Black Knight's chits").click()

    problems = page.locator(f"#id_chits{knight.pk}-wounded_error p.error")
    expect(problems).to_have_text("Black Knight owes 1 wound: tick exactly 1 chit to wound (ticked: 3).")
    expect(page.locator(f"#id_chits{knight.pk}-fatigued_error p.error")).to_have_text(
        "FIGHT M4* is ticked to be wounded: it cannot be fatigued too.")
    for box, label in ((wounded, "FIGHT M5"), (wounded, "MOVE M5"), (wounded, "FIGHT M4*"), (fatigued, "FIGHT M4*")):
        expect(box.get_by_label(label, exact=True)).to_be_checked()
    screenshot(page, "chits-refused-beside-the-boxes")
    assert not ChitRecord.objects.exists()

    wounded.get_by_label("MOVE M5").uncheck()
    wounded.get_by_label("FIGHT M4*", exact=True).uncheck()
    form.get_by_role("button", name="Record Black Knight's chits").click()
    expect(form.get_by_role("status")).to_have_text("Recorded.")
    expect(form.locator("p.error")).to_have_count(0)
    form.get_by_role("button", name="Record Black Knight's chits").click()  # the same choice again
    expect(form.get_by_role("status")).to_have_text("Recorded.")
    expect(form.locator("p.error")).to_have_count(0)
    expect(wounded.get_by_label("FIGHT M5")).to_be_checked()
    screenshot(page, "chits-recorded")
    record = ChitRecord.objects.get(character=knight)
    assert record.wounded == ["FIGHT M5"] and record.fatigued == ["FIGHT M4*"]


def test_the_player_records_wounds_and_fatigue_with_errors_beside_the_boxes(page, resolved, screenshot):
    knight = resolved.characters.get(catalogue_name="Black Knight")
    token = links.token_for(PlayerLink.objects.get(battle=resolved, player__name="Alice", revoked_at__isnull=True))
    page.goto(f"/play/{token}/")
    form = page.locator("form.chit-choice")
    wounded, fatigued = form.locator("fieldset").nth(0), form.locator("fieldset").nth(1)
    wounded.get_by_label("FIGHT M5").check()
    wounded.get_by_label("MOVE M5").check()
    form.get_by_role("button", name="Record my choice").click()
    expect(page.locator(f"#id_chits{knight.pk}-wounded_error")).to_contain_text("tick exactly 1 chit to wound (ticked: 2)")
    expect(page.locator(f"#id_chits{knight.pk}-fatigued_error")).to_contain_text("owes 1 asterisk of fatigue")
    expect(wounded.get_by_label("MOVE M5")).to_be_checked()
    screenshot(page, "chits-refused-player-page")
    wounded.get_by_label("MOVE M5").uncheck()
    fatigued.get_by_label("FIGHT M4*", exact=True).check()
    form.get_by_role("button", name="Record my choice").click()
    expect(page.get_by_text("Your wounds and fatigue are recorded.")).to_be_visible()
    page.locator("form.chit-choice").get_by_role("button", name="Record my choice").click()  # sent again
    expect(page.get_by_text("Your wounds and fatigue are recorded.")).to_be_visible()
    expect(page.locator("p.error")).to_have_count(0)
