"""Checking a player's answers as they type, for a battle fought through the systems interface: only the
error regions come back, never an input (players.views._validate_answers)."""

import pytest

from combat.models import Round
from tests.systems_app.conftest import gm_plays, posted, side_url, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def validate(client, battle, answers):
    side = Round.objects.get(battle=battle, number=1).sides.get(side="Aldric")
    return client.post(side_url(battle, "Alice", "Aldric", "validate"), posted(side, answers), HTTP_HX_REQUEST="true")


def test_it_answers_with_the_error_regions_alone_never_an_input(client, ambush):
    response = validate(client, ambush, {"action": "attack", "method": "melee", "dice": 9})
    body = response.content.decode()
    assert response.status_code == 200
    assert "<input" not in body and "<select" not in body and "<form" not in body
    # The side's seven questions, its general region, its odds, and the seal's question cleared (it plays something).
    assert body.count('hx-swap-oob="true"') == 10
    aldric = ambush.characters.get(catalogue_name="Aldric")
    assert f'id="id_side{aldric.pk}-dice_error"' in body


def test_it_names_a_number_out_of_bounds_beside_its_question_while_others_are_unanswered(client, ambush):
    body = validate(client, ambush, {"action": "attack", "method": "melee", "dice": 9}).content.decode()
    dice = body[body.index("-dice_error"):].split("</div>")[0]
    assert "Dice in the pool: from 1 to 5, not 9" in dice


def test_it_does_not_call_an_unanswered_question_an_error_while_typing(client, ambush):
    body = validate(client, ambush, {"action": "attack"}).content.decode()
    assert "choose one" not in body and "required" not in body


def test_it_says_what_the_system_refuses_beside_the_question(client, ambush):
    body = validate(client, ambush, {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 1",
                                     "bonus": 40}).content.decode()
    bonus = body[body.index("-bonus_error"):].split("</div>")[0]
    assert "Bonus to each die" in bonus


def test_it_ignores_a_question_hidden_by_another_answer(client, ambush):
    side = Round.objects.get(battle=ambush, number=1).sides.get(side="Aldric")
    data = {**posted(side, {"action": "none"}), "dice": "many"}  # a stale, hidden question
    body = client.post(side_url(ambush, "Alice", "Aldric", "validate"), data, HTTP_HX_REQUEST="true").content.decode()
    assert "whole number" not in body


def test_it_never_depends_on_what_another_side_plays(client, gm, ambush):
    before = validate(client, ambush, {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 1"}).content
    round_ = Round.objects.get(battle=ambush, number=1)
    gm_plays(gm, round_, "Goblin 1", {"action": "attack", "method": "melee", "dice": 2, "target": "Aldric"})
    after = validate(client, ambush, {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 1"}).content
    assert before == after


def test_it_is_a_404_for_a_side_that_is_not_the_players(client, ambush):
    bryn = ambush.characters.get(catalogue_name="Bryn")
    url = side_url(ambush, "Alice", "Aldric", "validate").replace(f"/{ambush.characters.get(catalogue_name='Aldric').pk}/", f"/{bryn.pk}/")
    assert client.post(url, {"action": "0"}, HTTP_HX_REQUEST="true").status_code == 404
