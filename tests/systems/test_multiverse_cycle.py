"""Multiverse tick cycles (docs/systems/multiverse.md): a test for every rule MV 1-8 and ruling R1-R7.

Dice are scripted in the order a cycle throws them: in the first cycle each combatant's initiative d10
(in the order listed), then the pools of the actions as they resolve, tick by tick."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.dice import ScriptedDice, SeededDice
from systems.errors import PlaysInvalid
from systems.multiverse.cycle import resolve_cycle
from systems.multiverse.model import Action, Combatant, CycleInput, InProgress
from systems.multiverse.validation import longest_move

MAGE = Combatant("Astaroth", "mage", acuity=3, finesse=4, strength=2, endurance=3, life=6, magic_high=4, magic_low=2)
GOBLIN = Combatant("Goblin", "goblins", acuity=2, finesse=3, strength=2, endurance=2, life=3)
STABBER = Combatant("Goblin", "goblins", acuity=2, finesse=3, strength=1, endurance=2, life=3)  # one die a blow


def cycle(actions, dice, combatants=(MAGE, GOBLIN), number=1, in_progress=None):
    return resolve_cycle(CycleInput(number, tuple(combatants), actions, in_progress or {}), ScriptedDice(list(dice)))


def lines(result):
    return [str(event) for event in result.events]


def life(result, name):
    return next(c.life for c in result.combatants if c.name == name)


def dead(result, name):
    return next(c.dead for c in result.combatants if c.name == name)


def hit(target, ticks=2, attribute="strength"):
    return Action("attack", ticks, target=target, attribute=attribute)


def test_the_initiative_value_is_a_d10_minus_acuity_and_sets_the_first_tick():
    result = cycle({}, [9, 5])
    assert "Astaroth: d10 9 - Acuity 3 = IV 6: begins on tick 6 (rule MV 1 Initiative)" in lines(result)
    assert "Goblin: d10 5 - Acuity 2 = IV 3: begins on tick 3 (rule MV 1 Initiative)" in lines(result)


def test_a_negative_initiative_value_begins_on_tick_one():
    result = cycle({}, [1, 1])
    assert "Astaroth: d10 1 - Acuity 3 = IV -2: begins on tick 1 (rule MV 1 Initiative)" in lines(result)


def test_ties_declare_lowest_acuity_first_and_negatives_in_descending_order():
    result = cycle({}, [5, 4])  # both IV 2: the Goblin (Acuity 2) declares first
    assert "Declaring order: Goblin, Astaroth (rule MV 1.1 Declaring)" in lines(result)
    result = cycle({}, [1, 1])  # IV -2 and -1: -1 declares first
    assert "Declaring order: Goblin, Astaroth (rule MV 1.1 Declaring)" in lines(result)


def test_an_action_of_d_ticks_begun_on_tick_s_resolves_at_the_end_of_tick_s_plus_d_minus_1():
    # Goblin IV 3: attacks take 2 ticks: resolve on ticks 4 and 6
    result = cycle({"Goblin": (hit("Astaroth"), hit("Astaroth"))}, [10, 5, 5, 5, 5, 5])
    attack_lines = [line for line in lines(result) if "strikes at" in line]
    assert [line.split(":")[0] for line in attack_lines] == ["Tick 4", "Tick 6"]


def test_each_success_takes_a_point_of_life():
    result = cycle({"Goblin": (hit("Astaroth"),)}, [10, 5, 3, 9])  # Mage not yet acting: difficulty 3
    assert life(result, "Astaroth") == 6 - 2
    assert any("2 successes; life 6 - 2 = 4 (rule MV 5.2 Damage)" in line for line in lines(result))


def test_a_defender_busy_with_an_action_without_vigilance_is_at_acuity_minus_two():
    actions = {"Astaroth": (Action("other", 5),), "Goblin": (hit("Astaroth"),)}
    result = cycle(actions, [4, 5, 1, 1])  # Mage IV 1 busy from tick 1; Goblin resolves on tick 4; 1 ≥ 3 - 2
    assert life(result, "Astaroth") == 4
    assert any("Acuity 3 - 2 (busy with an action, no Vigilance) = 1" in line for line in lines(result))


def test_vigilance_keeps_the_full_acuity():
    watchful = Combatant("Astaroth", "mage", 3, 4, 2, 3, 6, vigilance=True)
    actions = {"Astaroth": (Action("other", 5),), "Goblin": (hit("Astaroth"),)}
    result = cycle(actions, [4, 5, 1, 1], combatants=(watchful, GOBLIN))
    assert life(result, "Astaroth") == 6


def test_an_action_not_yet_begun_does_not_make_the_defender_busy():
    actions = {"Astaroth": (Action("other", 2),), "Goblin": (hit("Astaroth"),)}
    result = cycle(actions, [10, 5, 2, 2])  # Mage begins on tick 7; the Goblin strikes on tick 4
    assert life(result, "Astaroth") == 6
    assert any("difficulty Acuity 3 = 3" in line for line in lines(result))


@pytest.mark.parametrize("pace, penalty", [("run", 1), ("sprint", 2)])
def test_a_running_or_sprinting_defender_loses_acuity_per_multiplier(pace, penalty):
    runner = Combatant("Astaroth", "mage", 3, 1, 2, 9, 6)
    actions = {"Astaroth": (Action("move", 6, pace=pace),), "Goblin": (hit("Astaroth"),)}
    result = cycle(actions, [4, 5, 3 - penalty], combatants=(runner, STABBER))  # short of Acuity 3, yet a success
    assert life(result, "Astaroth") == 5


@pytest.mark.parametrize("finesse, endurance, pace, longest", [
    (3, 4, "run", 4), (3, 4, "sprint", 3), (3, 6, "run", None), (3, 6, "sprint", 5), (5, 2, "walk", None),
])
def test_a_pace_over_endurance_is_kept_for_endurance_ticks_less_one_per_extra_multiplier(finesse, endurance, pace, longest):
    assert longest_move(Combatant("M", "s", 1, finesse, 1, endurance, 1), pace) == longest


def test_a_move_longer_than_the_pace_allows_is_refused():
    with pytest.raises(PlaysInvalid) as raised:
        cycle({"Goblin": (Action("move", 3, pace="sprint"),)}, [])  # Finesse 3 x 3 > Endurance 2: 1 tick at most
    assert [e.path for e in raised.value.errors] == ["actions.Goblin.0.ticks"]


def test_a_ranged_shot_needs_a_load_just_before_it():
    with pytest.raises(PlaysInvalid) as raised:
        cycle({"Goblin": (Action("load", 2), Action("other", 1), Action("fire", 1, target="Astaroth"))}, [])
    assert [e.path for e in raised.value.errors] == ["actions.Goblin.2.kind"]


def test_load_then_fire_uses_finesse_against_acuity_plus_cover():
    actions = {"Goblin": (Action("load", 1), Action("fire", 1, target="Astaroth", cover="half"))}
    result = cycle(actions, [10, 5, 5, 6, 1])  # Goblin tick 3 load, tick 4 fire: difficulty 3 + 2 = 5
    assert life(result, "Astaroth") == 6 - 2
    assert any("+ 2 (half cover) = 5" in line and "(rule MV 6.2 Ranged attacks)" in line for line in lines(result))


def test_a_totally_obscured_target_cannot_be_shot():
    actions = {"Goblin": (Action("load", 1), Action("fire", 1, target="Astaroth", cover="total"))}
    result = cycle(actions, [10, 5])
    assert any("totally obscured: no roll to hit" in line for line in lines(result))


def test_turning_to_another_action_loses_the_readied_shot():
    result = cycle({"Goblin": (Action("load", 1), Action("other", 1))}, [10, 5], combatants=(MAGE, GOBLIN))
    assert any("loses the readied shot (rule MV 6.1 Loading)" in line for line in lines(result))


def test_a_spell_takes_its_mana_cost_in_ticks_and_then_takes_effect():
    result = cycle({"Astaroth": (Action("cast", 3, spell="Electrolyze"),)}, [4, 10])  # IV 1: ticks 1-3
    assert "Tick 3: Astaroth casts Electrolyze (3 mana): it takes effect (the GM applies what the spell does) (rule MV 7 Spells)" in lines(result)


def test_the_designer_s_mana_burn_example():
    # Astaroth (Intelligence 4, Strength 2) casts a 3-mana spell; a goblin stabs him first; he rolls 6, 4, 4, 2
    # (no 7): the spell is lost; resisting with 2 dice he rolls 6 and 8: one point resisted, two taken.
    actions = {"Astaroth": (Action("cast", 3, spell="Electrolyze"),), "Goblin": (Action("attack", 1, target="Astaroth"),)}
    result = cycle(actions, [4, 3, 10, 6, 4, 4, 2, 6, 8], combatants=(MAGE, STABBER))  # the stab lands on tick 1
    assert life(result, "Astaroth") == 6 - 1 - 2
    assert any("the spell is lost. Mana burn 3, resisted with 2d10 (6, 8): 1; life 5 - 2 = 3" in line for line in lines(result))
    assert not any("takes effect" in line for line in lines(result))


def test_a_caster_who_passes_the_test_goes_on_casting():
    actions = {"Astaroth": (Action("cast", 3, spell="Electrolyze"),), "Goblin": (Action("attack", 1, target="Astaroth"),)}
    result = cycle(actions, [4, 3, 10, 7, 1, 1, 1], combatants=(MAGE, STABBER))
    assert any("the casting goes on (rule MV 7.1 Interruption)" in line for line in lines(result))
    assert any("takes effect" in line for line in lines(result))


def test_a_counterspell_after_a_passed_acuity_check_leaves_the_spell_without_effect():
    actions = {"Astaroth": (Action("cast", 2, spell="Lightning"),),
               "Goblin": (Action("cast", 1, target="Astaroth", spell="Cancel", counter=True),)}
    result = cycle(actions, [4, 10, 8, 1])  # Goblin's Acuity 2d10: 8 passes
    assert any("counters Astaroth's Lightning with Cancel" in line for line in lines(result))
    assert not any("takes effect" in line for line in lines(result))


def test_a_failed_counter_check_lets_the_spell_through():
    actions = {"Astaroth": (Action("cast", 2, spell="Lightning"),),
               "Goblin": (Action("cast", 1, target="Astaroth", spell="Cancel", counter=True),)}
    result = cycle(actions, [4, 10, 7, 1])
    assert any("takes effect" in line for line in lines(result))


def test_when_the_target_dies_a_passed_acuity_check_drops_the_action():
    ally = Combatant("Bryn", "mage", 2, 3, 3, 3, 5)
    weak = Combatant("Goblin", "goblins", 1, 3, 2, 2, 1)
    actions = {"Astaroth": (hit("Goblin", ticks=1),), "Bryn": (hit("Goblin", ticks=5), Action("other", 1))}
    # IV: Astaroth 4-3=1, Bryn 3-2=1, Goblin 9-1=8. Tick 1: Astaroth 2d10 (9, 1) kills the Goblin; Bryn's check 8, 1
    result = cycle(actions, [4, 3, 9, 9, 1, 8, 1], combatants=(MAGE, ally, weak))
    assert any("Bryn drops the action (rule MV 3 Changing an action)" in line for line in lines(result))
    assert any("Tick 2: Bryn completes: other" in line for line in lines(result))


def test_when_the_target_dies_a_failed_check_wastes_the_action():
    ally = Combatant("Bryn", "mage", 2, 3, 3, 3, 5)
    weak = Combatant("Goblin", "goblins", 1, 3, 2, 2, 1)
    actions = {"Astaroth": (hit("Goblin", ticks=1),), "Bryn": (hit("Goblin", ticks=3),)}
    result = cycle(actions, [4, 3, 9, 9, 1, 2, 1], combatants=(MAGE, ally, weak))
    assert any("Bryn must finish" in line for line in lines(result))
    assert any("Tick 3: Bryn's attack Goblin (strength, 3 ticks) is wasted: Goblin is already dead" in line for line in lines(result))


def test_ruling_r1_blows_on_the_same_tick_land_together():
    a = Combatant("A", "one", 0, 1, 1, 1, 1)
    b = Combatant("B", "two", 0, 1, 1, 1, 1)
    result = cycle({"A": (hit("B", ticks=1, attribute="finesse"),), "B": (hit("A", ticks=1, attribute="finesse"),)},
                   [1, 1, 10, 10], combatants=(a, b))
    assert dead(result, "A") and dead(result, "B")
    assert result.combat_ends


def test_ruling_r2_an_action_past_tick_ten_carries_into_the_next_cycle():
    result = cycle({"Astaroth": (Action("cast", 5, spell="Storm"),)}, [10, 10])  # IV 7: ticks 7-11
    assert result.in_progress == {"Astaroth": InProgress(Action("cast", 5, spell="Storm"), 1)}
    following = cycle({}, [], number=2, in_progress=result.in_progress)
    assert "Tick 1: Astaroth casts Storm (5 mana): it takes effect (the GM applies what the spell does) (rule MV 7 Spells)" in lines(following)


def test_ruling_r6_a_combatant_at_zero_life_is_dead_and_combat_ends_with_one_side_left():
    result = cycle({"Astaroth": (hit("Goblin", ticks=1, attribute="finesse"),)}, [4, 10, 9, 9, 9, 1])
    assert dead(result, "Goblin")
    assert "Combat ends: only mage is left standing (rule MV 8 End of combat)" in lines(result)


def test_ruling_r7_an_attribute_of_zero_rolls_no_dice():
    weakling = Combatant("Goblin", "goblins", 2, 0, 0, 2, 3)
    result = cycle({"Goblin": (hit("Astaroth"),)}, [10, 5], combatants=(MAGE, weakling))
    assert any("Strength no dice" in line for line in lines(result))


@pytest.mark.parametrize("actions, path", [
    ({"Nobody": ()}, "actions.Nobody"),
    ({"Goblin": (hit("Ghost"),)}, "actions.Goblin.0.target"),
    ({"Goblin": (hit("Goblin"),)}, "actions.Goblin.0.target"),
    ({"Goblin": (Action("attack", 0, target="Astaroth"),)}, "actions.Goblin.0.ticks"),
    ({"Goblin": (Action("attack", 2, target="Astaroth", attribute="luck"),)}, "actions.Goblin.0.attribute"),
    ({"Goblin": (Action("dance", 2),)}, "actions.Goblin.0.kind"),
    ({"Goblin": (Action("load", 1), Action("fire", 2, target="Astaroth"))}, "actions.Goblin.1.ticks"),
    ({"Goblin": (Action("attack", 1, target="Astaroth", counter=True),)}, "actions.Goblin.0.kind"),
])
def test_it_refuses_a_declared_action_naming_the_field(actions, path):
    with pytest.raises(PlaysInvalid) as raised:
        cycle(actions, [])
    assert path in [e.path for e in raised.value.errors]


fighter = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(1, 8), st.integers(1, 6))


@settings(max_examples=80, deadline=None)
@given(st.lists(fighter, min_size=2, max_size=5), st.integers(0, 10**6), st.integers(1, 4))
def test_a_cycle_replays_from_its_seed_and_life_never_rises(specs, seed, speed):
    combatants = tuple(Combatant(f"C{i}", f"side{i % 2}", a, f, s, e, life) for i, (a, f, s, e, life) in enumerate(specs))
    actions = {f"C{i}": (hit(f"C{(i + 1) % len(specs)}", ticks=speed),) * 3 for i in range(len(specs))}
    first = resolve_cycle(CycleInput(1, combatants, actions, {}), SeededDice(seed))
    second = resolve_cycle(CycleInput(1, combatants, actions, {}), SeededDice(seed))
    assert first == second
    for before, after in zip(combatants, first.combatants):
        assert after.life <= before.life
        assert after.dead == (after.life <= 0)
