"""Invariants of the systems' dice pools (systems/pools.py and each system's die): hypothesis."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from systems.enchanted_realms.strike import strike_chance
from systems.fallen_empire.joust_throw import throw_chances
from systems.multiverse.pool import attack_difficulty, success_chance
from systems.pools import at_least_one, successes_distribution

chances = st.fractions(min_value=0, max_value=1, max_denominator=100)


@given(st.integers(1, 12), chances)
def test_a_pool_s_distribution_sums_to_one_and_agrees_with_at_least_one(dice, p):
    distribution = successes_distribution(dice, p)
    assert sum(distribution) == 1
    assert 1 - distribution[0] == at_least_one(dice, p)


@given(st.integers(1, 11), chances)
def test_one_more_die_never_lowers_the_chance_of_a_success(dice, p):
    assert at_least_one(dice + 1, p) >= at_least_one(dice, p)


@given(st.integers(-40, 40), st.integers(-40, 60))
def test_an_enchanted_realms_die_strikes_between_one_and_nineteen_times_in_twenty(bonus, pp):
    assert Fraction(1, 20) <= strike_chance(bonus, pp) <= Fraction(19, 20)


@given(st.integers(-40, 40), st.integers(-40, 60))
def test_a_higher_bonus_never_lowers_the_strike_chance(bonus, pp):
    assert strike_chance(bonus + 1, pp) >= strike_chance(bonus, pp)


@given(st.integers(-5, 15))
def test_a_d10_succeeds_on_the_difficulty_or_more(difficulty):
    assert success_chance(difficulty) == Fraction(min(10, max(0, 11 - difficulty)), 10)


@given(st.integers(0, 10), st.booleans(), st.booleans(), st.integers(0, 3))
def test_vigilance_or_standing_still_keeps_the_full_acuity(acuity, acting, vigilance, cover):
    difficulty = attack_difficulty(acuity, acting=acting, vigilance=vigilance, cover=cover)
    assert difficulty == acuity + cover - (2 if acting and not vigilance else 0)


def test_only_a_throw_of_three_can_unhorse():
    assert throw_chances(1)[0] == throw_chances(2)[0] == 0
    assert throw_chances(3) == (Fraction(5, 216), Fraction(1, 216))
    assert [throw_chances(n)[1] for n in (1, 2, 3)] == [Fraction(1, 6), Fraction(1, 36), Fraction(1, 216)]
