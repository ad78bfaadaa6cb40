"""The GM's page checks a side's posted answers against a condition naming several fields
(combat/system_rounds.py): a choice closed beside the other answers is refused, a required field applies only
when every pair holds, and an error goes to the field that applies."""

from combat.system_rounds import errors_by_field, missing_answers
from systems.answers import closed_choices
from systems.errors import FieldError
from tests.systems.test_interface_conditions import FORM

RUN = {"attack_chit": "FIGHT L4", "run_with": "MOVE L2**"}


def test_a_choice_closed_by_any_one_of_its_conditions_is_refused():
    assert closed_choices(FORM, {"maneuver_chit": "MOVE L4", "run_with": "MOVE L2**"}) == {}
    refused = closed_choices(FORM, {"attack_chit": "FIGHT L2**", "maneuver_chit": "MOVE L4", "run_with": "MOVE L2**"})
    assert refused == {"run_with": "Run with: MOVE L2** is not offered with your other answers"}


def test_a_required_field_is_missing_only_when_every_condition_holds():
    assert missing_answers(FORM, {"attack_chit": "FIGHT L4"}) == {}
    assert missing_answers(FORM, RUN) == {"note": "Why: required"}


def test_an_error_on_a_field_with_several_conditions_goes_to_it_only_while_it_applies():
    error = [FieldError("encounter.note", "too long")]
    assert errors_by_field(FORM, error, RUN) == {"note": "too long"}
    assert errors_by_field(FORM, error, {"attack_chit": "FIGHT L4"}) == {"plays": "too long"}


def test_a_choice_whose_alternatives_all_fail_is_refused_and_one_that_holds_lets_it_through():
    from tests.systems.test_interface_any_of import FORM as EITHER_FORM

    assert closed_choices(EITHER_FORM, {"maneuver_chit": "MOVE L3*", "run_with": "MOVE M3*"}) == {}
    refused = closed_choices(EITHER_FORM, {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L3*",
                                           "run_with": "MOVE M3*"})
    assert refused == {"run_with": "Run with: MOVE M3* is not offered with your other answers"}


def test_an_answer_that_is_none_of_its_fields_choices_is_refused_as_not_one_of_them():
    refused = closed_choices(FORM, {"maneuver_chit": "MOVE Z9", "run_with": ["MOVE L2**"]})
    assert refused == {"maneuver_chit": "Maneuver: 'MOVE Z9' is not one of its choices",
                       "run_with": "Run with: ['MOVE L2**'] is not one of its choices"}


def test_an_error_about_a_question_a_refused_answer_hides_is_left_out_beside_that_refusal():
    error = [FieldError("encounter.note", "'why' is a required property")]
    hidden = {"attack_chit": "FIGHT L4"}  # `note` does not apply: an error about it belongs to no question asked

    assert errors_by_field(FORM, error, hidden) == {"plays": "'why' is a required property"}
    assert errors_by_field(FORM, error, hidden, behind_refused=True) == {}
    assert errors_by_field(FORM, error, RUN, behind_refused=True) == {"note": "'why' is a required property"}
