"""A Magic Realm character's card (systems/magic_realm/record_card.py): its record in words, as the campaign's
characters page has always shown it."""

from systems import get_system
from systems.magic_realm.record_card import record_card
from systems.magic_realm.records import new_record


def words(record):
    return [(line.label, line.words) for line in record_card(record)]


def test_a_new_characters_card_reads_its_starting_record():
    assert words(new_record()) == [("Wounds", "0"), ("Fatigue", "0"), ("Gold", "10"), ("Fame", "0"),
                                   ("Notoriety", "0"), ("Horse", "none"), ("Hirelings", "none")]


def test_wounds_and_fatigue_name_their_chits_and_armor_and_weapons_their_state():
    record = {**new_record(), "wounds": 2, "fatigue": 1, "gold": 12.5, "fame": 4, "notoriety": -1,
              "chits": {"MOVE M4": "wounded", "FIGHT L3": "wounded", "FIGHT H5*": "fatigued", "MAGIC III2": "enchanted"},
              "armor": {"Suit of Armor": "damaged", "Helmet": "intact"}, "weapons": {"Great Sword": "alerted"},
              "horse": "Warhorse", "hirelings": ["Great Swordsman", "Archer"]}
    assert words(record) == [
        ("Wounds", "2 (MOVE M4, FIGHT L3)"), ("Fatigue", "1 (FIGHT H5*)"), ("Gold", "12.5"), ("Fame", "4"),
        ("Notoriety", "-1"), ("Horse", "Warhorse"), ("Hirelings", "Great Swordsman, Archer"),
        ("Armor", "Helmet (intact), Suit of Armor (damaged)"), ("Weapons", "Great Sword (alerted)")]
    wounds = record_card(record)[0]
    assert (wounds.text, wounds.note) == ("2", "MOVE M4, FIGHT L3")


def test_the_plugin_gives_the_same_card():
    assert get_system("magic-realm").record_card(new_record()) == record_card(new_record())
