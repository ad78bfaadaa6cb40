"""Every row of every table (rule 5.1, 5.4 and optional-combat-rules.md)."""

import pytest

from systems.magic_realm.engine.tables import (
    fumble_table,
    missile_table,
    stumble_modifier,
    stumble_table,
)


def outcome(result):
    return result.effect or result.levels


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(-3, 2), (0, 2), (1, 2), (2, 1), (3, 1), (4, 0), (5, 0), (6, 0), (7, -1), (8, -1), (9, -2),
     (10, "negligible"), (14, "negligible")],
)
def test_the_fumble_table_row_for_each_adjusted_roll(roll, expected):
    assert outcome(fumble_table(roll)) == expected


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(-2, 2), (1, 2), (2, 1), (3, 0), (4, -1), (5, -2), (6, -3), (9, -3)],
)
def test_the_standard_missile_table_row_for_each_roll_clamped_to_one_to_six(roll, expected):
    assert outcome(missile_table("standard", roll)) == expected


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(-5, 3), (1, 3), (2, 2), (3, 1), (4, 0), (5, -1), (6, -2), (7, -3), (8, "wound"), (9, "wound"),
     (10, "negligible"), (13, "negligible")],
)
def test_the_optional_missile_table_row_for_each_roll_with_ten_and_above_negligible(roll, expected):
    assert outcome(missile_table("optional", roll)) == expected


REVISED_ROWS = [(-6, 3), (-2, 3), (-1, 2), (0, 1), (1, 1), (2, 0), (3, 0), (4, 0), (5, -1), (6, -1), (7, -2),
                (8, -3)]


@pytest.mark.parametrize(("roll", "expected"), REVISED_ROWS + [(9, -3), (12, -3)])
def test_the_revised_missile_table_row_for_each_unclamped_roll(roll, expected):
    assert outcome(missile_table("revised", roll)) == expected


@pytest.mark.parametrize(("roll", "expected"), REVISED_ROWS + [(9, "wound"), (10, "negligible"), (15, "negligible")])
def test_the_revised_wound_variant_row_for_each_roll(roll, expected):
    assert outcome(missile_table("revised-wound", roll)) == expected


@pytest.mark.parametrize(("roll", "expected"), REVISED_ROWS + [(9, -4), (10, -5), (15, -5)])
def test_the_revised_levels_variant_row_for_each_roll(roll, expected):
    assert outcome(missile_table("revised-levels", roll)) == expected


def test_the_optional_tables_read_a_clamped_roll_and_the_revised_tables_do_not():
    assert fumble_table(13).clamped_roll == 10
    assert missile_table("optional", -4).clamped_roll == 1
    assert missile_table("revised", -4).clamped_roll == -4


@pytest.mark.parametrize(("roll", "completed"), [(-2, True), (1, True), (6, True), (7, False), (10, False), (12, False)])
def test_the_stumble_table_completes_on_six_or_less_and_cancels_on_seven_or_more(roll, completed):
    assert stumble_table(roll).completed is completed


def test_rule_5_1_1_example_two_against_three_attackers_led_by_a_four_adds_one():
    modifier = stumble_modifier(own_move_time=2, fastest_attacker_move_time=4, attackers=3)
    assert modifier == 1
    assert stumble_table(6 + modifier).adjusted == 7 and not stumble_table(6 + modifier).completed


def test_each_table_result_has_a_readable_label():
    assert fumble_table(1).label == "+2 levels"
    assert fumble_table(7).label == "-1 level"
    assert fumble_table(5).label == "no change"
    assert missile_table("optional", 8).label == "wound"
    assert missile_table("optional", 10).label == "Negligible"
