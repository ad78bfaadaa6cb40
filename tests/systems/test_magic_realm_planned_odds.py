"""Magic Realm's `planned_odds` (systems/magic_realm/planned_odds.py): the odds of the attack a character plans,
and of his hirelings', from the round input (docs/round-format.md), as `manage.py combat_odds` answers them.

The queries below are written by hand from the plays; the chances of the first two are worked out by hand
from the catalogue (the Mace is M, weight M, its alerted side strikes at time 3; the Wolf is vulnerability M,
unarmored, moving at time 3 on its light side and 4 on its dark; FIGHT H6 is stronger than the Mace, so it
strikes with H: every hit kills)."""

from fractions import Fraction

import pytest

from systems import get_system, system_odds
from systems.magic_realm.planned_odds import planned_odds

WOLF = {"denizen": "Wolf", "side": "light", "may_change_tactics": True}


def round_input(plays=None, encounter=None, characters=None, denizens=None, side="Black Knight") -> dict:
    """The Black Knight (an unalerted Mace) against a Wolf, beside a hired Order 3 who fights the Wolf and a
    second Wolf nobody fights yet."""
    data = {
        "rules": "standard",
        "state": {
            "round": 1,
            "characters": characters or [{"id": "Black Knight", "weapons": [{"name": "Mace", "alerted": False}],
                                          "armor": ["Suit of Armor", "Shield"]}],
            "denizens": denizens or [{"id": "Wolf", "target": "Black Knight"}, {"id": "Wolf 2", "counter": "Wolf"},
                                     {"id": "Order 3", "hired_by": "Black Knight", "target": "Wolf"}],
        },
        "sheets": [{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 2}]}],
        "plays": {side: plays} if plays is not None else {},
    }
    if encounter is not None:
        data["encounter"] = encounter
    return data


MACE_ATTACK = {"target": "Wolf", "attack": {"chit": "FIGHT H6", "weapon": "Mace", "box": 2}}


def the_knights(planned):
    [knight] = [odds for odds in planned if odds.attacker == "Black Knight"]
    return knight


def test_the_mace_kills_the_wolf_only_when_its_direction_lines_up():
    """Unalerted, the Mace takes the chit's time 6, slower than the Wolf on either side: it hits only by
    intercepting, one direction in three."""
    knight = the_knights(planned_odds(round_input(MACE_ATTACK), "Black Knight"))
    assert knight.target == "Wolf" and not knight.error
    assert knight.query == {"rules": "standard", "target": WOLF, "intercept": None,
                            "attack": {"weapon": "Mace", "alerted": False, "fight": {"strength": "H", "time": 6}}}
    assert knight.outcomes["killed"] == pytest.approx(1 / 3, abs=1e-12)
    assert knight.outcomes["miss"] == pytest.approx(2 / 3, abs=1e-12)


def test_a_mace_alerted_in_the_encounter_step_strikes_alerted_and_undercuts_a_wolf_turned_dark():
    """Alerted, the Mace strikes at time 3: it still intercepts one time in three, and otherwise undercuts the
    Wolf when it has turned to its dark side (move time 4), which a Wolf starting light does with 11/36."""
    alert = {"actions": [{"character": "Black Knight", "alert": "Mace", "chit": "FIGHT M5"}]}
    knight = the_knights(planned_odds(round_input(MACE_ATTACK, encounter=alert), "Black Knight"))
    assert knight.query["attack"]["alerted"] is True
    expected = Fraction(1, 3) + Fraction(2, 3) * Fraction(11, 36)
    assert knight.outcomes["killed"] == pytest.approx(float(expected), abs=1e-12)


def test_another_characters_alert_does_not_alert_the_sides_weapon():
    alert = {"actions": [{"character": "Amazon", "alert": "Mace"}]}
    knight = the_knights(planned_odds(round_input(MACE_ATTACK, encounter=alert), "Black Knight"))
    assert knight.query["attack"]["alerted"] is False


def test_a_fight_chit_without_a_weapon_attacks_with_the_dagger():
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT H6", "box": 1}}
    knight = the_knights(planned_odds(round_input(plays), "Black Knight"))
    assert knight.query["attack"] == {"weapon": "dagger", "alerted": False, "fight": {"strength": "H", "time": 6}}


def test_a_spell_cast_with_an_alerted_magic_chit_strikes_at_time_0():
    sorceror = [{"id": "Sorceror"}]
    for alerted, time in ((False, 3), (True, 0)):
        plays = {"target": "Wolf", "attack": {"chit": "MAGIC IV3*", "spell": "Fiery Blast", "box": 1,
                                              **({"alerted": True} if alerted else {})}}
        [cast] = planned_odds(round_input(plays, characters=sorceror, denizens=[{"id": "Wolf"}], side="Sorceror"),
                              "Sorceror")
        assert cast.query["attack"] == {"spell": "Fiery Blast", "time": time}


def test_a_hireling_attacks_its_deployment_target_else_the_one_it_carries():
    [_, order] = planned_odds(round_input(MACE_ATTACK), "Black Knight")
    assert (order.attacker, order.target) == ("Order 3", "Wolf")
    assert order.query["attack"] == {"denizen": "Order 3", "side": "light"}
    deployed = {"deployments": [{"hireling": "Order 3", "target": "Wolf 2"}]}
    [_, order] = planned_odds(round_input(MACE_ATTACK, encounter=deployed), "Black Knight")
    assert order.target == "Wolf 2" and order.query["target"] == WOLF


def test_a_character_target_wears_his_armor_but_not_his_shield_nor_what_is_destroyed():
    amazon = {"id": "Amazon", "armor": [{"name": "Helmet", "state": "destroyed"},
                                       {"name": "Breastplate", "state": "damaged"}, "Shield"]}
    knight = {"id": "Black Knight", "weapons": ["Mace"]}
    plays = {"target": "Amazon", "attack": {"chit": "FIGHT H6", "weapon": "Mace", "box": 2}}
    [odds] = planned_odds(round_input(plays, characters=[knight, amazon], denizens=[{"id": "Wolf"}]), "Black Knight")
    assert odds.query["target"] == {"character": "Amazon", "armor": [{"name": "Breastplate", "state": "damaged"}]}
    assert odds.explanation.startswith("Amazon's maneuver is sealed")


def test_a_plan_without_a_chit_or_a_target_asks_nothing_for_the_side_but_still_for_its_hirelings():
    for plays in ({}, {"target": "Wolf"}, {"attack": {"chit": "FIGHT H6", "box": 1}}):
        assert [odds.attacker for odds in planned_odds(round_input(plays), "Black Knight")] == ["Order 3"]


def test_a_dead_character_plans_nothing():
    dead = [{"id": "Black Knight", "dead": True}]
    assert planned_odds(round_input(MACE_ATTACK, characters=dead), "Black Knight") == ()


def test_each_answer_is_what_combat_odds_answers_for_its_query():
    for odds in get_system("magic-realm").planned_odds(round_input(MACE_ATTACK), "Black Knight"):
        answer = system_odds(dict(odds.query))
        assert odds.outcomes == answer["outcomes"] and odds.explanation.endswith(answer["explanation"])
