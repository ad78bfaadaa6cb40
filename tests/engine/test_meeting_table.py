"""The Meeting table helper: the column from relationships, the row from the dice, battling, and
Expanded Meeting Table Opportunities."""

import pytest

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.meeting import (
    COLUMNS,
    MeetingRequest,
    MeetingTable,
    MeetingTableError,
    battling_from,
    roll_meeting,
)
from systems.magic_realm.engine.relationships import ENEMY
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")
WITHOUT_EXPANDED = rules_from({"preset": "bimr4", "expanded_meeting_table": False})


class Counter:
    def __init__(self, name, relationships, knight=False):
        self.name, self.relationships, self.knight = name, relationships, knight


# A stand-in for the printed table, which the GM enters: an OPPORTUNITY in row 1 of every column,
# BLOCK/BATTLE in row 6 of the unfriendly columns.
def stand_in_table():
    columns = {}
    for column in COLUMNS:
        rows = ["OPPORTUNITY"] + [f"{column} {row}" for row in range(2, 6)]
        rows.append("BLOCK/BATTLE" if column in ("Unfriendly", "Enemy") else f"{column} 6")
        columns[column] = tuple(rows)
    return MeetingTable(columns)


def test_the_column_is_the_relationship_and_the_row_the_high_die_plus_modifiers():
    amazon = Counter("Amazon", {"Soldiers": -1})
    outcome = roll_meeting(
        stand_in_table(), MeetingRequest(amazon, "Soldiers", die_modifier=1), BIMR4, ScriptedDice([4, 2])
    )
    assert (outcome.column, outcome.row, outcome.result) == ("Unfriendly", 5, "Unfriendly 5")
    assert "high die 4 +1 = 5 → row 5" in outcome.events[0].text


def test_block_battle_makes_the_group_battle_the_character_this_evening():
    amazon = Counter("Amazon", {})
    outcome = roll_meeting(
        stand_in_table(), MeetingRequest(amazon, "Rogues", relationship=ENEMY), BIMR4, ScriptedDice([6, 1])
    )
    assert outcome.battling and outcome.result == "BLOCK/BATTLE"
    assert battling_from([outcome]) == {("Rogues", "Amazon")}


def test_rows_below_1_and_above_6_read_rows_1_and_6():
    amazon = Counter("Amazon", {})
    low = roll_meeting(
        stand_in_table(),
        MeetingRequest(amazon, "Rogues", die_modifier=-3),
        WITHOUT_EXPANDED,
        ScriptedDice([1, 1]),
    )
    high = roll_meeting(
        stand_in_table(), MeetingRequest(amazon, "Rogues", die_modifier=2), BIMR4, ScriptedDice([6, 6])
    )
    assert low.row == 1 and high.row == 6


def test_expanded_opportunities_let_the_player_take_the_2_result_of_the_same_column():
    amazon = Counter("Amazon", {"Rogues": 1})
    request = MeetingRequest(amazon, "Rogues")
    asked = roll_meeting(stand_in_table(), request, BIMR4, ScriptedDice([1, 1]))
    assert asked.result == "OPPORTUNITY" and asked.choice_needed == "take_row_two"
    taken = roll_meeting(
        stand_in_table(), MeetingRequest(amazon, "Rogues", take_row_two=True), BIMR4, ScriptedDice([1, 1])
    )
    assert taken.result == "Friendly 2"
    assert taken.events[-1].rule == "BIMR4 Expanded Meeting Table Opportunities"
    kept = roll_meeting(
        stand_in_table(), MeetingRequest(amazon, "Rogues", take_row_two=False), BIMR4, ScriptedDice([1, 1])
    )
    assert kept.result == "OPPORTUNITY"


def test_without_the_option_an_opportunity_stays_an_opportunity():
    amazon = Counter("Amazon", {})
    outcome = roll_meeting(
        stand_in_table(),
        MeetingRequest(amazon, "Rogues", take_row_two=True),
        WITHOUT_EXPANDED,
        ScriptedDice([1, 1]),
    )
    assert outcome.result == "OPPORTUNITY" and outcome.choice_needed is None


def test_a_table_missing_a_column_or_a_row_is_refused_naming_the_column():
    with pytest.raises(MeetingTableError) as raised:
        MeetingTable({"Allied": ("a",) * 6, "Friendly": ("b",) * 5})
    assert set(raised.value.errors) == {
        "columns.Friendly",
        "columns.Neutral",
        "columns.Unfriendly",
        "columns.Enemy",
    }
