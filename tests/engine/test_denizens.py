"""Denizens on a melee sheet: placement, repositioning (one die per group), change tactics (two dice per box)."""

from __future__ import annotations

import pytest

from systems.magic_realm.engine.denizens import (
    REPOSITION_TABLE,
    boxes_needed,
    is_spread,
    place,
    reposition,
    roll_change_tactics,
    roll_repositioning,
)
from systems.magic_realm.engine.dice import ScriptedDice
from tests.engine.test_melee import make_round, resolve

A, B, C = ("A", "body"), ("B", "body"), ("C", "body")
ONE_EACH = {A: 1, B: 2, C: 3}


@pytest.mark.parametrize(
    ("die", "new_boxes"),
    [
        (1, {A: 1, B: 3, C: 2}),  # box 1 stays, 2 and 3 swap
        (2, {A: 3, B: 2, C: 1}),  # box 2 stays, 1 and 3 swap
        (3, {A: 2, B: 1, C: 3}),  # box 3 stays, 1 and 2 swap
        (4, {A: 1, B: 2, C: 3}),  # no change
        (5, {A: 2, B: 3, C: 1}),  # everything moves down one
        (6, {A: 3, B: 1, C: 2}),  # everything moves up one
    ],
)
def test_each_repositioning_die_moves_the_boxes_as_the_table_says(die, new_boxes):
    assert reposition(ONE_EACH, die) == new_boxes


def test_every_repositioning_result_is_a_permutation_of_the_boxes():
    for moves in REPOSITION_TABLE.values():
        assert sorted(moves.values()) == [1, 2, 3]


def test_a_group_rolls_one_die_to_reposition():
    dice = ScriptedDice([5])
    placement = roll_repositioning({A: 1, B: 1}, dice, "Amazon", "the attackers")
    assert placement.boxes == {A: 2, B: 2}
    assert [roll.dice for roll in dice.history] == [(5,)]
    assert "die 5" in placement.events[0].text and placement.events[0].rule == "22.5/2"


def test_an_empty_group_rolls_nothing():
    dice = ScriptedDice([])
    assert roll_repositioning({}, dice, "Amazon", "the attackers").boxes == {}


def test_change_tactics_rolls_two_dice_for_each_box_with_a_chit_that_can_turn_over():
    dice = ScriptedDice([1, 2, 3, 4])
    turned, events = roll_change_tactics({A: 1, B: 3}, lambda ref: True, dice, "Amazon", "the attackers")
    assert turned == frozenset()
    assert [roll.dice for roll in dice.history] == [(1, 2), (3, 4)]
    assert [event.data["box"] for event in events] == [1, 3]


@pytest.mark.parametrize("pair", [[6, 1], [1, 6], [6, 6]])
def test_a_six_on_either_die_turns_over_every_such_chit_in_the_box(pair):
    turned, _ = roll_change_tactics({A: 2, B: 2, C: 3}, lambda ref: True, ScriptedDice(pair + [1, 1]), "Amazon", "x")
    assert turned == frozenset({A, B})


def test_chits_that_never_turn_over_roll_no_dice():
    dice = ScriptedDice([])
    turned, events = roll_change_tactics({A: 1}, lambda ref: False, dice, "Amazon", "x")
    assert turned == frozenset() and events == ()


def test_a_red_side_up_tremendous_monster_never_turns_over():
    round_input = make_round(
        round_number=2,
        characters=[{"id": "White Knight", "armor": []}],
        denizens=[{"id": "T Troll", "side": "dark", "target": "White Knight"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    result = resolve(round_input, [4])  # one die to reposition, and no change-tactics dice at all
    assert not [event for event in result.events if event.kind == "tactics" and "Change tactics" in event.text]


def test_a_native_horse_never_turns_over_but_its_rider_does():
    round_input = make_round(
        characters=[{"id": "White Knight", "armor": ["Armor"]}],
        denizens=[{"id": "Lancer 1"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "Lancer 1", "box": 1, "horse_box": 2}]}],
    )
    result = resolve(round_input, [4, 6, 1])  # box 1 (the Lancer) turns over; box 2 holds only his horse
    assert result.state.denizen("Lancer 1").side == "dark"
    change = [event for event in result.events if event.kind == "tactics" and "Change tactics" in event.text]
    assert [event.data["box"] for event in change] == [1]


def test_a_monsters_club_turns_over_on_its_own_boxs_roll():
    round_input = make_round(
        characters=[{"id": "White Knight", "armor": ["Armor"]}],
        denizens=[{"id": "Giant"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "Giant", "box": 1, "weapon_box": 2}]}],
    )
    # box 1 holds only the Giant, which never changes tactics (issue #15.1): no roll there
    result = resolve(round_input, [4, 6, 2] + [1] * 4)
    giant = result.state.denizen("Giant")
    assert giant.weapon_side == "dark"


def test_placement_fills_the_emptiest_box_first():
    placement = place([A, B, C], {A: 2, B: None, C: None}, "Amazon")
    assert placement.boxes == {A: 2, B: 1, C: 3}
    assert [event.text for event in placement.events] == [
        "Placed on Amazon's sheet, each in the emptiest box: B in box 1, C in box 3"
    ]


def test_nothing_to_place_logs_nothing():
    assert place([A], {A: 2}, "Amazon").events == ()


def test_placement_puts_a_denizens_horse_or_club_in_another_box():
    horse = ("A", "horse")
    placement = place([A, horse, B], {A: None, horse: None, B: None}, "Amazon")
    assert placement.boxes[A] != placement.boxes[horse]


@pytest.mark.parametrize(("count", "needed"), [(1, 1), (2, 2), (3, 3), (7, 3)])
def test_attackers_cover_as_many_boxes_as_possible(count, needed):
    assert boxes_needed(count) == needed


def test_is_spread_checks_the_boxes_used():
    assert is_spread({A: 1, B: 2})
    assert not is_spread({A: 1, B: 1})
    assert is_spread({A: 1, B: 2, C: 3, ("D", "body"): 3})
