"""Migration 0009 carries Magic Realm's four columns of a character's starting information over to its answers, and
back unchanged."""

import importlib
from types import SimpleNamespace

from systems.magic_realm.starting import check_starting, starting_from_old
from systems.magic_realm.engine.ruleset import PRESETS

migration = importlib.import_module("campaigns.migrations.0009_starting_info_answers")

COLUMNS = {"victory_requirements": {"fame": 2, "gold": 3}, "starting_location": "Inn",
           "recorded_spells": ["Peace", "Fiery Blast"], "enchanted_chits": ["MAGIC III3"]}


def test_the_columns_become_the_answers_the_system_reads_and_come_back_the_same():
    answers = migration.answers_from_columns(SimpleNamespace(**COLUMNS))
    assert answers == {"vp_fame": 2, "vp_gold": 3, "starting_location": "Inn",
                       "recorded_spells": "Peace\nFiery Blast", "enchanted_chits": ["MAGIC III3"]}
    assert answers == starting_from_old(COLUMNS)  # a file from before reads the same as a row did
    assert check_starting(answers, PRESETS["bimr4"].to_dict()) == []
    assert migration.columns_from_answers(answers) == COLUMNS


def test_empty_columns_become_no_answers_and_back():
    empty = {"victory_requirements": {}, "starting_location": "", "recorded_spells": [], "enchanted_chits": []}
    assert migration.answers_from_columns(SimpleNamespace(**empty)) == {}
    assert migration.columns_from_answers({}) == empty
