"""Fallen Empire melee: movement and melee (docs/systems/fallen-empire.md FE 6, FE 8; rulings R14-R16, R19-R21,
R31). The Party acts first unless a test says otherwise."""

from dataclasses import replace

import pytest

from systems.errors import PlaysInvalid
from systems.fallen_empire.model import Play, Weapon
from tests.systems.fallen_empire_builders import (CLAWS, LANCE, ORCS_FIRST, PARTY_FIRST, SHIELD, SPEAR, TOGETHER,
                                                  lines, man, melee, orc, person, resolve, text)

ASH, GRUB = man("Ash"), orc("Grub")
LOCKED = {"Ash": {"Grub"}, "Grub": {"Ash"}}


def attacks(result):
    return [(event.actors[0], event.rule) for event in result.events if event.kind == "attack"]


def refused(combatants, plays, path, links=None):
    with pytest.raises(PlaysInvalid) as raised:
        resolve(combatants, plays, [6, 1] + [1] * 20, links=links)
    assert path in [error.path for error in raised.value.errors], raised.value.errors


# FE 6.1 Moving
def test_a_melee_attacker_closes_in_and_is_engaged_with_its_target():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [2])
    assert "Ash closes in on Grub: engaged in melee (rule FE 6.1 Moving)" in lines(result)
    assert person(result, "Grub").engaged_with == ("Ash",)


def test_a_full_move_is_the_whole_action_and_an_engaged_combatant_may_not_move_away():
    result = resolve([ASH, GRUB], {"Ash": Play("move", distance=12)}, PARTY_FIRST)
    assert 'Ash moves 12" (a full move: no other action) (rule FE 6.1 Moving)' in lines(result)
    refused([ASH, GRUB], {"Ash": Play("move")}, "plays.Ash.action", links=LOCKED)
    refused([ASH, GRUB], {"Ash": Play("move", distance=13)}, "plays.Ash.distance")


# FE 6.2 Fighting withdrawal
def test_a_withdrawal_leaves_melee_at_the_start_of_the_round_with_no_free_attack():
    result = resolve([ASH, GRUB], {"Ash": Play("withdraw")}, PARTY_FIRST, links=LOCKED)
    assert result.events[0].rule == "FE 6.2"
    assert 'Ash makes a fighting withdrawal, backing 4" away (a third of 12") from Grub' in text(result)
    assert person(result, "Ash").engaged_with == () and attacks(result) == []


def test_a_pursuer_as_fast_reaches_the_withdrawer_and_a_slower_one_does_not_ruling_r14():
    followed = resolve([ASH, GRUB], {"Ash": Play("withdraw"), "Grub": melee("Ash")}, PARTY_FIRST + [2], links=LOCKED)
    assert "following his withdrawal of 4\" (ruling R14)" in text(followed)
    assert attacks(followed) == [("Grub", "FE 8.1")]
    slow = replace(GRUB, move=9)
    lost = resolve([ASH, slow], {"Ash": Play("withdraw"), "Grub": melee("Ash")}, PARTY_FIRST, links=LOCKED)
    assert "Grub's melee attack on Ash is lost: Ash withdrew 4\" and Grub's free move is only 3\" (ruling R14)" in text(lost)


def test_a_charge_reaches_a_withdrawer_ruling_r14():
    slow = replace(GRUB, move=9)
    result = resolve([ASH, slow], {"Ash": Play("withdraw"), "Grub": Play("charge", target="Ash", distance=9)},
                     PARTY_FIRST + [2], links=LOCKED)
    assert attacks(result) == [("Grub", "FE 8.2")]


def test_a_withdrawer_still_makes_an_opportunity_attack():
    passer = orc("Zog")
    result = resolve([ASH, GRUB, passer], {"Ash": Play("withdraw"), "Zog": Play("move", passing=("Ash",))},
                     PARTY_FIRST + [2], links=LOCKED)
    assert attacks(result) == [("Ash", "FE 6.4")]


# FE 6.3 Full retreat
def test_a_full_retreat_draws_a_free_attack_against_ac_without_shield_and_dex():
    guarded = replace(ASH, armour_ac=5, dex_ac=-1, shield=SHIELD)
    result = resolve([guarded, GRUB], {"Ash": Play("retreat")}, PARTY_FIRST + [2], links=LOCKED)
    assert "Free attack (Ash's full retreat): Grub attacks Ash with sword: d20 2 + 0 to-hit = 2 against 19 - AC 5 = 14 " \
           "(AC: armour 5): misses (rule FE 6.4 Opportunity attacks)" in lines(result)
    assert "Ash gets away at full speed: no longer engaged (rule FE 6.3 Full retreat (ruling R15))" in lines(result)


def test_a_free_attack_that_deals_damage_negates_the_retreat():
    result = resolve([ASH, GRUB], {"Ash": Play("retreat")}, PARTY_FIRST + [15, 2], links=LOCKED)
    assert "The free attacks dealt 2 damage: Ash's retreat is negated, he is stuck in combat for another round" in text(result)
    assert person(result, "Ash").engaged_with == ("Grub",)


def test_every_free_attack_is_made_before_the_retreat_is_judged_ruling_r15():
    zog = orc("Zog")
    links = {"Ash": {"Grub", "Zog"}, "Grub": {"Ash"}, "Zog": {"Ash"}}
    result = resolve([ASH, GRUB, zog], {"Ash": Play("retreat")}, PARTY_FIRST + [15, 2, 15, 1], links=links)
    assert [a for a, _ in attacks(result)] == ["Grub", "Zog"]
    assert "dealt 3 damage" in text(result)


def test_a_blow_taken_by_a_splintered_shield_does_not_negate_the_retreat_ruling_r15():
    bearer = replace(ASH, shield=SHIELD, splinter="any")
    result = resolve([bearer, GRUB], {"Ash": Play("retreat")}, PARTY_FIRST + [15, 2], links=LOCKED)
    assert "Ash gets away at full speed" in text(result)


def test_melee_attacks_on_a_retreater_who_got_away_are_lost_ruling_r15():
    result = resolve([ASH, GRUB], {"Ash": Play("retreat"), "Grub": melee("Ash")}, PARTY_FIRST + [2], links=LOCKED)
    assert "Grub's melee attack on Ash is lost: Ash has retreated at full speed (ruling R15)" in text(result)


# FE 6.4 Opportunity attacks
def test_one_opportunity_attack_a_round():
    bo = man("Bo")
    links = {"Ash": {"Grub"}, "Bo": {"Grub"}, "Grub": {"Ash", "Bo"}}
    result = resolve([ASH, bo, GRUB], {"Ash": Play("retreat"), "Bo": Play("retreat")}, PARTY_FIRST + [2], links=links)
    assert attacks(result) == [("Grub", "FE 6.4")]
    assert person(result, "Bo").engaged_with == ()


def test_a_free_attack_that_deals_damage_stops_a_passing_mover():
    result = resolve([ASH, GRUB], {"Ash": Play("move", distance=12, passing=("Grub",))}, PARTY_FIRST + [15, 3])
    assert "Grub's free attack deals damage: Ash must stop moving (rule FE 6.4 Opportunity attacks)" in lines(result)


def test_a_play_may_decline_the_free_attack_ruling_r31():
    result = resolve([ASH, GRUB], {"Ash": Play("retreat"), "Grub": Play("other", text="shouts", opportunity=False)},
                     PARTY_FIRST, links=LOCKED)
    assert "Grub lets Ash go without a free attack (the play declines it) (rule FE 6.4 Opportunity attacks (ruling R31))" in lines(result)


# FE 6.5 Covering a retreat
def test_an_ally_who_closes_in_on_the_opponent_covers_the_retreat_ruling_r16():
    bo = man("Bo")
    plays = {"Ash": Play("retreat"), "Bo": melee("Grub", covers="Ash")}
    result = resolve([ASH, bo, GRUB], plays, PARTY_FIRST + [2], links=LOCKED)
    assert "Bo has moved into melee with Grub to cover Ash's retreat: no free attack from Grub" in text(result)
    assert attacks(result) == [("Bo", "FE 8.1")]


def test_an_ally_covers_the_retreat_only_from_the_opponent_he_attacks_ruling_r16():
    zog = orc("Zog")
    links = {"Ash": {"Grub", "Zog"}, "Grub": {"Ash"}, "Zog": {"Ash"}}
    plays = {"Ash": Play("retreat"), "Bo": melee("Grub", covers="Ash")}
    result = resolve([ASH, man("Bo"), GRUB, zog], plays, PARTY_FIRST + [2, 2], links=links)
    assert attacks(result) == [("Zog", "FE 6.4"), ("Bo", "FE 8.1")]


def test_covers_names_an_ally_making_a_full_retreat():
    refused([ASH, man("Bo"), GRUB], {"Bo": melee("Grub", covers="Ash")}, "plays.Bo.covers")


# FE 8.2 The charge
def test_a_charge_is_at_plus_2_with_ac_2_worse_and_double_damage_dice():
    result = resolve([ASH, GRUB], {"Ash": Play("charge", target="Grub", distance=6), "Grub": melee("Ash")},
                     PARTY_FIRST + [8, 2, 3, 2])
    assert "d20 8 + 0 to-hit + 2 charge (FE 8.2) = 10 against 19 - AC 9 = 10 (AC: armour 9): hits" in text(result)
    assert "Ash's sword deals 2d6 (2, 3) (double dice) = 5 to Grub (rule FE 8.2 The charge)" in lines(result)
    assert "against 19 - AC 11 = 8 (AC: armour 9 + 2 charging)" in text(result)


def test_a_charge_moves_at_least_half_and_at_most_all_of_the_base_move():
    refused([ASH, GRUB], {"Ash": Play("charge", target="Grub", distance=5)}, "plays.Ash.distance")
    refused([ASH, GRUB], {"Ash": Play("charge", target="Grub", distance=13)}, "plays.Ash.distance")


def test_a_monster_charges_only_with_a_weapon_or_horns():
    refused([ASH, replace(GRUB, melee=CLAWS)], {"Grub": Play("charge", target="Ash", distance=6)}, "plays.Grub.action")
    bull = replace(GRUB, melee=Weapon("horns", "1d8", "horns"))
    assert attacks(resolve([ASH, bull], {"Grub": Play("charge", target="Ash", distance=6)}, ORCS_FIRST + [2])) == [
        ("Grub", "FE 8.2")]


def test_a_charge_stopped_by_a_free_attack_makes_no_attack():
    zog = orc("Zog")
    result = resolve([ASH, GRUB, zog], {"Ash": Play("charge", target="Zog", distance=8, passing=("Grub",))},
                     PARTY_FIRST + [15, 1])
    assert "Ash's charge is stopped short of Zog: no charge attack" in text(result)
    assert attacks(result) == [("Grub", "FE 6.4")]


# FE 8.3 Setting the spear
def test_a_set_spear_acting_first_strikes_the_charger_first_with_double_dice_and_a_hit_negates_the_charge():
    pikeman = replace(ASH, melee=SPEAR)
    plays = {"Ash": Play("set_spear"), "Grub": Play("charge", target="Ash", distance=6)}
    result = resolve([pikeman, GRUB], plays, PARTY_FIRST + [10, 1, 1])
    assert attacks(result) == [("Ash", "FE 8.3")]
    assert "deals 2d6 (1, 1) (double dice) = 2 to Grub (rule FE 8.3 Setting the spear)" in text(result)
    assert "The set spear hits: Grub's charge attack is negated" in text(result)


def test_a_set_spear_that_misses_leaves_the_charge_its_attack():
    pikeman = replace(ASH, melee=SPEAR)
    plays = {"Ash": Play("set_spear"), "Grub": Play("charge", target="Ash", distance=6)}
    result = resolve([pikeman, GRUB], plays, PARTY_FIRST + [2, 2])
    assert attacks(result) == [("Ash", "FE 8.3"), ("Grub", "FE 8.2")]


def test_a_setter_whose_side_does_not_act_first_fights_the_charger_normally_ruling_r19():
    pikeman = replace(ASH, melee=SPEAR)
    plays = {"Ash": Play("set_spear"), "Grub": Play("charge", target="Ash", distance=6)}
    for dice in (ORCS_FIRST, TOGETHER):
        result = resolve([pikeman, GRUB], plays, dice + [2, 2])
        assert "Ash cannot set his spear against Grub's charge: Ash's side does not act before Grub's" in text(result)
        assert sorted(attacks(result)) == [("Ash", "FE 8.3"), ("Grub", "FE 8.2")]
        assert "Melee (the spear not set): Ash attacks Grub" in text(result)


def test_a_set_spear_nobody_charges_waits_in_vain_ruling_r19():
    result = resolve([replace(ASH, melee=SPEAR), GRUB], {"Ash": Play("set_spear")}, PARTY_FIRST)
    assert "Ash waits with his spear set, but no charge reaches him: no attack this round" in text(result)


def test_only_a_fighting_man_man_at_arms_or_demi_human_on_foot_with_a_spear_sets_it():
    refused([replace(ASH, char_class="thief", melee=SPEAR), GRUB], {"Ash": Play("set_spear")}, "plays.Ash.action")
    refused([ASH, GRUB], {"Ash": Play("set_spear")}, "plays.Ash.action")
    refused([replace(ASH, melee=SPEAR, mounted=True), GRUB], {"Ash": Play("set_spear")}, "plays.Ash.action")


# FE 8.4 Rear attacks
def test_a_rear_attack_on_a_target_facing_another_is_at_plus_2_and_ignores_the_shield():
    bo = man("Bo")
    shielded = replace(GRUB, shield=SHIELD)
    links = {"Bo": {"Grub"}, "Grub": {"Bo"}}
    result = resolve([ASH, bo, shielded], {"Ash": melee("Grub", rear=True)}, PARTY_FIRST + [8, 1], links=links)
    assert "Ash attacks Grub from the rear (dishonourably)" in text(result)
    assert "d20 8 + 0 to-hit + 2 rear (FE 8.4) = 10 against 19 - AC 9 = 10 (AC: armour 9): hits" in text(result)


def test_a_rear_attack_on_a_target_facing_nobody_else_is_made_from_the_front_ruling_r20():
    result = resolve([ASH, replace(GRUB, shield=SHIELD)], {"Ash": melee("Grub", rear=True)}, PARTY_FIRST + [8])
    assert "the attack is made from the front (rule FE 8.4 Rear attacks (ruling R20))" in text(result)
    assert "(AC: armour 9 - 1 shield)" in text(result)


def test_a_surprised_target_can_be_attacked_from_the_rear():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub", rear=True)}, [6, 2, 8, 1], round=1)
    assert "+ 1 surprise (FE 3.1) + 2 rear (FE 8.4)" in text(result)


# FE 8.5 Mounted combat
def test_mounted_against_foot_is_plus_2_to_hit_and_plus_2_damage_in_melee_but_not_against_the_mounted():
    knight = replace(ASH, mounted=True)
    result = resolve([knight, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [8, 1])
    assert "+ 2 mounted against foot (FE 8.5) = 10" in text(result)
    assert "1d6 (1) + 2 mounted (FE 8.5) = 3" in text(result)
    rider = replace(GRUB, mounted=True)
    assert "mounted" not in text(resolve([knight, rider], {"Ash": melee("Grub")}, PARTY_FIRST + [8]))


def test_a_lance_gives_reach_only_from_horseback():
    footman = replace(ASH, melee=LANCE)
    result = resolve([footman, GRUB], {"Ash": melee("Grub"), "Grub": melee("Ash")}, ORCS_FIRST + [2, 2])
    assert [a for a, _ in attacks(result)] == ["Grub", "Ash"]


# FE 8.6 Surrounding
def test_three_enemies_around_a_man_sized_target_are_each_at_plus_1_ruling_r21():
    party = [ASH, man("Bo"), man("Cy")]
    plays = {name: melee("Grub") for name in ("Ash", "Bo", "Cy")}
    result = resolve([*party, GRUB], plays, PARTY_FIRST + [2, 2, 2])
    assert text(result).count("+ 1 surrounding, 3 around (FE 8.6)") == 3
    two = resolve([ASH, man("Bo"), GRUB], {"Ash": melee("Grub"), "Bo": melee("Grub")}, PARTY_FIRST + [2, 2])
    assert "surrounding" not in text(two)


def test_a_large_target_needs_four_around_it():
    ogre = replace(GRUB, size="large", hp=20, max_hp=20)
    plays = {name: melee("Grub") for name in ("Ash", "Bo", "Cy")}
    result = resolve([ASH, man("Bo"), man("Cy"), ogre], plays, PARTY_FIRST + [2, 2, 2])
    assert "surrounding" not in text(result)


def test_a_seventh_enemy_may_not_close_in_on_a_man_sized_target_ruling_r21():
    party = [man(f"P{i}") for i in range(7)]
    refused([*party, GRUB], {f"P{i}": melee("Grub") for i in range(7)}, "plays.P6.target")


# FE 8.7 Subdual
def test_the_flat_of_the_blade_is_at_minus_2_and_its_damage_is_subdual():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub", subdue=True)}, PARTY_FIRST + [12, 3])
    assert "d20 12 + 0 to-hit - 2 flat of the blade (FE 8.7) = 10" in text(result)
    assert "Grub takes 3 subdual damage (FE 8.7): hit points 6 - 3 = 3" in text(result)
    assert person(result, "Grub").subdual == 3


def test_a_combatant_without_a_melee_weapon_makes_no_free_attack():
    unarmed = replace(GRUB, melee=None)
    result = resolve([ASH, unarmed], {"Ash": Play("retreat")}, PARTY_FIRST, links=LOCKED)
    assert attacks(result) == [] and "Ash gets away at full speed" in text(result)


def test_herald_keeps_no_map_only_the_inches_the_text_measures_ruling_r9():
    # any enemy may be closed in on (reach is the GM's); a charge's distance is checked against the base move
    far = replace(GRUB, move=6)
    result = resolve([ASH, far], {"Ash": melee("Grub")}, PARTY_FIRST + [2])
    assert person(result, "Ash").engaged_with == ("Grub",)
    refused([ASH, far], {"Grub": Play("charge", target="Ash", distance=2)}, "plays.Grub.distance")
