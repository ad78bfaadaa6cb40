"""A GM's hand adjustments to an Enchanted Realms battle (systems/enchanted_realms/adjustments.py)."""

import pytest

from systems import get_system
from systems.interface import AdjustmentRefused
from tests.systems.adjusting_helpers import (by_value, combatant, every_offered_adjustment_applies, made,
                                             random_sequences_stay_valid, state_errors)
from tests.systems.interface_examples import states_of

ER = get_system("enchanted-realms")
STATES = states_of("enchanted-realms")


def battle(*combatants):
    return {"format": "herald-enchanted-realms/1", "system": "enchanted-realms", "round": 2,
            "combatants": [dict(entry) for entry in combatants]}


GOBLIN = {"name": "Goblin 2", "side": "monsters", "hp": 5, "static_pp": 3}
ALDRIC = {"name": "Aldric", "side": "heroes", "hp": 14, "static_pp": 6}


def test_losing_a_hit_point_says_so_and_takes_one():
    new_state = made(ER, battle(ALDRIC, GOBLIN), "hp-1|Goblin 2", "Goblin 2: lose 1 hit point (5 → 4)",
                     "Goblin 2 loses 1 hit point (5 → 4)")
    assert combatant(new_state, "Goblin 2")["hp"] == 4


def test_losing_the_last_hit_point_puts_the_combatant_down():
    state = battle(ALDRIC, {**GOBLIN, "hp": 1})
    new_state, sentence = ER.adjust(state, "hp-1|Goblin 2")
    assert combatant(new_state, "Goblin 2") == {**GOBLIN, "hp": 0, "down": True}
    assert "down (ER 8)" in sentence and state_errors(ER, new_state) == []


def test_a_hit_point_may_be_regained_with_no_maximum_kept():
    new_state, sentence = ER.adjust(battle(ALDRIC, GOBLIN), "hp+1|Aldric")
    assert combatant(new_state, "Aldric")["hp"] == 15 and sentence == "Aldric regains 1 hit point (14 → 15)"


def test_static_protective_points_go_down_to_zero_and_up():
    state = battle(ALDRIC, {**GOBLIN, "static_pp": 0})
    assert "pp-1|Goblin 2" not in {a.value for a in ER.adjustments(state)}
    new_state, _ = ER.adjust(state, "pp+1|Goblin 2")
    assert combatant(new_state, "Goblin 2")["static_pp"] == 1
    new_state, sentence = ER.adjust(state, "pp-1|Aldric")
    assert combatant(new_state, "Aldric")["static_pp"] == 5 and "Protective Point (6 → 5)" in sentence


def test_a_combatant_down_is_offered_only_coming_back_with_at_least_one_hit_point():
    state = battle(ALDRIC, {**GOBLIN, "hp": -2, "down": True})
    assert [a.value for a in ER.adjustments(state) if a.combatant == "Goblin 2"] == ["back|Goblin 2"]
    new_state, sentence = ER.adjust(state, "back|Goblin 2")
    assert combatant(new_state, "Goblin 2")["hp"] == 1 and not combatant(new_state, "Goblin 2")["down"]
    assert sentence == "Goblin 2 is back in the fight with (-2 → 1) hit points"


def test_the_gm_may_put_a_standing_combatant_down():
    new_state, sentence = ER.adjust(battle(ALDRIC, GOBLIN), "down|Aldric")
    assert combatant(new_state, "Aldric")["down"] and "down" in sentence


@pytest.mark.parametrize(("change", "words"), [
    ("heal|Aldric", "not a change Herald knows"),
    ("hp-1", "not a change Herald knows"),
    ("hp-1|Nobody", "no combatant called 'Nobody'"),
    ("hp-1|Goblin 2", "Goblin 2 is down"),
    ("back|Aldric", "Aldric is not down"),
])
def test_a_change_that_cannot_be_made_is_refused_in_words(change, words):
    state = battle(ALDRIC, {**GOBLIN, "hp": 0, "down": True})
    with pytest.raises(AdjustmentRefused, match=words):
        ER.adjust(state, change)


test_every_offered_adjustment_applies_to_a_copy_and_leaves_a_valid_state = every_offered_adjustment_applies(ER, STATES)
test_any_sequence_of_offered_adjustments_leaves_a_valid_state = random_sequences_stay_valid(ER, STATES)
