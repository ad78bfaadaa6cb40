"""Magic Realm's secret starting information (systems/magic_realm/starting.py): the victory requirements total the
campaign's points (the starting season's with Seasons and Weather, else the rule set's), spells are the catalogue's,
only MAGIC chits are enchanted, and a battle starts the character with his recorded spells."""

from systems.magic_realm import check_starting, starting_form, starting_from_old, starting_record
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import PRESETS

BIMR4 = PRESETS["bimr4"].to_dict()


def paths(errors):
    return {error.path: error.message for error in errors}


def test_the_form_asks_the_points_per_category_the_location_and_the_spells_and_says_the_total():
    form = starting_form("Black Knight", BIMR4)
    assert [f.name for f in form.fields] == ["vp_great_treasures", "vp_usable_spells", "vp_fame", "vp_notoriety",
                                             "vp_gold", "starting_location", "recorded_spells"]
    assert "must total 5 points" in form.notes[0] and "no MAGIC chits" in form.notes[1]


def test_a_magician_is_asked_which_of_his_magic_chits_begin_enchanted():
    magician = next(c for c in get_catalogue().characters if any(ch.label.startswith("MAGIC") for ch in c.chits))
    field = starting_form(magician.name, BIMR4).field("enchanted_chits")
    assert field.kind == "multi-choice" and field.choices
    assert all(choice.value.startswith("MAGIC") for choice in field.choices)


def test_requirements_must_total_the_campaigns_points():
    assert "must total 5" in paths(check_starting({"vp_fame": 2, "vp_gold": 2}, BIMR4))["victory_requirements"]
    assert check_starting({"vp_fame": 2, "vp_gold": 3, "starting_location": "Inn"}, BIMR4) == []
    midsummer = {**BIMR4, "starting_season": "Midsummer"}
    assert check_starting({"vp_fame": 6}, midsummer) == []


def test_a_negative_category_an_unknown_spell_and_a_long_location_are_named():
    errors = paths(check_starting({"vp_fame": -1, "recorded_spells": "Fiery Blastt", "starting_location": "x" * 61},
                                  BIMR4))
    assert set(errors) == {"vp_fame", "recorded_spells", "starting_location"}
    assert "Fiery Blastt" in errors["recorded_spells"]


def test_a_battle_starts_the_character_with_his_spells_by_their_catalogue_names_once_each():
    assert starting_record({"recorded_spells": "fiery blast\nPeace\nFiery Blast\nNo Such Spell"}) == {
        "spells": ["Fiery Blast", "Peace"]}
    assert starting_record({"vp_fame": 5}) == {}


def test_the_starting_information_of_a_file_from_before_reads_as_answers():
    old = {"victory_requirements": {"fame": 3, "gold": 2, "notoriety": 0}, "starting_location": "Inn",
           "recorded_spells": ["Peace", "Fiery Blast"], "enchanted_chits": []}
    assert starting_from_old(old) == {"vp_fame": 3, "vp_gold": 2, "starting_location": "Inn",
                                      "recorded_spells": "Peace\nFiery Blast"}
