"""BERSERK (issue #15.4, docs/rulings.md): the Berserker's vulnerability is Tremendous for the melee of a round
in which he plays his BERSERK chit, in the melee or in the encounter step; it comes from the catalogue."""

from __future__ import annotations

import pytest

from systems.magic_realm.engine.advantages import berserk_vulnerability
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.model import AttackPlay, Play
from systems.magic_realm.engine.play import play_round
from systems.magic_realm.engine.round_format import read_round
from tests.engine.test_melee import find, resolve

CATALOGUE = get_catalogue()


def berserker_vs_t_troll(chit, encounter=None, maneuver="MOVE H6"):
    """The light-side T Troll (H, time 4) undercuts the Berserker's MOVE H6 in box 2; his attack misses."""
    data = {
        "rules": "standard",
        "state": {
            "round": 1,
            "characters": [{"id": "Berserker", "weapons": ["Great Axe"], "armor": ["Helmet"]}],
            "denizens": [{"id": "T Troll", "side": "light", "target": "Berserker"}],
        },
        "sheets": [{"owner": "Berserker", "attackers": [{"combatant": "T Troll", "box": 1}]}],
        "plays": {"Berserker": {"target": "T Troll", "attack": {"chit": chit, "weapon": "Great Axe", "box": 2},
                                "maneuver": {"chit": maneuver, "box": 2}}},
    }
    if encounter is not None:
        data["encounter"] = encounter
        del data["sheets"]
    return read_round(data)


def test_h_harm_does_not_kill_a_berserker_who_played_his_berserk_chit():
    result = resolve(berserker_vs_t_troll("BERSERK T4**").round_input, [4])
    assert not result.state.character("Berserker").dead
    assert result.summary("Berserker").wounds_owed == 1
    assert find(result, "H < Berserker's vulnerability T: not killed, 1 wound")
    [line] = [event for event in result.events if event.kind == "advantage"]
    assert line.text == (
        "Berserker played his BERSERK T4** as his FIGHT chit: BERSERK makes his vulnerability Tremendous this "
        "round (H → T)"
    )
    assert (line.rule_name, line.data["vulnerability"]) == (
        "BERSERK: the Berserker's vulnerability becomes Tremendous", "T",
    )


def test_h_harm_kills_a_berserker_who_played_another_fight_chit():
    result = resolve(berserker_vs_t_troll("FIGHT T4**").round_input, [4])
    assert result.state.character("Berserker").dead
    assert not [event for event in result.events if event.kind == "advantage"]


def test_the_berserk_chit_played_in_the_encounter_step_counts_for_the_round():
    encounter = {"actions": [{"character": "Berserker", "alert": "Great Axe", "chit": "BERSERK T4**"}]}
    file = berserker_vs_t_troll("FIGHT H5", encounter=encounter)
    result = play_round(file, ScriptedDice([4])).result
    assert not result.state.character("Berserker").dead
    assert find(result, "Berserker played his BERSERK T4** in the encounter step: BERSERK makes his vulnerability "
                        "Tremendous this round (H → T)")
    assert find(result, "H < Berserker's vulnerability T: not killed, 1 wound")


@pytest.mark.parametrize("name", ["Black Knight", "Swordsman", "Amazon"])
def test_only_the_berserker_has_the_advantage(name):
    counter = CATALOGUE.character(name)
    berserker = read_round({"rules": "standard", "state": {"round": 1, "characters": [{"id": "Berserker"}]}}).round_input
    character = berserker.state.character("Berserker")
    play = Play("Berserker", target="T Troll", attack=AttackPlay(box=1, chit="BERSERK T4**"))
    assert berserk_vulnerability(counter, character, play) == (None, "")
    assert berserk_vulnerability(CATALOGUE.character("Berserker"), character, play)[0] == "T"


def test_a_berserk_chit_named_in_the_encounter_but_not_his_is_ignored():
    berserker = read_round({"rules": "standard", "state": {"round": 1, "characters": [{"id": "Berserker"}]}}).round_input
    character = berserker.state.character("Berserker")
    assert berserk_vulnerability(CATALOGUE.character("Berserker"), character, None, ("MOVE H6",)) == (None, "")
