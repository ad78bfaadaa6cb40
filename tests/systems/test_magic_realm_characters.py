"""Magic Realm's characters (systems/magic_realm/characters.py): the catalogue's character counters, spelled as
the catalogue spells them; its native groups; a card's relationships, with Knight's Adjustment under the options
that have it; and a record that keeps no key beyond `new_record`'s."""

import pytest

from systems import get_system
from systems.magic_realm.engine.ruleset import rules_from

MR = get_system("magic-realm")
BIMR4 = rules_from("bimr4").to_dict()
WITHOUT_ADJUSTMENT = {**BIMR4, "knights_adjustment": False}


def test_a_name_is_kept_with_the_catalogues_spelling():
    assert MR.character_name(" white knight ") == "White Knight"


def test_it_refuses_a_name_not_in_the_catalogue_suggesting_the_closest():
    with pytest.raises(ValueError, match="unknown character 'Amazonn'.*'Amazon'"):
        MR.character_name("Amazonn")


def test_the_names_offered_are_the_catalogues_sixteen_characters():
    names = MR.character_names()
    assert len(names) == 16 and {"Amazon", "Black Knight", "Swordsman", "Woods Girl"} <= set(names)


def test_the_native_groups_are_the_catalogues_nine_sorted():
    assert MR.native_groups() == ("Bashkars", "Company", "Guard", "Lancers", "Order", "Patrol", "Rogues",
                                  "Soldiers", "Woodfolk")


def texts(facts):
    return {fact.label: fact.text for fact in facts}


def test_a_knight_under_knights_adjustment_is_friendly_not_allied_and_his_card_says_so():
    facts = texts(MR.character_facts("Black Knight", MR.new_record(), BIMR4))
    assert facts["Relationships"] == "Company: Friendly, Crone: Friendly, Guard: Enemy, Lancers: Unfriendly, Soldiers: Friendly"
    assert facts["Knight's Adjustment"] == "On: Friendly, not Allied, with the Company."
    assert texts(MR.character_facts("White Knight", MR.new_record(), BIMR4))["Knight's Adjustment"] == (
        "On: Friendly, not Allied, with the Order.")


def test_without_knights_adjustment_a_knight_is_allied_as_his_card_prints():
    facts = texts(MR.character_facts("Black Knight", MR.new_record(), WITHOUT_ADJUSTMENT))
    assert facts["Relationships"].startswith("Company: Allied") and "Knight's Adjustment" not in facts


def test_a_character_who_is_no_knight_gets_no_adjustment_note():
    facts = MR.character_facts("Amazon", MR.new_record(), BIMR4)
    assert [fact.label for fact in facts] == ["Relationships"]


def test_the_relationships_are_badges_toned_by_how_friendly_the_group_is():
    [relationships, _] = MR.character_facts("Black Knight", MR.new_record(), BIMR4)
    assert [(b.name, b.value, b.tone) for b in relationships.badges] == [
        ("Company", "Friendly", 1), ("Crone", "Friendly", 1), ("Guard", "Enemy", -2), ("Lancers", "Unfriendly", -1),
        ("Soldiers", "Friendly", 1)]


def test_its_record_refuses_a_key_beyond_new_record_naming_it():
    errors = MR.check_record({**MR.new_record(), "mood": "grim"})
    assert [(error.path, error.message.split(" (")[0]) for error in errors] == [
        ("mood", "is not part of a character's state")]
    assert MR.check_record(MR.new_record()) == []
