"""Catalogue counters and plays turned into attacks and targets (basic rules; realmspeak-notes 1.4)."""

import pytest

from systems.magic_realm.engine.attack import Maneuver, resolve_attack
from systems.magic_realm.engine.attackers import (
    PlayError,
    armor_for_box,
    can_turn_over,
    character_target,
    denizen_attack,
    denizen_target,
    horse_target,
    spell_attack,
    weapon_attack,
)
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.ruleset import rules_from


@pytest.fixture(scope="module")
def catalogue():
    return get_catalogue()


def test_a_fight_chit_no_stronger_than_the_weapon_leaves_its_harm(catalogue):
    attack = weapon_attack(catalogue.weapon("Broadsword"), alerted=True, fight_strength="M", fight_time=4, box=1)
    assert (attack.harm, attack.sharpness, attack.time) == ("M", 1, 4)


def test_realmspeak_1_4_a_stronger_fight_chit_adds_one_level_to_a_striking_weapon(catalogue):
    attack = weapon_attack(catalogue.weapon("Broadsword"), alerted=True, fight_strength="H", fight_time=5, box=1)
    assert (attack.harm, attack.sharpness) == ("H", 1)
    assert any("stronger" in note for note in attack.notes)


def test_a_stronger_fight_chit_adds_nothing_to_a_missile_weapon(catalogue):
    attack = weapon_attack(catalogue.weapon("Light Bow"), alerted=True, fight_strength="H", fight_time=3, box=1)
    assert attack.harm == "L" and attack.missile


def test_a_weapon_heavier_than_the_fight_chit_cancels_the_attack(catalogue):
    attack = weapon_attack(catalogue.weapon("Great Axe"), alerted=False, fight_strength="M", fight_time=4, box=1)
    assert attack.cancelled and "heavier" in attack.cancelled
    result = resolve_attack(attack, denizen_target(catalogue.denizen("Wolf"), "light", box=1), rules_from("bimr4"), ScriptedDice([]))
    assert result.hit == "cancelled"


def test_the_weapon_sides_printed_time_replaces_the_fight_chits(catalogue):
    attack = weapon_attack(catalogue.weapon("Light Bow"), alerted=True, fight_strength="M", fight_time=4, box=1)
    assert attack.time == 1
    unalerted = weapon_attack(catalogue.weapon("Broadsword"), alerted=False, fight_strength="M", fight_time=3, box=1)
    assert unalerted.time == 5


def test_a_weapon_side_without_a_time_needs_the_fight_chits_time(catalogue):
    with pytest.raises(PlayError) as raised:
        weapon_attack(catalogue.weapon("Broadsword"), alerted=True, fight_strength="M", fight_time=None, box=1)
    assert raised.value.field == "fight.time"


def test_no_weapon_means_the_dagger_which_any_fight_chit_makes_light_with_a_star():
    attack = weapon_attack(None, alerted=False, fight_strength="L", fight_time=4, box=2)
    assert (attack.harm, attack.sharpness, attack.length, attack.weapon) == ("L", 1, 0, "dagger")


def test_an_attack_spell_uses_the_magic_chits_time(catalogue):
    attack = spell_attack(catalogue.spell("Fiery Blast"), magic_time=0, box=3)
    assert (attack.harm, attack.sharpness, attack.time, attack.missile, attack.spell) == ("L", 3, 0, True, "Fiery Blast")


def test_a_denizen_attacks_with_its_current_side(catalogue):
    bat = catalogue.denizen("Giant Bat")
    assert denizen_attack(bat, "light", box=1).time == bat.light.attack_time
    assert denizen_attack(bat, "dark", box=1).time == bat.dark.attack_time


def test_a_native_archer_rolls_one_die(catalogue):
    rogue = catalogue.denizen("Rogue 4")
    attack = denizen_attack(rogue, "dark", box=1)
    assert attack.missile and attack.one_die


def test_a_red_side_tremendous_monster_attacks_with_red_harm(catalogue):
    assert denizen_attack(catalogue.denizen("T Troll"), "dark", box=1).harm == "RED"


def test_a_denizen_target_has_its_vulnerability_armor_and_side_move_time(catalogue):
    troll = catalogue.denizen("T Troll")
    target = denizen_target(troll, "light", box=2)
    assert (target.vulnerability, target.armored, target.maneuver) == ("T", True, Maneuver(2, troll.light.move_time))


def test_a_horse_target_uses_its_galloping_side(catalogue):
    warhorse = catalogue.horse("Warhorse")
    target = horse_target(warhorse, "galloping", box=1)
    assert target.kind == "horse" and target.maneuver.time == warhorse.galloping.move_time and target.armored


def test_armor_for_a_box_lists_shield_then_breastplate_then_suit(catalogue):
    pieces = [
        (catalogue.armor_piece("Suit of Armor"), "intact"),
        (catalogue.armor_piece("Breastplate"), "damaged"),
        (catalogue.armor_piece("Shield"), "intact"),
        (catalogue.armor_piece("Helmet"), "intact"),
    ]
    layers = armor_for_box(pieces, box=1, shield_box=1)
    assert [layer.name for layer in layers] == ["Shield", "Breastplate", "Armor"]
    assert layers[1].state == "damaged"
    assert [layer.name for layer in armor_for_box(pieces, box=3, shield_box=1)] == ["Helmet", "Armor"]


def test_a_character_target_takes_the_catalogue_vulnerability(catalogue):
    target = character_target(catalogue.character("White Knight"), maneuver=Maneuver(1, 4))
    assert target.vulnerability == "H" and target.kind == "character"


def test_a_tremendous_monster_changes_tactics_on_neither_side(catalogue):
    troll = catalogue.denizen("T Troll")
    assert not can_turn_over(troll, "dark")
    assert not can_turn_over(troll, "light")  # issue #15.1: it goes red side up only by hitting
    assert can_turn_over(catalogue.denizen("Wolf"), "light")
    assert can_turn_over(catalogue.denizen("Giant Bat"), "light")


def test_a_spell_that_is_no_attack_spell_is_refused(catalogue):
    with pytest.raises(PlayError) as raised:
        spell_attack(catalogue.spell("Make Whole"), magic_time=3, box=1)
    assert raised.value.field == "spell"


def test_a_spell_with_its_own_attack_time_ignores_the_magic_chits(catalogue):
    attack = spell_attack(catalogue.spell("Roof Collapses"), magic_time=2, box=3)
    assert attack.time == 4 and not attack.missile


def test_a_giants_club_attacks_with_its_own_side(catalogue):
    club = catalogue.denizen("Giant").weapon
    attack = denizen_attack(club, "dark", box=3)
    assert (attack.harm, attack.time, attack.length) == ("T", club.dark.attack_time, club.dark.length)


def test_an_unknown_side_is_refused(catalogue):
    with pytest.raises(PlayError) as raised:
        denizen_attack(catalogue.denizen("Wolf"), "purple", box=1)
    assert raised.value.field == "side"


def test_a_light_side_t_troll_keeps_its_side_on_a_six_and_only_hitting_turns_it_red():
    """Issue #15.1: docs/examples/light-side-t-troll-keeps-its-side.json scripts 6 and 6 where the
    change-tactics roll used to be; the T Troll is not rolled for and stays light side up."""
    import json
    from pathlib import Path

    from systems.magic_realm.engine.play import play_round
    from systems.magic_realm.engine.round_format import read_round

    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "light-side-t-troll-keeps-its-side.json"
    round_file = read_round(json.loads(path.read_text()))
    played = play_round(round_file, round_file.make_dice())
    assert not [event for event in played.result.events if event.rule == "22.5/3"]
    turned = [event.text for event in played.result.events if "turns red side up" in event.text]
    assert turned == ["T Troll hit Black Knight without killing: it turns red side up and holds Black Knight"]
    assert played.result.state.denizen("T Troll").side == "dark"
