"""The catalogue of the original game, checked against the rules texts (realmspeak-notes 3.3 and the
counters themselves). No database."""

import pytest

from systems.magic_realm.engine.catalogue import Catalogue, UnknownCounter
from systems.magic_realm.engine.catalogue_data import get_catalogue


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return get_catalogue()


def test_it_holds_every_counter_of_the_original_game_by_kind(catalogue):
    assert catalogue.counts() == {
        "character": 16,
        "monster": 59,
        "native": 42,
        "native_horse": 17,
        "horse": 17,
        "weapon": 28,
        "armor": 26,
        "spell": 50,
        "season": 14,
    }
    assert sum(1 for monster in catalogue.monsters if monster.weapon) == 5
    assert sum(len(character.chits) for character in catalogue.characters) == 16 * 12


def test_get_catalogue_is_read_once(catalogue):
    assert get_catalogue() is catalogue
    assert catalogue.version.startswith("1.")


def test_the_giant_bat_is_m2_move_3_light_and_m3_move_2_dark(catalogue):
    bat = catalogue.monster("Giant Bat")
    assert (bat.vulnerability, bat.flying, bat.armored) == ("H", True, False)
    assert (bat.light.harm, bat.light.attack_time, bat.light.move_time) == ("M", 2, 3)
    assert (bat.dark.harm, bat.dark.attack_time, bat.dark.move_time) == ("M", 3, 2)
    assert bat.can_change_tactics


def test_the_t_troll_is_armored_h4_move_4_and_red2_move_6_pinning(catalogue):
    troll = catalogue.monster("T Troll")
    assert (troll.vulnerability, troll.armored, troll.fame, troll.notoriety) == ("T", True, 8, 8)
    assert (troll.light.harm, troll.light.attack_time, troll.light.move_time, troll.light.pins) == ("H", 4, 4, False)
    assert (troll.dark.harm, troll.dark.attack_time, troll.dark.move_time, troll.dark.pins) == ("RED", 2, 6, True)
    assert not troll.can_change_tactics


def test_duplicated_counters_stay_separate_with_their_own_keys_and_stats(catalogue):
    trolls = [m for m in catalogue.monsters if m.name == "T Troll"]
    assert [t.key for t in trolls] == ["monster/t-troll-1", "monster/t-troll-2"]
    assert catalogue.monster("T Troll") is trolls[0]
    assert catalogue.by_key("monster/t-troll-2") is trolls[1]
    wolves = [m for m in catalogue.monsters if m.name == "Wolf"]
    assert len(wolves) == 6
    assert {(w.light.harm, w.light.attack_time) for w in wolves} == {("L", 4), ("M", 5)}


def test_monster_weapons_are_separate_attackers_with_both_sides(catalogue):
    club = catalogue.monster("Giant").weapon
    assert club.name == "Giant Club"
    assert (club.light.harm, club.light.attack_time, club.light.length) == ("H", 6, 8)
    assert (club.dark.harm, club.dark.attack_time, club.dark.length) == ("T", 4, 8)
    head = catalogue.monster("T Flying Dragon").weapon
    assert (head.light.harm, head.light.attack_time, head.light.length) == ("M", 3, 7)
    assert head.dragon_missile and head.missile_length == 13
    assert catalogue.by_key(club.key) is club


def test_demons_attack_with_magic_and_the_viper_has_two_stars(catalogue):
    demon = catalogue.monster("Demon")
    assert (demon.light.magic_type, demon.light.attack_time, demon.light.length) == ("V", 2, 17)
    assert demon.light.harm is None and demon.dark.harm == "RED"
    viper = catalogue.monster("Viper")
    assert (viper.light.harm, viper.light.sharpness, viper.armored) == ("M", 2, True)
    spear_goblin = catalogue.monster("Spear Goblin")
    assert spear_goblin.light.harm is None and spear_goblin.light.attack_time is None
    assert (spear_goblin.dark.harm, spear_goblin.dark.sharpness, spear_goblin.dark.length) == ("H", 1, 10)


def test_players_names_for_monsters_are_accepted(catalogue):
    assert catalogue.monster("Tremendous Troll").name == "T Troll"
    assert catalogue.monster("Heavy Dragon").name == "H Dragon"
    assert catalogue.monster("heavy  flying-dragon").name == "H Flying Dragon"
    assert catalogue.denizen("Tremendous Spider").name == "T Spider"


def test_natives_come_by_group_and_rank_with_both_sides_horse_wage_and_notoriety(catalogue):
    order = catalogue.native("Order 3")
    assert (order.group, order.rank, order.vulnerability, order.armored) == ("Order", "3", "T", True)
    assert (order.light.harm, order.light.sharpness, order.light.attack_time, order.light.length) == ("H", 1, 4, 7)
    assert (order.light.move_time, order.dark.harm, order.dark.attack_time) == (6, "T", 5)
    assert (order.notoriety, order.wage, order.fame) == (12, 8, 0)
    horse = order.horse
    assert (horse.kind, horse.walking.strength, horse.walking.move_time) == ("warhorse", "T", 7)
    assert (horse.galloping.strength, horse.galloping.move_time) == ("H", 4)
    assert not horse.can_change_tactics


def test_native_long_names_find_the_counter(catalogue):
    assert catalogue.native("Knight of the Order 3") is catalogue.native("Order 3")
    assert catalogue.denizen("Woodfolk 1").name == "Woodsfolk 1"
    assert catalogue.native("Bashkars HQ").name == "Bashkar HQ"


def test_archers_show_their_bow_on_the_dark_side_only(catalogue):
    woodsfolk = catalogue.native("Woodsfolk HQ")
    assert woodsfolk.archer and woodsfolk.missile
    assert woodsfolk.light.harm is None
    assert (woodsfolk.dark.harm, woodsfolk.dark.attack_time, woodsfolk.dark.sharpness) == ("M", 1, 2)
    assert (woodsfolk.dark.length, woodsfolk.dark.missile) == (16, True)


def test_trade_horses_have_walking_and_galloping_sides(catalogue):
    kinds = [horse.kind for horse in catalogue.horses]
    assert (kinds.count("pony"), kinds.count("horse"), kinds.count("warhorse")) == (7, 6, 4)
    first_horse = catalogue.horse("Horse")
    assert (first_horse.walking.strength, first_horse.walking.move_time) == ("T", 8)
    assert (first_horse.galloping.strength, first_horse.galloping.move_time) == ("H", 6)
    assert first_horse.can_change_tactics and first_horse.native_group is None


def test_the_light_bow_alerted_is_l1_with_two_stars(catalogue):
    bow = catalogue.weapon("Light Bow")
    assert (bow.weight, bow.length, bow.missile, bow.two_handed, bow.price) == ("L", 14, True, True, 6)
    assert (bow.unalerted.harm, bow.unalerted.sharpness, bow.unalerted.attack_time) == ("L", 0, None)
    assert (bow.alerted.harm, bow.alerted.sharpness, bow.alerted.attack_time) == ("L", 2, 1)
    assert [w.name for w in catalogue.weapons].count("Light Bow") == 2


def test_weapon_sides_keep_their_printed_times(catalogue):
    spear = catalogue.weapon("Spear")
    assert (spear.unalerted.harm, spear.unalerted.attack_time) == (None, 6)
    assert (spear.alerted.harm, spear.alerted.sharpness) == ("M", 1)
    bane = catalogue.weapon("Bane Sword")
    assert (bane.weight, bane.unalerted.attack_time, bane.alerted.attack_time, bane.treasure) == ("T", 8, 2, True)


def test_a_suit_of_armor_protects_every_box_and_a_helmet_only_smash(catalogue):
    suit = catalogue.armor("Suit of Armor")
    assert suit.protects == frozenset({1, 2, 3}) and not suit.shield
    assert (suit.toughness, suit.prices) == ("H", {"intact": 17, "damaged": 12})
    tremendous = catalogue.armor("Tremendous Armor")
    assert (tremendous.toughness, tremendous.prices) == ("T", {"intact": 25, "damaged": 18, "destroyed": 5})
    assert catalogue.armor("Helmet").protects == frozenset({3})
    assert catalogue.armor("Breastplate").protects == frozenset({1, 2})
    shield = catalogue.armor("Shield")
    assert shield.shield and shield.protects == frozenset()
    assert [a.name for a in catalogue.armor][:1] == ["Armor"]


def test_the_knights_are_flagged_with_their_allies(catalogue):
    white, black = catalogue.character("White Knight"), catalogue.character("Black Knight")
    assert white.knight and black.knight
    assert white.relationships["Order"] == 2 and black.relationships["Company"] == 2
    assert sum(1 for character in catalogue.characters if character.knight) == 2
    assert white.vulnerability == "H" and black.vulnerability == "M"


def test_characters_have_their_vulnerability_equipment_and_chits(catalogue):
    light = {c.name for c in catalogue.characters if c.vulnerability == "L"}
    assert light == {"Witch King", "Druid", "Witch", "Elf", "Magician", "Swordsman", "Woods Girl"}
    heavy = {c.name for c in catalogue.characters if c.vulnerability == "H"}
    assert heavy == {"Berserker", "White Knight", "Dwarf"}
    white = catalogue.character("White Knight")
    assert (white.weapons, white.armor) == (("Great Sword",), ("Armor",))
    labels = [chit.label for chit in white.chits]
    assert labels.count("FIGHT H4**") == 2 and "MOVE H5*" in labels
    dwarf_duck = next(chit for chit in catalogue.character("Dwarf").chits if chit.action == "DUCK")
    assert (dwarf_duck.strength, dwarf_duck.time, dwarf_duck.effort, dwarf_duck.box_constraint) == ("T", 3, 1, 3)
    magic = [chit for chit in catalogue.character("Wizard").chits if chit.action == "MAGIC"]
    assert {chit.magic_type for chit in magic} == {"II", "III", "IV"} and all(chit.strength is None for chit in magic)
    assert catalogue.character("Sorcerer").name == "Sorceror"


def test_the_attack_spells_have_length_missile_and_harm(catalogue):
    attack = {spell.name: spell for spell in catalogue.spells if spell.attack}
    assert set(attack) == {"Fiery Blast", "Lightning Bolt", "Stones Fly", "Roof Collapses"}
    fiery = attack["Fiery Blast"]
    assert (fiery.length, fiery.missile, fiery.harm, fiery.sharpness, fiery.magic_type) == (13, True, "L", 3, "IV")
    assert (attack["Lightning Bolt"].length, attack["Lightning Bolt"].harm) == (18, "M")
    assert (attack["Stones Fly"].length, attack["Stones Fly"].sharpness) == (15, 1)
    roof = attack["Roof Collapses"]
    assert (roof.length, roof.missile, roof.harm, roof.attack_time) == (18, False, "H", 4)


def test_the_seasons_table_runs_from_no_seasons_to_desolate(catalogue):
    assert [season.number for season in catalogue.seasons] == list(range(14))
    assert catalogue.season(0).name == "No Seasons"
    christmas = catalogue.season("Christmas")
    assert (christmas.victory_points, christmas.seventh_day_magic, christmas.mountain_cost) == (4, ("White",), 3)
    storm = christmas.weather["storm"]
    assert (storm.name, storm.days, storm.basic, storm.sunlight, storm.sheltered) == ("Snowstorm", 4, 3, 0, 1)
    assert storm.frozen_water and storm.note_id == "note7"
    assert catalogue.season("13").name == "Desolate"
    assert len(catalogue.season(12).seventh_day_magic) == 5


def test_an_unknown_name_suggests_the_closest_names(catalogue):
    with pytest.raises(UnknownCounter) as error:
        catalogue.monster("Trol")
    assert error.value.kind == "monster"
    assert "T Troll" in error.value.suggestions
    assert "T Troll" in str(error.value)
    with pytest.raises(UnknownCounter) as error:
        catalogue.denizen("Ordr 3")
    assert error.value.suggestions[0] == "Order 3"
    with pytest.raises(UnknownCounter):
        catalogue.season("Winter")
    with pytest.raises(UnknownCounter):
        catalogue.by_key("monster/t-troll-9")


def test_search_matches_every_word_and_filters_by_kind(catalogue):
    assert [counter.name for counter in catalogue.search("troll")] == ["T Troll", "T Troll", "H Troll", "H Troll"]
    assert {counter.name for counter in catalogue.search("tremendous dragon")} == {"T Dragon", "T Flying Dragon"}
    assert all(counter.key.startswith("native/") for counter in catalogue.search("order", kind="native"))
    assert len(catalogue.search("", kind="weapon")) == 28


def test_house_counters_come_first_and_win_lookups_by_name(catalogue):
    from dataclasses import replace

    house_bat = replace(catalogue.monster("Giant Bat"), key="monster/house-1", light=catalogue.monster("Wolf").light)
    campaign_catalogue = catalogue.with_house_counters([house_bat])
    assert campaign_catalogue.monster("Giant Bat") is house_bat
    assert campaign_catalogue.by_key("monster/giant-bat-1") is catalogue.by_key("monster/giant-bat-1")
    assert len(campaign_catalogue.monsters) == 60 and len(catalogue.monsters) == 59
    assert catalogue.monster("Giant Bat") is not house_bat


def test_more_natives_match_the_field_guide_table(catalogue):
    rogue = catalogue.native("Rogue 4")
    assert rogue.archer and rogue.light.harm is None and rogue.light.move_time == 2
    assert (rogue.dark.harm, rogue.dark.attack_time, rogue.dark.sharpness, rogue.dark.length) == ("L", 1, 2, 14)
    crossbowman = catalogue.native("Company 6")
    assert crossbowman.missile and not crossbowman.archer
    assert (crossbowman.light.harm, crossbowman.light.attack_time, crossbowman.dark.attack_time) == ("H", 6, 1)
    pony = catalogue.native("Bashkar 1").horse
    assert (pony.kind, pony.walking.strength, pony.walking.move_time, pony.galloping.move_time) == ("pony", "M", 5, 3)
    assert catalogue.native("Company 1").horse is None
    assert {native.group for native in catalogue.natives} == {
        "Bashkars", "Company", "Guard", "Lancers", "Order", "Patrol", "Rogues", "Soldiers", "Woodfolk"}


def test_the_two_suits_called_armor_are_told_apart(catalogue):
    assert catalogue.armor("Armor").key == "armor/armor-1" and not catalogue.armor("Armor").treasure
    assert catalogue.armor("Tremendous Armor").key == "armor/armor-3"
    assert catalogue.armor_piece("golden crown").protects == frozenset({3})


def test_every_counter_survives_the_round_trip_through_its_stored_form(catalogue):
    from systems.magic_realm.engine.catalogue_data import counter_from_dict, counter_to_dict

    for kind in ("character", "monster", "native", "horse", "weapon", "armor", "spell"):
        for counter in catalogue.all(kind):
            assert counter_from_dict(kind, counter_to_dict(counter), strict=True) == counter
    for season in catalogue.seasons:
        assert counter_from_dict("season", counter_to_dict(season), strict=True) == season


def test_every_name_and_alias_finds_a_counter_of_that_name(catalogue):
    for kind in ("character", "monster", "native", "horse", "weapon", "armor", "spell"):
        for counter in catalogue.all(kind):
            for written in (counter.name, counter.name.upper(), *counter.aliases):
                assert catalogue.lookup(kind, written).name == counter.name, (kind, written)


def test_a_stored_counter_with_a_bad_value_names_the_field():
    from systems.magic_realm.engine.catalogue_data import (
        CatalogueDataError,
        counter_from_dict,
        counter_to_dict,
    )

    data = counter_to_dict(get_catalogue().character("White Knight"))
    data["chits"][0]["time"] = "fast"
    with pytest.raises(CatalogueDataError) as error:
        counter_from_dict("character", data, "data")
    assert error.value.errors == [("data.chits[0].time", "must be a whole number")]
