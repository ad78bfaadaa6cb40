"""One test per rule clause of `resolve_attack` (optional-combat-rules.md, bimr4 section 5)."""

from dataclasses import replace

import pytest

from systems.magic_realm.engine.attack import (
    ArmorLayer,
    Attack,
    AttackError,
    Maneuver,
    Target,
    determine_hit,
    resolve_attack,
    table_modifier,
)
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.log import citation
from systems.magic_realm.engine.ruleset import rules_from

STANDARD = rules_from("standard")
BIMR4 = rules_from("bimr4")
THIRD = rules_from("optional-3e")


def sword(harm="M", sharpness=1, time=4, box=1, **extra):
    return Attack("Black Knight", harm, sharpness, time, box, weapon="Broadsword", **extra)


def bow(harm="L", sharpness=2, time=1, box=1, **extra):
    return Attack("Amazon", harm, sharpness, time, box, missile=True, weapon="Light Bow", **extra)


def denizen(vulnerability="M", box=1, time=4, armored=False, name="Wolf"):
    return Target(name, "denizen", vulnerability, Maneuver(box, time), armored=armored)


def character(vulnerability="M", box=1, time=4, armor=(), rider=None):
    return Target("White Knight", "character", vulnerability, Maneuver(box, time), armor=armor, rider_maneuver=rider)


def resolve(attack, target, rules=STANDARD, dice=(3, 1)):
    return resolve_attack(attack, target, rules, ScriptedDice(list(dice)))


# Hit determination (5.4/3, 5.4/4)

def test_5_4_3_an_attack_in_the_maneuvers_box_intercepts():
    assert determine_hit(sword(box=2, time=6), denizen(box=2, time=2)) == "intercept"


def test_5_4_3_a_strictly_faster_attack_in_another_box_undercuts():
    assert determine_hit(sword(box=1, time=3), denizen(box=2, time=4)) == "undercut"


def test_5_4_3_an_attack_as_fast_as_the_maneuver_in_another_box_misses():
    assert determine_hit(sword(box=1, time=4), denizen(box=2, time=4)) == "miss"


def test_5_4_4_a_target_who_played_no_maneuver_is_always_intercepted():
    target = Target("Swordsman", "character", "M", Maneuver(None, None))
    assert determine_hit(sword(box=3, time=6), target) == "intercept"


def test_5_4_3_a_miss_rolls_no_dice_and_is_logged():
    result = resolve(sword(box=1, time=5), denizen(box=2, time=4), BIMR4, dice=())
    assert result.outcome == "miss" and result.roll is None
    assert "misses" in result.events[-1].text and result.events[-1].rule == "5.4/3"


# The table modifier (5.4/1, 5.4/2, 5.4/4)

def test_5_4_1_example_time_2_against_3_that_fails_to_intercept_is_plus_3():
    modifier = table_modifier(sword(time=2, box=1), denizen(box=2, time=3), "undercut", BIMR4)
    assert modifier.total == 3
    assert modifier.expression == "2 - 3 + 4"


def test_5_4_2_example_attack_3_against_horse_5_and_rider_2():
    intercept_both = character(box=1, time=5, rider=Maneuver(1, 2))
    # The rules text prints the first net adjustment as "1"; its own arithmetic (-2 + 1) and the
    # follow-ups (+3 = -1 + 4, +7 = -1 + 8) show it is -1.
    assert table_modifier(sword(time=3, box=1), intercept_both, "intercept", BIMR4).total == -1
    rider_only = character(box=2, time=5, rider=Maneuver(1, 2))
    assert table_modifier(sword(time=3, box=1), rider_only, "undercut", BIMR4).total == 3
    neither = character(box=2, time=5, rider=Maneuver(3, 2))
    assert table_modifier(sword(time=3, box=1), neither, "undercut", BIMR4).total == 7


def test_5_4_2_the_rider_term_is_ignored_without_the_riding_horses_rule():
    rules = rules_from({"preset": "optional-3e", "riding_horses": False})
    target = character(box=1, time=5, rider=Maneuver(2, 2))
    assert table_modifier(sword(time=3, box=1), target, "intercept", rules).total == -2


def test_5_4_4_example_attack_time_1_against_no_maneuver_subtracts_7():
    target = Target("Swordsman", "character", "M", Maneuver(None, None))
    assert table_modifier(sword(time=1), target, "intercept", BIMR4).total == -7


def test_the_attackers_own_die_modifier_is_added_to_the_roll():
    result = resolve(bow(die_modifier=-1), denizen(box=1, time=1), BIMR4, dice=(5, 2))
    assert result.adjusted == 5 + 0 - 1


# Fumble (5.4/1)

def test_5_4_1_fumble_event_shows_the_arithmetic_and_names_the_rule():
    result = resolve(sword(time=3, box=1), denizen(box=1, time=4), BIMR4, dice=(4, 2))
    table_event = next(e for e in result.events if e.kind == "table")
    assert table_event.text == "Fumble: high die 4 (of 4, 2) + (3 - 4) = 3 → +1 level"
    assert (table_event.rule, table_event.rule_name) == ("5.4/1", "Fumble table")
    assert result.harm == "H" and result.sharpness == 1


def test_striking_attacks_roll_no_table_without_fumble():
    result = resolve(sword(), denizen(), STANDARD, dice=())
    assert result.roll is None and result.outcome == "killed"


def test_magic_attacks_never_roll_on_the_fumble_table():
    spell = Attack("Wizard", "M", 0, 3, 1, spell="Stones Fly")
    result = resolve(spell, denizen(vulnerability="M"), BIMR4, dice=())
    assert result.roll is None and result.outcome == "killed"


def test_fumble_ten_makes_the_harm_negligible_but_still_a_hit():
    result = resolve(sword(time=6, box=1), denizen(box=1, time=1, vulnerability="L"), BIMR4, dice=(6, 6))
    assert result.is_hit and result.outcome == "no effect" and result.applied_harm == "N"
    assert any("still hit" in e.text for e in result.events)


# Missile tables

def test_the_standard_missile_table_reads_the_plain_high_die_without_modifier():
    result = resolve(bow(time=1), denizen(box=2, time=5, vulnerability="T"), BIMR4 and STANDARD, dice=(3, 1))
    assert result.adjusted == 3 and result.modifier == 0


def test_realmspeak_1_4_light_bow_intercepting_a_giant_on_the_optional_table_kills():
    result = resolve(bow(), denizen(box=1, time=5, vulnerability="T", name="Giant"), BIMR4, dice=(3, 1))
    assert result.table_result == "+3 levels" and result.harm == "T" and result.outcome == "killed"


def test_realmspeak_1_4_light_bow_undercutting_a_giant_on_the_optional_table_kills():
    result = resolve(bow(), denizen(box=2, time=5, vulnerability="T", name="Giant"), BIMR4, dice=(3, 1))
    assert result.modifier == 0 and result.harm == "M" and result.applied_harm == "T"
    assert result.outcome == "killed"


def test_realmspeak_1_4_light_bow_on_the_standard_table_does_not_kill_a_giant():
    result = resolve(bow(), denizen(box=1, time=5, vulnerability="T", name="Giant"), STANDARD, dice=(3, 1))
    assert result.applied_harm == "H" and result.outcome == "no effect"


def test_archers_roll_one_die():
    result = resolve(bow(one_die=True), denizen(), BIMR4, dice=(5,))
    assert result.roll.dice == (5,)


def test_optional_table_wound_wounds_an_unarmored_character():
    result = resolve(bow(time=4), character(box=1, time=1, vulnerability="H"), BIMR4, dice=(6, 2))
    assert result.table_result == "wound" and result.outcome == "wounded" and result.wounds == 1


def test_optional_table_wound_has_no_effect_against_armor():
    target = character(box=1, time=1, armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve(bow(time=4), target, BIMR4, dice=(6, 2))
    assert result.table_result == "wound" and result.outcome == "no effect" and result.wounds == 0


def test_optional_table_wound_has_no_effect_against_a_denizen():
    result = resolve(bow(time=4), denizen(box=1, time=1), BIMR4, dice=(6, 2))
    assert result.table_result == "wound" and result.outcome == "no effect"


def test_a_table_decrease_below_negligible_is_negligible():
    result = resolve(bow(harm="L", sharpness=2, time=1), denizen(box=1, time=1, vulnerability="L"), STANDARD, dice=(6, 6))
    assert result.table_result == "-3 levels" and result.applied_harm == "N" and result.outcome == "no effect"


# Harm, stars, armor

def test_a_sharpness_star_raises_the_harm_one_level_against_vulnerability():
    assert resolve(sword(harm="L", sharpness=1), denizen(vulnerability="M")).outcome == "killed"
    assert resolve(sword(harm="L", sharpness=0), denizen(vulnerability="M")).outcome == "no effect"


def test_realmspeak_1_4_broadsword_m_star_kills_a_wolf_but_not_an_armored_h_troll():
    assert resolve(sword(), denizen(vulnerability="M")).outcome == "killed"
    troll = denizen(vulnerability="H", armored=True, name="H Troll")
    result = resolve(sword(), troll)
    assert result.outcome == "no effect" and result.applied_harm == "M"


def test_red_harm_kills_ignoring_armor_and_tables():
    red = Attack("T Dragon", "RED", 0, 6, 1)
    target = character(vulnerability="T", armor=(ArmorLayer("Suit of Armor", "T"),))
    result = resolve(red, target, BIMR4, dice=())
    assert result.outcome == "killed" and result.roll is None


def test_realmspeak_1_4_giant_club_t_destroys_a_helmet_and_wounds():
    club = Attack("Giant", "T", 0, 4, 3)
    target = character(box=3, armor=(ArmorLayer("Helmet", "M"),))
    result = resolve(club, target)
    assert result.outcome == "armor destroyed" and result.wounds == 1
    assert result.armor_changes == (("Helmet", "destroyed"),)


def test_harm_equal_to_intact_armor_damages_it():
    result = resolve(sword(harm="M", sharpness=1), character(armor=(ArmorLayer("Breastplate", "M"),)))
    assert result.outcome == "armor damaged" and result.armor_changes == (("Breastplate", "damaged"),)
    assert result.wounds == 1


def test_harm_equal_to_damaged_armor_destroys_it():
    target = character(armor=(ArmorLayer("Breastplate", "M", "damaged"),))
    assert resolve(sword(harm="M", sharpness=0), target).outcome == "armor destroyed"


def test_light_harm_below_the_armor_does_nothing_and_no_wound():
    result = resolve(sword(harm="L", sharpness=0), character(armor=(ArmorLayer("Breastplate", "M"),)))
    assert result.outcome == "no effect" and result.wounds == 0


def test_medium_harm_below_heavy_armor_still_wounds():
    result = resolve(sword(harm="M", sharpness=0), character(armor=(ArmorLayer("Suit of Armor", "H"),)))
    assert result.outcome == "wounded" and result.wounds == 1 and result.armor_changes == ()


def test_an_unarmored_character_below_his_vulnerability_takes_one_wound():
    result = resolve(sword(harm="L", sharpness=0), character(vulnerability="H"))
    assert result.outcome == "wounded" and result.wounds == 1


# Kludge and community fixes

def fiery_blast(time=0):
    return Attack("Wizard", "L", 3, time, 1, missile=True, spell="Fiery Blast")


def test_the_kludge_removes_one_star_from_a_time_0_fiery_blast():
    result = resolve(fiery_blast(), denizen(box=1, time=4), THIRD, dice=(3, 3))
    assert any(e.rule == "kludge" for e in result.events)
    assert result.sharpness == 2


def test_the_kludge_does_not_touch_a_fiery_blast_cast_at_time_2():
    assert resolve(fiery_blast(time=2), denizen(box=1, time=4), THIRD, dice=(3, 3)).sharpness == 3


def test_the_kludge_does_not_touch_stones_fly():
    stones = Attack("Wizard", "L", 1, 0, 1, missile=True, spell="Stones Fly")
    assert resolve(stones, denizen(box=1, time=4), THIRD, dice=(3, 3)).sharpness == 1


def test_the_double_kludge_removes_two_stars_from_a_time_0_fiery_blast():
    rules = rules_from({"preset": "optional-3e", "fiery_blast_double_kludge": True})
    assert resolve(fiery_blast(), denizen(box=1, time=4), rules, dice=(3, 3)).sharpness == 1


def test_fiery_blast_undercut_penalty_adds_to_an_undercut_only():
    rules = rules_from("je1")
    undercut = resolve(fiery_blast(), denizen(box=2, time=4), rules, dice=(3, 3))
    assert undercut.modifier == 0 - 4 + 4 + 1
    intercept = resolve(fiery_blast(), denizen(box=1, time=4), rules, dice=(3, 3))
    assert intercept.modifier == -4


def test_alerted_spell_time_replaces_time_0_in_the_modifier_but_not_in_hit_determination():
    rules = rules_from("je2")
    result = resolve(fiery_blast(), denizen(box=2, time=1), rules, dice=(3, 3))
    assert result.hit == "undercut"
    assert result.modifier == 1 - 1 + 4 + 2


# Penetrating armor (5.5)

PENETRATING = rules_from({"preset": "optional-3e", "kludge": False})


def test_5_5_1_armor_stronger_than_the_missile_stops_it_and_is_not_damaged():
    target = character(vulnerability="H", armor=(ArmorLayer("Suit of Armor", "H"),))
    result = resolve(bow(harm="M", sharpness=1, time=4), target, PENETRATING, dice=(3, 3))
    assert result.outcome == "no effect" and result.armor_changes == ()


def test_5_5_1_armor_equal_to_the_missile_stops_it_with_one_wound():
    target = character(vulnerability="H", armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve(bow(harm="M", sharpness=1, time=4), target, PENETRATING, dice=(3, 3))
    assert result.outcome == "wounded" and result.wounds == 1 and result.armor_changes == ()


def test_5_5_1_example_heavy_through_medium_armor_is_medium_on_the_character():
    target = character(vulnerability="M", armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve(bow(harm="H", sharpness=1, time=4), target, PENETRATING, dice=(3, 3))
    assert result.outcome == "killed" and result.applied_harm == "M"


def test_5_5_2_example_tremendous_through_shield_and_breastplate_is_medium():
    target = character(vulnerability="H", armor=(ArmorLayer("Shield", "M"), ArmorLayer("Breastplate", "M")))
    result = resolve(bow(harm="T", sharpness=0, time=4), target, PENETRATING, dice=(3, 3))
    assert result.applied_harm == "M" and result.outcome == "wounded"


def test_5_5_1_harm_beyond_tremendous_ignores_armor_and_kills():
    target = character(vulnerability="T", armor=(ArmorLayer("Suit of Armor", "T"),))
    result = resolve(bow(harm="T", sharpness=1, time=4), target, PENETRATING, dice=(3, 3))
    assert result.outcome == "killed" and result.applied_harm == "X"


def test_5_5_striking_attacks_use_the_basic_armor_rules_under_penetrating_armor():
    target = character(vulnerability="H", armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve(sword(harm="H", sharpness=0, time=4), target, PENETRATING, dice=(3, 3))
    assert result.outcome == "armor destroyed"


def test_5_5_missiles_against_denizens_use_the_basic_rules():
    troll = denizen(vulnerability="T", armored=True)
    result = resolve(bow(harm="T", sharpness=1, time=4), troll, PENETRATING, dice=(3, 3))
    assert result.outcome == "killed" and result.applied_harm == "T"


# Cancelled attacks and bad input

def test_a_cancelled_attack_does_nothing_and_says_why():
    result = resolve(sword(cancelled="the Great Axe (H) is heavier than the FIGHT chit (M)"), denizen(), dice=())
    assert result.hit == "cancelled" and result.outcome == "no effect"
    assert "heavier" in result.events[0].text


def test_an_unknown_harm_letter_is_refused():
    with pytest.raises(AttackError, match="harm letter"):
        resolve(replace(sword(), harm="Q"), denizen())


# Decisions of optional-combat-rules.md

def test_decision_the_modifier_applies_with_the_revised_table_even_without_fumble():
    rules = rules_from({"preset": "standard", "missile_table": "revised"})
    result = resolve(bow(time=1), denizen(box=1, time=5, vulnerability="T"), rules, dice=(3, 1))
    assert result.modifier == -4 and result.adjusted == -1 and result.table_result == "+2 levels"


def test_decision_the_standard_missile_table_reads_the_plain_high_die_even_with_fumble_on():
    rules = rules_from({"preset": "standard", "fumble": True})
    result = resolve(bow(time=1), denizen(box=2, time=5, vulnerability="T"), rules, dice=(3, 1))
    assert result.modifier == 0 and result.table == "Missile table"


def test_decision_the_kludge_also_weakens_a_time_0_lightning_bolt():
    bolt = Attack("Wizard", "M", 3, 0, 1, missile=True, spell="Lightning Bolt")
    assert resolve(bolt, denizen(box=1, time=4), THIRD, dice=(3, 3)).sharpness == 2


def test_lightning_bolt_undercut_penalty_applies_to_lightning_bolt_only():
    rules = rules_from({"preset": "optional-3e", "lightning_bolt_undercut_penalty": 2})
    bolt = Attack("Wizard", "M", 3, 2, 1, missile=True, spell="Lightning Bolt")
    assert resolve(bolt, denizen(box=2, time=4), rules, dice=(3, 3)).modifier == 2 - 4 + 4 + 2
    assert resolve(fiery_blast(time=2), denizen(box=2, time=4), rules, dice=(3, 3)).modifier == 2 - 4 + 4


def test_the_revised_wound_variant_wounds_an_unarmored_character_on_9():
    rules = rules_from("je2")
    result = resolve(bow(time=4), character(box=1, time=1, vulnerability="T"), rules, dice=(6, 1))
    assert result.adjusted == 9 and result.outcome == "wounded"


def test_the_revised_levels_variant_drops_five_levels_on_10_or_more():
    rules = rules_from("jay7")
    result = resolve(bow(harm="T", sharpness=0, time=5), denizen(box=1, time=1, vulnerability="L"), rules, dice=(6, 1))
    assert result.table_result == "-5 levels" and result.outcome == "no effect"


def test_an_armored_horse_loses_one_star():
    warhorse = Target("Warhorse", "horse", "T", Maneuver(1, 5), armored=True)
    result = resolve(sword(harm="H", sharpness=1), warhorse)
    assert result.applied_harm == "H" and result.outcome == "no effect"


def test_negligible_harm_still_counts_as_a_hit_for_unalerting_and_red_side_turning():
    result = resolve(bow(harm="L", sharpness=0, time=1), denizen(box=1, time=1), STANDARD, dice=(6, 6))
    assert result.is_hit and result.outcome == "no effect"


def test_a_table_increase_past_tremendous_is_beyond_tremendous_and_kills_an_unarmored_t_target():
    result = resolve(bow(harm="T", sharpness=0, time=1), denizen(box=1, time=5, vulnerability="T"), BIMR4, dice=(1, 1))
    assert result.harm == "X" and result.outcome == "killed"


def test_every_event_names_a_rule_number_and_name():
    target = character(box=1, time=1, armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve(bow(harm="H", time=4), target, BIMR4, dice=(2, 1))
    assert result.events and all(event.rule and event.rule_name for event in result.events)
    assert all(str(event).endswith(f"({citation(event.rule, event.rule_name)})") for event in result.events)
    assert not [event for event in result.events if "rule basic" in str(event)]


def test_a_decrease_below_negligible_eats_stars_one_level_at_a_time():
    result = resolve(bow(harm="L", sharpness=2, time=1), denizen(box=1, time=1, vulnerability="L"), STANDARD, dice=(5, 5))
    assert result.table_result == "-2 levels" and (result.harm, result.sharpness) == ("N", 1)
    assert result.applied_harm == "L" and result.outcome == "killed"


# Remaining clauses and guards

def test_an_attack_without_a_box_cannot_be_resolved_against_a_maneuvering_target():
    with pytest.raises(AttackError, match="no box"):
        resolve(replace(sword(), box=None), denizen(box=1))


def test_an_unknown_vulnerability_is_refused():
    with pytest.raises(AttackError, match="vulnerability"):
        resolve(sword(), replace(denizen(), vulnerability="Z"))


def test_alerted_spell_time_leaves_a_spell_cast_at_time_2_alone():
    rules = rules_from("je2")
    assert resolve(fiery_blast(time=2), denizen(box=1, time=4), rules, dice=(3, 3)).modifier == 2 - 4


def test_without_the_kludge_a_time_0_fiery_blast_keeps_its_stars():
    rules = rules_from({"preset": "optional-3e", "kludge": False})
    result = resolve(fiery_blast(), denizen(box=1, time=4), rules, dice=(3, 3))
    assert result.sharpness == 3 and not any(e.rule == "kludge" for e in result.events)


def test_a_missile_beyond_tremendous_ignores_armor_under_the_basic_rules_too():
    target = character(vulnerability="H", armor=(ArmorLayer("Suit of Armor", "H"),))
    result = resolve(bow(harm="H", sharpness=2, time=4), target, STANDARD, dice=(3, 3))
    assert result.outcome == "killed" and result.armor_changes == ()
    assert any(e.rule == "5.5/1" for e in result.events)


def test_a_striking_attack_beyond_tremendous_on_armor_destroys_it_but_does_not_kill():
    target = character(vulnerability="H", armor=(ArmorLayer("Suit of Armor", "H"),))
    result = resolve(sword(harm="T", sharpness=2), target)
    assert result.outcome == "armor destroyed" and result.wounds == 1


def test_optional_table_wound_has_no_effect_against_a_horse():
    horse = Target("Pony", "horse", "M", Maneuver(1, 1))
    assert resolve(bow(time=4), horse, BIMR4, dice=(6, 2)).outcome == "no effect"


def test_a_rider_who_intercepted_adds_no_4_for_the_rider():
    target = character(box=1, time=5, rider=Maneuver(1, 2))
    assert table_modifier(sword(time=3, box=1), target, "intercept", BIMR4).terms == ("3 - 5", "3 - 2")
