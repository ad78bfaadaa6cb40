"""A GM's card drawn before the player sealed never overwrites the seal, in a real Chromium: the GM opens round 1
of the demo battle; Alice seals her Black Knight's plays from her link meanwhile (on her phone); the GM, on the
page he opened before, picks another attack chit and saves. The save is refused, nothing changed: the Knight's
card is drawn again with what Alice sealed and says who sealed it and when; a second save from that card goes
through."""

import pytest
from playwright.sync_api import expect

from combat.models import SidePlays
from players.models import Submission
from tests.e2e.conftest import side_of
from tests.systems_app.conftest import token_of

pytestmark = pytest.mark.e2e

KNIGHT_PLAYS = (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
                ("target", "H Troll"), ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"),
                ("maneuver_chit", "MOVE H6"), ("maneuver_box", "Charge"))


def test_a_card_drawn_before_the_players_seal_is_refused_and_drawn_again(signed_in_page, phone, demo_battle,
                                                                         screenshot):
    page = signed_in_page
    knight = side_of(demo_battle, "Black Knight")
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    card = page.locator(f"#side-{knight.pk}")
    expect(card.locator(f"#side{knight.pk}-attack_chit")).to_be_visible()

    knight_id = demo_battle.characters.get(catalogue_name="Black Knight").pk
    phone.goto(f"/play/{token_of(demo_battle, 'Alice')}/")
    own = phone.locator(f"#side-{knight_id}")
    for name, label in KNIGHT_PLAYS:  # one after another, no pause
        own.locator(f"#id_side{knight_id}-{name}").select_option(label=label)
    own.get_by_role("button", name="Submit my plays").click()
    expect(phone.locator(f"#receipt-{knight_id}")).to_contain_text("Sealed")
    assert Submission.objects.filter(round__battle=demo_battle, source=Submission.Source.PLAYER).exists()

    card.locator(f"#side{knight.pk}-attack_chit").select_option(label="FIGHT H5*")
    card.get_by_role("button", name="Save", exact=True).click()
    expect(card).to_contain_text("Alice sealed new plays for Black Knight at")
    expect(card.locator(f"#side{knight.pk}-attack_chit option:checked")).to_have_text("FIGHT H6")
    expect(page.locator(f"#side-status-{knight_id}")).not_to_contain_text("waiting")  # the players' box too
    knight_plays = SidePlays.objects.get(pk=knight.pk).plays
    assert knight_plays["attack_chit"] == "FIGHT H6"
    screenshot(page, "stale-gm-card-refused")

    card.locator(f"#side{knight.pk}-attack_chit").select_option(label="FIGHT H5*")
    card.get_by_role("button", name="Save", exact=True).click()
    expect(card).not_to_contain_text("Alice sealed new plays")
    expect(card.get_by_role("status")).to_contain_text("Saved")
    assert SidePlays.objects.get(pk=knight.pk).plays["attack_chit"] == "FIGHT H5*"
