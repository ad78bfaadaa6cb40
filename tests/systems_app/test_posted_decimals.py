"""A plays or starting form's "number" field with `decimals` takes a number to that many places when posted
(combat/system_rounds.py `posted_answers`), as the record form does; a whole-number field still refuses one."""

from combat.system_rounds import posted_answers
from systems.interface import Field, PlaysForm

FORM = PlaysForm("Aldric", "Aldric", (Field("share", "number", "Share", "plays.Aldric.share", decimals=2),
                                      Field("dice", "number", "Dice", "plays.Aldric.dice")))


def test_a_share_is_read_to_two_places_and_a_whole_number_stays_whole():
    answers, errors = posted_answers(FORM, {"share": "2.50", "dice": "3"})
    assert answers == {"share": 2.5, "dice": 3} and errors == {}


def test_more_places_than_the_field_takes_or_a_fraction_where_a_whole_number_is_asked_is_refused_naming_it():
    answers, errors = posted_answers(FORM, {"share": "2.505", "dice": "1.5"})
    assert answers == {}
    assert errors == {"share": "Share: must be a number with at most 2 decimal places, not '2.505'",
                      "dice": "Dice: must be a whole number, not '1.5'"}
