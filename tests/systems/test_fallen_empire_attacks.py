"""Fallen Empire melee: attacks, shields and harm (docs/systems/fallen-empire.md FE 5, FE 11, FE 12.1-12.2,
FE 12.6; rulings R11-R13, R23-R26, R28, R30). The Party acts first unless a test says otherwise."""

from dataclasses import replace

import pytest

from systems.fallen_empire.model import Play, Shield, Weapon
from tests.systems.fallen_empire_builders import (ORCS_FIRST, PARTY_FIRST, SHIELD, lines, man, melee, orc, person,
                                                  resolve, text)

ASH, GRUB = man("Ash"), orc("Grub")


def hit_line(result, attacker="Ash"):
    return next(line for line in lines(result) if line.startswith(f"Melee: {attacker} attacks"))


def test_an_attack_hits_when_d20_plus_bonuses_equals_or_beats_19_minus_ac_ruling_r11():
    mailed = replace(GRUB, armour_ac=5)  # needs 14
    assert "= 14 against 19 - AC 5 = 14 (AC: armour 5): hits" in hit_line(resolve([ASH, mailed], {"Ash": melee("Grub")},
                                                                                 PARTY_FIRST + [14, 1]))
    assert "misses" in hit_line(resolve([ASH, mailed], {"Ash": melee("Grub")}, PARTY_FIRST + [13]))
    veteran = replace(ASH, to_hit=2)
    assert "d20 12 + 2 to-hit = 14 against 19 - AC 5 = 14" in hit_line(
        resolve([veteran, mailed], {"Ash": melee("Grub")}, PARTY_FIRST + [12, 1]))


def test_a_natural_20_always_hits_and_a_natural_1_always_misses():
    plate = replace(GRUB, armour_ac=-5)  # needs 24
    assert "hits (a natural 20 always hits)" in hit_line(resolve([ASH, plate], {"Ash": melee("Grub")}, PARTY_FIRST + [20, 1]))
    hero = replace(ASH, to_hit=15)
    assert "misses (a natural 1 always misses)" in hit_line(resolve([hero, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [1]))


def test_armour_class_adds_dex_and_takes_the_shield():
    guarded = replace(GRUB, armour_ac=5, dex_ac=-1, shield=SHIELD)
    assert "against 19 - AC 3 = 16 (AC: armour 5 - 1 DEX - 1 shield)" in hit_line(
        resolve([ASH, guarded], {"Ash": melee("Grub")}, PARTY_FIRST + [2]))


def test_a_fighting_man_with_a_shield_beside_another_betters_his_ac_by_one_at_most_ruling_r23():
    mates = [orc("Mate", char_class="fighting-man", shield=SHIELD), orc("Mate2", char_class="demi-human", shield=SHIELD)]
    flanked = replace(GRUB, beside=("Mate", "Mate2"))
    result = resolve([ASH, flanked, *mates], {"Ash": melee("Grub")}, PARTY_FIRST + [2])
    assert "against 19 - AC 8 = 11 (AC: armour 9 - 1 shieldmate Mate)" in hit_line(result)


def test_only_a_fighting_man_or_demi_human_with_a_shield_is_a_shieldmate():
    thief = orc("Mate", char_class="thief", shield=SHIELD)
    unshielded = orc("Mate2", char_class="fighting-man")
    flanked = replace(GRUB, beside=("Mate", "Mate2"))
    assert "(AC: armour 9)" in hit_line(resolve([ASH, flanked, thief, unshielded], {"Ash": melee("Grub")}, PARTY_FIRST + [2]))


def test_damage_is_the_weapons_dice_and_bonus_and_at_least_1_ruling_r12():
    strong = replace(ASH, melee=Weapon("axe", "1d8+2", "hand"))
    result = resolve([strong, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 3])
    assert "Ash's axe deals 1d8 (3) + 2 = 5 to Grub (rule FE 8.1 A melee attack)" in lines(result)
    weak = replace(ASH, melee=Weapon("stick", "1d4-3", "hand"))
    result = resolve([weak, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1])
    assert "deals 1d4 (1) - 3 = -2, at least 1 (ruling R12) to Grub" in text(result)
    assert person(result, "Grub").hp == 5


def test_a_target_down_at_the_start_of_the_round_is_hit_without_a_roll_ruling_r13():
    dying = replace(ASH, hp=-2, status="dying")
    result = resolve([dying, man("Bo"), GRUB], {"Grub": melee("Ash")}, ORCS_FIRST + [3, 20])
    assert "has been helpless since the start of the round and is hit without a roll (rule FE 5.5" in text(result)
    assert person(result, "Ash").hp == -5


def test_an_attack_on_a_target_who_went_down_earlier_in_the_round_is_lost_ruling_r13():
    plays = {"Ash": melee("Grub"), "Bo": melee("Grub")}
    result = resolve([ASH, man("Bo"), GRUB], plays, PARTY_FIRST + [15, 6])
    assert "Bo's melee attack on Grub is lost: Grub has died (rule FE 5.6 A target gone (ruling R13))" in lines(result)


def test_one_attack_roll_a_round_for_each_combatant_ruling_r30():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub"), "Grub": melee("Ash")}, PARTY_FIRST + [15, 1, 15, 1])
    assert [event.actors[0] for event in result.events if event.kind == "attack"] == ["Ash", "Grub"]


def test_a_monster_at_0_hit_points_is_dead():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 6])
    assert person(result, "Grub").status == "dead"
    assert "Grub falls: a monster at 0 hit points is dead; out of melee with Ash (rule FE 12.1" in text(result)
    assert person(result, "Ash").engaged_with == ()


@pytest.mark.parametrize("hp, status", [(0, "dying"), (-10, "dying"), (-11, "dead")])
def test_a_character_is_dying_from_0_to_minus_10_and_dead_at_minus_11_ruling_r26(hp, status):
    brute = replace(GRUB, melee=Weapon("maul", f"1d6+{7 - hp}", "hand"))  # 1 + 7 - hp takes 8 hit points to hp
    result = resolve([ASH, brute], {"Grub": melee("Ash")}, ORCS_FIRST + [15, 1, 20])
    assert (person(result, "Ash").hp, person(result, "Ash").status) == (hp, status)


def test_a_dying_character_is_out_of_melee():
    brute = replace(GRUB, melee=Weapon("maul", "1d6+7", "hand"))
    result = resolve([ASH, brute], {"Grub": melee("Ash")}, ORCS_FIRST + [15, 1, 20], links={"Ash": {"Grub"}, "Grub": {"Ash"}})
    assert person(result, "Ash").status == "dying" and person(result, "Ash").engaged_with == ()
    assert "dying, cannot act, saves or dies at the end of each round; out of melee with Grub (rule FE 12.2 Dying)" in text(result)


def test_a_stable_character_hurt_again_is_dying_again_ruling_r26():
    stable = replace(ASH, hp=0, status="stable")
    result = resolve([stable, man("Bo"), GRUB], {"Grub": melee("Ash")}, ORCS_FIRST + [1, 20])
    assert person(result, "Ash").status == "dying"
    assert "(rule FE 12.4 Stable (ruling R26))" in text(result)


def test_reaching_0_with_any_subdual_damage_taken_is_unconscious_not_dead_ruling_r28():
    tapped = replace(GRUB, subdual=1, hp=3)
    # a lethal blow of 5 takes Grub to -2; the waking throws: 2 turns, 3 hit points
    result = resolve([ASH, tapped], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 5, 2, 3])
    grub = person(result, "Grub")
    assert (grub.status, grub.wakes) == ("unconscious", (2, 3))
    assert "Grub will wake in 1d3 (2) turns with 1d3 (3) hit points, or sooner if woken after 1 turn (rule FE 12.6" in text(result)
    wake = next(event for event in result.events if event.kind == "wake")
    assert wake.data["seen_by"] == []


def test_lethal_damage_kills_an_unconscious_monster_and_makes_an_unconscious_character_dying():
    out_cold = replace(GRUB, hp=-1, subdual=4, status="unconscious", wakes=(1, 1))
    result = resolve([ASH, out_cold], {"Ash": melee("Grub")}, [2])
    assert person(result, "Grub").status == "dead"
    knocked = replace(ASH, hp=0, subdual=8, status="unconscious")
    result = resolve([knocked, man("Bo"), GRUB], {"Grub": melee("Ash")}, ORCS_FIRST + [2, 20])
    assert person(result, "Ash").status == "dying"


@pytest.mark.parametrize("order, damage, takes", [
    ("never", 5, False), ("any", 1, True), ("down", 5, False), ("down", 6, True), (4, 3, False), (4, 4, True),
])
def test_the_shield_takes_a_hit_by_its_standing_order_and_shatters_ruling_r24(order, damage, takes):
    bearer = replace(GRUB, shield=SHIELD, splinter=order)
    result = resolve([replace(ASH, melee=Weapon("club", f"1d6+{damage - 1}", "hand")), bearer], {"Ash": melee("Grub")},
                     PARTY_FIRST + [20, 1])
    grub = person(result, "Grub")
    assert (grub.shield is None, grub.hp == 6) == (takes, takes)
    if takes:
        assert f"Grub's plain shield takes the blow of {damage} (standing order: {order}) and is shattered" in text(result)


def test_a_magic_shield_is_only_spent_the_first_time_and_shatters_the_second():
    bearer = replace(GRUB, shield=Shield("magic", 2), splinter="any")
    first = person(resolve([ASH, bearer], {"Ash": melee("Grub")}, PARTY_FIRST + [20, 3]), "Grub")
    assert first.shield == Shield("magic", 1, spent=True) and first.hp == 6
    second = person(resolve([ASH, replace(first, engaged_with=())], {"Ash": melee("Grub")}, PARTY_FIRST + [20, 3]), "Grub")
    assert second.shield is None and second.hp == 6


def test_a_rowan_shield_avoids_a_spell_entirely_ruling_r25():
    mage = man("Mia", char_class="magic-user")
    bearer = replace(GRUB, shield=Shield("rowan"), splinter="down")
    result = resolve([mage, bearer], {"Mia": Play("spell", spell="Charm Person", target="Grub")}, PARTY_FIRST)
    assert person(result, "Grub").shield is None
    assert "Grub's rowan shield takes Mia's Charm Person, which it avoids entirely and is shattered" in text(result)
