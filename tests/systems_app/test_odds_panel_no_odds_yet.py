"""The odds panel when a plan's odds cannot be given yet (`PlannedOdds.error`, combat/system_odds.py): it says
in words which plan it is about ("No odds yet for Aldric against Goblin 1: ...", or "... for Aldric's attack:
..." before the plan names a target), on the GM's round page and the player's page alike, for each system
fought through the interface; and each explanation it draws has an id that stays the same when the panel is
redrawn out of band, which the pages' scripts follow to keep an opened explanation open."""

import pytest

from combat import system_battles
from combat.models import Round
from systems import get_system
from systems.interface import PlannedOdds
from tests.systems_app.conftest import posted, round_url, side_url, start, token_of

pytestmark = pytest.mark.django_db

ALDRIC_THROWS_NINE_DICE = {"action": "attack", "method": "melee", "dice": 9, "bonus": 3, "target": "Goblin 1"}
ALDRIC_ATTACKS_BRYN = {"action": "attack", "method": "melee", "dice": 2, "bonus": 3, "target": "Bryn"}
ASTAROTH_FIRES_UNSEEN = {"kind_0": "load", "kind_1": "fire", "fire_ticks_1": 1, "target_1": "Goblin 1",
                         "cover_1": "total"}


def side_of(battle, name):
    return Round.objects.get(battle=battle, number=1).sides.get(side=name)


def gm_check(gm_client, battle, side, answers) -> str:
    """The check the GM's round page sends as they type: the panel comes back out of band."""
    return gm_client.post(round_url(battle, tail=f"answers/{side.pk}/check/"), posted(side, answers),
                          HTTP_HX_REQUEST="true").content.decode()


def panel(page: str, odds_id: str) -> str:
    return page[page.index(f'id="{odds_id}"'):].split("</aside>")[0]


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def test_it_names_the_enchanted_realms_plan_whose_pool_the_odds_refuse(gm_client, ambush):
    aldric = side_of(ambush, "Aldric")
    shown = panel(gm_check(gm_client, ambush, aldric, ALDRIC_THROWS_NINE_DICE), f"side-odds-{aldric.pk}")
    assert '<p class="muted">No odds yet for Aldric against Goblin 1: attack.dice: must be from 1 to 5, not 9</p>' in shown


def test_it_names_the_plan_on_the_players_page_too(client, ambush):
    aldric = side_of(ambush, "Aldric")
    body = client.post(side_url(ambush, "Alice", "Aldric", "validate"), posted(aldric, ALDRIC_THROWS_NINE_DICE),
                       HTTP_HX_REQUEST="true").content.decode()
    shown = panel(body, f"odds-{aldric.character_id}")
    assert "No odds yet for Aldric against Goblin 1: attack.dice: must be from 1 to 5, not 9" in shown
    assert ">attack.dice" not in shown and ">Aldric against Goblin 1:" not in shown  # never the bare error


def test_it_names_the_multiverse_shot_at_a_target_totally_obscured(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    astaroth = side_of(battle, "Astaroth")
    shown = panel(gm_check(gm_client, battle, astaroth, ASTAROTH_FIRES_UNSEEN), f"side-odds-{astaroth.pk}")
    assert ("No odds yet for Astaroth against Goblin 1: Goblin 1 is totally obscured: the shot is wasted, with no "
            "roll (MV 6.2)") in shown


@pytest.mark.parametrize("target, sentence", [
    ("Black Knight", "No odds yet for Sir Ash against Black Knight: joust: is required (or attack and target)"),
    (None, "No odds yet for Sir Ash's attack: joust: is required (or attack and target)"),
])
def test_it_names_a_fallen_empire_plan_with_or_without_its_target(gm, gm_client, make_campaign, monkeypatch,
                                                                  target, sentence):
    # Fallen Empire's forms offer nothing its odds refuse: the error is forced on its planned_odds.
    refused = PlannedOdds("Sir Ash", target, {}, {}, "", "joust: is required (or attack and target)")
    monkeypatch.setattr(get_system("fallen-empire"), "planned_odds", lambda round_input, side: (refused,))
    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    ash = side_of(battle, "Sir Ash")
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'<p class="muted">{sentence}</p>' in panel(page, f"side-odds-{ash.pk}").replace("&#x27;", "'")


def test_the_gm_pages_explanation_keeps_its_id_when_the_panel_is_redrawn(gm, gm_client, ambush):
    aldric = side_of(ambush, "Aldric")
    system_battles.save_answers(gm, ambush.campaign.slug, ambush.pk, 1, aldric.pk, ALDRIC_ATTACKS_BRYN)
    drawn = panel(gm_client.get(round_url(ambush)).content.decode(), f"side-odds-{aldric.pk}")
    redrawn = panel(gm_check(gm_client, ambush, aldric, {**ALDRIC_ATTACKS_BRYN, "bonus": 4}), f"side-odds-{aldric.pk}")
    details = f'<details class="help" id="side-odds-{aldric.pk}-assumed-1"><summary>What the chances assume</summary>'
    assert details in drawn and details in redrawn
    assert 'hx-swap-oob="true"' in redrawn and "hx-swap-oob" not in drawn


def test_the_players_pages_explanation_keeps_its_id_when_the_panel_is_redrawn(gm, client, ambush):
    aldric = side_of(ambush, "Aldric")
    system_battles.save_answers(gm, ambush.campaign.slug, ambush.pk, 1, aldric.pk, ALDRIC_ATTACKS_BRYN)
    odds_id = f"odds-{aldric.character_id}"
    drawn = panel(client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode(), odds_id)
    redrawn = panel(client.post(side_url(ambush, "Alice", "Aldric", "validate"),
                                posted(aldric, {**ALDRIC_ATTACKS_BRYN, "bonus": 4}), HTTP_HX_REQUEST="true").content.decode(),
                    odds_id)
    details = f'<details class="help" id="{odds_id}-assumed-1">'
    assert details in drawn and details in redrawn
    assert 'hx-swap-oob="true"' in redrawn and "hx-swap-oob" not in drawn
