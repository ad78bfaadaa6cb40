"""What a side's player knows of his own combatant before the plays (systems/interface.py `standing`), for
each system: the facts his page shows above his form, in words, and nothing for a side not in the battle."""

import pytest

from systems import get_system
from tests.systems.interface_examples import ALL_SYSTEMS, examples_of, load, without_plays

EXAMPLES = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_every_side_gets_lines_in_words_starting_with_its_name(name, path):
    system = get_system(name)
    start = without_plays(load(path))
    for side in system.sides(start):
        lines = system.standing(start, side)
        assert lines and lines[0].startswith(f"{side}: ")
        assert all(isinstance(line, str) and line.strip() and "None" not in line for line in lines)


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_side_not_in_the_battle_gets_nothing(name):
    assert get_system(name).standing(without_plays(load(examples_of(name)[0])), "Nobody here") == ()


def example(name, stem):
    return without_plays(load(next(p for p in examples_of(name) if p.stem == stem)))


def test_enchanted_realms_says_hit_points_protection_and_initiative():
    assert get_system("enchanted-realms").standing(example("enchanted-realms", "enchanted-realms-goblin-ambush"), "Aldric") == (
        "Aldric: 14 hit points, 6 static Protective Points, initiative modifier +1",)


def test_multiverse_says_life_attributes_and_magic_and_a_dead_combatant_only_that():
    start = example("multiverse", "multiverse-astaroth-and-the-goblins")
    assert get_system("multiverse").standing(start, "Astaroth") == (
        "Astaroth: life 6", "Acuity 3, Finesse 4, Strength 2, Endurance 3", "Magic 4 high, 2 low")
    start["combatants"][0]["dead"] = True
    assert get_system("multiverse").standing(start, "Astaroth") == ("Astaroth: dead",)


def test_fallen_empire_says_hit_points_armour_shield_and_weapons_and_a_jousters_pool():
    system = get_system("fallen-empire")
    assert system.standing(example("fallen-empire", "fallen-empire-goblin-ambush"), "Sir Ash") == (
        "Sir Ash: 9 of 9 hit points, AC 3, plain shield", "weapons: sword")
    assert system.standing(example("fallen-empire", "joust-first-pass"), "Black Knight") == (
        "Black Knight: 5 dice left in the pool",)


def test_magic_realm_says_his_chits_weapons_armor_and_who_is_on_his_sheet():
    lines = get_system("magic-realm").standing(example("magic-realm", "black-knight-vs-wolf"), "Black Knight")
    assert lines[0] == "Black Knight: unhidden"
    assert lines[1].startswith("fresh: ") and "weapons: Mace (unalerted)" in lines
    assert "armor: Suit of Armor (intact), Shield (intact)" in lines and lines[-1] == "on his sheet: Wolf"
