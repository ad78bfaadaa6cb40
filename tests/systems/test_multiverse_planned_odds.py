"""Multiverse's `planned_odds` (systems/multiverse/planned_odds.py): each declared attack's pool against the
defender's Acuity, as far as the plays can know whether the defender is busy (MV 5.1). Every expected
distribution is counted here by brute force over every face of the pool's d10s."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from systems import system_odds
from systems.multiverse.planned_odds import planned_odds


def damage_by_brute_force(dice: int, difficulty: int) -> dict[str, float]:
    """P(exactly k dice show the difficulty or more), a point of damage each."""
    throws = list(product(range(1, 11), repeat=dice))
    counts = Counter(sum(face >= difficulty for face in throw) for throw in throws)
    return {f"{k} damage": float(Fraction(counts[k], len(throws))) for k in range(dice + 1)}


def cycle(actions: list[dict], *, number: int = 2, vigilance: bool = False, in_progress: dict | None = None) -> dict:
    """Kara (Strength 3, Finesse 2) against a goblin of Acuity 6."""
    return {"system": "multiverse", "cycle": number,
            "combatants": [{"name": "Kara", "side": "heroes", "acuity": 4, "finesse": 2, "strength": 3,
                            "endurance": 3, "life": 6},
                           {"name": "Goblin", "side": "goblins", "acuity": 6, "finesse": 3, "strength": 2,
                            "endurance": 2, "life": 3, "vigilance": vigilance}],
            "actions": {"Kara": actions}, "in_progress": in_progress or {}}


STAB = {"kind": "attack", "ticks": 2, "target": "Goblin", "attribute": "strength"}
GOBLIN_CASTING = {"Goblin": {"action": {"kind": "cast", "ticks": 4, "spell": "Shock"}, "ticks_left": 3}}


def test_an_attack_on_a_defender_whose_plays_are_sealed_meets_his_full_acuity():
    [odds] = planned_odds(cycle([STAB]), "Kara")
    assert (odds.attacker, odds.target, odds.error) == ("Kara", "Goblin", "")
    assert odds.outcomes == pytest.approx(damage_by_brute_force(3, 6), abs=1e-12)
    assert odds.query == {"system": "multiverse", "attack": {"dice": 3},
                          "target": {"acuity": 6, "acting": False, "vigilance": False}}
    assert "sealed" in odds.explanation


def test_a_defender_still_at_an_action_carried_from_the_last_cycle_is_2_easier_until_it_resolves():
    """Kara's stabs resolve on ticks 2 and 4; the goblin's spell runs to tick 3."""
    first, second = planned_odds(cycle([STAB, STAB], in_progress=GOBLIN_CASTING), "Kara")
    assert first.outcomes == pytest.approx(damage_by_brute_force(3, 4), abs=1e-12)
    assert "tick 2" in first.explanation
    assert second.outcomes == pytest.approx(damage_by_brute_force(3, 6), abs=1e-12)


def test_in_the_first_cycle_initiative_hides_the_tick_an_attack_lands_on():
    [odds] = planned_odds(cycle([STAB], number=1, in_progress=GOBLIN_CASTING), "Kara")
    assert odds.query["target"]["acting"] is False


def test_vigilance_keeps_the_full_acuity_while_busy():
    [odds] = planned_odds(cycle([STAB], vigilance=True, in_progress=GOBLIN_CASTING), "Kara")
    assert odds.outcomes == pytest.approx(damage_by_brute_force(3, 6), abs=1e-12)
    assert "Vigilance" in odds.explanation


def test_a_fire_rolls_finesse_and_adds_the_targets_cover():
    actions = [{"kind": "load", "ticks": 2}, {"kind": "fire", "ticks": 1, "target": "Goblin", "cover": "half"}]
    [odds] = planned_odds(cycle(actions), "Kara")
    assert odds.outcomes == pytest.approx(damage_by_brute_force(2, 8), abs=1e-12)


def test_an_attack_carried_from_the_last_cycle_comes_first():
    carried = {"Kara": {"action": STAB, "ticks_left": 1}}
    first, second = planned_odds(cycle([{**STAB, "attribute": "acuity"}], in_progress=carried), "Kara")
    assert "carried" in first.explanation and first.query["attack"] == {"dice": 3}
    assert "declared first" in second.explanation and second.query["attack"] == {"dice": 4}


@pytest.mark.parametrize("action, why", [
    ({"kind": "fire", "ticks": 1, "target": "Goblin", "cover": "total"}, "totally obscured"),
    ({"kind": "attack", "ticks": 2, "target": "Goblin", "attribute": "endurance"}, "no dice"),
])
def test_an_attack_that_rolls_no_dice_says_why(action, why):
    data = cycle([action])
    data["combatants"][0]["endurance"] = 0
    [odds] = planned_odds(data, "Kara")
    assert odds.outcomes == {} and why in odds.error


def test_moves_spells_and_counters_are_no_attacks():
    actions = [{"kind": "move", "ticks": 2, "pace": "walk"}, {"kind": "cast", "ticks": 2, "spell": "Shock"}]
    assert planned_odds(cycle(actions), "Kara") == ()


def test_a_tests_outcomes_count_successes_in_words():
    answer = system_odds({"system": "multiverse", "test": {"dice": 2, "difficulty": 7}})
    assert answer["outcomes"] == {"0 successes": 0.36, "1 success": 0.48, "2 successes": 0.16}
