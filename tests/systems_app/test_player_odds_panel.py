"""The odds panel on a player's page in a battle fought through the interface: the chances of what the player's
own side plans, redrawn out of band as they type (players.answers_page, combat/system_odds.py); never the plans
of another player's side."""

import pytest

from combat import system_battles
from combat.models import Round
from tests.systems_app.conftest import posted, side_url, start, token_of

pytestmark = pytest.mark.django_db

ALDRIC_ATTACKS_BRYN = {"action": "attack", "method": "melee", "dice": 2, "bonus": 3, "target": "Bryn"}
BRYN_ATTACKS_GOBLIN = {"action": "attack", "method": "ranged", "dice": 3, "bonus": 1, "target": "Goblin 1"}


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def side(battle, name):
    return Round.objects.get(battle=battle, number=1).sides.get(side=name)


def test_the_player_sees_the_chances_of_their_own_sides_plan(gm, client, ambush):
    aldric = side(ambush, "Aldric")
    system_battles.save_answers(gm, ambush.campaign.slug, ambush.pk, 1, aldric.pk, ALDRIC_ATTACKS_BRYN)
    page = client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    character = ambush.characters.get(catalogue_name="Aldric")
    panel = page[page.index(f'id="odds-{character.pk}"'):].split("</aside>")[0]
    assert "Odds of Aldric against Bryn" in panel and "% hit" in panel and "% miss" in panel


def test_another_players_plan_never_reaches_the_page(gm, client, ambush):
    bryn = side(ambush, "Bryn")
    system_battles.save_answers(gm, ambush.campaign.slug, ambush.pk, 1, bryn.pk, BRYN_ATTACKS_GOBLIN)
    page = client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    assert "Odds of Bryn" not in page and "Goblin 1</strong>" not in page


def test_typing_redraws_the_panel_out_of_band_with_no_input(client, ambush):
    aldric = side(ambush, "Aldric")
    body = client.post(side_url(ambush, "Alice", "Aldric", "validate"), posted(aldric, ALDRIC_ATTACKS_BRYN),
                       HTTP_HX_REQUEST="true").content.decode()
    assert "<input" not in body and "<select" not in body
    character = ambush.characters.get(catalogue_name="Aldric")
    assert f'id="odds-{character.pk}"' in body and 'hx-swap-oob="true">' in body
    assert "Odds of Aldric against Bryn" in body
