"""Round 2 starts from last round's weapon and target, in Chromium (Field.carries; combat/system_battles.py
`suggested_answers`): round 1 of the demo battle played and resolved, nobody has saved anything for round 2. On the
GM's round page, choosing the Black Knight's attack chit shows his weapon and target as last round (marked so,
until the GM answers the question himself);
on Alice's phone her page does the same, and what she submits is what she sees: the suggestion is saved only then."""

import pytest
from playwright.sync_api import expect

from combat.models import Round, SidePlays
from tests.ambush import ANSWERS, WOUNDING_SEED
from tests.e2e.conftest import DEMO_ANSWERS, demo_party, enter_plays, fits_the_phone, resolve_round, side_of
from tests.systems_app.conftest import token_of

pytestmark = pytest.mark.e2e



@pytest.fixture
def second_round(gm_user, monkeypatch):
    """The demo battle, its round 1 played and resolved with known dice (drawn when each round opens: patched
    before the battle is set up), round 2 open with nothing saved."""
    from combat.demo import create_set_up_battle

    monkeypatch.setattr("combat.fairness.draw_seed", lambda: WOUNDING_SEED)
    demo_party(gm_user, gm_user.campaign)
    battle = create_set_up_battle(gm_user.campaign, "demo", "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)
    for name, answers in ANSWERS.items():
        enter_plays(gm_user, battle, name, answers)
    assert resolve_round(gm_user, battle).status == Round.Status.RESOLVED
    assert battle.rounds.filter(number=2).exists(), "the battle goes on to round 2"
    assert "H Troll" in {d["id"] for d in battle.rounds.get(number=2).input["state"]["denizens"]
                         if not d.get("dead")}, "the H Troll is still there to aim at"
    return battle


def test_the_gms_page_and_the_players_page_start_from_last_rounds_weapon_and_target(signed_in_page, phone,
                                                                                   second_round, screenshot):
    page = signed_in_page
    knight = side_of(second_round, "Black Knight", 2)
    page.goto(f"/campaigns/demo-realm/battles/{second_round.pk}/rounds/2/")
    card = page.locator(f"#side-{knight.pk}")
    card.locator(f"#side{knight.pk}-attack_chit").select_option(label="FIGHT M4*")
    expect(card.locator(f"#side{knight.pk}-target option:checked")).to_have_text("H Troll")
    expect(card.locator(f"#side{knight.pk}-weapon option:checked")).to_contain_text("Mace")
    expect(card.locator(".field", has=page.locator(f"#side{knight.pk}-weapon")).locator(".suggested")).to_have_text(
        "as last round")
    screenshot(page, "last-round-suggested-gm")
    card.locator(f"#side{knight.pk}-weapon").select_option(index=0)  # answered: no longer last round's
    expect(card.locator(".field", has=page.locator(f"#side{knight.pk}-weapon")).locator(".suggested")).to_have_count(0)
    expect(card.locator(".field", has=page.locator(f"#side{knight.pk}-target")).locator(".suggested")).to_have_count(1)
    assert not SidePlays.objects.get(pk=knight.pk).plays, "nothing is saved by a suggestion"

    knight_id = second_round.characters.get(catalogue_name="Black Knight").pk
    phone.goto(f"/play/{token_of(second_round, 'Alice')}/")
    own = phone.locator(f"#side-{knight_id}")
    own.locator(f"#id_side{knight_id}-attack_chit").select_option(label="FIGHT M4*")
    expect(own.locator(f"#id_side{knight_id}-target option:checked")).to_have_text("H Troll")
    expect(own.locator(".suggested").first).to_have_text("as last round")
    fits_the_phone(phone)
    screenshot(phone, "last-round-suggested-player-375")
    marks = own.locator(".suggested").count()
    own.locator(f"#id_side{knight_id}-target").select_option(index=0)  # answered: no longer last round's
    expect(own.locator(".suggested")).to_have_count(marks - 1)
