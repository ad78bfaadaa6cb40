"""A death must not stop the battle (issue #14.1): after any combination of deaths the next round's file,
as the battle builds it, resolves or asks the GM something they can answer."""

import pytest

from combat import rounds
from systems.magic_realm.engine.play import EncounterChoicePending

from .encounter_battles import set_character, set_denizen, start
from .form_plays import first_legal_plays
from .outcome_battles import skirmish

pytestmark = pytest.mark.django_db


@pytest.fixture
def giant_battle(campaign, characters):
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    return start(campaign, [knight, amazon], monsters=["Giant", "Wolf", "Wolf"],
                 attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("Wolf #2", "Amazon")])


def next_round(battle, number=2):
    round_ = battle.rounds.get(number=1)
    round_.number = number
    return round_


def test_the_round_after_the_black_knight_dies_resolves(giant_battle):
    set_character(giant_battle, "Black Knight", dead=True)
    round_file = rounds.build_input(giant_battle, next_round(giant_battle), {})
    outcome = rounds.resolve(round_file, seed=7)
    assert outcome.events


def kill(battle, combatant_id, **marks):
    """Mark a combatant as round 1 leaves it, and redraw the sheets as the resolved round does."""
    state = battle.state["state"]
    for entry in state["characters"] + state["denizens"]:
        if entry["id"] == combatant_id:
            entry.update(marks or {"dead": True})
    battle.state["sheets"] = rounds.sheets_for(state)
    battle.save(update_fields=["state"])


@pytest.mark.parametrize("fallen", [
    {"Black Knight": {"dead": True}},
    {"Amazon": {"dead": True}},
    {"Giant": {"dead": True}},
    {"Wolf": {"dead": True}, "Wolf #2": {"dead": True}},
    {"Black Knight": {"fled": True}},
    {"Black Knight": {"dead": True}, "Giant": {"dead": True}},
])
def test_every_combination_of_deaths_leaves_the_next_round_resolvable(giant_battle, fallen):
    for combatant_id, marks in fallen.items():
        kill(giant_battle, combatant_id, **marks)
    round_file = rounds.build_input(giant_battle, next_round(giant_battle), {})
    try:
        outcome = rounds.resolve(round_file, seed=11)
    except rounds.ChoicePending as pending:
        assert pending.choice["options"], "the GM is asked a question with answers"
        return
    assert not any(sheet["owner"] in fallen for sheet in outcome.state["sheets"])


@pytest.fixture
def skirmish_battle(gm, campaign, characters):
    """The Black Knight on a Warhorse with his hirelings Lancer 1 (a rider) and Company 2, and the Amazon,
    against a Giant (on the Knight), a Wolf (alone on the Amazon's sheet) and a T Troll (on Company 2)."""
    return skirmish(gm, campaign, characters)


HORSE_KILLED = {"horse": {"counter": "Warhorse", "dead": True}}


@pytest.mark.parametrize("fallen", [
    pytest.param({"Company 2": {"dead": True}}, id="a hireling"),
    pytest.param({"Lancer 1": {"dead": True}, "Company 2": {"dead": True}}, id="every hireling"),
    pytest.param({"Lancer 1": {"horse_dead": True}}, id="a native rider's horse"),
    pytest.param({"Black Knight": HORSE_KILLED}, id="a character's horse"),
    pytest.param({"Wolf": {"dead": True}}, id="the last denizen on a character's sheet"),
    pytest.param({"T Troll": {"dead": True}}, id="the last denizen on a hireling's sheet"),
    pytest.param({"Black Knight": {"dead": True}}, id="a character whose hirelings fight on"),
    pytest.param({"Black Knight": HORSE_KILLED, "Company 2": {"dead": True}, "Wolf": {"dead": True}},
                 id="a horse, a hireling and the last denizen on a sheet"),
    pytest.param({"Amazon": {"dead": True}, "Lancer 1": {"horse_dead": True}, "T Troll": {"dead": True}},
                 id="a character, a rider's horse and a monster"),
])
def test_deaths_of_hirelings_horses_and_the_last_denizen_on_a_sheet_leave_the_next_round_resolvable(skirmish_battle, fallen):
    battle = skirmish_battle
    for combatant_id, marks in fallen.items():
        kill(battle, combatant_id, **marks)
    round_ = next_round(battle)
    living = sorted(rounds.living_character_ids(battle.state))
    drafts = {character: first_legal_plays(battle, round_, character) for character in living}
    assert all(drafts.values()), (drafts, {c: rounds.validate(rounds.build_input(battle, round_, {}), c) for c in living})
    round_file = rounds.build_input(battle, round_, drafts)
    for character in living:
        assert rounds.validate(round_file, character) == {}
    for seed in range(8):
        try:
            outcome = rounds.resolve(round_file, seed=seed)
        except rounds.ChoicePending as pending:
            assert pending.choice["options"], "the GM is asked a question with answers"
            continue
        dead = {entry["id"] for entry in outcome.state["state"]["characters"] + outcome.state["state"]["denizens"]
                if entry.get("dead")}
        assert not {sheet["owner"] for sheet in outcome.state["sheets"]} & dead


def test_a_denizen_whose_target_died_is_assigned_again_in_the_encounter_step(giant_battle):
    kill(giant_battle, "Black Knight")
    round_file = rounds.build_input(giant_battle, next_round(giant_battle), {})
    assert "encounter" in round_file
    assert {d["id"]: d["target"] for d in round_file["state"]["denizens"]}["Giant"] is None
    outcome = rounds.resolve(round_file, seed=3)
    assert "Giant is assigned to Amazon (rule 8.3.5a.3 Random assignment)" in [event["line"] for event in outcome.events]


def test_a_hand_written_round_file_with_a_dead_characters_attackers_resolves():
    """The engine itself gives a dead character no sheet, whoever wrote the round file."""
    import json
    from pathlib import Path

    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.play import play_round
    from systems.magic_realm.engine.round_format import read_round

    data = json.loads((Path(__file__).resolve().parents[2] / "docs/examples/encounter-stumble.json").read_text())
    data["state"]["characters"][0]["dead"] = True
    data["encounter"]["actions"] = [a for a in data["encounter"].get("actions", []) if a.get("character") != "Amazon"]
    data["plays"].pop("Amazon", None)
    data.pop("dice", None)
    played = play_round(read_round(data), SeededDice(5))
    assert played.result.events
    assert not any(event.kind == "attack" and "Amazon" in event.actors[:1] for event in played.result.events)
