"""A missing answer is worded the same on the GM's round page and on the player's page: both pages check a
side's answers with `system_battles.check_answers`, which says "choose one" of a required question left
unanswered rather than the system's own complaint about the empty value (Magic Realm's "an attack needs a
target")."""

import re

import pytest

from combat import system_battles
from combat.demo import create_set_up_battle
from players import answers as player_answers
from tests.systems_app.conftest import knight_and_amazon, posted, round_url, side_url

pytestmark = pytest.mark.django_db

NO_TARGET = {"encounter_play": "none", "attack_chit": "FIGHT H6", "weapon": "Mace", "attack_box": 2,
             "maneuver_chit": "MOVE H6", "maneuver_box": 1}


@pytest.fixture
def knight(gm):
    battle = create_set_up_battle(knight_and_amazon(gm), "demo", "Ambush in Cave 4", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "H Troll\nWolf",
        "attacks": "H Troll -> Black Knight\nWolf -> Amazon"})
    return battle, battle.rounds.get(number=1).sides.get(side="Black Knight")


def test_the_gms_check_and_the_players_checks_word_a_missing_target_alike(knight):
    _, side = knight
    gm_words = system_battles.check_answers(side, NO_TARGET)["target"]
    assert gm_words == "Target: choose one"
    assert player_answers.typing_errors(side, NO_TARGET)["target"] == gm_words
    assert player_answers.sealing_errors(side, NO_TARGET)["target"] == gm_words


def test_the_round_page_and_the_players_page_show_the_same_sentence_beside_the_target(knight, gm_client, client):
    battle, side = knight
    gm_page = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/check/"), posted(side, NO_TARGET),
                             HTTP_HX_REQUEST="true").content.decode()
    gm_error = re.search(rf'id="side{side.pk}-target-error"[^>]*>([^<]*)</p>', gm_page).group(1)
    player_page = client.post(side_url(battle, "Alice", "Black Knight", "validate"), posted(side, NO_TARGET),
                              HTTP_HX_REQUEST="true").content.decode()
    player_region = player_page[player_page.index("-target_error"):].split("</div>")[0]
    assert gm_error == "Target: choose one"
    assert gm_error in player_region and "an attack needs a target" not in player_region
