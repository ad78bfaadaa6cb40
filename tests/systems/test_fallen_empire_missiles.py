"""Fallen Empire melee: missiles and magic (docs/systems/fallen-empire.md FE 7, FE 9; rulings R17, R18, R22).
The Party acts first unless a test says otherwise."""

from dataclasses import replace

import pytest

from systems.errors import PlaysInvalid
from systems.fallen_empire.model import Play, Weapon
from tests.systems.fallen_empire_builders import (BOW, ORCS_FIRST, PARTY_FIRST, SHIELD, TOGETHER, lines, man, melee, orc,
                                                  person, resolve, text)

ARCHER, GRUB = man("Ash", missile=BOW), orc("Grub")
SHOOT = {"Ash": Play("missile", target="Grub")}


def refused(combatants, plays, path, links=None):
    with pytest.raises(PlaysInvalid) as raised:
        resolve(combatants, plays, [6, 1] + [1] * 20, links=links)
    assert path in [error.path for error in raised.value.errors], raised.value.errors


def test_a_missile_attack_adds_the_weapons_own_bonus():
    elven = replace(ARCHER, missile=Weapon("elven bow", "1d6", "shortbow", to_hit=1))
    result = resolve([elven, GRUB], SHOOT, PARTY_FIRST + [9, 4])
    assert "Missile: Ash attacks Grub with elven bow: d20 9 + 0 to-hit + 1 elven bow = 10 against 19 - AC 9 = 10" in text(result)
    assert person(result, "Grub").hp == 2


@pytest.mark.parametrize("face, hits_grub", [(3, False), (4, True)])
def test_behind_cover_a_hit_then_1_to_3_on_1d6_hits_the_cover(face, hits_grub):
    result = resolve([ARCHER, GRUB], {"Ash": Play("missile", target="Grub", cover=True)}, PARTY_FIRST + [15, face, 4])
    assert (person(result, "Grub").hp == 2) is hits_grub
    assert ("the shot hits the cover (rule FE 7.2 Cover)" in text(result)) is not hits_grub


def test_a_bodyguard_covering_the_target_takes_the_1_to_3_ruling_r17():
    guard = orc("Zog")
    result = resolve([ARCHER, GRUB, guard], {"Ash": Play("missile", target="Grub", covered_by="Zog")},
                     PARTY_FIRST + [15, 2, 4])
    assert "the shot hits Zog, who covers Grub with his body" in text(result)
    assert person(result, "Zog").hp == 2 and person(result, "Grub").hp == 6


def test_a_hit_into_melee_lands_on_anyone_in_it_by_a_die_allies_included():
    bo = man("Bo")
    links = {"Bo": {"Grub"}, "Grub": {"Bo"}}
    result = resolve([ARCHER, bo, GRUB], SHOOT, PARTY_FIRST + [15, 1, 4], links=links)
    assert "Grub is in a melee of 2 (1 Bo, 2 Grub): 1d2 1: the shot hits Bo (an ally!) (rule FE 7.3" in text(result)
    assert person(result, "Bo").hp == 4


def test_the_melee_die_counts_everyone_in_that_instance_of_melee_but_never_the_shooter_ruling_r17():
    bo, zog = man("Bo"), orc("Zog")
    links = {"Bo": {"Grub"}, "Grub": {"Bo", "Ash"}, "Ash": {"Grub", "Zog"}, "Zog": {"Ash"}}
    result = resolve([ARCHER, bo, GRUB, zog], SHOOT, PARTY_FIRST + [15, 3, 1], links=links)
    assert "Grub is in a melee of 3 (1 Bo, 2 Grub, 3 Zog): 1d3 3: the shot hits Zog" in text(result)


def test_cover_is_thrown_before_the_melee_die_ruling_r17():
    bo = man("Bo")
    links = {"Bo": {"Grub"}, "Grub": {"Bo"}}
    result = resolve([ARCHER, bo, GRUB], {"Ash": Play("missile", target="Grub", cover=True)}, PARTY_FIRST + [15, 5, 2, 1],
                     links=links)
    kinds = [event.kind for event in result.events if event.kind in ("cover", "into_melee")]
    assert kinds == ["cover", "into_melee"]


def test_a_henchman_never_fires_into_a_melee():
    henchman = replace(ARCHER, role="henchman")
    links = {"Bo": {"Grub"}, "Grub": {"Bo"}}
    refused([henchman, man("Bo"), GRUB], SHOOT, "plays.Ash.target", links=links)
    # Grub is not engaged when the round starts, but is by the time the henchman shoots
    plays = {"Ash": Play("missile", target="Grub"), "Bo": melee("Grub")}
    result = resolve([henchman, man("Bo"), GRUB], plays, PARTY_FIRST + [2])
    assert "Ash holds fire: Grub is engaged in melee and a henchman never fires into a melee (rule FE 7.4" in text(result)


def test_from_horseback_only_a_shortbow_or_thrown_weapon_at_minus_1_ruling_r18():
    rider = replace(ARCHER, mounted=True)
    assert "- 1 from horseback (FE 7.5)" in text(resolve([rider, GRUB], SHOOT, PARTY_FIRST + [2]))
    javelin = replace(rider, missile=Weapon("javelin", "1d6", "thrown"))
    assert "- 1 from horseback (FE 7.5)" in text(resolve([javelin, GRUB], SHOOT, PARTY_FIRST + [2]))
    for kind in ("longbow", "crossbow", "sling"):
        refused([replace(rider, missile=Weapon(kind, "1d6", kind)), GRUB], SHOOT, "plays.Ash.action")


def test_a_shot_at_a_target_gone_since_the_round_began_is_lost():
    plays = {"Grub": Play("move", passing=("Bo",)), "Ash": Play("missile", target="Grub")}
    bo = man("Bo", melee=Weapon("axe", "1d6+5", "hand"))
    result = resolve([ARCHER, bo, GRUB], plays, ORCS_FIRST + [15, 1])  # Bo's free attack kills Grub first
    assert "Ash's shot at Grub is lost: Grub has died" in text(result)


# FE 9 Magic
MAGE = man("Mia", char_class="magic-user", melee=None)


def test_a_spell_with_damage_hits_its_target_without_a_roll():
    result = resolve([MAGE, GRUB], {"Mia": Play("spell", spell="Magic Missile", target="Grub", damage="1d6+1")},
                     PARTY_FIRST + [3])
    assert "Mia casts Magic Missile at Grub: 1d6 (3) + 1 = 4 damage, no attack roll (rule FE 9.1 Casting)" in lines(result)
    assert person(result, "Grub").hp == 2


def test_a_spell_without_damage_is_logged_for_the_gm():
    result = resolve([MAGE, GRUB], {"Mia": Play("spell", spell="Sleep", target="Grub")}, PARTY_FIRST)
    assert "Mia casts Sleep at Grub (its effect is the GM's) (rule FE 9.1 Casting)" in lines(result)


def test_a_caster_hit_by_a_missile_before_his_spell_loses_it():
    archer = orc("Zog", missile=BOW)
    plays = {"Mia": Play("spell", spell="Sleep"), "Zog": Play("missile", target="Mia")}
    result = resolve([MAGE, GRUB, archer], plays, TOGETHER + [15, 1])
    assert "Mia was hit before casting: Sleep is spoiled, lost from the caster's mind (rule FE 9.2" in text(result)


def test_a_caster_whose_side_acts_first_casts_before_the_enemys_missiles():
    archer = orc("Zog", missile=BOW)
    plays = {"Mia": Play("spell", spell="Sleep"), "Zog": Play("missile", target="Mia")}
    result = resolve([MAGE, GRUB, archer], plays, PARTY_FIRST + [15, 1])
    assert "Mia casts Sleep (its effect is the GM's)" in text(result)


def test_a_hit_taken_by_a_shield_still_spoils_the_spell_ruling_r22():
    shielded = replace(MAGE, shield=SHIELD, splinter="any")
    archer = orc("Zog", missile=BOW)
    plays = {"Mia": Play("spell", spell="Sleep"), "Zog": Play("missile", target="Mia")}
    result = resolve([shielded, GRUB, archer], plays, ORCS_FIRST + [15, 1])
    assert person(result, "Mia").hp == 8 and "Sleep is spoiled" in text(result)


def test_a_melee_blow_earlier_in_the_round_spoils_the_spell_too_ruling_r22():
    plays = {"Mia": Play("spell", spell="Sleep"), "Grub": melee("Mia")}
    result = resolve([MAGE, GRUB], plays, ORCS_FIRST + [15, 1])
    assert "Sleep is spoiled" in text(result)


def test_any_shield_takes_a_spells_damage_like_a_blows_ruling_r25():
    bearer = replace(GRUB, shield=SHIELD, splinter="any")
    result = resolve([MAGE, bearer], {"Mia": Play("spell", spell="Magic Missile", target="Grub", damage="1d6+1")},
                     PARTY_FIRST + [3])
    assert person(result, "Grub").hp == 6 and person(result, "Grub").shield is None
    assert "Grub's plain shield takes the blow of 4 (standing order: any) and is shattered" in text(result)
