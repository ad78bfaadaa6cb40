"""A GM's hand adjustments to a Fallen Empire battle: a melee round's (melee_adjustments.py) and a joust's
(joust_adjustments.py)."""

import pytest

from systems import get_system
from systems.interface import AdjustmentRefused
from tests.systems.adjusting_helpers import (combatant, every_offered_adjustment_applies, made,
                                             random_sequences_stay_valid, state_errors)
from tests.systems.interface_examples import states_of

FE = get_system("fallen-empire")
STATES = states_of("fallen-empire")
ASH = {"name": "Sir Ash", "side": "Party", "hp": 6, "max_hp": 9, "armour_ac": 3, "role": "pc",
       "class": "fighting-man", "shield": {"kind": "plain"}, "bandages": 2, "engaged_with": ["Orc 1"],
       "melee": {"name": "sword", "damage": "1d8", "type": "hand"}}
ORC = {"name": "Orc 1", "side": "Orcs", "hp": 1, "max_hp": 5, "armour_ac": 6, "role": "monster",
       "engaged_with": ["Sir Ash"], "melee": {"name": "sword", "damage": "1d8", "type": "hand"}}
HOB = {"name": "Hob", "side": "Party", "hp": 0, "max_hp": 4, "armour_ac": 5, "role": "henchman", "status": "dying"}


def melee(*combatants, morale=7):
    return {"format": "herald-fallen-empire/1", "system": "fallen-empire", "kind": "melee", "round": 2,
            "sides": [{"name": "Party", "party": True}, {"name": "Orcs", "morale": morale}],
            "combatants": [dict(entry) for entry in combatants]}


def joust(ash=3, knight=3, **rest):
    return {"format": "herald-joust/1", "system": "fallen-empire", "kind": "joust", "passes": 1,
            "jousters": [{"name": "Sir Ash", "pool": ash}, {"name": "Black Knight", "pool": knight}], **rest}


def offered_to(state, name):
    return [adjustment.value.split("|")[0] for adjustment in FE.adjustments(state) if adjustment.combatant == name]


test_every_offered_adjustment_applies_to_a_copy_and_leaves_a_valid_state = every_offered_adjustment_applies(
    FE, STATES)
test_any_sequence_of_offered_adjustments_leaves_a_valid_state = random_sequences_stay_valid(FE, STATES)


# --- melee -----------------------------------------------------------------------------------------------


def test_losing_a_hit_point_says_so_and_takes_one():
    new_state = made(FE, melee(ASH, ORC), "hp-1|Sir Ash", "Sir Ash: lose 1 hit point (6 → 5)",
                     "Sir Ash loses 1 hit point (6 → 5)")
    assert combatant(new_state, "Sir Ash")["hp"] == 5


def test_a_monster_losing_its_last_hit_point_is_dead_and_out_of_melee():
    new_state, sentence = FE.adjust(melee(ASH, ORC), "hp-1|Orc 1")
    orc, ash = combatant(new_state, "Orc 1"), combatant(new_state, "Sir Ash")
    assert (orc["hp"], orc["status"], orc["engaged_with"], ash["engaged_with"]) == (0, "dead", [], [])
    assert "dead (FE 12.1)" in sentence and "out of melee with Sir Ash" in sentence


def test_a_character_losing_his_last_hit_point_is_dying_and_one_with_subdual_damage_knocked_out():
    new_state, sentence = FE.adjust(melee({**ASH, "hp": 1}, ORC), "hp-1|Sir Ash")
    assert combatant(new_state, "Sir Ash")["status"] == "dying" and "dying" in sentence
    new_state, sentence = FE.adjust(melee({**ASH, "hp": 1, "subdual": 2}, ORC), "hp-1|Sir Ash")
    assert combatant(new_state, "Sir Ash")["status"] == "unconscious" and "FE 12.6" in sentence


def test_a_dying_character_at_minus_ten_losing_one_more_is_dead():
    new_state, sentence = FE.adjust(melee(ASH, ORC, {**HOB, "hp": -10}), "hp-1|Hob")
    assert combatant(new_state, "Hob")["status"] == "dead" and "FE 12.2" in sentence


def test_a_stable_character_hurt_again_is_dying_again():
    new_state, _ = FE.adjust(melee(ASH, ORC, {**HOB, "status": "stable"}), "hp-1|Hob")
    assert combatant(new_state, "Hob")["status"] == "dying"


def test_healing_stops_at_max_hp_and_a_dying_man_at_zero_who_heals_is_back_in_the_fight():
    assert "hp+1" not in offered_to(melee({**ASH, "hp": 9}, ORC), "Sir Ash")
    new_state = made(FE, melee(ASH, ORC, HOB), "hp+1|Hob", "Hob: heal 1 hit point (0 → 1), back in the fight (FE 10.2)",
                     "Hob heals 1 hit point (0 → 1): back in the fight (FE 10.2)")
    assert combatant(new_state, "Hob")["status"] == "fighting"


def test_the_gm_may_rule_a_combatant_slain_fled_or_surrendered_and_the_fled_back():
    for change, status in (("dead", "dead"), ("fled", "fled"), ("surrendered", "surrendered")):
        new_state, _ = FE.adjust(melee(ASH, ORC), f"{change}|Orc 1")
        assert combatant(new_state, "Orc 1")["status"] == status and combatant(new_state, "Sir Ash")["engaged_with"] == []
    fled = melee(ASH, {**ORC, "status": "fled", "engaged_with": []})
    assert offered_to(fled, "Orc 1") == ["back"]
    assert combatant(FE.adjust(fled, "back|Orc 1")[0], "Orc 1")["status"] == "fighting"
    assert offered_to(melee(ASH, {**ORC, "status": "dead", "engaged_with": []}), "Orc 1") == []


def test_a_dying_man_is_stabilized_and_the_unconscious_wake_with_their_thrown_hit_points():
    assert combatant(FE.adjust(melee(ASH, ORC, HOB), "stable|Hob")[0], "Hob")["status"] == "stable"
    out_cold = {**HOB, "hp": -1, "status": "unconscious", "wakes": {"turns": 2, "hp": 3}}
    woken = combatant(FE.adjust(melee(ASH, ORC, out_cold), "wake|Hob")[0], "Hob")
    assert (woken["status"], woken["hp"], woken["wakes"]) == ("fighting", 3, None)


def test_only_a_combatant_who_checks_morale_breaks_and_a_broken_one_rallies():
    state = melee(ASH, ORC)
    assert "broken" not in offered_to(state, "Sir Ash") and "broken" in offered_to(state, "Orc 1")
    broken = FE.adjust(state, "broken|Orc 1")[0]
    assert combatant(broken, "Orc 1")["broken"] and offered_to(broken, "Orc 1").count("rallied") == 1
    assert combatant(FE.adjust(broken, "rallied|Orc 1")[0], "Orc 1")["broken"] is False


def test_a_plain_shield_splinters_and_a_magic_one_is_first_only_spent():
    assert combatant(FE.adjust(melee(ASH, ORC), "splinter|Sir Ash")[0], "Sir Ash")["shield"] is None
    magic = melee({**ASH, "shield": {"kind": "magic", "bonus": 2}}, ORC)
    spent, sentence = FE.adjust(magic, "splinter|Sir Ash")
    assert combatant(spent, "Sir Ash")["shield"] == {"kind": "magic", "bonus": 1, "spent": True} and "FE 11.3" in sentence


def test_bandages_and_a_sides_morale_move_one_at_a_time_within_their_range():
    new_state = made(FE, melee(ASH, ORC), "bandages-1|Sir Ash", "Sir Ash: bandages -1 (2 → 1)",
                     "Sir Ash's bandages down by 1 (2 → 1) (the GM's hand)")
    assert combatant(new_state, "Sir Ash")["bandages"] == 1
    assert "bandages-1" not in offered_to(melee(ASH, ORC), "Orc 1")
    assert FE.adjust(melee(ASH, ORC), "morale+1|Orcs")[0]["sides"][1]["morale"] == 8
    assert "morale-1" not in offered_to(melee(ASH, ORC, morale=2), "Orcs")
    assert FE.adjust(melee(ASH, ORC), "morale-1|Party")[0]["sides"][0]["morale"] == 6  # the default 7 (FE 4.3)


def test_the_gm_may_take_a_combatant_out_of_melee_both_ways():
    new_state, sentence = FE.adjust(melee(ASH, ORC), "out-of-melee|Sir Ash")
    assert combatant(new_state, "Sir Ash")["engaged_with"] == combatant(new_state, "Orc 1")["engaged_with"] == []
    assert sentence == "Sir Ash gets clear; out of melee with Orc 1" and state_errors(FE, new_state) == []


@pytest.mark.parametrize(("change", "words"), [
    ("hp-1|Nobody", "no combatant called 'Nobody'"),
    ("morale+1|Goblins", "no side called 'Goblins'"),
    ("fly|Sir Ash", "not a change Herald knows"),
    ("hp+1|Orc 1", "Orc 1 has dead: only coming back changes that"),
    ("fled|Hob", "Hob is dying, not fighting"),
    ("back|Orc 1", "Orc 1 has dead: only the fled and the surrendered come back"),
    ("wake|Sir Ash", "Sir Ash is not unconscious"),
    ("broken|Sir Ash", "Sir Ash is a player character: never checks morale"),
    ("splinter|Hob", "Hob has no shield"),
    ("pool-1|Sir Ash", "not a change Herald knows"),
])
def test_a_melee_change_that_cannot_be_made_is_refused_in_words(change, words):
    with pytest.raises(AdjustmentRefused, match=words):
        FE.adjust(melee(ASH, {**ORC, "status": "dead", "engaged_with": [], "hp": 0}, HOB), change)


def test_a_state_of_no_known_kind_is_refused():
    with pytest.raises(AdjustmentRefused, match="melee round or a joust"):
        FE.adjustments({"kind": ["melee"]})


# --- the Joust -------------------------------------------------------------------------------------------


def test_a_jousters_pool_moves_one_die_at_a_time():
    new_state = made(FE, joust(), "pool+1|Sir Ash", "Sir Ash: pool gains 1 die (3 → 4)",
                     "Sir Ash's pool gains 1 die (3 → 4)")
    assert new_state["jousters"][0]["pool"] == 4 and FE.adjust(joust(), "pool-1|Sir Ash")[0]["jousters"][0]["pool"] == 2


def test_a_pools_last_die_and_the_joust_s_own_results_are_not_changed_by_hand():
    assert [a.value for a in FE.adjustments(joust(ash=1)) if a.combatant == "Sir Ash"] == ["pool+1|Sir Ash"]
    with pytest.raises(AdjustmentRefused, match="would end the joust"):
        FE.adjust(joust(ash=1), "pool-1|Sir Ash")
    assert not [a for a in FE.adjustments(joust()) if a.value.split("|")[0] in ("unhorsed", "injured", "remount")]


def test_a_finished_joust_takes_no_change():
    over = {**joust(), "outcome": {"how": "unhorsed", "winner": "Sir Ash", "injured": [], "ejected": [], "damage": {}}}
    assert FE.adjustments(over) == ()


@pytest.mark.parametrize(("change", "words"), [
    ("pool-1|Sir Bors", "no jouster called 'Sir Bors'"),
    ("hp-1|Sir Ash", "not a change Herald knows"),
    ("pool+1|Sir Ash", "Sir Ash cannot be changed: the joust is over"),
    ("unhorsed|Sir Ash", "not a change Herald knows"),
])
def test_a_joust_change_that_cannot_be_made_is_refused_in_words(change, words):
    over = {**joust(), "outcome": {"how": "unhorsed", "winner": "Sir Ash", "injured": [], "ejected": [], "damage": {}}}
    with pytest.raises(AdjustmentRefused, match=words):
        FE.adjust(over, change)
