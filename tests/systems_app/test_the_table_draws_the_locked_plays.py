"""The GM's round page draws the table before the round with the plays of the sides locked so far
(combat/system_views.py `_picture`): the GM sees every side, a locked side's plays are checked, and the system
draws them where they go (Magic Realm: the attack and the maneuver on the owner's sheet). A side saved but not
locked is not drawn; a lock swaps the picture out of band with the card."""

import pytest

from combat import system_battles
from tests.ambush import KNIGHT_ANSWERS
from tests.systems_app.conftest import round_url, start_ambush

pytestmark = pytest.mark.django_db

KNIGHT_ATTACK = "Attack: FIGHT H6 Mace → H Troll"


def knight_of(battle):
    return battle.rounds.get(number=1).sides.get(side="Black Knight")


def test_a_locked_sides_plays_are_drawn_on_the_table_before_the_round(gm, gm_client):
    battle = start_ambush(gm)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "The table before round 1.</figcaption>" in page and KNIGHT_ATTACK not in page
    knight = knight_of(battle)
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, knight.pk, KNIGHT_ANSWERS)
    assert KNIGHT_ATTACK not in gm_client.get(round_url(battle)).content.decode()  # saved, not locked yet
    system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, knight.pk)
    page = gm_client.get(round_url(battle)).content.decode()
    assert KNIGHT_ATTACK in page
    assert "The table before round 1, with the plays of Black Knight (locked).</figcaption>" in page


def test_locking_on_the_page_swaps_the_table_with_the_card(gm, gm_client):
    battle = start_ambush(gm)
    knight = knight_of(battle)
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, knight.pk, KNIGHT_ANSWERS)
    response = gm_client.post(round_url(battle, tail=f"answers/{knight.pk}/"),
                              {"lock": "1", "version": system_battles.version_of(knight), **_posted(knight)},
                              HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="board-picture" hx-swap-oob="true"' in body and KNIGHT_ATTACK in body


def _posted(side):
    from tests.systems_app.conftest import posted

    return posted(side, KNIGHT_ANSWERS)
