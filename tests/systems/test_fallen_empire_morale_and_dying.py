"""Fallen Empire melee: morale, bandages, surrender, dying and the end of the round (docs/systems/fallen-empire.md
FE 4, FE 10, FE 12.3-12.5, FE 13; rulings R6-R8, R26, R27, R29). At the end of a round the dice are each
dying character's save d20, then each morale check's 2d6."""

from dataclasses import replace

import pytest

from systems.errors import PlaysInvalid
from systems.fallen_empire.model import Play, Side, Weapon
from tests.systems.fallen_empire_builders import ORCS_FIRST, PARTY_FIRST, lines, man, melee, orc, person, resolve, text

ASH, GRUB = man("Ash"), orc("Grub")
AXE = Weapon("axe", "1d6+5", "hand")  # 6 or more: kills an orc of 6 hit points
KILLER = replace(ASH, melee=AXE)
ORCS = [GRUB, orc("Zog"), orc("Bog")]


def refused(combatants, plays, path, links=None):
    with pytest.raises(PlaysInvalid) as raised:
        resolve(combatants, plays, [6, 1] + [1] * 20, links=links)
    assert path in [error.path for error in raised.value.errors], raised.value.errors


def side(result, name):
    return next(s for s in result.sides if s.name == name)


def morale_lines(result):
    return [line for line in lines(result) if line.startswith("Morale check of")]


# FE 4 Morale
def test_a_sides_first_casualty_makes_it_check_2d6_against_its_morale():
    result = resolve([KILLER, *ORCS], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1, 3, 4])
    assert "Morale check of Orcs for its first casualty: 2d6 (3, 4) = 7 ≤ morale 7: passes (rule FE 4.3 The morale roll " \
           "(ruling R6))" in lines(result)
    assert side(result, "Orcs").checks == {"first_casualty": "passed"}
    assert result.owes["Orcs"]["morale_checks"] == ["half"]


def test_a_failed_check_breaks_the_sides_checking_combatants():
    result = resolve([KILLER, *ORCS], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1, 6, 5])
    assert "2d6 (6, 5) = 11 > morale 7: fails" in text(result)
    assert "Orcs: the side breaks, Zog, Bog will surrender or run away" in text(result)
    assert person(result, "Zog").broken and person(result, "Bog").broken
    assert result.owes["Orcs"] == {"plays": ["Zog", "Bog"], "broken": ["Zog", "Bog"], "dying": [], "morale_checks": []}


def test_half_defeated_and_the_first_casualty_in_one_round_are_two_checks_ruling_r7():
    pair = [GRUB, orc("Zog")]
    both = resolve([KILLER, *pair], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1, 1, 1, 2, 2])
    assert len(morale_lines(both)) == 2
    assert "Orcs: the side has passed both morale checks: it fights to the death (rule FE 4.4 Broken)" in lines(both)
    assert result_checks(both) == {"first_casualty": "passed", "half": "passed"}
    failed = resolve([KILLER, *pair], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1, 6, 6])  # no dice for a second check
    assert len(morale_lines(failed)) == 1 and result_checks(failed) == {"first_casualty": "failed"}


def result_checks(result):
    return side(result, "Orcs").checks


def test_each_trigger_is_checked_once_in_a_combat():
    dead = replace(GRUB, hp=0, status="dead")
    sides = (Side("Party", party=True), Side("Orcs", checks={"first_casualty": "passed"}))
    result = resolve([ASH, dead, orc("Zog"), orc("Bog")], {}, PARTY_FIRST, sides=sides)
    assert morale_lines(result) == []


def test_player_characters_do_not_check_morale():
    brute = replace(GRUB, melee=Weapon("maul", "1d6+7", "hand"))
    result = resolve([ASH, man("Bo"), brute], {"Grub": melee("Ash")}, ORCS_FIRST + [15, 1, 20])
    assert side(result, "Party").checks == {"first_casualty": "none", "half": "none"}
    assert morale_lines(result) == []


def test_the_monsters_check_before_the_party_and_each_side_sees_only_its_own_throw():
    henchman = man("Hob", role="henchman")
    plays = {"Ash": melee("Grub"), "Grub": melee("Ash")}
    brute_orcs = [replace(GRUB, melee=Weapon("maul", "1d6+7", "hand")), orc("Zog"), orc("Bog")]
    # together: Ash kills Grub, Grub takes Ash to 0; Ash saves (20); Orcs check (1, 1), then Party (1, 1)
    result = resolve([KILLER, man("Bo"), henchman, *brute_orcs], plays, [3, 3, 15, 1, 15, 1, 20, 1, 1, 1, 1])
    checks = [e for e in result.events if e.kind == "morale" and e.text.startswith("Morale check")]
    assert [e.text.split()[3] for e in checks] == ["Orcs", "Party"]
    assert [e.data["seen_by"] for e in checks] == [["Orcs"], ["Party"]]


def test_morale_is_checked_at_the_end_of_the_round_of_its_trigger_ruling_r8():
    result = resolve([KILLER, *ORCS], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1, 3, 4])
    morale = next(e for e in result.events if e.kind == "morale")
    assert morale.data["phase"] == "end" and result.events[-1] is morale


def test_a_broken_combatant_may_only_withdraw_retreat_move_surrender_or_do_nothing():
    broken = replace(GRUB, broken=True)
    refused([ASH, broken], {"Grub": melee("Ash")}, "plays.Grub.action")
    refused([ASH, broken], {"Grub": Play("other", text="prays")}, "plays.Grub.action")


@pytest.mark.parametrize("action, dice", [("withdraw", []), ("retreat", [2]), ("move", [])])
def test_a_broken_combatant_who_gets_clear_of_melee_has_fled(action, dice):
    broken = replace(GRUB, broken=True)
    links = None if action == "move" else {"Ash": {"Grub"}, "Grub": {"Ash"}}
    result = resolve([ASH, broken], {"Grub": Play(action)}, ORCS_FIRST + dice, links=links)
    assert person(result, "Grub").status == "fled"
    assert "flees the battle (rule FE 4.4 Broken)" in text(result)


# FE 10 Miscellany
def test_other_actions_are_logged_for_the_gm():
    result = resolve([ASH, GRUB], {"Ash": Play("other", text="pushes over a table")}, PARTY_FIRST)
    assert "Ash: pushes over a table (rule FE 10.1 Other actions)" in lines(result)


def test_a_bandage_heals_1_never_above_max_and_is_expended_on_a_1():
    medic = man("Bo", bandages=2)
    hurt = replace(ASH, hp=5)
    result = resolve([hurt, medic, GRUB], {"Bo": Play("bandage", patient="Ash")}, PARTY_FIRST + [1])
    assert "Bo bandages Ash: hit points 5 + 1 = 6 (rule FE 10.2 Bandages)" in lines(result)
    assert "Bo's bandages, 1d6 1: that supply is expended (1 left) (rule FE 10.2 Bandages)" in lines(result)
    assert person(result, "Bo").bandages == 1
    whole = resolve([ASH, medic, GRUB], {"Bo": Play("bandage", patient="Ash")}, PARTY_FIRST + [4])
    assert "hit points 8 + 0 = 8 (already unharmed)" in text(whole) and person(whole, "Bo").bandages == 2


def test_a_bandage_stabilizes_a_dying_character_under_0_before_the_end_of_round_save_ruling_r27():
    dying = replace(ASH, hp=-3, status="dying")
    result = resolve([dying, man("Bo", bandages=1), GRUB], {"Bo": Play("bandage", patient="Ash")}, PARTY_FIRST + [5])
    assert "Bo bandages Ash at -3 hit points: stabilized, no more saves (rule FE 12.4 Stable)" in lines(result)
    assert (person(result, "Ash").status, person(result, "Ash").hp) == ("stable", -3)


def test_a_bandage_on_a_character_at_0_heals_him_back_into_the_fight_ruling_r27():
    stable = replace(ASH, hp=0, status="stable")
    result = resolve([stable, man("Bo", bandages=1), GRUB], {"Bo": Play("bandage", patient="Ash")}, PARTY_FIRST + [5])
    assert (person(result, "Ash").status, person(result, "Ash").hp) == ("fighting", 1)


def test_a_bandage_does_not_stabilize_one_under_0_who_is_not_dying_ruling_r27():
    out_cold = replace(ASH, hp=-2, status="unconscious", subdual=3)
    result = resolve([out_cold, man("Bo", bandages=1), GRUB], {"Bo": Play("bandage", patient="Ash")}, PARTY_FIRST + [5])
    assert "under 0 a bandage only stabilizes the dying, and Ash is unconscious" in text(result)


def test_bandaging_needs_bandages():
    refused([ASH, man("Bo"), GRUB], {"Bo": Play("bandage", patient="Ash")}, "plays.Bo.action")


def test_a_surrender_comes_at_the_start_of_the_round_and_attacks_on_him_are_lost_ruling_r29():
    result = resolve([ASH, GRUB], {"Grub": Play("surrender"), "Ash": melee("Grub")}, PARTY_FIRST + [3, 4])
    assert result.events[0].rule == "FE 10.3"
    assert "Ash's melee attack on Grub is lost: Grub has surrendered" in text(result)
    refused([ASH, replace(GRUB, status="surrendered")], {"Ash": melee("Grub")}, "plays.Ash.target")


# FE 12.3-12.5 Dying
@pytest.mark.parametrize("face, status", [(12, "dying"), (11, "dead")])
def test_a_dying_character_saves_or_dies_at_the_end_of_each_round(face, status):
    dying = replace(ASH, hp=-4, status="dying")
    result = resolve([dying, man("Bo"), GRUB], {}, PARTY_FIRST + [face])
    assert person(result, "Ash").status == status
    save = next(e for e in result.events if e.rule == "FE 12.3")
    assert save.data["seen_by"] == ["Party"] and save.data["phase"] == "end"


def test_a_character_who_falls_this_round_saves_at_its_end_ruling_r26():
    brute = replace(GRUB, melee=Weapon("maul", "1d6+7", "hand"))
    result = resolve([ASH, man("Bo"), brute], {"Grub": melee("Ash")}, ORCS_FIRST + [15, 1, 3])
    assert person(result, "Ash").status == "dead"
    assert "Ash, dying, fails to save: d20 3 < 12: dead (rule FE 12.3 Save or die)" in lines(result)


def test_a_stable_character_throws_no_save_may_move_and_cannot_fight():
    stable = replace(ASH, hp=-2, status="stable")
    result = resolve([stable, man("Bo"), GRUB], {"Ash": Play("move", distance=3)}, PARTY_FIRST)
    assert "Ash moves 3\" (a full move: no other action) (rule FE 12.4 Stable)" in lines(result)
    refused([stable, man("Bo"), GRUB], {"Ash": melee("Grub")}, "plays.Ash.action")


def test_a_dying_character_who_passes_a_con_check_bandages_himself_to_0_and_is_stable():
    dying = replace(ASH, hp=-4, status="dying", bandages=1, con=12)
    result = resolve([dying, man("Bo"), GRUB], {"Ash": Play("bandage", patient="Ash")}, PARTY_FIRST + [12, 6])
    assert "Ash, dying, bandages himself: CON check d20 12 ≤ CON 12: hit points -4 → 0, stable, no more saves" in text(result)
    assert (person(result, "Ash").hp, person(result, "Ash").status) == (0, "stable")


def test_a_dying_character_who_fails_the_con_check_uses_nothing_and_still_saves():
    dying = replace(ASH, hp=-4, status="dying", bandages=1, con=12)
    result = resolve([dying, man("Bo"), GRUB], {"Ash": Play("bandage", patient="Ash")}, PARTY_FIRST + [13, 15])
    assert "CON check d20 13 > CON 12: fails to stay awake and focused" in text(result)
    assert person(result, "Ash").bandages == 1 and person(result, "Ash").status == "dying"


def test_a_broken_dying_henchman_may_still_bandage_himself():
    dying = replace(ASH, role="henchman", hp=-1, status="dying", bandages=1, broken=True)
    result = resolve([dying, man("Bo"), GRUB], {"Ash": Play("bandage", patient="Ash")}, PARTY_FIRST + [5, 6])
    assert person(result, "Ash").status == "stable"


def test_a_dying_character_may_only_bandage_himself():
    dying = replace(ASH, hp=-4, status="dying", bandages=1)
    refused([dying, man("Bo"), GRUB], {"Ash": Play("bandage", patient="Bo")}, "plays.Ash.action")


# FE 13 After the round
def test_each_side_is_told_who_plays_who_is_broken_or_dying_and_the_checks_to_come():
    dying = replace(ASH, hp=-1, status="dying", bandages=1)
    result = resolve([dying, man("Bo"), GRUB], {}, PARTY_FIRST + [15])
    assert result.owes["Party"] == {"plays": ["Ash", "Bo"], "broken": [], "dying": ["Ash"], "morale_checks": []}
    assert result.owes["Orcs"] == {"plays": ["Grub"], "broken": [], "dying": [], "morale_checks": ["first_casualty", "half"]}


def test_what_happens_on_the_field_is_seen_by_every_side():
    result = resolve([ASH, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 2])
    assert {tuple(e.data["seen_by"]) for e in result.events} == {("Orcs", "Party")}


def test_the_combat_ends_when_fewer_than_two_sides_have_anyone_in_the_fight():
    result = resolve([KILLER, GRUB], {"Ash": melee("Grub")}, PARTY_FIRST + [15, 1])
    assert result.combat_ends
    assert "The combat ends: only Party has anyone in the fight (rule FE 13.3 The end of the combat)" in lines(result)
    assert not resolve([ASH, GRUB], {}, PARTY_FIRST).combat_ends



def test_the_end_of_the_round_throws_the_dying_saves_before_the_morale_checks():
    brute = replace(GRUB, melee=Weapon("maul", "1d6+7", "hand"))
    henchman = man("Hob", role="henchman")
    result = resolve([ASH, henchman, brute], {"Grub": melee("Ash")}, ORCS_FIRST + [15, 1, 20, 1, 1, 1, 1])
    ends = [event.rule for event in result.events if event.data["phase"] == "end"]
    assert ends[0] == "FE 12.3" and ends[1] == "FE 4.3"
