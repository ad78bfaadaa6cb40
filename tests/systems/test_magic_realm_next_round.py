"""The round input a Magic Realm round leaves for the next one (`Resolution.state`,
systems/magic_realm/battle_state.py `next_round_input`): what a battle carries from round to round."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from systems import get_system
from systems.magic_realm.battle_state import (carried_encounter, has_unassigned_denizens, next_round_input,
                                              release_targets_of_the_fallen)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
MAGIC_REALM = get_system("magic-realm")


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def a_state(**denizen) -> dict:
    return {
        "round": 2,
        "characters": [{"id": "Amazon", "character": "Amazon", "chits": ["FIGHT M4*"], "dead": True},
                       {"id": "Swordsman", "character": "Swordsman", "chits": ["FIGHT L3*"]}],
        "denizens": [{"id": "Wolf", "counter": "Wolf", **denizen}],
    }


def test_a_denizen_whose_target_fell_is_released_to_be_assigned_again():
    state = a_state(target="Amazon")

    assert release_targets_of_the_fallen(state) is True
    assert state["denizens"][0]["target"] is None
    assert has_unassigned_denizens(state)


def test_a_denizen_attacking_someone_still_standing_keeps_its_target():
    state = a_state(target="Swordsman")

    assert release_targets_of_the_fallen(state) is False
    assert state["denizens"][0]["target"] == "Swordsman"
    assert not has_unassigned_denizens(state)


def test_a_hired_denizen_without_a_target_is_not_left_for_random_assignment():
    assert not has_unassigned_denizens(a_state(target=None, hired_by="Swordsman"))
    assert has_unassigned_denizens(a_state(target=None))


def test_the_next_round_inherits_the_groups_battling_the_watchful_natives_and_the_meeting_table():
    table = {"Allied": ["a"] * 6}
    summary = {"battling": [["Soldiers", "Berserker"]], "watchful": ["Lancer 1"]}

    assert carried_encounter({"meeting_table": table, "meetings": [{"group": "Soldiers"}]}, summary) == {
        "meeting_table": table,
        "battling": [{"group": "Soldiers", "character": "Berserker"}],
        "watchful": ["Lancer 1"],
    }


def test_the_meeting_rolls_themselves_are_not_carried_to_the_next_round():
    assert carried_encounter({"meetings": [{"group": "Soldiers", "character": "Berserker"}]}, None) == {}


def test_a_round_after_a_battle_declared_for_the_day_has_an_encounter_step_with_it():
    resolution = MAGIC_REALM.resolve(example("encounter-watchful-natives"))

    assert resolution.state["encounter"] == {"battling": [{"group": "Soldiers", "character": "Berserker"}]}


def test_a_round_with_the_gms_meeting_table_keeps_it_for_the_next_round():
    round_input = example("encounter-knights-adjustment")
    resolution = MAGIC_REALM.resolve(round_input)

    assert resolution.state["encounter"]["meeting_table"] == round_input["encounter"]["meeting_table"]


def test_a_round_with_nothing_to_carry_and_everyone_assigned_has_no_encounter_step():
    resolution = MAGIC_REALM.resolve(example("black-knight-vs-wolf"))

    assert "encounter" not in resolution.state


def test_after_a_character_falls_his_attackers_go_to_the_next_rounds_encounter_step():
    round_input = example("black-knight-vs-wolf")
    output = copy.deepcopy(MAGIC_REALM.resolve(round_input).output)
    for character in output["state"]["characters"]:
        character["dead"] = True  # as if the Wolf had killed him, with another character still standing
    output["state"]["characters"].append({"id": "Amazon", "character": "Amazon", "chits": ["FIGHT M4*"]})
    wolf = next(d for d in output["state"]["denizens"] if d["id"] == "Wolf")
    wolf.update(dead=False, target="Black Knight")

    following = next_round_input(round_input, output)

    assert next(d for d in following["state"]["denizens"] if d["id"] == "Wolf")["target"] is None
    assert following["encounter"] == {}
    assert wolf["target"] == "Black Knight"  # the output given is left as it was
    assert MAGIC_REALM.validate(following) == []
