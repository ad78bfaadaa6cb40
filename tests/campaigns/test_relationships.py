"""Knight's Adjustment on the characters' relationships (pure engine, no database)."""

from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.relationships import ALLIED, FRIENDLY, relationship_name, relationships_for
from systems.magic_realm.engine.ruleset import rules_from


def test_with_knights_adjustment_the_black_knight_is_friendly_not_allied_with_the_company():
    black_knight = get_catalogue().character("Black Knight")
    assert black_knight.relationships["Company"] == ALLIED
    assert relationships_for(black_knight, rules_from("bimr4"))["Company"] == FRIENDLY


def test_with_knights_adjustment_the_white_knight_is_friendly_not_allied_with_the_order():
    white_knight = get_catalogue().character("White Knight")
    assert relationships_for(white_knight, rules_from("bimr4"))["Order"] == FRIENDLY


def test_without_knights_adjustment_the_knights_keep_their_allies():
    assert relationships_for(get_catalogue().character("Black Knight"), rules_from("standard"))["Company"] == ALLIED


def test_the_adjustment_leaves_every_other_relationship_alone():
    black_knight = get_catalogue().character("Black Knight")
    adjusted = relationships_for(black_knight, rules_from("bimr4"))
    for group, level in black_knight.relationships.items():
        if level != ALLIED:
            assert adjusted[group] == level


def test_a_character_who_is_not_a_knight_keeps_its_allies():
    for character in get_catalogue().characters:
        if not character.knight:
            assert relationships_for(character, rules_from("bimr4")) == character.relationships


def test_levels_have_the_names_on_the_card():
    assert [relationship_name(level) for level in range(-2, 3)] == [
        "Enemy", "Unfriendly", "Neutral", "Friendly", "Allied"
    ]
