"""Enchanted Realms' `planned_odds` (systems/enchanted_realms/planned_odds.py): a planned attack's pool against
its target's Protective Points, the guard dice not yet rolled (ER 3.1-3.3). Every expected chance is counted
here by brute force over every guard throw and every face of the pool's d20s."""

from fractions import Fraction
from itertools import product

import pytest

from systems import get_system, system_odds
from systems.enchanted_realms.planned_odds import planned_odds


def by_brute_force(dice: int, bonus: int, static_pp: int, guard_dice: int) -> Fraction:
    """P(at least one die strikes): a natural 20 strikes, a natural 1 misses, else d20 + bonus >= PP."""
    hits = total = 0
    for guards in product(range(1, 5), repeat=guard_dice):
        pp = static_pp + sum(guards)
        for faces in product(range(1, 21), repeat=dice):
            total += 1
            hits += any(face == 20 or (face != 1 and face + bonus >= pp) for face in faces)
    return Fraction(hits, total)


def round_input(attack: dict | None, **play) -> dict:
    return {"system": "enchanted-realms", "round": 2,
            "combatants": [{"name": "Aldric", "side": "heroes", "hp": 12, "static_pp": 7},
                           {"name": "Goblin", "side": "goblins", "hp": 5, "static_pp": 4}],
            "plays": {"Aldric": {**({"attack": attack} if attack else {}), **play}}}


@pytest.mark.parametrize("method, guard_dice", [("melee", 2), ("savage", 2), ("ranged", 1)])
def test_the_chance_to_strike_weighs_the_guard_dice_the_method_meets(method, guard_dice):
    attack = {"target": "Goblin", "method": method, "dice": 2, "bonus": 3}
    [odds] = planned_odds(round_input(attack), "Aldric")
    expected = by_brute_force(2, 3, 4, guard_dice)
    assert (odds.attacker, odds.target, odds.error) == ("Aldric", "Goblin", "")
    assert odds.outcomes == pytest.approx({"hit": float(expected), "miss": float(1 - expected)}, abs=1e-12)
    assert odds.query == {"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 3},
                          "target": {"pp": 4, "guard_dice": guard_dice}}
    assert "guard" in odds.explanation and ("deflect" if method == "ranged" else "dodge") in odds.explanation


def test_an_attack_from_the_combatants_own_list_keeps_its_bonus():
    """The form writes one of the combatant's `attacks` whole (damage modifier, weight, crit style beside)."""
    attack = {"target": "Goblin", "method": "melee", "dice": 3, "bonus": 5, "damage_modifier": 2, "weight": 2,
              "crit_style": True}
    [odds] = planned_odds(round_input(attack), "Aldric")
    assert odds.outcomes["hit"] == pytest.approx(float(by_brute_force(3, 5, 4, 2)), abs=1e-12)


def test_a_guard_throw_holds_for_the_whole_pool():
    """Two dice against one unknown guard throw are not two dice against two: the odds count each throw apart."""
    answer = system_odds({"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 0},
                          "target": {"pp": 10, "guard_dice": 2}})
    assert answer["p_hit_exact"] == str(by_brute_force(2, 0, 10, 2))
    assert sum(answer["strikes"]) == pytest.approx(1)


def test_without_guard_dice_the_query_answers_as_the_spec_writes_it():
    answer = system_odds({"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 4}, "target": {"pp": 11}})
    assert answer["p_hit"] == 0.91 and answer["outcomes"] == {"hit": 0.91, "miss": 0.09}


def test_guard_dice_beyond_range_and_melee_are_refused_naming_the_field():
    with pytest.raises(ValueError, match=r"^target\.guard_dice"):
        system_odds({"system": "enchanted-realms", "attack": {"dice": 1}, "target": {"pp": 5, "guard_dice": 3}})


@pytest.mark.parametrize("play", [
    {"other": "drinks a potion"},
    {},
    {"attack": {"target": "Goblin", "method": "melee"}},  # the pool not typed yet
    {"attack": {"method": "melee", "dice": 2}},  # no target yet
])
def test_a_side_that_plans_no_whole_attack_has_no_odds(play):
    data = round_input(None)
    data["plays"]["Aldric"] = play
    assert planned_odds(data, "Aldric") == ()


def test_a_pool_the_odds_refuse_carries_the_error_naming_the_field():
    [odds] = get_system("enchanted-realms").planned_odds(
        round_input({"target": "Goblin", "method": "melee", "dice": 9}), "Aldric")
    assert odds.outcomes == {} and odds.error.startswith("attack.dice")
