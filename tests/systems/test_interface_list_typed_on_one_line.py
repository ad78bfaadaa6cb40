"""A text field whose answer is a list typed on one line (systems/interface.py: `Field.separator`): `fill` writes
the list of its items, each stripped, where a plain text field writes the text as typed. Used by Magic Realm's
Meeting table columns (test_magic_realm_gm_meeting_table.py)."""

from systems.interface import Field, PlaysForm, fill, written

COLUMN = Field("column", "text", "A column", "table.Allied", separator="|")
FORM = PlaysForm("@gm", "The table", (COLUMN, Field("note", "text", "A note", "table.note", required=False)))


def test_fill_writes_a_separated_text_as_the_list_of_its_items_each_stripped():
    data = fill({}, FORM, {"column": " a | b b |c ", "note": "x | y"})
    assert data == {"table": {"Allied": ["a", "b b", "c"], "note": "x | y"}}


def test_an_empty_item_stays_in_the_list_for_validate_to_name():
    assert written(COLUMN, "a||c|") == ["a", "", "c", ""]
    assert written(COLUMN, "one result") == ["one result"]


def test_a_list_already_given_and_other_kinds_are_written_as_they_are():
    assert written(COLUMN, ["a", "b"]) == ["a", "b"]
    number = Field("count", "number", "Count", "count", separator="|")
    assert written(number, 3) == 3


def test_writing_replaces_the_list_at_the_path_and_never_changes_the_answers():
    answers = {"column": "a|b"}
    data = fill({"table": {"Allied": ["old"], "Enemy": ["kept"]}}, FORM, answers)
    assert data["table"] == {"Allied": ["a", "b"], "Enemy": ["kept"]} and answers == {"column": "a|b"}
