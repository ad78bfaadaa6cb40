"""Migration 0011 writes each item state of a Magic Realm record typed on the old edit page as a battle read it, so
the record passes its system's check where a battle read it the same."""

import importlib

from systems import get_system

migration = importlib.import_module("campaigns.migrations.0011_magic_realm_item_states")
MR = get_system("magic-realm")


def test_a_state_in_another_case_is_written_as_a_battle_read_it_and_then_passes_the_check():
    record = {**MR.new_record(), "chits": {"FIGHT H5*": " Fatigued"}, "armor": {"Helmet": "DAMAGED"},
              "weapons": {"Mace": "Alerted"}}
    tidied = migration.tidy(record)
    assert (tidied["chits"], tidied["armor"], tidied["weapons"]) == (
        {"FIGHT H5*": "fatigued"}, {"Helmet": "damaged"}, {"Mace": "alerted"})
    assert MR.check_record(tidied) == []


def test_a_chit_state_a_battle_did_not_know_is_dropped_and_a_weapons_is_unalerted_as_a_battle_read_them():
    record = {**MR.new_record(), "chits": {"FIGHT H5*": "tired", "MOVE M5": "wounded"}, "weapons": {"Mace": "ready"}}
    tidied = migration.tidy(record)
    assert tidied["chits"] == {"MOVE M5": "wounded"} and tidied["weapons"] == {"Mace": "unalerted"}
    assert MR.check_record(tidied) == []


def test_an_armor_state_a_battle_could_not_read_is_left_for_the_edit_page_to_name():
    tidied = migration.tidy({**MR.new_record(), "armor": {"Helmet": "bent"}})
    assert tidied["armor"] == {"Helmet": "bent"}
    assert [error.path for error in MR.check_record(tidied)] == ["armor.Helmet"]


def test_a_record_that_is_not_an_object_or_has_no_items_is_left_as_it_is():
    assert migration.tidy(None) is None
    assert migration.tidy(MR.new_record()) == MR.new_record()
