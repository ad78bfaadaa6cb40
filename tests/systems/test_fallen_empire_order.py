"""Fallen Empire melee: who acts when (docs/systems/fallen-empire.md FE 3.1-3.4, FE 8.5's lance, rulings R5,
R10, R18). Dice are scripted in the order the round throws them (see fallen_empire_builders)."""

from dataclasses import replace

from systems.fallen_empire.model import Options, Play, Weapon
from tests.systems.fallen_empire_builders import (LANCE, ORCS_FIRST, PARTY_FIRST, TOGETHER, lines, man, melee, orc,
                                                  person, resolve, text)

ASH, GRUB = man("Ash"), orc("Grub")
FIGHT = {"Ash": melee("Grub"), "Grub": melee("Ash")}


def attack_order(result):
    return [event.actors[0] for event in result.events if event.kind == "attack"]


def test_a_side_that_throws_5_or_6_surprises_the_other_which_does_nothing_in_the_first_round():
    # surprise: Party 2, Orcs 5; Grub hits (d20 9 + 1 = 10 against 10), 1d6 3
    result = resolve([ASH, GRUB], FIGHT, [2, 5, 9, 3], round=1)
    assert result.surprised == ("Party",)
    assert attack_order(result) == ["Grub"]
    assert "Party: the side is surprised, Ash does nothing this round (rule FE 3.1 Surprise)" in lines(result)
    assert "d20 9 + 0 to-hit + 1 surprise (FE 3.1) = 10 against 19 - AC 9 = 10" in text(result)
    assert result.initiative == {}


def test_no_surprise_is_thrown_after_the_first_round_or_when_the_gm_rules_it_out():
    assert resolve([ASH, GRUB], {}, PARTY_FIRST).surprise is None
    ruled_out = resolve([ASH, GRUB], {}, PARTY_FIRST, round=1, options=Options(surprise=False))
    assert ruled_out.surprise is None and ruled_out.initiative == {"Party": 6, "Orcs": 1}


def test_no_surprise_when_neither_side_throws_5_or_6_and_initiative_follows():
    result = resolve([ASH, GRUB], FIGHT, [4, 4, 6, 1, 2, 2], round=1)
    assert result.surprise == {"Party": 4, "Orcs": 4} and result.surprised == ()
    assert result.initiative == {"Party": 6, "Orcs": 1}


def test_when_both_sides_throw_5_or_6_both_are_surprised_and_nobody_acts_ruling_r10():
    result = resolve([ASH, GRUB], FIGHT, [5, 6], round=1)
    assert result.surprised == ("Party", "Orcs")
    assert attack_order(result) == []
    assert "every side is surprised (ruling R10)" in text(result)


def test_a_surprised_combatant_makes_no_opportunity_attack():
    links = {"Ash": {"Grub"}, "Grub": {"Ash"}}
    result = resolve([ASH, GRUB], {"Grub": Play("retreat")}, [1, 6], round=1, links=links)
    assert "Free attack" not in text(result)
    assert person(result, "Grub").engaged_with == ()


def test_the_side_that_throws_higher_acts_first():
    assert attack_order(resolve([ASH, GRUB], FIGHT, PARTY_FIRST + [2, 2])) == ["Ash", "Grub"]
    assert attack_order(resolve([ASH, GRUB], FIGHT, ORCS_FIRST + [2, 2])) == ["Grub", "Ash"]
    assert "Initiative, 1d6 a side: Party 6, Orcs 1: Party; then Orcs (rule FE 3.2 Initiative)" in lines(
        resolve([ASH, GRUB], {}, PARTY_FIRST))


def test_a_combatant_struck_down_before_his_turn_does_not_act():
    # Ash first: 12 hits, 1d6 6 kills Grub (6 hit points): Grub never attacks
    result = resolve([ASH, GRUB], FIGHT, PARTY_FIRST + [12, 6])
    assert attack_order(result) == ["Ash"]
    assert person(result, "Grub").status == "dead"


def test_sides_that_throw_the_same_act_together_and_a_blow_struck_in_the_same_phase_still_lands():
    # together: Ash kills Grub (12, 6) and Grub, able at the start of the phase, still strikes (15, 2)
    result = resolve([ASH, GRUB], FIGHT, TOGETHER + [12, 6, 15, 2])
    assert "Party and Orcs together" in text(result)
    assert attack_order(result) == ["Ash", "Grub"]
    assert person(result, "Ash").hp == 6 and person(result, "Grub").status == "dead"


def test_acting_together_runs_the_phases_in_order_so_a_combatant_shot_down_does_not_strike():
    archer = man("Ash", missile=Weapon("shortbow", "1d6", "shortbow"))
    result = resolve([archer, GRUB], {"Ash": Play("missile", target="Grub"), "Grub": melee("Ash")}, TOGETHER + [12, 6])
    assert attack_order(result) == ["Ash"]


def test_no_initiative_is_thrown_when_only_one_side_can_act():
    down = replace(GRUB, hp=-1, status="unconscious", subdual=3)
    result = resolve([ASH, down], {}, [])
    assert result.initiative == {}
    assert "Only Party can act: no initiative is thrown (rule FE 3.2 Initiative)" in lines(result)


def test_the_phases_run_movement_missiles_melee_magic_miscellany():
    mage = man("Mia", char_class="magic-user", melee=None)
    archer = man("Bo", missile=Weapon("shortbow", "1d6", "shortbow"))
    plays = {"Ash": melee("Grub"), "Bo": Play("missile", target="Grub"), "Mia": Play("spell", spell="Light"),
             "Cy": Play("other", text="drinks a potion")}
    result = resolve([ASH, archer, mage, man("Cy"), GRUB], plays, PARTY_FIRST + [2, 2])
    phases = [event.data["phase"] for event in result.events if event.kind in ("engage", "attack", "spell", "other")]
    assert phases == ["movement", "missiles", "melee", "magic", "miscellany"]


def test_the_campaign_may_put_magic_before_melee_ruling_r5():
    mage = man("Mia", char_class="magic-user", melee=None)
    plays = {"Grub": melee("Mia"), "Mia": Play("spell", spell="Sleep", target="Grub")}
    # together: the melee blow comes first by default and spoils the spell (d20 15, 1d6 2)
    default = resolve([mage, GRUB], plays, TOGETHER + [15, 2])
    assert "Sleep is spoiled" in text(default)
    swapped = resolve([mage, GRUB], plays, TOGETHER + [15, 2], options=Options(magic_before_melee=True))
    assert "Mia casts Sleep at Grub" in text(swapped)
    assert [e.data["phase"] for e in swapped.events if e.kind in ("spell", "attack")] == ["magic", "melee"]


def test_a_mounted_lancer_acts_in_the_first_turn_whatever_his_side_threw_ruling_r18():
    knight = man("Sir Ash", mounted=True, melee=LANCE)
    result = resolve([knight, GRUB], {"Sir Ash": melee("Grub"), "Grub": melee("Sir Ash")}, ORCS_FIRST + [2, 2])
    assert attack_order(result) == ["Sir Ash", "Grub"]
    assert "its reach gives him the first turn (rule FE 8.5 Mounted combat (ruling R18))" in text(result)
