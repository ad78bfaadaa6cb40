"""Fallen Empire's `planned_odds` (systems/fallen_empire/planned_odds.py): a jouster's throw, and a melee
round's attack roll against the target's Armour Class (FE 5). Every expected chance is counted here by brute
force over every face of the dice."""

from fractions import Fraction
from itertools import product

import pytest

from systems import get_system, system_odds
from systems.fallen_empire.planned_odds import planned_odds
from systems.interface import fill
from tests.systems.interface_examples import answer, examples_of, load, without_plays


def hit_by_brute_force(to_hit: int, ac: int) -> float:
    """FE 5.1, ruling R11: d20 + to_hit >= 19 - AC hits; a natural 20 always, a natural 1 never."""
    return float(Fraction(sum(face == 20 or (face != 1 and face + to_hit >= 19 - ac) for face in range(1, 21)), 20))


def hit_or_miss(p: float) -> dict:
    return pytest.approx({"hit": p, "miss": 1 - p}, abs=1e-12)


# --- the Joust --------------------------------------------------------------------------------------


def joust(choices: dict, **more) -> dict:
    return {"system": "fallen-empire", "kind": "joust",
            "jousters": [{"name": "Sir Ash", "pool": 5}, {"name": "Black Knight", "pool": 4}],
            "choices": choices, **more}


def test_three_dice_unhorse_on_a_triple_but_three_ones_injure_instead():
    throws = list(product(range(1, 7), repeat=3))
    unhorses = Fraction(sum(len(set(t)) == 1 and t[0] != 1 for t in throws), len(throws))
    injures = Fraction(sum(t == (1, 1, 1) for t in throws), len(throws))
    [odds] = planned_odds(joust({"Sir Ash": 3}), "Sir Ash")
    assert (odds.attacker, odds.target) == ("Sir Ash", "Black Knight")
    assert odds.outcomes == pytest.approx({"unhorses": float(unhorses), "injures": float(injures),
                                           "neither": float(1 - unhorses - injures)}, abs=1e-12)
    assert odds.query == {"system": "fallen-empire", "joust": {"dice": 3}}
    assert "sealed" in odds.explanation


def test_one_die_never_unhorses_and_injures_on_a_one():
    [odds] = planned_odds(joust({"Black Knight": 1}), "Black Knight")
    assert odds.outcomes == pytest.approx({"unhorses": 0, "injures": 1 / 6, "neither": 5 / 6}, abs=1e-12)


def test_a_jouster_who_has_not_chosen_or_whose_joust_is_over_has_no_odds():
    assert planned_odds(joust({"Black Knight": 2}), "Sir Ash") == ()
    over = {"how": "unhorsed", "winner": "Sir Ash", "injured": [], "ejected": [], "damage": {}}
    assert planned_odds(joust({"Sir Ash": 2}, outcome=over), "Sir Ash") == ()


# --- the melee --------------------------------------------------------------------------------------


SWORD = {"name": "sword", "damage": "1d8", "type": "hand"}


def fighter(name: str, side: str, **more) -> dict:
    return {"name": name, "side": side, "hp": 8, "max_hp": 8, "armour_ac": 9, "role": "pc",
            "class": "fighting-man", "melee": SWORD, **more}


def melee_round(play: dict, *, round_number: int = 2, **targets) -> dict:
    """Sir Ash (+1 to hit) against an orc in mail and shield (AC 5 - 1 = 4), beside a second orc."""
    orc = fighter("Orc", "Orcs", **{"role": "monster", "armour_ac": 5, "shield": {"kind": "plain"}, **targets})
    return {"system": "fallen-empire", "kind": "melee", "round": round_number,
            "sides": [{"name": "Party", "party": True}, {"name": "Orcs"}],
            "combatants": [fighter("Sir Ash", "Party", to_hit=1), orc, fighter("Orc 2", "Orcs", role="monster")],
            "plays": {"Sir Ash": play}}


def test_a_melee_attack_rolls_its_to_hit_against_the_targets_armour_and_shield():
    [odds] = planned_odds(melee_round({"action": "melee", "target": "Orc"}), "Sir Ash")
    assert (odds.target, odds.error) == ("Orc", "")
    assert odds.query == {"system": "fallen-empire", "attack": {"to_hit": 1}, "target": {"ac": 4}}
    assert odds.outcomes == hit_or_miss(hit_by_brute_force(1, 4))
    assert "Orc's own play" in odds.explanation


def test_a_charge_is_at_plus_two_and_subdual_at_minus_two():
    [charge] = planned_odds(melee_round({"action": "charge", "target": "Orc", "distance": 12}), "Sir Ash")
    assert charge.outcomes == hit_or_miss(hit_by_brute_force(3, 4))
    [flat] = planned_odds(melee_round({"action": "melee", "target": "Orc", "subdue": True}), "Sir Ash")
    assert flat.outcomes == hit_or_miss(hit_by_brute_force(-1, 4))


def test_from_the_rear_of_a_target_facing_someone_else_it_is_plus_two_and_the_shield_does_not_count():
    """The orc is engaged with a second party member: Sir Ash comes at him from behind (FE 8.4)."""
    data = melee_round({"action": "melee", "target": "Orc", "rear": True}, engaged_with=["Mia"])
    data["combatants"].append(fighter("Mia", "Party", engaged_with=["Orc"]))
    [odds] = planned_odds(data, "Sir Ash")
    assert odds.query["target"] == {"ac": 5} and odds.query["attack"] == {"to_hit": 3}
    assert odds.outcomes == hit_or_miss(hit_by_brute_force(3, 5))


def test_a_rear_attack_on_a_target_facing_nobody_else_is_counted_from_the_front():
    [odds] = planned_odds(melee_round({"action": "melee", "target": "Orc", "rear": True}), "Sir Ash")
    assert odds.query["target"] == {"ac": 4} and odds.query["attack"] == {"to_hit": 1}


def test_a_mounted_attacker_against_a_man_on_foot_is_at_plus_two():
    data = melee_round({"action": "melee", "target": "Orc"})
    data["combatants"][0]["mounted"] = True
    [odds] = planned_odds(data, "Sir Ash")
    assert odds.outcomes == hit_or_miss(hit_by_brute_force(3, 4))


def test_a_missile_from_horseback_adds_the_weapons_own_bonus_and_takes_one_off():
    data = melee_round({"action": "missile", "target": "Orc"})
    data["combatants"][0].update(mounted=True, missile={"name": "shortbow", "damage": "1d6", "type": "shortbow",
                                                        "to_hit": 2})
    [odds] = planned_odds(data, "Sir Ash")
    assert odds.query["attack"] == {"to_hit": 2}
    assert odds.outcomes == hit_or_miss(hit_by_brute_force(2, 4))
    assert "cover" in odds.explanation


def test_a_target_down_since_the_start_of_the_round_is_hit_without_a_roll():
    data = melee_round({"action": "melee", "target": "Orc"}, role="henchman", hp=0, status="dying")
    [odds] = planned_odds(data, "Sir Ash")
    assert odds.query["target"]["helpless"] is True and odds.outcomes == {"hit": 1.0, "miss": 0.0}


def test_a_first_round_says_surprise_is_not_counted():
    [odds] = planned_odds(melee_round({"action": "melee", "target": "Orc"}, round_number=1), "Sir Ash")
    assert "surprise" in odds.explanation


@pytest.mark.parametrize("play", [{"action": "move", "distance": 6}, {"action": "set_spear"},
                                  {"action": "spell", "spell": "Sleep"}, {"action": "melee"}, {}])
def test_a_play_without_an_attack_roll_at_a_target_has_no_odds(play):
    assert planned_odds(melee_round(play), "Sir Ash") == ()


def test_the_attack_query_answers_a_natural_twenty_and_a_natural_one():
    assert system_odds({"system": "fallen-empire", "attack": {"to_hit": -30}, "target": {"ac": 9}})["p_hit"] == 0.05
    assert system_odds({"system": "fallen-empire", "attack": {"to_hit": 30}, "target": {"ac": -5}})["p_hit"] == 0.95
    assert system_odds({"system": "fallen-empire", "attack": {}, "target": {"ac": 2}})["p_hit_exact"] == "1/5"


def test_every_attack_a_melee_example_offers_in_its_form_gets_the_chance_of_its_roll():
    """Each side of each melee example, playing each attack its form offers at the first target offered."""
    system, asked = get_system("fallen-empire"), 0
    for path in examples_of("fallen-empire"):
        state = without_plays(load(path))
        if state["kind"] != "melee":
            continue
        for side in system.sides(state):
            form = system.plays_form(state, side)
            offered = [c.value for c in form.fields[0].choices] if form.fields else []
            for action in ("melee", "charge", "missile"):
                if action not in offered:
                    continue
                filled = fill(state, form, answer(form, {"action": action}))
                [odds] = planned_odds(filled, side)
                to_hit, ac = odds.query["attack"]["to_hit"], odds.query["target"]["ac"]
                p = 1.0 if odds.query["target"].get("helpless") else hit_by_brute_force(to_hit, ac)
                assert odds.outcomes == hit_or_miss(p), (path.stem, side, action)
                asked += 1
    assert asked
