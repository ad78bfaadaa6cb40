"""BIMR4 Knight's Adjustment: the Black Knight is Friendly, not Allied, with the Company; the White
Knight with the Order. It shows in relationships and on the Meeting table."""

from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.meeting import COLUMNS, MeetingRequest, MeetingTable, roll_meeting
from systems.magic_realm.engine.relationships import ALLIED, FRIENDLY, relationship_with, relationships_for
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")
STANDARD = rules_from("standard")
# A stand-in table (the GM enters the real one): each cell names its column and row.
TABLE = MeetingTable({column: tuple(f"{column} {row}" for row in range(1, 7)) for column in COLUMNS})


def test_the_black_knight_is_friendly_not_allied_with_the_company():
    black = get_catalogue().character("Black Knight")
    assert black.relationships["Company"] == ALLIED
    assert relationships_for(black, BIMR4)["Company"] == FRIENDLY


def test_the_white_knight_is_friendly_not_allied_with_the_order():
    white = get_catalogue().character("White Knight")
    assert relationships_for(white, BIMR4)["Order"] == FRIENDLY


def test_without_the_option_the_knights_stay_allied():
    black = get_catalogue().character("Black Knight")
    assert relationships_for(black, STANDARD)["Company"] == ALLIED
    assert relationship_with(black, "Company", STANDARD) == (ALLIED, ())


def test_other_relationships_and_other_characters_are_unchanged():
    catalogue = get_catalogue()
    black = catalogue.character("Black Knight")
    assert relationships_for(black, BIMR4)["Guard"] == black.relationships["Guard"]
    for name in ("Amazon", "Captain", "Swordsman"):
        character = catalogue.character(name)
        assert relationships_for(character, BIMR4) == character.relationships


def test_the_adjustment_is_logged_with_its_rule():
    black = get_catalogue().character("Black Knight")
    level, events = relationship_with(black, "Company", BIMR4)
    assert level == FRIENDLY
    assert events[0].rule == "BIMR4 Knight's Adjustment"
    assert "Friendly, not Allied, with the Company" in events[0].text


def test_the_meeting_table_reads_the_friendly_column_for_the_black_knight_meeting_the_company():
    black = get_catalogue().character("Black Knight")
    outcome = roll_meeting(TABLE, MeetingRequest(black, "Company"), BIMR4, ScriptedDice([3, 2]))
    assert outcome.column == "Friendly"
    assert outcome.result == "Friendly 3"
    assert outcome.events[0].rule == "BIMR4 Knight's Adjustment"
    allied = roll_meeting(TABLE, MeetingRequest(black, "Company"), STANDARD, ScriptedDice([3, 2]))
    assert allied.column == "Allied"
