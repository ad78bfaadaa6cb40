"""`combat_odds` for the other combat systems, exactly as ../shared/spec/odds-systems.md writes the queries.

Expected values are worked out here independently of the code under test: by brute force over every
throw of the dice (itertools.product), so a slip in the closed forms would show."""

import json
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def combat_odds(query) -> tuple[int, dict]:
    completed = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "combat_odds", "-"],
        input=json.dumps(query), capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    return completed.returncode, json.loads(completed.stdout)


def brute_force(faces: range, dice: int, succeeds) -> list[Fraction]:
    counts = [0] * (dice + 1)
    throws = list(product(faces, repeat=dice))
    for throw in throws:
        counts[sum(map(succeeds, throw))] += 1
    return [Fraction(count, len(throws)) for count in counts]


def test_the_enchanted_realms_query_of_the_spec():
    code, answer = combat_odds({"system": "enchanted-realms", "attack": {"dice": 2, "bonus": 4}, "target": {"pp": 11}})
    assert code == 0
    strikes = brute_force(range(1, 21), 2, lambda d: d == 20 or (d != 1 and d + 4 >= 11))
    assert answer["p_hit"] == float(1 - strikes[0])
    assert answer["p_hit"] == 0.91


@pytest.mark.parametrize("bonus, pp, expected", [
    (30, 5, Fraction(19, 20)),   # a natural 1 misses even when the sum would strike
    (-30, 40, Fraction(1, 20)),  # a natural 20 strikes even when the sum would not
    (0, 20, Fraction(1, 20)),
    (0, 19, Fraction(2, 20)),
])
def test_natural_20_always_strikes_and_natural_1_always_misses(bonus, pp, expected):
    code, answer = combat_odds({"system": "enchanted-realms", "attack": {"dice": 1, "bonus": bonus}, "target": {"pp": pp}})
    assert code == 0
    assert answer["p_hit"] == float(expected)


def test_the_multiverse_test_query_of_the_spec():
    code, answer = combat_odds({"system": "multiverse", "test": {"dice": 4, "difficulty": 7}})
    assert code == 0
    expected = brute_force(range(1, 11), 4, lambda d: d >= 7)
    assert answer["successes"] == [float(p) for p in expected]
    assert answer["p_success"] == float(1 - expected[0])
    assert len(answer["successes"]) == 5


@pytest.mark.parametrize("acting, vigilance, difficulty", [(True, False, 3), (True, True, 5), (False, False, 5)])
def test_the_multiverse_attack_query_lowers_acuity_by_two_for_a_busy_defender_without_vigilance(acting, vigilance, difficulty):
    query = {"system": "multiverse", "attack": {"dice": 3}, "target": {"acuity": 5, "acting": acting, "vigilance": vigilance}}
    code, answer = combat_odds(query)
    assert code == 0
    expected = brute_force(range(1, 11), 3, lambda d: d >= difficulty)
    assert answer["successes"] == [float(p) for p in expected]
    assert answer["p_success"] == float(1 - expected[0])


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_the_joust_query_of_the_spec(dice):
    code, answer = combat_odds({"system": "fallen-empire", "joust": {"dice": dice}})
    assert code == 0
    throws = list(product(range(1, 7), repeat=dice))
    unhorse = Fraction(sum(1 for t in throws if len(t) == 3 and len(set(t)) == 1 and t[0] != 1), len(throws))
    injure = Fraction(sum(1 for t in throws if set(t) == {1}), len(throws))
    assert answer["p_unhorse"] == float(unhorse)
    assert answer["p_injure"] == float(injure)


def test_three_ones_injure_but_do_not_unhorse():
    code, answer = combat_odds({"system": "fallen-empire", "joust": {"dice": 3}})
    assert (answer["p_unhorse"], answer["p_injure"]) == (5 / 216, 1 / 216)


def test_a_query_without_a_system_is_magic_realm_s():
    code, answer = combat_odds({"rules": "standard", "attack": {"harm": "H", "sharpness": 1, "time": 4},
                                "target": {"vulnerability": "M", "armored": False, "move_time": 4}, "intercept": True})
    assert code == 0
    assert "p_kill" in answer


@pytest.mark.parametrize("query, field", [
    ({"system": "chess"}, "system"),
    ({"system": 7}, "system"),
    ({"system": "enchanted-realms", "attack": {"dice": 6, "bonus": 0}, "target": {"pp": 10}}, "attack.dice"),
    ({"system": "enchanted-realms", "attack": {"dice": 2}, "target": {}}, "target.pp"),
    ({"system": "enchanted-realms", "attack": {"dice": True}, "target": {"pp": 3}}, "attack.dice"),
    ({"system": "enchanted-realms", "attack": [], "target": {"pp": 3}}, "attack"),
    ({"system": "multiverse", "test": {"dice": 0, "difficulty": 7}}, "test.dice"),
    ({"system": "multiverse", "test": {"dice": 2, "difficulty": "hard"}}, "test.difficulty"),
    ({"system": "multiverse", "attack": {"dice": 2}, "target": {"acuity": 4, "acting": "yes"}}, "target.acting"),
    ({"system": "multiverse"}, "test"),
    ({"system": "fallen-empire", "joust": {"dice": 4}}, "joust.dice"),
    ({"system": "fallen-empire"}, "joust"),
])
def test_a_query_it_cannot_answer_exits_2_naming_the_field(query, field):
    code, answer = combat_odds(query)
    assert code == 2
    assert answer["error"].startswith(f"{field}:"), answer
