"""Enchanted Realms rounds (docs/systems/enchanted-realms.md): a test for every rule ER 1-8 and ruling R1-R6.

Dice are scripted in the order the round throws them: each combatant's 2d4 guard rolls, each one's
initiative d10, the d20 roll-offs, then each turn's pool (then award d20s and their d3s)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.errors import PlaysInvalid
from systems.dice import ScriptedDice, SeededDice
from systems.enchanted_realms.model import Attack, Combatant, Play, RoundInput
from systems.enchanted_realms.round import resolve_round

HERO = Combatant("Aldric", "heroes", hp=12, static_pp=6, initiative_modifier=2)
GOBLIN = Combatant("Goblin", "monsters", hp=5, static_pp=3)


def round_of(plays, combatants=(HERO, GOBLIN)):
    return RoundInput(1, tuple(combatants), plays)


def swing(target="Goblin", method="melee", dice=1, bonus=4, **extra):
    return Play(attack=Attack(target, method, dice, bonus, **extra))


def resolve(plays, dice, combatants=(HERO, GOBLIN)):
    return resolve_round(round_of(plays, combatants), ScriptedDice(list(dice)))


def lines(result):
    return [str(event) for event in result.events]


def hp(result, name):
    return next(c.hp for c in result.combatants if c.name == name)


# guard dice: Aldric range 2 melee 3, Goblin range 1 melee 2; initiative: Aldric 5+2=7, Goblin 3
QUIET_START = [2, 3, 1, 2, 5, 3]


def test_the_higher_initiative_acts_first():
    result = resolve({}, QUIET_START)
    assert result.order == ("Aldric", "Goblin")
    assert "Aldric: d10 5 +2 = 7 (rule ER 2.1 Initiative)" in lines(result)


def test_ties_roll_off_on_a_d20_and_roll_again_while_tied():
    # Aldric 5+2 = 7, Goblin 7: tie; roll-off 12 and 12 (tied again), then 4 and 15
    result = resolve({}, [2, 3, 1, 2, 5, 7, 12, 12, 4, 15])
    assert result.order == ("Goblin", "Aldric")
    assert sum("(rule ER 2.2 Initiative ties)" in line for line in lines(result)) == 2


def test_guard_rolls_make_the_pp_against_ranged_and_against_melee():
    result = resolve({}, QUIET_START)
    guard = result.guards["Goblin"]
    assert (guard.against_ranged, guard.against_melee) == (3 + 1, 3 + 1 + 2)


def test_a_melee_die_strikes_when_die_plus_bonus_equals_the_melee_pp():
    result = resolve({"Aldric": swing(bonus=4)}, QUIET_START + [2])  # 2 + 4 = 6 = PP 3 + 1 + 2
    assert hp(result, "Goblin") == 4
    assert any("2+4 = 6 (strikes)" in line for line in lines(result))


def test_a_ranged_attack_is_against_the_lower_ranged_pp():
    result = resolve({"Aldric": swing(method="ranged", bonus=0)}, QUIET_START + [4])  # 4 ≥ PP 3 + 1
    assert hp(result, "Goblin") == 4


def test_a_natural_20_strikes_whatever_the_pp():
    armored = Combatant("Goblin", "monsters", hp=5, static_pp=40)
    result = resolve({"Aldric": swing(bonus=0)}, QUIET_START + [20], combatants=(HERO, armored))
    assert hp(result, "Goblin") == 4


def test_a_natural_1_misses_whatever_the_bonus():
    result = resolve({"Aldric": swing(bonus=30)}, QUIET_START + [1])
    assert hp(result, "Goblin") == 5
    assert any("(rule ER 4.4 A strike)" in line for line in lines(result))


def test_each_striking_die_deals_a_point_and_melee_adds_the_modifier_and_weight_once():
    result = resolve({"Aldric": swing(dice=3, bonus=4, damage_modifier=1, weight=1)}, QUIET_START + [10, 12, 1])
    assert hp(result, "Goblin") == 5 - (2 + 1 + 1)
    assert any("2 striking dice + damage modifier 1 + weight 1 = 4" in line for line in lines(result))


def test_a_ranged_strike_adds_the_weight_but_no_attribute_modifier():
    result = resolve({"Aldric": swing(method="ranged", dice=1, bonus=4, damage_modifier=3, weight=0)}, QUIET_START + [10])
    assert hp(result, "Goblin") == 4


def test_ruling_r1_a_savage_strike_adds_the_damage_modifier_like_melee():
    result = resolve({"Aldric": swing(method="savage", bonus=4, damage_modifier=2)}, QUIET_START + [10])
    assert hp(result, "Goblin") == 5 - 3


def test_a_natural_20_in_a_pool_of_two_with_a_style_skill_is_a_crit_with_a_d3_award():
    result = resolve({"Aldric": swing(dice=2, bonus=0, crit_style=True)}, QUIET_START + [20, 2, 9, 3])
    # the 20 strikes (1), the 2 misses, award die 9 ≥ 6 strikes for d3 = 3
    assert hp(result, "Goblin") == 5 - 4
    assert any("(rule ER 6.2 The award die)" in line for line in lines(result))


def test_a_natural_20_is_no_crit_in_a_pool_of_one():
    result = resolve({"Aldric": swing(dice=1, bonus=0, crit_style=True)}, QUIET_START + [20])
    assert hp(result, "Goblin") == 4
    assert any("a pool of 1 d20 (two needed)" in line for line in lines(result))


def test_a_natural_20_is_no_crit_without_a_style_skill():
    result = resolve({"Aldric": swing(dice=2, bonus=0)}, QUIET_START + [20, 2])
    assert hp(result, "Goblin") == 4
    assert any("no style skill" in line for line in lines(result))


def test_two_natural_20s_grant_one_award_die_only():
    result = resolve({"Aldric": swing(dice=2, bonus=0, crit_style=True)}, QUIET_START + [20, 20, 3])
    assert hp(result, "Goblin") == 5 - 2  # two striking dice; the award die 3 misses PP 6
    assert sum("(rule ER 6.2 The award die)" in line for line in lines(result)) == 1


def test_an_award_die_showing_20_explodes_into_another():
    goblin = Combatant("Goblin", "monsters", hp=30, static_pp=3)
    result = resolve({"Aldric": swing(dice=2, bonus=0, crit_style=True)}, QUIET_START + [20, 1, 20, 2, 20, 3, 5, 1],
                     combatants=(HERO, goblin))
    # pool: 20 strikes (1 point); award 20 (d3 2), award 20 (d3 3), award 5 misses PP 6: 1 + 2 + 3 = 6
    assert hp(result, "Goblin") == 30 - 6
    assert sum("the chain explodes" in line for line in lines(result)) == 2


def test_crit_damage_does_not_double_the_modifiers():
    result = resolve({"Aldric": swing(dice=2, bonus=0, crit_style=True, damage_modifier=1, weight=2)},
                     QUIET_START + [20, 1, 10, 2], combatants=(HERO, Combatant("Goblin", "m", 30, 3)))
    assert hp(result, "Goblin") == 30 - (1 + 2 + 1 + 2)


def test_ruling_r3_a_dodge_cancels_the_highest_striking_die_of_the_first_melee_strike_only():
    plays = {"Aldric": swing(dice=2, bonus=4), "Goblin": Play(attack=Attack("Aldric", "melee", 1, 0), reaction="dodge")}
    goblin = Combatant("Goblin", "monsters", hp=9, static_pp=3)
    result = resolve(plays, QUIET_START + [10, 12, 2], combatants=(HERO, goblin))
    assert hp(result, "Goblin") == 9 - 1
    assert any("(rule ER 7 Reactions (ruling R3))" in line for line in lines(result))


def test_ruling_r3_a_dodge_that_cancels_the_only_striking_die_makes_a_miss():
    plays = {"Aldric": swing(dice=1, bonus=4, weight=2), "Goblin": Play(reaction="dodge")}
    result = resolve(plays, QUIET_START + [10])
    assert hp(result, "Goblin") == 5


def test_a_dodge_does_not_stop_a_ranged_strike_and_deflect_does_not_stop_melee():
    plays = {"Aldric": swing(method="ranged", bonus=4), "Goblin": Play(reaction="dodge")}
    assert hp(resolve(plays, QUIET_START + [10]), "Goblin") == 4
    plays = {"Aldric": swing(method="melee", bonus=4), "Goblin": Play(reaction="deflect")}
    assert hp(resolve(plays, QUIET_START + [10]), "Goblin") == 4


def test_ruling_r4_at_zero_hit_points_a_combatant_is_down_and_takes_no_turn():
    weak = Combatant("Goblin", "monsters", hp=1, static_pp=3)
    plays = {"Aldric": swing(bonus=4), "Goblin": swing(target="Aldric")}
    result = resolve(plays, QUIET_START + [10], combatants=(HERO, weak))
    assert next(c for c in result.combatants if c.name == "Goblin").down
    assert "Goblin is down and takes no turn (rule ER 8 Down)" in lines(result)
    assert hp(result, "Aldric") == 12


def test_ruling_r5_an_attack_on_a_target_already_down_is_lost():
    ally = Combatant("Bryn", "heroes", hp=8, static_pp=4)
    weak = Combatant("Goblin", "monsters", hp=1, static_pp=3)
    plays = {"Aldric": swing(bonus=4), "Bryn": swing(bonus=4)}
    # guards: Aldric, Bryn, Goblin; initiative Aldric 7, Bryn 4, Goblin 3
    result = resolve(plays, [2, 3, 1, 1, 1, 2, 5, 4, 3, 10], combatants=(HERO, ally, weak))
    assert any("is lost: Goblin is already down" in line for line in lines(result))


def test_a_combatant_with_no_play_takes_no_action_and_another_action_is_logged():
    result = resolve({"Goblin": Play(other="drinks a potion")}, QUIET_START)
    assert "Aldric takes no action this round (rule ER 1 The round)" in lines(result)
    assert "Goblin: drinks a potion (rule ER 1 The round)" in lines(result)


@pytest.mark.parametrize("plays, path", [
    ({"Nobody": Play()}, "plays.Nobody"),
    ({"Aldric": swing(target="Ghost")}, "plays.Aldric.attack.target"),
    ({"Aldric": swing(target="Aldric")}, "plays.Aldric.attack.target"),
    ({"Aldric": swing(dice=6)}, "plays.Aldric.attack.dice"),
    ({"Aldric": swing(weight=3)}, "plays.Aldric.attack.weight"),
    ({"Aldric": swing(method="psychic")}, "plays.Aldric.attack.method"),
    ({"Aldric": Play(reaction="parry")}, "plays.Aldric.reaction"),
    ({"Aldric": Play(attack=Attack("Goblin", "melee", 1, 0), other="runs")}, "plays.Aldric"),
])
def test_it_refuses_a_play_naming_the_field(plays, path):
    with pytest.raises(PlaysInvalid) as raised:
        resolve(plays, QUIET_START)
    assert path in [error.path for error in raised.value.errors]


def fighters():
    return st.builds(
        lambda hp, pp, init, dice, bonus, crit: (hp, pp, init, dice, bonus, crit),
        st.integers(1, 20), st.integers(0, 15), st.integers(-2, 4), st.integers(1, 5), st.integers(-2, 8), st.booleans(),
    )


@settings(max_examples=80, deadline=None)
@given(st.lists(fighters(), min_size=2, max_size=6), st.integers(0, 10**6))
def test_a_round_replays_from_its_seed_and_damage_only_lowers_hit_points(specs, seed):
    combatants = tuple(Combatant(f"C{i}", "a" if i % 2 else "b", hp, pp, init) for i, (hp, pp, init, *_rest) in enumerate(specs))
    plays = {f"C{i}": Play(attack=Attack(f"C{(i + 1) % len(specs)}", "melee", dice, bonus, crit_style=crit))
             for i, (_hp, _pp, _init, dice, bonus, crit) in enumerate(specs)}
    first = resolve_round(RoundInput(1, combatants, plays), SeededDice(seed))
    second = resolve_round(RoundInput(1, combatants, plays), SeededDice(seed))
    assert first == second
    assert sorted(first.order) == sorted(c.name for c in combatants)
    for before, after in zip(combatants, first.combatants):
        assert after.hp == before.hp - first.damage_done.get(before.name, 0)
        assert after.down == (after.hp <= 0)
