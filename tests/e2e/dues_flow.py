"""Alice settling Aldric's one mark on her phone, as both dues tests drive it (tests/systems_app/owing_system.py):
two boxes ticked first (refused beside the boxes, both kept ticked, nothing settled), then the extra one unticked
and the Leg settled."""

from playwright.sync_api import expect

from tests.e2e.conftest import fits_the_phone, screenshot
from tests.systems_app.owing_battles import fighter


def refuse_two_then_settle_the_leg(phone, battle, extra: str, shot: str) -> None:
    aldric_id = battle.characters.get(catalogue_name="Aldric").pk
    form = phone.locator(f"#dues-{aldric_id}")
    form.get_by_label(extra).check()  # no pause between the ticks and the press
    form.get_by_label("Leg").check()
    form.get_by_role("button", name="Settle Aldric's dues").click()
    expect(phone.locator(f"#id_side{aldric_id}-dues-marks_error")).to_contain_text(
        "Aldric owes 1: choose exactly 1 (chosen: 2)")
    expect(form.get_by_label(extra)).to_be_checked()
    expect(form.get_by_label("Leg")).to_be_checked()
    expect(form.get_by_label("Head" if extra == "Arm" else "Arm")).not_to_be_checked()
    battle.refresh_from_db()
    assert fighter(battle.state, "Aldric")["marks"] == []
    fits_the_phone(phone)
    screenshot(phone, f"{shot}-refused-375")

    form.get_by_label(extra).uncheck()
    form.get_by_role("button", name="Settle Aldric's dues").click()
    expect(form.get_by_role("heading", name="Settled: Aldric marks 1 hit")).to_be_visible()
    expect(form.locator("dd")).to_have_text(["Leg"])
    fits_the_phone(phone)
    screenshot(phone, f"{shot}-settled-375")
    battle.refresh_from_db()
    assert fighter(battle.state, "Aldric")["marks"] == ["leg"]
