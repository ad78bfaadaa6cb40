"""The conditions the player's page hands its script (players/answers_page.py `_condition`): the posted
values that show a question or a choice; no answer (None) is posted as ""."""

import json

from players.answers_page import _condition
from systems.interface import Choice, Field, PlaysForm


def form() -> PlaysForm:
    attack = Field("attack_chit", "choice", "Attack chit", "plays.X.attack.chit", "",
                   (Choice("FIGHT M4", "FIGHT M4"), Choice("FIGHT L3", "FIGHT L3")), required=False)
    return PlaysForm("X", "X, round 1", (attack,))


def test_a_choice_is_posted_as_its_index():
    assert json.loads(_condition(form(), ("attack_chit", ("FIGHT L3",)))) == {"field": "attack_chit", "values": ["1"]}


def test_no_answer_among_the_values_is_posted_as_an_empty_string():
    condition = json.loads(_condition(form(), ("attack_chit", (None, "FIGHT M4"))))
    assert condition == {"field": "attack_chit", "values": ["0", ""]}


def test_a_question_without_choices_posts_its_values_as_text_and_none_as_empty():
    assert json.loads(_condition(form(), ("ticks", (3, None)))) == {"field": "ticks", "values": ["3", ""]}


def test_no_condition_is_no_attribute():
    assert _condition(form(), None) == ""


def test_a_condition_on_several_questions_is_a_list_of_them_each_posted_as_the_page_posts_it():
    two = PlaysForm("X", "X, round 1", (*form().fields, Field("maneuver_chit", "choice", "Maneuver", "plays.X.m", "",
                                                              (Choice("MOVE L4", "MOVE L4"),), required=False)))
    condition = json.loads(_condition(two, (("attack_chit", (None, "FIGHT L3")), ("maneuver_chit", ("MOVE L4",)))))
    assert condition == [{"field": "attack_chit", "values": ["1", ""]}, {"field": "maneuver_chit", "values": ["0"]}]


def test_alternatives_are_an_any_of_list_of_lists_each_posted_as_the_page_posts_it():
    from systems.interface import AnyOf

    two = PlaysForm("X", "X, round 1", (*form().fields, Field("maneuver_chit", "choice", "Maneuver", "plays.X.m", "",
                                                              (Choice("MOVE L4", "MOVE L4"),), required=False)))
    either = AnyOf(((("attack_chit", ("FIGHT L3",)), ("maneuver_chit", (None,))), (("maneuver_chit", ("MOVE L4",)),)))
    assert json.loads(_condition(two, either)) == {"any_of": [
        [{"field": "attack_chit", "values": ["1"]}, {"field": "maneuver_chit", "values": [""]}],
        [{"field": "maneuver_chit", "values": ["0"]}]]}
