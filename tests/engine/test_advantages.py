"""Character advantages that change combat act from the catalogue (issue #15.4): ARCHER rolls one die on
the Missile table, AIM takes one from the roll; nobody types them into the round file."""

import json
from pathlib import Path

import pytest

from systems.magic_realm.engine.advantages import has_advantage, missile_advantages
from systems.magic_realm.engine.attackers import weapon_attack
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.play import play_round
from systems.magic_realm.engine.round_format import read_round

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
CATALOGUE = get_catalogue()


def bow(attacker):
    return weapon_attack(CATALOGUE.weapon("Light Bow"), alerted=True, fight_strength="M", fight_time=4, box=1,
                         attacker=attacker)


@pytest.mark.parametrize("character, one_die, modifier", [
    ("Woods Girl", True, 0), ("Elf", True, 0),
    ("Black Knight", False, -1), ("Captain", False, -1), ("Amazon", False, -1),
    ("Swordsman", False, 0), ("Berserker", False, 0),
])
def test_archer_and_aim_come_from_the_catalogue(character, one_die, modifier):
    attack, said = missile_advantages(CATALOGUE.character(character), bow(character))
    assert (attack.one_die, attack.die_modifier) == (one_die, modifier)
    assert len(said) == (1 if one_die or modifier else 0)


def test_a_striking_weapon_is_untouched_by_archer_or_aim():
    mace = weapon_attack(CATALOGUE.weapon("Mace"), alerted=False, fight_strength="H", fight_time=4, box=1,
                         attacker="Black Knight")
    assert missile_advantages(CATALOGUE.character("Black Knight"), mace) == (mace, [])


def test_has_advantage_reads_the_name_before_the_colon():
    assert has_advantage(CATALOGUE.character("Pilgrim"), "HEAVENLY PROTECTION")
    assert not has_advantage(CATALOGUE.character("Pilgrim"), "AIM")


@pytest.mark.parametrize("name, line", [
    ("light-bow-vs-giant", "Woods Girl is an ARCHER: one die instead of two on the Missile table"),
    ("aim-amazon-light-bow", "Amazon has AIM: -1 on the Missile table roll"),
])
def test_the_round_logs_the_advantage_and_rolls_accordingly(name, line):
    round_file = read_round(json.loads((EXAMPLES / f"{name}.json").read_text()))
    events = play_round(round_file, round_file.make_dice()).result.events
    assert line in [event.text for event in events]
    table = next(event for event in events if event.rule == "5.4" and "Missile" in event.rule_name)
    assert ("die 1 +" in table.text) if "ARCHER" in line else ("- 1) =" in table.text)


def test_the_black_knight_s_fear_rolls_one_die_on_the_meeting_table():
    """Issue #15.4: the project's own Knight's Adjustment example rolled two dice for the Black Knight."""
    round_file = read_round(json.loads((EXAMPLES / "encounter-knights-adjustment.json").read_text()))
    played = play_round(round_file, round_file.make_dice())
    meeting = next(event for event in played.result.events if event.kind == "meeting")
    assert "one die (FEAR) 6 = 6" in meeting.text
    assert played.encounter["dice"][0] == [6], "the Meeting table roll is one die"
