"""The worked examples of the rules texts, resolved end to end, and the log that explains them."""

from systems.magic_realm.engine.attack import ArmorLayer, Attack, Maneuver, Target, resolve_attack
from systems.magic_realm.engine.attackers import denizen_target, weapon_attack
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")


def test_5_4_1_example_a_6_with_plus_3_becomes_9_on_the_fumble_table():
    attack = Attack("Berserker", "H", 0, 2, 1, weapon="Great Axe")
    target = Target("Wolf", "denizen", "M", Maneuver(2, 3))
    result = resolve_attack(attack, target, BIMR4, ScriptedDice([6, 2]))
    assert (result.hit, result.modifier, result.adjusted, result.table_result) == ("undercut", 3, 9, "-2 levels")
    assert result.harm == "L" and result.outcome == "no effect"  # H - 2 levels = L < the Wolf's M


def test_5_4_4_example_time_1_against_no_maneuver_on_the_optional_missile_table():
    attack = Attack("Amazon", "L", 0, 1, 2, missile=True, weapon="Crossbow")
    target = Target("Swordsman", "character", "M", Maneuver(None, None))
    result = resolve_attack(attack, target, BIMR4, ScriptedDice([6, 6]))
    assert (result.hit, result.modifier, result.adjusted) == ("intercept", -7, -1)
    assert result.table_result == "+3 levels" and result.outcome == "killed"


def test_realmspeak_1_4_broadsword_with_a_stronger_chit_is_h_star_at_time_5():
    catalogue = get_catalogue()
    attack = weapon_attack(catalogue.weapon("Broadsword"), alerted=True, fight_strength="H", fight_time=5, box=1)
    wolf = denizen_target(catalogue.denizen("Wolf"), "light", box=1)
    result = resolve_attack(attack, wolf, rules_from("standard"), ScriptedDice([]))
    assert (attack.harm, attack.sharpness, attack.time) == ("H", 1, 5)
    assert result.applied_harm == "T" and result.killed


def test_why_did_i_die_the_events_alone_explain_a_kill():
    attack = Attack("Black Knight", "M", 1, 3, 1, weapon="Mace")
    target = Target("Amazon", "character", "M", Maneuver(1, 4), armor=())
    result = resolve_attack(attack, target, BIMR4, ScriptedDice([2, 1]))
    log = [str(event) for event in result.events]
    assert log == [
        "Hit: Black Knight's Thrust (box 1) intercepts Amazon's Charge (box 1) "
        "(rule 5.4/3 Hit determination (the normal procedure: intercept or undercut))",
        "Harm: Black Knight inflicts M* (rulebook section Harm: letter and sharpness stars)",
        "Table modifier: attack time 3 - maneuver time 4 = -1 (rule 5.4/1 Time advantage and undercut modifier)",
        "Fumble: high die 2 (of 2, 1) + (3 - 4) = 1 → +2 levels (rule 5.4/1 Fumble table)",
        "Harm: M* +2 levels → T* (rulebook section Harm: letter and sharpness stars)",
        "T* = X ≥ Amazon's vulnerability M: killed (rulebook section Harm: Harm against vulnerability)",
    ]


def test_why_was_i_wounded_the_events_explain_penetrating_armor():
    attack = Attack("Rogue", "M", 1, 3, 2, missile=True, one_die=True)
    target = Target("White Knight", "character", "H", Maneuver(2, 5), armor=(ArmorLayer("Breastplate", "M"),))
    result = resolve_attack(attack, target, BIMR4, ScriptedDice([6]))
    texts = [event.text for event in result.events]
    assert "Optional Missile: die 6 + (3 - 5) = 4 → no change" in texts
    assert "The missile hits White Knight's armor: loses one star, 1 - 1 = 0" in texts
    assert "Penetrating armor: Breastplate (M) = M: stopped with 1 wound" in texts
    assert result.outcome == "wounded" and result.armor_changes == ()
