"""A Fallen Empire spell's damage in the plays form (docs/systems/fallen-empire.md FE 9.1): a text field that
carries the round file's dice pattern, whose answer `validate` checks with an error naming the field and the
form it expects, and that the round then deals without a roll."""

import re

import pytest

from systems import get_system
from systems.fallen_empire.round_file import SCHEMA_PATH
from systems.adapting import schema_of
from systems.interface import fill

FALLEN = get_system("fallen-empire")
SWORD = {"name": "sword", "damage": "1d6", "type": "hand"}


def combatant(name: str, side: str, **extra) -> dict:
    return {"name": name, "side": side, "hp": 8, "max_hp": 8, "armour_ac": 9, "role": "pc",
            "class": "fighting-man", "melee": SWORD, **extra}


def spell_round() -> dict:
    """Round 2 (no surprise): Mia, a magic-user, and Grub, an ogre of 12 hit points who cannot reach her."""
    return {"system": "fallen-empire", "kind": "melee", "round": 2,
            "sides": [{"name": "Party", "party": True}, {"name": "Ogres"}],
            "combatants": [combatant("Mia", "Party", hp=4, max_hp=4, **{"class": "magic-user"}),
                           combatant("Grub", "Ogres", hp=12, max_hp=12, role="monster")]}


def cast(damage: str) -> dict:
    round_input = spell_round()
    answers = {"action": "spell", "spell": "Magic Missile", "spell_target": "Grub", "spell_damage": damage}
    return fill(round_input, FALLEN.plays_form(round_input, "Mia"), answers)


def test_the_form_asks_a_spells_damage_once_it_has_a_target_carrying_the_round_files_dice_pattern():
    field = FALLEN.plays_form(spell_round(), "Mia").field("spell_damage")
    assert (field.kind, field.path, field.required) == ("text", "plays.Mia.damage", False)
    assert field.shown_when == ("spell_target", ("Mia", "Grub"))
    assert "write dice like 2d6 or 1d8+1" in field.help
    file_pattern = schema_of(SCHEMA_PATH)["$defs"]["damage"]["pattern"]
    assert f"^{field.pattern}$" == file_pattern


@pytest.mark.parametrize("dice, fits", [("2d6", True), ("1d8+1", True), ("2d4-1", True), ("10d100+100", True),
                                        ("lots", False), ("d6", False), ("2d6+", False), ("2 d6", False),
                                        ("1d8+1 fire", False), ("1d6*2", False),
                                        ("0d6", False), ("1d0", False), ("1d0+3", False)])  # no die to throw
def test_the_fields_pattern_takes_the_dice_the_round_file_takes(dice, fits):
    field = FALLEN.plays_form(spell_round(), "Mia").field("spell_damage")
    assert bool(re.fullmatch(field.pattern, dice)) is fits
    assert (FALLEN.validate(cast(dice)) == []) is fits


def test_a_spell_with_dice_fills_validates_and_deals_them_without_a_roll():
    round_input = cast("2d6+1")
    assert round_input["plays"]["Mia"] == {"action": "spell", "spell": "Magic Missile", "target": "Grub",
                                           "damage": "2d6+1"}
    assert FALLEN.validate(round_input) == []
    resolution = FALLEN.resolve(round_input | {"dice": [6, 1, 3, 4]})  # initiative Party 6, Ogres 1; 2d6 = 3 + 4
    assert [event.text for event in resolution.events if event.kind == "spell"] == [
        "Mia casts Magic Missile at Grub: 2d6 (3, 4) + 1 = 8 damage, no attack roll"]
    assert next(c["hp"] for c in resolution.state["combatants"] if c["name"] == "Grub") == 4


@pytest.mark.parametrize("damage", ["lots", "d6", "2d6+", "1d8+1 fire"])
def test_damage_not_written_as_dice_is_refused_naming_the_field_and_the_form_it_expects(damage):
    errors = FALLEN.validate(cast(damage))
    assert [(error.path, error.message) for error in errors] == [
        ("plays.Mia.damage", f"write dice like 2d6 or 1d8+1, not {damage!r}")]
