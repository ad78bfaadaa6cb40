"""The Joust (docs/systems/fallen-empire.md): a test for every rule FE J.1-J.8 and every ruling R1-R4."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.errors import PlaysInvalid
from systems.dice import ScriptedDice, SeededDice
from systems.fallen_empire.joust import (
    JoustState,
    Jouster,
    dice_open_to,
    pair_losses,
    resolve_pass,
    validate_choices,
)

ASH, KNIGHT = "Sir Ash", "Black Knight"


def joust(ash=4, knight=4, **kwargs):
    return JoustState((Jouster(ASH, ash), Jouster(KNIGHT, knight)), **kwargs)


def play(state, ash_dice, knight_dice, faces):
    return resolve_pass(state, {ASH: ash_dice, KNIGHT: knight_dice}, ScriptedDice(list(faces)))


def pools(result):
    return result.state.jouster(ASH).pool, result.state.jouster(KNIGHT).pool


def lines(result):
    return [str(event) for event in result.events]


@pytest.mark.parametrize("pool, allowed", [(1, [1]), (2, [1, 2]), (3, [1, 2, 3]), (7, [1, 2, 3])])
def test_a_jouster_chooses_one_to_three_dice_never_more_than_the_pool(pool, allowed):
    assert list(dice_open_to(joust(ash=pool), ASH)) == allowed


@pytest.mark.parametrize("choice", [0, 4, "2", True, None])
def test_it_refuses_a_choice_outside_the_pool_naming_the_jouster(choice):
    errors = validate_choices(joust(ash=2), {ASH: choice, KNIGHT: 1})
    assert [error.path for error in errors] == [f"choices.{ASH}"]
    assert "FE J.2" in errors[0].message


def test_it_refuses_a_pass_until_both_have_chosen():
    with pytest.raises(PlaysInvalid) as raised:
        resolve_pass(joust(), {ASH: 2}, ScriptedDice([]))
    assert [error.path for error in raised.value.errors] == [f"choices.{KNIGHT}"]


def test_the_highest_dice_are_paired_and_each_pair_lost_costs_a_die():
    result = play(joust(), 2, 2, [2, 6, 5, 3])  # Ash 6,2 against the Knight's 5,3
    assert pools(result) == (3, 3)
    assert "6 against 5: Sir Ash wins; 2 against 3: Black Knight wins" in lines(result)[2]


def test_dice_without_a_mate_are_not_counted():
    result = play(joust(), 1, 3, [4, 6, 6, 6 - 1])  # Ash 4 against the Knight's 6,6,5: one pair only
    assert pools(result) == (3, 4)
    assert "2 dice without a mate are not counted" in lines(result)[2]


def test_a_tie_goes_to_the_jouster_who_threw_fewer_dice():
    result = play(joust(), 1, 2, [5, 5, 2])
    assert pools(result) == (4, 3)
    assert "a tie goes to the smaller throw" in lines(result)[2]


def test_ruling_r2_a_tie_with_equal_throws_costs_nobody_a_die():
    result = play(joust(), 2, 2, [5, 3, 5, 3])
    assert pools(result) == (4, 4)
    assert "ruling R2" in lines(result)[2]


def test_three_of_a_kind_unhorses_the_opponent_and_ends_the_joust():
    result = play(joust(), 3, 2, [4, 4, 4, 6, 6])
    assert result.state.outcome.how == "unhorsed" and result.state.outcome.winner == ASH
    assert pools(result) == (4, 4), "an unhorsing is not scored by pools"
    assert "(rule FE J.6 Unhorsing)" in lines(result)[-1]


def test_three_ones_do_not_unhorse_they_injure():
    result = play(joust(), 3, 2, [1, 1, 1, 6, 6, 3, 4, 5])  # then 3d6 of damage to the Knight
    outcome = result.state.outcome
    assert outcome.how == "injured" and outcome.injured == (KNIGHT,) and outcome.ejected == (ASH,)
    assert outcome.damage == {KNIGHT: 12}


def test_both_unhorsing_each_other_score_the_pass_normally():
    result = play(joust(), 3, 3, [5, 5, 5, 3, 3, 3])
    assert result.state.outcome is None
    assert pools(result) == (4, 1)


@pytest.mark.parametrize("thrown", [1, 2, 3])
def test_all_ones_on_any_number_of_dice_injure_with_that_many_dice_of_damage(thrown):
    faces = [1] * thrown + [6] + [2] * thrown
    result = play(joust(), thrown, 1, faces)
    assert result.state.outcome.damage == {KNIGHT: 2 * thrown}
    assert f"{thrown}d6 of damage" in lines(result)[2]


def test_ruling_r3_the_injured_jouster_is_recorded_as_the_winner():
    result = play(joust(), 1, 1, [1, 4, 3])
    assert result.state.outcome.winner == KNIGHT
    assert "ruling R3" in lines(result)[-1]


def test_ruling_r3_both_injured_is_a_draw():
    result = play(joust(), 1, 2, [1, 1, 1, 2, 3, 4])
    assert result.state.outcome.how == "draw" and result.state.outcome.winner is None
    assert set(result.state.outcome.injured) == {ASH, KNIGHT}


def test_ruling_r4_an_injury_stands_over_an_unhorsing_in_the_same_pass():
    result = play(joust(), 3, 1, [6, 6, 6, 1, 5])
    assert result.state.outcome.how == "injured" and result.state.outcome.winner == ASH
    assert result.state.outcome.ejected == (KNIGHT,)


def test_the_joust_ends_when_a_jouster_is_out_of_dice_and_the_larger_pool_wins():
    result = play(joust(ash=2, knight=1), 1, 1, [6, 2])
    assert result.state.outcome.how == "pools" and result.state.outcome.winner == ASH
    assert "(rule FE J.7 The end of the joust)" in lines(result)[-1]


def test_equal_pools_at_the_end_are_a_draw():
    result = play(joust(ash=1, knight=1, max_passes=1), 1, 1, [4, 4])
    assert result.state.outcome.how == "draw"


def test_ruling_r1_a_campaign_may_stop_after_three_rides():
    state = joust(max_passes=3)
    for _ in range(3):
        assert not state.over
        state = play(state, 1, 1, [3, 3]).state
    assert state.over and state.passes == 3
    assert state.outcome.how == "draw"


def test_a_finished_joust_takes_no_more_passes():
    state = play(joust(ash=1, knight=1), 1, 1, [6, 2]).state
    assert [error.path for error in validate_choices(state, {ASH: 1, KNIGHT: 1})] == ["choices"]


def test_pair_losses_is_symmetric():
    assert pair_losses(("A", (6, 2)), ("B", (5, 3)))[:2] == (1, 1)
    assert pair_losses(("A", (5,)), ("B", (5, 1)))[:2] == (0, 1)


choices = st.integers(1, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 10**6), st.lists(st.tuples(choices, choices), min_size=200, max_size=200))
def test_a_joust_always_ends_pools_never_grow_and_a_pass_costs_at_most_its_pairs(ash, knight, seed, plan):
    state = joust(ash=ash, knight=knight)
    dice = SeededDice(seed)
    for ash_wish, knight_wish in plan:
        if state.over:
            break
        ash_dice = min(ash_wish, state.jouster(ASH).pool)
        knight_dice = min(knight_wish, state.jouster(KNIGHT).pool)
        before = pools_of(state)
        state = resolve_pass(state, {ASH: ash_dice, KNIGHT: knight_dice}, dice).state
        after = pools_of(state)
        lost = (before[0] - after[0]) + (before[1] - after[1])
        assert after[0] <= before[0] and after[1] <= before[1]
        assert lost <= min(ash_dice, knight_dice)
        assert min(after) >= 0
    assert state.over
    if state.outcome.how == "pools":
        assert state.jouster(state.outcome.winner).pool > state.opponent(state.outcome.winner).pool


def pools_of(state):
    return state.jouster(ASH).pool, state.jouster(KNIGHT).pool
