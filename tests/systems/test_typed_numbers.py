"""A number typed into a form's "number" field (`Field.decimals`, systems/records.py): whole where a whole number
is asked, at most that many places where decimals are (a share of a divided bounty), never inf or nan; and a kept
answer of that kind, for the starting information's check."""

import pytest

from systems.records import answers_a_number, number_kind, typed_number


@pytest.mark.parametrize("raw, decimals, expected", [
    ("3", 0, 3), (" -2 ", 0, -2), ("2.50", 2, 2.5), ("4.00", 2, 4), ("0.33", 2, 0.33), ("7", 2, 7),
])
def test_it_reads_a_number_of_the_kind_the_field_asks(raw, decimals, expected):
    value = typed_number(raw, decimals)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize("raw, decimals", [("1.5", 0), ("lots", 0), ("0.333", 2), ("inf", 2), ("nan", 2),
                                           ("1e400", 2), ("", 0)])
def test_it_refuses_what_the_field_does_not_take(raw, decimals):
    with pytest.raises(ValueError):
        typed_number(raw, decimals)


@pytest.mark.parametrize("value, decimals, takes", [
    (3, 0, True), (2.5, 0, False), (True, 0, False), (2.5, 2, True), (0.125, 2, False), (float("inf"), 2, False),
])
def test_a_kept_answer_is_a_number_of_the_fields_kind_or_not(value, decimals, takes):
    assert answers_a_number(value, decimals) is takes


def test_the_error_says_what_the_field_takes():
    assert number_kind(0) == "a whole number"
    assert number_kind(1) == "a number with at most 1 decimal place"
    assert number_kind(2) == "a number with at most 2 decimal places"
