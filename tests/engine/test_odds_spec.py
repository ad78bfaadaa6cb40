"""Every form spec/odds.md shows, exactly as written there, answers with every field it promises."""

from fractions import Fraction

import pytest

from systems.magic_realm.engine.odds import OUTCOMES, attack_odds

ATTACKS = {
    "raw": {"harm": "H", "sharpness": 2, "time": 1, "missile": True},
    "weapon": {"weapon": "Light Bow", "alerted": True, "fight": {"strength": "M", "time": 3}},
    "spell": {"spell": "Fiery Blast", "time": 0},
    "denizen": {"denizen": "Giant Bat", "side": "light"},
}
TARGETS = {
    "denizen": {"denizen": "T Troll", "side": "light", "may_change_tactics": False},
    "raw denizen": {"vulnerability": "T", "armored": True, "move_time": 4},
    "character": {"character": "White Knight", "armor": [{"name": "Suit of Armor", "state": "intact"}], "move_time": 4},
    "raw character": {"character": True, "vulnerability": "H", "armor": [{"toughness": "H"}], "move_time": 4},
}
RULES = ["standard", "optional-2e", "optional-3e", "bimr4", {"preset": "optional-3e", "kludge": False}]


def check_answer(answer, geometry_known):
    assert 0 <= answer["p_kill"] <= 1
    assert set(answer["outcomes"]) == set(OUTCOMES)
    assert sum(Fraction(p) for p in answer["exact"].values()) == 1
    assert isinstance(answer["explanation"], str) and "rule" in answer["explanation"]
    if geometry_known:
        assert [entry["roll"] for entry in answer["rolls"]] == [1, 2, 3, 4, 5, 6]
        for entry in answer["rolls"]:
            assert {"roll", "adjusted", "harm", "result"} <= set(entry)
            assert entry["harm"] in (None, "N", "L", "M", "H", "T", "X")
        assert "modifier" in answer


@pytest.mark.parametrize("attack", ATTACKS)
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("intercept", [True, False, None])
def test_every_attack_form_against_every_target_form(attack, target, intercept):
    answer = attack_odds({"rules": "optional-3e", "attack": ATTACKS[attack], "target": TARGETS[target], "intercept": intercept})
    check_answer(answer, geometry_known=intercept is not None)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_spec_example_under_every_preset_and_an_override(rules):
    answer = attack_odds({"rules": rules, "attack": {"spell": "Fiery Blast", "time": 0}, "target": {"denizen": "T Troll"}, "intercept": None})
    check_answer(answer, geometry_known=False)


def test_the_spec_rider_example():
    answer = attack_odds({
        "rules": "bimr4", "attack": ATTACKS["raw"], "target": TARGETS["raw character"],
        "maneuvers": [{"time": 4, "intercept": True}, {"time": None}],
    })
    check_answer(answer, geometry_known=True)


def test_the_spec_run_example():
    answer = attack_odds({"rules": "bimr4", "run": {"move_time": 4, "attackers": [{"move_time": 3}, {"denizen": "Giant Bat"}]}})
    assert 0 <= answer["p_success"] <= 1 and answer["modifier"] == 3 and "5.1/1" in answer["explanation"]


def test_a_target_that_may_change_tactics_as_in_the_spec():
    answer = attack_odds({"rules": "bimr4", "attack": ATTACKS["raw"], "intercept": True,
                          "target": {"denizen": "Giant Bat", "side": "light", "may_change_tactics": True}})
    check_answer(answer, geometry_known=False)
    assert [case["probability"] for case in answer["cases"]] == [25 / 36, 11 / 36]
