"""The Meeting table on the GM's entries for a Magic Realm round (systems/magic_realm/gm_entries.py): the choice to
type it, its five columns (each the six results of rows 1 to 6 on one line, separated by "|"), written by `fill` at
`encounter.meeting_table` where the engine reads and checks it (`MeetingTable`), the rolls it opens, and the table
carried to the next round."""

import re

from systems import get_system
from systems.interface import GM, answers_that_apply, fill
from systems.magic_realm.engine.meeting import MEETING_RULE
from tests.systems.test_magic_realm_gm_entries import (COLUMNS, TABLE, amazon_and_the_soldiers, gm_form,
                                                       soldiers_in_the_clearing, the_battle)

MAGIC_REALM = get_system("magic-realm")
ROLL = the_battle("Soldiers", "Amazon")
NAMES = {column: f"meeting_table_{column.lower()}" for column in COLUMNS}


def typed(table: dict | None = None, **changed: str) -> dict:
    """The GM's answers typing the table (TABLE unless given), a column's line replaced where given."""
    lines = {NAMES[column]: " | ".join(rows) for column, rows in (table or TABLE).items()}
    return {"meeting_table": True, **lines, **{NAMES[column]: line for column, line in changed.items()}}


def errors_of(data: dict, answers: dict) -> dict:
    return {error.path: error.message for error in MAGIC_REALM.validate(fill(data, gm_form(data), answers))}


def test_with_natives_and_a_living_character_the_form_opens_with_the_table_and_its_five_columns():
    form = gm_form(amazon_and_the_soldiers({}))
    choice, *columns = form.fields[:6]
    assert choice.name == "meeting_table" and choice.path is None and not choice.required
    assert [c.label for c in choice.choices] == ["Type it, to roll on it this evening"]
    assert [c.label for c in columns] == [f"Meeting table, {column} column" for column in COLUMNS]
    assert [c.path for c in columns] == [f"encounter.meeting_table.{column}" for column in COLUMNS]
    assert all(c.kind == "text" and c.required and c.separator == "|" for c in columns)
    assert all(c.shown_when == ("meeting_table", (True,)) for c in columns)
    assert "separated by |" in columns[0].help


def test_without_natives_or_anyone_living_or_anything_left_to_battle_the_table_is_not_asked():
    no_natives = amazon_and_the_soldiers({})
    no_natives["state"]["denizens"] = [{"id": "Wolf"}]
    nobody = amazon_and_the_soldiers({})
    nobody["state"]["characters"] = [{"id": "Amazon", "dead": True}]
    battling = amazon_and_the_soldiers({"battling": [ROLL]})
    for data in (no_natives, nobody, battling):
        assert gm_form(data).fields == ()


def test_the_columns_apply_only_once_the_gm_chooses_to_type_the_table():
    form = gm_form(amazon_and_the_soldiers({}))
    lines = {name: value for name, value in typed().items() if name != "meeting_table"}
    assert answers_that_apply(form, lines) == {}
    assert fill(amazon_and_the_soldiers({}), form, lines)["encounter"] == {}


def test_the_typed_table_lands_in_the_encounter_section_as_the_engine_reads_it():
    data = amazon_and_the_soldiers({})
    filled = fill(data, gm_form(data), typed(Allied=" a | b |c| d | e |BLOCK/BATTLE "))
    assert filled["encounter"]["meeting_table"] == {**TABLE, "Allied": ["a", "b", "c", "d", "e", "BLOCK/BATTLE"]}
    assert MAGIC_REALM.validate(filled) == []


def test_a_column_with_the_wrong_count_or_an_empty_result_is_refused_naming_the_column():
    errors = errors_of(amazon_and_the_soldiers({}), typed(Neutral="a | b | c", Enemy="a | | c | d | | f"))
    assert errors == {
        "encounter.meeting_table.Neutral": "the Neutral column must hold six results, rows 1 to 6, not 3",
        "encounter.meeting_table.Enemy": "the Enemy column's rows 2, 5 are empty: give each of its six results"}


def test_a_table_partly_typed_is_refused_naming_each_column_missing():
    answers = typed()
    del answers[NAMES["Friendly"]], answers[NAMES["Unfriendly"]]
    form = gm_form(amazon_and_the_soldiers({}))
    assert {form.field(NAMES["Friendly"]).required, form.field(NAMES["Unfriendly"]).required} == {True}
    assert errors_of(amazon_and_the_soldiers({}), answers) == {
        "encounter.meeting_table.Friendly": "the Friendly column is missing: give its six results, rows 1 to 6",
        "encounter.meeting_table.Unfriendly": "the Unfriendly column is missing: give its six results, rows 1 to 6"}


def test_the_pages_pattern_takes_exactly_the_lines_the_engine_takes():
    pattern = gm_form(amazon_and_the_soldiers({})).field(NAMES["Allied"]).pattern
    data = amazon_and_the_soldiers({})
    for line in ("a|b|c|d|e|f", " a | b b | c | d | e | BLOCK/BATTLE ", "a|b|c|d|e", "a|b||d|e|f", "a|b|c|d|e|f|g",
                 " | a|b|c|d|e", "a|b|c|d|e| "):
        taken = errors_of(data, typed(Allied=line)) == {}
        assert bool(re.fullmatch(pattern, line)) == taken, line


def test_the_rolls_apply_once_the_gm_chooses_to_type_the_table_and_while_no_battle_is_entered():
    form = gm_form(amazon_and_the_soldiers({}))
    assert [f.name for f in form.fields[6:]] == ["battling_0", "meeting_0", "die_modifier_0"]
    assert answers_that_apply(form, {"meeting_0": ROLL}) == {}
    assert answers_that_apply(form, {**typed(), "meeting_0": ROLL, "die_modifier_0": 2})["meeting_0"] == ROLL
    assert "meeting_0" not in answers_that_apply(form, {**typed(), "battling_0": ROLL, "meeting_0": ROLL})


def test_a_round_resolved_with_a_typed_table_rolls_the_meeting_table_citing_its_rule():
    data = amazon_and_the_soldiers({})
    filled = fill(data, gm_form(data), {**typed(), "meeting_0": ROLL, "die_modifier_0": 5})
    assert filled["encounter"]["meetings"] == [{**ROLL, "die_modifier": 5}]
    resolution = MAGIC_REALM.resolve(filled, seed=1)
    meeting = next(event for event in resolution.events if event.kind == "meeting")
    assert (meeting.rule, meeting.rule_name) == MEETING_RULE and "Meeting table" in meeting.line
    assert "The Soldiers meet Amazon" in meeting.text and "+5" in meeting.text and "row 6: BLOCK/BATTLE" in meeting.text
    assert resolution.output["encounter"]["battling"] == [["Soldiers", "Amazon"]]


def test_the_typed_table_is_carried_to_the_next_round_whose_form_says_what_it_holds():
    data = amazon_and_the_soldiers({})
    resolution = MAGIC_REALM.resolve(fill(data, gm_form(data), typed()), seed=1)
    assert resolution.state["encounter"]["meeting_table"] == TABLE
    carried = soldiers_in_the_clearing({"meeting_table": TABLE})
    form = gm_form(carried)
    assert [c.label for c in form.field("meeting_table").choices] == ["Type it again, replacing the one carried"]
    assert form.field(NAMES["Enemy"]).help.endswith(
        "Now: Enemy row 1 | Enemy row 2 | Enemy row 3 | Enemy row 4 | Enemy row 5 | BLOCK/BATTLE")
    assert answers_that_apply(form, {"meeting_0": ROLL}) == {"meeting_0": ROLL}


def test_a_carried_table_stands_unless_typed_again_and_then_is_replaced_whole():
    data = amazon_and_the_soldiers({"meeting_table": TABLE})
    form = gm_form(data)
    assert fill(data, form, {"meeting_0": ROLL})["encounter"]["meeting_table"] == TABLE
    other = {column: [f"{column} {row}" for row in range(1, 7)] for column in COLUMNS}
    assert fill(data, form, typed(other))["encounter"]["meeting_table"] == other


def test_an_empty_table_in_the_round_is_no_table_carried_so_it_is_offered_to_type_and_no_roll_applies():
    form = gm_form(amazon_and_the_soldiers({"meeting_table": {}}))
    assert [c.label for c in form.field("meeting_table").choices] == ["Type it, to roll on it this evening"]
    assert answers_that_apply(form, {"meeting_0": ROLL}) == {}
