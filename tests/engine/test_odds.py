"""The odds calculator (spec/odds.md): exact probabilities through `resolve_attack`."""

from fractions import Fraction

import pytest

from systems.magic_realm.engine.attack import Attack, Maneuver, Target
from systems.magic_realm.engine.odds import (
    OUTCOMES,
    OddsError,
    attack_distribution,
    attack_odds,
    high_die_probability,
)
from systems.magic_realm.engine.ruleset import rules_from


def odds(**query):
    return attack_odds(query)


def exact(answer, outcome):
    return Fraction(answer["exact"][outcome])


LIGHT_BOW = {"weapon": "Light Bow", "alerted": True, "fight": {"strength": "M", "time": 3}}


def test_the_high_die_of_two_shows_h_with_probability_2h_minus_1_over_36():
    assert [high_die_probability(h, 2) for h in range(1, 7)] == [Fraction(2 * h - 1, 36) for h in range(1, 7)]
    assert sum(high_die_probability(h, 1) for h in range(1, 7)) == 1


def test_every_answer_has_all_six_outcomes_summing_to_one():
    answer = odds(rules="optional-3e", attack={"spell": "Fiery Blast", "time": 0}, target={"denizen": "T Troll"})
    assert set(answer["outcomes"]) == set(OUTCOMES)
    assert sum(Fraction(p) for p in answer["exact"].values()) == 1
    assert answer["p_kill"] == answer["outcomes"]["killed"]


def test_realmspeak_1_4_light_bow_intercepting_a_giant_with_the_optional_table_kills_on_a_3():
    answer = odds(rules="bimr4", attack=LIGHT_BOW, target={"denizen": "Giant"}, intercept=True)
    assert answer["modifier"] == -4
    third = answer["rolls"][2]
    assert (third["roll"], third["adjusted"], third["result"]) == (3, -1, "killed")
    assert third["harm"] == "X"
    assert answer["p_kill"] == 1.0


def test_realmspeak_1_4_light_bow_undercutting_a_giant_kills_on_a_3_with_modifier_0():
    answer = odds(rules="bimr4", attack=LIGHT_BOW, target={"denizen": "Giant"}, intercept=False)
    assert answer["modifier"] == 0
    assert answer["rolls"][2]["harm"] == "T" and answer["rolls"][2]["result"] == "killed"


def test_realmspeak_1_4_light_bow_on_the_standard_table_leaves_a_giant_alive_on_a_3():
    answer = odds(rules="standard", attack=LIGHT_BOW, target={"denizen": "Giant"}, intercept=True)
    assert answer["rolls"][2]["harm"] == "H" and answer["rolls"][2]["result"] == "no effect"
    # Only a 1 (+2 levels: L** → T** = X) or a 2 (+1: M** = T) kills.
    assert exact(answer, "killed") == Fraction(1, 36) + Fraction(3, 36)


def test_the_rolls_list_six_entries_with_roll_adjusted_harm_and_result():
    answer = odds(rules="bimr4", attack={"harm": "M", "sharpness": 1, "time": 3}, target={"vulnerability": "H", "move_time": 4}, intercept=True)
    assert [entry["roll"] for entry in answer["rolls"]] == [1, 2, 3, 4, 5, 6]
    assert all({"roll", "adjusted", "harm", "result"} <= set(entry) for entry in answer["rolls"])
    assert answer["rolls"][3]["adjusted"] == 4 + 3 - 4


def test_an_unknown_direction_weighs_the_three_boxes_equally():
    base = dict(rules="bimr4", attack={"harm": "M", "sharpness": 1, "time": 3, "missile": True},
                target={"vulnerability": "H", "move_time": 4})
    unknown = odds(**base, intercept=None)
    intercept = odds(**base, intercept=True)
    undercut = odds(**base, intercept=False)
    for outcome in OUTCOMES:
        assert exact(unknown, outcome) == exact(intercept, outcome) / 3 + exact(undercut, outcome) * 2 / 3
    assert "rolls" not in unknown and [case["probability"] for case in unknown["cases"]] == [1 / 3, 2 / 3]


def test_an_attack_as_slow_as_the_target_that_does_not_intercept_always_misses():
    answer = odds(rules="bimr4", attack={"harm": "T", "time": 5}, target={"vulnerability": "L", "move_time": 5}, intercept=False)
    assert answer["outcomes"]["miss"] == 1.0 and answer["modifier"] is None


def test_a_target_that_may_change_tactics_turns_over_with_probability_11_36():
    # Giant Bat: light side move 3, dark side move 2. Attack time 2 undercuts only the light side.
    base = dict(rules="bimr4", attack={"harm": "T", "time": 2}, intercept=False)
    turning = odds(**base, target={"denizen": "Giant Bat", "side": "light", "may_change_tactics": True})
    light = odds(**base, target={"denizen": "Giant Bat", "side": "light"})
    dark = odds(**base, target={"denizen": "Giant Bat", "side": "dark"})
    assert exact(dark, "miss") == 1
    assert exact(turning, "miss") == Fraction(11, 36)
    assert exact(turning, "killed") == exact(light, "killed") * Fraction(25, 36)


def test_a_red_side_up_tremendous_monster_never_changes_tactics():
    answer = odds(rules="bimr4", attack={"harm": "T", "time": 3}, intercept=True,
                  target={"denizen": "T Troll", "side": "dark", "may_change_tactics": True})
    assert len(answer["cases"]) == 1 and "cannot turn over" in answer["explanation"]


def test_a_rider_s_own_maneuver_changes_only_the_table_roll():
    base = dict(rules="bimr4", attack={"harm": "M", "sharpness": 1, "time": 3},
                target={"character": True, "vulnerability": "H"})
    answer = odds(**base, maneuvers=[{"time": 5, "intercept": True}, {"time": 2, "intercept": False}])
    assert answer["modifier"] == (3 - 5) + (3 - 2) + 4
    missed = odds(**base, maneuvers=[{"time": 3, "intercept": False}, {"time": 2, "intercept": True}])
    assert missed["outcomes"]["miss"] == 1.0


def test_a_rider_who_played_no_maneuver_of_his_own_counts_as_time_8():
    answer = odds(rules="bimr4", attack={"harm": "M", "time": 3}, target={"character": True, "vulnerability": "H"},
                  maneuvers=[{"time": 5, "intercept": True}, {"time": None}])
    assert answer["modifier"] == (3 - 5) + (3 - 8)


def test_a_character_target_with_named_armor():
    answer = odds(rules="standard", attack={"harm": "H", "time": 3}, intercept=True,
                  target={"character": "White Knight", "move_time": 4, "armor": [{"name": "Suit of Armor", "state": "intact"}]})
    assert answer["outcomes"]["armor damaged"] == 1.0


def test_the_fiery_blast_example_query_of_the_spec():
    answer = odds(rules="optional-3e", attack={"spell": "Fiery Blast", "time": 0}, target={"denizen": "T Troll"}, intercept=None)
    # Intercepting (1/3): modifier -4; T* after the kludge and the troll's armor kills on a high die of 1-3.
    assert exact(answer, "killed") == Fraction(1, 3) * Fraction(1 + 3 + 5, 36)
    assert "Kludge" in answer["explanation"] and "5.4/1" in answer["explanation"]


def test_rules_as_preset_with_overrides():
    base = dict(attack={"spell": "Fiery Blast", "time": 0}, target={"denizen": "T Troll"}, intercept=True)
    with_kludge = odds(rules="optional-3e", **base)
    without = odds(rules={"preset": "optional-3e", "kludge": False}, **base)
    assert without["p_kill"] > with_kludge["p_kill"]


def test_a_run_query_answers_the_stumble_chance():
    answer = odds(rules="bimr4", run={"move_time": 4, "attackers": [{"move_time": 3}, {"denizen": "Giant Bat"}]})
    assert answer["modifier"] == 4 - 3 + 2
    assert answer["p_success"] == pytest.approx(9 / 36)


def test_a_run_is_impossible_with_a_red_side_up_tremendous_monster_on_the_sheet():
    answer = odds(rules="bimr4", run={"move_time": 2, "attackers": [{"denizen": "T Troll", "side": "dark"}]})
    assert answer["p_success"] == 0.0


def test_a_run_without_stumble_needs_a_faster_move_time():
    assert odds(rules="standard", run={"move_time": 2, "attackers": [{"move_time": 3}]})["p_success"] == 1.0
    assert odds(rules="standard", run={"move_time": 3, "attackers": [{"move_time": 3}]})["p_success"] == 0.0


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"attack": {"harm": "H", "time": 3}, "target": {"vulnerability": "H", "move_time": 3}}, "rules"),
        ({"rules": "nonsense", "attack": {"harm": "H", "time": 3}, "target": {"vulnerability": "H", "move_time": 3}}, "rules"),
        ({"rules": {"preset": "standard", "fiery_blast_undercut_penalty": -1}, "attack": {"harm": "H", "time": 3},
          "target": {"vulnerability": "H", "move_time": 3}}, "rules.fiery_blast_undercut_penalty"),
        ({"rules": "bimr4", "target": {"vulnerability": "H", "move_time": 3}}, "attack"),
        ({"rules": "bimr4", "attack": {"harm": "Q", "time": 3}, "target": {"vulnerability": "H", "move_time": 3}}, "attack.harm"),
        ({"rules": "bimr4", "attack": {"harm": "H"}, "target": {"vulnerability": "H", "move_time": 3}}, "attack.time"),
        ({"rules": "bimr4", "attack": {"weapon": "Excalibur"}, "target": {"vulnerability": "H", "move_time": 3}}, "attack.weapon"),
        ({"rules": "bimr4", "attack": {"harm": "H", "time": 3}, "target": {"denizen": "T Trol"}}, "target.denizen"),
        ({"rules": "bimr4", "attack": {"harm": "H", "time": 3}, "target": {"vulnerability": "H"}}, "target.move_time"),
        ({"rules": "bimr4", "attack": {"harm": "H", "time": 3}, "target": {"vulnerability": "H", "move_time": 3},
          "intercept": "yes"}, "intercept"),
    ],
)
def test_a_query_it_cannot_answer_raises_an_error_naming_the_field(query, field):
    with pytest.raises(OddsError) as raised:
        attack_odds(query)
    assert raised.value.field == field


def test_an_unknown_name_suggests_the_closest_names():
    with pytest.raises(OddsError, match="did you mean 'T Troll'"):
        odds(rules="bimr4", attack={"harm": "H", "time": 3}, target={"denizen": "T Trol"})


def test_odds_use_resolve_attack_and_so_agree_with_it():
    attack = Attack("Archer", "L", 2, 1, 1, missile=True)
    target = Target("Giant", "denizen", "T", Maneuver(1, 5))
    distribution = attack_distribution(attack, target, rules_from("bimr4"))
    assert [high for high, _, _ in distribution] == [1, 2, 3, 4, 5, 6]
    assert all(result.events for _, _, result in distribution)


def test_an_attack_on_a_mounted_native_hits_his_galloping_horse():
    answer = odds(rules="bimr4", attack={"harm": "M", "time": 2}, target={"denizen": "Bashkar 1"}, intercept=True)
    # Bashkar Pony: vulnerability M, galloping move 3.
    assert answer["p_kill"] == 1.0 and answer["modifier"] == 2 - 3  # M ≥ M; the Fumble roll tops at 6 - 1 = 5
    assert "hits the horse" in answer["explanation"]


def test_an_attack_aimed_at_a_mounted_native_rider_adds_his_own_maneuver_to_the_roll():
    answer = odds(rules="bimr4", attack={"harm": "M", "time": 2}, target={"denizen": "Bashkar 1", "aim": "rider"},
                  maneuvers=[{"time": 3, "intercept": True}, {"time": 3, "intercept": True}])
    assert answer["modifier"] == (2 - 3) + (2 - 3)
    unknown = odds(rules="bimr4", attack={"harm": "M", "time": 2}, target={"denizen": "Bashkar 1", "aim": "rider"},
                   intercept=True)
    assert [case["modifier"] for case in unknown["cases"]] == [-2, 2]


def test_a_campaign_catalogue_with_house_counters_can_answer_the_query():
    from dataclasses import replace as change

    from systems.magic_realm.engine.catalogue_data import get_catalogue

    game = get_catalogue()
    wolf = game.denizen("Wolf")
    house_wolf = change(wolf, key="monster/dire-wolf", name="Dire Wolf", vulnerability="T", aliases=())
    campaign = game.with_house_counters([house_wolf])
    query = dict(rules="standard", attack={"harm": "H", "time": 3}, target={"denizen": "Dire Wolf"}, intercept=True)
    assert attack_odds(query, catalogue=campaign)["p_kill"] == 0.0
    with pytest.raises(OddsError):
        attack_odds(query)


def test_5_3_1_an_attack_on_the_horse_ignores_the_riders_own_maneuver():
    answer = odds(rules="bimr4", attack={"harm": "M", "time": 2}, target={"horse": "Warhorse", "side": "galloping"},
                  maneuvers=[{"time": 5, "intercept": True}, {"time": 2, "intercept": False}])
    assert answer["modifier"] == 2 - 5


def test_5_1_3_a_flying_run_counts_only_flying_attackers():
    answer = odds(rules="bimr4", run={"move_time": 4, "flying": True,
                                      "attackers": [{"move_time": 1}, {"denizen": "Giant Bat"}]})
    assert answer["modifier"] == 4 - 3 + 1


def test_a_run_with_no_attacker_completes_without_a_roll():
    answer = odds(rules="bimr4", run={"move_time": 4, "attackers": []})
    assert answer["p_success"] == 1.0 and answer["rolls"] == []
