"""The odds panel writes a side's plays, as the battle app keeps them, into the round input Magic Realm's
`planned_odds` reads (combat/odds_panel.py `planned_round_input`): its encounter alert, its hirelings sent
against new targets, its attack."""

from combat.odds_panel import odds_query, planned_round_input
from systems.magic_realm.planned_odds import planned_queries

BATTLE_STATE = {
    "state": {
        "round": 2,
        "characters": [{"id": "Black Knight", "weapons": [{"name": "Mace", "alerted": False}], "armor": ["Shield"]}],
        "denizens": [{"id": "Wolf", "target": "Black Knight"}, {"id": "Wolf 2", "counter": "Wolf"},
                     {"id": "Order 3", "hired_by": "Black Knight", "target": "Wolf"}],
    },
    "sheets": [{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 2}]}],
}
PLAYS = {"target": "Wolf", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"}}


def test_a_weapon_the_side_alerts_in_its_encounter_choices_is_asked_alerted():
    plays = {**PLAYS, "encounter": {"alert": {"weapon": "Mace", "chit": "FIGHT M5"}}}
    assert odds_query(BATTLE_STATE, plays, "Black Knight", "standard")["attack"]["alerted"] is True
    assert odds_query(BATTLE_STATE, PLAYS, "Black Knight", "standard")["attack"]["alerted"] is False


def test_a_hireling_sent_against_a_new_target_is_deployed_against_it():
    plays = {**PLAYS, "hirelings": {"Order 3": "Wolf 2"}}
    round_input = planned_round_input(BATTLE_STATE, plays, "Black Knight", "standard")
    assert round_input["encounter"]["deployments"] == [{"hireling": "Order 3", "target": "Wolf 2"}]
    assert [(q.attacker, q.target) for q in planned_queries(round_input, "Black Knight")] == [
        ("Black Knight", "Wolf"), ("Order 3", "Wolf 2")]


def test_the_battle_state_is_not_changed_and_a_draft_without_a_chit_asks_nothing_for_the_side():
    before = repr(BATTLE_STATE)
    assert odds_query(BATTLE_STATE, {"target": "Wolf"}, "Black Knight", "standard") is None
    planned_round_input(BATTLE_STATE, {**PLAYS, "hirelings": {"Order 3": "Wolf 2"}}, "Black Knight", "standard")
    assert repr(BATTLE_STATE) == before
