"""A GM's hand adjustments to a Multiverse battle (systems/multiverse/adjustments.py)."""

import pytest

from systems import get_system
from systems.interface import AdjustmentRefused
from tests.systems.adjusting_helpers import (combatant, every_offered_adjustment_applies, made,
                                             random_sequences_stay_valid, state_errors)
from tests.systems.interface_examples import states_of

MV = get_system("multiverse")
STATES = states_of("multiverse")
ASTAROTH = {"name": "Astaroth", "side": "mage", "acuity": 3, "finesse": 4, "strength": 2, "endurance": 3, "life": 3,
            "magic_high": 4, "magic_low": 2}
GOBLIN = {"name": "Goblin 1", "side": "goblins", "acuity": 2, "finesse": 3, "strength": 0, "endurance": 2, "life": 1,
          "loaded": True}


def battle(*combatants, in_progress=None):
    state = {"format": "herald-multiverse/1", "system": "multiverse", "cycle": 2,
             "combatants": [dict(entry) for entry in combatants]}
    return state | ({"in_progress": in_progress} if in_progress else {})


STORM = {"Astaroth": {"action": {"kind": "cast", "ticks": 5, "spell": "Storm"}, "ticks_left": 2}}


def test_losing_a_point_of_life_says_so_and_takes_one():
    new_state = made(MV, battle(ASTAROTH, GOBLIN), "life-1|Astaroth", "Astaroth: lose 1 life (3 → 2)",
                     "Astaroth loses 1 life (3 → 2)")
    assert combatant(new_state, "Astaroth")["life"] == 2


def test_losing_the_last_life_kills_and_drops_what_was_carried_into_the_cycle():
    state = battle({**ASTAROTH, "life": 1}, GOBLIN, in_progress=STORM)
    new_state, sentence = MV.adjust(state, "life-1|Astaroth")
    assert combatant(new_state, "Astaroth")["dead"] and new_state["in_progress"] == {}
    assert sentence == "Astaroth loses 1 life (1 → 0) and is dead (MV 5.3); cast Storm (5 mana, 5 ticks) is dropped"
    assert state_errors(MV, new_state) == []


def test_life_may_be_regained_with_no_maximum_kept():
    new_state, _ = MV.adjust(battle(ASTAROTH, GOBLIN), "life+1|Astaroth")
    assert combatant(new_state, "Astaroth")["life"] == 4


def test_an_attribute_moves_one_point_within_zero_to_twenty():
    state = battle(ASTAROTH, GOBLIN)
    offered = {a.value for a in MV.adjustments(state)}
    assert "strength-1|Goblin 1" not in offered and "strength+1|Goblin 1" in offered
    new_state, sentence = MV.adjust(state, "endurance-1|Astaroth")
    assert combatant(new_state, "Astaroth")["endurance"] == 2 and sentence == "Astaroth's Endurance falls by 1 (3 → 2)"
    with pytest.raises(AdjustmentRefused, match="Goblin 1 has Strength 0: an attribute is 0 to 20"):
        MV.adjust(state, "strength-1|Goblin 1")


def test_a_loaded_weapon_is_unloaded_and_a_carried_action_broken_off():
    state = battle(ASTAROTH, GOBLIN, in_progress=STORM)
    new_state, _ = MV.adjust(state, "unload|Goblin 1")
    assert combatant(new_state, "Goblin 1")["loaded"] is False
    new_state, sentence = MV.adjust(state, "break-off|Astaroth")
    assert new_state["in_progress"] == {} and "cast Storm" in sentence and "broken off" in sentence


def test_the_dead_are_offered_only_coming_back_with_at_least_one_life():
    state = battle(ASTAROTH, {**GOBLIN, "life": -1, "dead": True})
    assert [a.value for a in MV.adjustments(state) if a.combatant == "Goblin 1"] == ["back|Goblin 1"]
    new_state, _ = MV.adjust(state, "back|Goblin 1")
    assert combatant(new_state, "Goblin 1")["life"] == 1 and not combatant(new_state, "Goblin 1")["dead"]


def test_the_gm_may_rule_a_combatant_dead():
    new_state, sentence = MV.adjust(battle(ASTAROTH, GOBLIN, in_progress=STORM), "dead|Astaroth")
    assert combatant(new_state, "Astaroth")["dead"] and "Storm" in sentence
    assert "Astaroth" not in new_state["in_progress"]


@pytest.mark.parametrize(("change", "words"), [
    ("vanish|Astaroth", "not a change Herald knows"),
    (7, "not a change Herald knows"),
    ("life-1|Nobody", "no combatant called 'Nobody'"),
    ("life-1|Goblin 1", "Goblin 1 is dead"),
    ("unload|Astaroth", "Astaroth has no loaded weapon"),
    ("break-off|Astaroth", "Astaroth carries no action into this cycle"),
    ("back|Astaroth", "Astaroth is not dead"),
])
def test_a_change_that_cannot_be_made_is_refused_in_words(change, words):
    with pytest.raises(AdjustmentRefused, match=words):
        MV.adjust(battle(ASTAROTH, {**GOBLIN, "dead": True}), change)


test_every_offered_adjustment_applies_to_a_copy_and_leaves_a_valid_state = every_offered_adjustment_applies(
    MV, STATES)
test_any_sequence_of_offered_adjustments_leaves_a_valid_state = random_sequences_stay_valid(MV, STATES)
