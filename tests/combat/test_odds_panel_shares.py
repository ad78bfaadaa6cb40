"""The odds panel shows every outcome with a chance, in whole percentages that add up to 100 (issue #14.4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.engine.odds import OUTCOMES, attack_odds
from combat.rounds import percent_shares


def test_the_issue_s_mace_against_a_giant_adds_up():
    """Black Knight, Mace, FIGHT H4**, Smash against a Giant: was "18% to kill, 0% to wound, 0% to miss"."""
    answer = attack_odds({"rules": "bimr4", "attack": {"weapon": "Mace", "fight": {"strength": "H", "time": 4}},
                          "target": {"denizen": "Giant"}, "intercept": None})
    shares = percent_shares(answer["outcomes"])
    assert sum(percent for _, percent in shares) == 100
    assert {name for name, _ in shares} == {name for name, p in answer["outcomes"].items() if p > 0}


@given(st.lists(st.integers(0, 1000), min_size=len(OUTCOMES), max_size=len(OUTCOMES)).filter(any))
def test_the_shares_of_any_outcomes_add_up_to_one_hundred(weights):
    total = sum(weights)
    shares = percent_shares({name: weight / total for name, weight in zip(OUTCOMES, weights)})
    assert sum(percent for _, percent in shares) == 100
    assert all(0 <= percent <= 100 for _, percent in shares)


@pytest.mark.parametrize("outcomes, expected", [
    ({"killed": 1 / 3, "miss": 2 / 3}, [("killed", 33), ("miss", 67)]),
    ({"killed": 1 / 3, "wounded": 1 / 3, "miss": 1 / 3}, [("killed", 34), ("wounded", 33), ("miss", 33)]),
    ({"killed": 0.0, "miss": 1.0}, [("miss", 100)]),
])
def test_largest_remainders_round_to_one_hundred(outcomes, expected):
    assert sorted(percent_shares(outcomes)) == sorted(expected)
