"""The GM types the Meeting table on the round page, in Chromium (docs/encounter.md, "Typing the table on the GM's
entries"): Soldiers are in the clearing with the Black Knight and the Amazon. The GM chooses to type the table,
types a column with five results only (refused beside that column as he types, nothing kept), puts it right and
types the other four, asks the Black Knight to roll against the Soldiers, saves and locks; the sides lock, the round
resolves, and the log shows the roll on the typed table with its rule."""

import pytest
from playwright.sync_api import expect

from combat.models import Round
from systems.interface import GM
from tests.e2e.conftest import demo_party, enter_plays, set_up_battle

pytestmark = pytest.mark.e2e

# Every row battles: whatever the two dice and the column, the Soldiers battle the Knight this evening.
COLUMN = "BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE | BLOCK/BATTLE"
COLUMNS = ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")


@pytest.fixture
def inn(gm_user, monkeypatch):
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 5)
    demo_party(gm_user, gm_user.campaign)
    return set_up_battle(gm_user.campaign, "Soldiers at the Inn", "Inn", {
        "characters": ["Black Knight", "Amazon"], "monsters": "Wolf", "natives": "Soldier 1\nSoldier 2",
        "attacks": "Wolf -> Amazon"})


def test_the_gm_types_the_meeting_table_and_the_round_rolls_on_it(signed_in_page, gm_user, inn, screenshot):
    page = signed_in_page
    entries = Round.objects.get(battle=inn, number=1).sides.get(side=GM)
    page.goto(f"/campaigns/demo-realm/battles/{inn.pk}/rounds/1/")
    card = page.locator(f"#side-{entries.pk}")
    card.locator(f"#side{entries.pk}-meeting_table").select_option(label="Type it, to roll on it this evening")
    allied = card.get_by_label("Meeting table, Allied column")
    allied.fill(COLUMN.rsplit(" | ", 1)[0])  # five results
    allied_error = card.locator(f"#side{entries.pk}-meeting_table_allied-error")
    expect(allied_error).to_contain_text("Allied")
    allied.fill(COLUMN)
    for column in COLUMNS[1:]:  # one after another, no pause, as a GM on a keyboard
        card.get_by_label(f"Meeting table, {column} column").fill(COLUMN)
    card.get_by_label("The Black Knight rolls on the Meeting table against the Soldiers").select_option(
        label="Yes, roll")
    expect(allied_error).to_be_empty()
    screenshot(page, "gm-meeting-table-typed")
    card.get_by_role("button", name="Save and lock").click()
    expect(card.locator("h2 .badge")).to_have_text("locked")
    entries.refresh_from_db()
    assert entries.locked and entries.plays["meeting_table_allied"] == COLUMN

    enter_plays(gm_user, inn, "Black Knight", {"encounter_play": "none"})
    enter_plays(gm_user, inn, "Amazon", {"encounter_play": "none"})
    page.reload()
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    log = page.locator(".round-log")
    expect(log).to_contain_text("BLOCK/BATTLE")
    expect(log).to_contain_text("rulebook section Meeting table")
    screenshot(page, "gm-meeting-table-rolled")
