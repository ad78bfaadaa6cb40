"""The encounter section of the round file and the melee round it leaves (systems.magic_realm.engine.model)."""

import jsonschema
import pytest

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.encounter import (
    ENCOUNTER_SCHEMA,
    EncounterInvalid,
    apply_encounter,
    encounter_from_round,
    melee_sheets,
    resolve_encounter,
)
from systems.magic_realm.engine.round_format import read_round


def round_file(denizens, encounter, plays=None, characters=None):
    return read_round(
        {
            "format": "herald-round/1",
            "rules": "bimr4",
            "state": {
                "round": 1,
                "characters": characters or [{"id": "Captain"}, {"id": "Amazon"}],
                "denizens": denizens,
            },
            "plays": plays or {},
            "encounter": encounter,
        }
    )


def encounter_and_melee(file, dice=()):
    encounter = encounter_from_round(file.round_input, file.encounter)
    result = resolve_encounter(encounter, ScriptedDice(list(dice)))
    return encounter, result, apply_encounter(file.round_input, result)


def test_the_state_s_counters_give_kinds_groups_move_times_and_hirelings():
    file = round_file(
        [
            {"id": "Soldier 1", "hired_by": "Captain"},
            {"id": "Lancer 1"},
            {"id": "T Troll", "side": "dark", "target": "Amazon"},
        ],
        {"hidden_hirelings": ["Soldier 1"], "watchful": ["Lancer 1"], "die_modifiers": {"Amazon": -1}},
    )
    encounter = encounter_from_round(file.round_input, file.encounter)
    captain, amazon = encounter.characters
    assert captain.minions[0].group == "Soldiers" and captain.minions[0].hidden
    assert amazon.die_modifier == -1
    lancer, troll = encounter.denizens
    assert (lancer.kind, lancer.group, lancer.move_time, lancer.watchful) == ("native", "Lancers", 5, True)
    assert (troll.kind, troll.red_side_up, troll.target) == ("monster", True, "Amazon")


def test_a_run_reads_its_time_from_the_chit_and_a_bad_chit_names_its_field():
    file = round_file([], {"actions": [{"character": "Amazon", "run": {"chit": "MOVE M3*"}}]})
    run = encounter_from_round(file.round_input, file.encounter).actions[0]
    assert (run.move_time, run.using) == (3, "move")
    bad = round_file(
        [], {"actions": [{"character": "Amazon", "run": {"chit": "WALK"}}, {"character": "Captain"}]}
    )
    with pytest.raises(EncounterInvalid) as raised:
        encounter_from_round(bad.round_input, bad.encounter)
    assert [e.path for e in raised.value.errors] == ["encounter.actions[0].run.chit", "encounter.actions[1]"]


def test_a_run_names_a_second_chit_of_the_same_label_by_its_id():
    """The encounter form offers the Amazon's second MOVE M4 as "MOVE M4 #2": it was refused as "not a chit"."""
    amazon = {"id": "Amazon", "character": "Amazon", "chits": ["MOVE M4", "MOVE M4", "FIGHT M5"]}
    file = round_file([], {"actions": [{"character": "Amazon", "run": {"chit": "MOVE M4 #2"}}]},
                      characters=[amazon])
    run = encounter_from_round(file.round_input, file.encounter).actions[0]
    assert (run.move_time, run.using, run.chit) == (4, "move", "MOVE M4 #2")


def test_characters_take_their_play_s_target_after_the_listed_targets():
    file = round_file(
        [{"id": "Soldier 1"}],
        {"targets": [{"attacker": "Amazon", "target": "Soldier 1", "stays_hidden": False}]},
        plays={"Captain": {"target": "Soldier 1"}},
    )
    encounter = encounter_from_round(file.round_input, file.encounter)
    assert [(t.attacker, t.target) for t in encounter.targets] == [
        ("Amazon", "Soldier 1"),
        ("Captain", "Soldier 1"),
    ]


def test_the_melee_round_gets_targets_sheets_unhiding_and_alerted_weapons():
    file = round_file(
        [{"id": "Wolf"}],
        {
            "lures": [{"lurer": "Amazon", "denizen": "Wolf"}],
            "actions": [{"character": "Captain", "alert": "Short Sword", "chit": "FIGHT M4*"}],
        },
        characters=[{"id": "Captain"}, {"id": "Amazon", "hidden": True}],
    )
    _, _result, melee = encounter_and_melee(file)
    assert melee.state.denizen("Wolf").target == "Amazon"
    assert not melee.state.character("Amazon").hidden
    assert melee.state.character("Captain").weapon("Short Sword").alerted
    assert [(s.owner, [p.combatant for p in s.attackers]) for s in melee.sheets] == [
        ("Captain", []),
        ("Amazon", ["Wolf"]),
    ]


def test_a_runner_flees_and_his_play_is_dropped():
    file = round_file(
        [{"id": "Wolf", "target": "Amazon"}],
        {"actions": [{"character": "Amazon", "run": {"chit": "MOVE M3*"}}]},
        plays={"Amazon": {"target": "Wolf"}},
    )
    _, result, melee = encounter_and_melee(file, dice=[1, 1])  # 1 + 1 attacker + (3 - 3) = 2
    assert result.ran_away == ("Amazon",)
    assert melee.state.character("Amazon").fled
    assert melee.plays == ()
    assert melee.state.denizen("Wolf").target is None


def test_an_attack_on_a_character_who_ran_away_is_lost_and_the_melee_resolves():
    """The Captain attacks the Amazon, who runs away in the encounter step: his attack is lost, as if not
    played (melee plays come after the encounter step in the game). The melee refused the round
    ("plays.Captain.target: Amazon is gone") and the GM could not resolve it (issue #14.1)."""
    from systems.magic_realm.engine.melee import resolve_round, validate_round

    file = round_file(
        [{"id": "Wolf", "target": "Amazon"}],
        {"actions": [{"character": "Amazon", "run": {"chit": "MOVE M3*"}}]},
        plays={"Captain": {"target": "Amazon", "attack": {"chit": "FIGHT H5*", "box": 1}}},
        characters=[{"id": "Captain", "character": "Captain"}, {"id": "Amazon", "character": "Amazon"}],
    )
    _, result, melee = encounter_and_melee(file, dice=[1, 1])
    assert result.ran_away == ("Amazon",)
    assert (melee.play("Captain").target, melee.play("Captain").attack) == (None, None)
    assert not [error for error in validate_round(melee) if error.severity == "error"]
    resolved = resolve_round(melee, ScriptedDice([1] * 20))
    assert not any(event.kind == "attack" and event.actors[:1] == ("Captain",) for event in resolved.events)


def test_rebels_are_unhired_in_the_melee_state():
    file = round_file(
        [{"id": "Soldier 1", "hired_by": "Captain"}, {"id": "Soldier 2"}],
        {"lures": [{"lurer": "Soldier 1", "denizen": "Soldier 2"}]},
    )
    _, result, melee = encounter_and_melee(file)
    assert melee.state.denizen("Soldier 1").hired_by is None
    assert result.fame_lost == {"Captain": 3}


def test_a_hireling_and_a_native_fighting_each_other_share_one_sheet():
    file = round_file(
        [{"id": "Rogue 6", "hired_by": "Captain"}, {"id": "Soldier 1"}],
        {"deployments": [{"hireling": "Rogue 6", "target": "Soldier 1"}]},
    )
    _, _result, melee = encounter_and_melee(file)
    assert [(s.owner, [p.combatant for p in s.attackers], s.owner_target) for s in melee.sheets] == [
        ("Captain", [], None),
        ("Amazon", [], None),
        ("Soldier 1", ["Rogue 6"], "Rogue 6"),
    ]


def test_a_pending_player_choice_stops_the_melee_round():
    file = round_file(
        [{"id": "Rogue 6", "hired_by": "Captain"}, {"id": "Rogue 7", "hired_by": "Captain"}, {"id": "Wolf"}],
        {"absent": ["Captain", "Amazon"]},
    )
    encounter = encounter_from_round(file.round_input, file.encounter)
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.choice_needed.path == "choices.Wolf"
    with pytest.raises(EncounterInvalid) as raised:
        apply_encounter(file.round_input, result)
    assert raised.value.errors[0].path == "choices.Wolf"


def test_melee_sheets_put_helpers_on_the_attacked_denizen_s_sheet():
    file = round_file(
        [{"id": "Rogue 6", "hired_by": "Captain"}, {"id": "Wolf", "target": "Amazon"}],
        {"deployments": [{"hireling": "Rogue 6", "target": "Wolf"}]},
    )
    _, result, _ = encounter_and_melee(file)
    assert melee_sheets(result, ("Captain", "Amazon")) == [
        ("Captain", [], None),
        ("Amazon", ["Wolf"], None),
        ("Wolf", ["Rogue 6"], "Amazon"),
    ]


def test_the_encounter_schema_accepts_every_example_section_and_rejects_unknown_fields():
    validator = jsonschema.Draft202012Validator(ENCOUNTER_SCHEMA)
    validator.validate({"lures": [{"lurer": "Amazon", "denizen": "Wolf"}], "choices": {"Wolf": "Rogue 6"}})
    errors = list(validator.iter_errors({"lure": []}))
    assert errors and "lure" in errors[0].message


def test_chits_must_be_the_character_s_own_fresh_and_of_the_right_action():
    file = round_file(
        [],
        {
            "actions": [
                {"character": "Amazon", "run": {"chit": "MOVE M9"}},
                {"character": "Captain", "cast": "Fiery Blast", "chit": "FIGHT H5*"},
            ],
            "charges": [{"character": "Amazon", "target": "Captain", "chit": "FIGHT M5"}],
        },
        characters=[
            {"id": "Captain"},
            {"id": "Amazon", "chits": ["MOVE M4", {"label": "MOVE M3*", "state": "fatigued"}, "FIGHT M5"]},
        ],
    )
    with pytest.raises(EncounterInvalid) as raised:
        encounter_from_round(file.round_input, file.encounter)
    assert [(e.path, e.message) for e in raised.value.errors] == [
        ("encounter.charges[0].chit", "FIGHT M5 is not a MOVE or FLY chit"),
        ("encounter.actions[0].run.chit", "Amazon has no chit 'MOVE M9'"),
        ("encounter.actions[1]", "FIGHT H5* is not a MAGIC chit"),
    ]
    fatigued = round_file(
        [],
        {"actions": [{"character": "Amazon", "run": {"chit": "MOVE M3*"}}]},
        characters=[{"id": "Amazon", "chits": [{"label": "MOVE M3*", "state": "fatigued"}]}],
    )
    with pytest.raises(EncounterInvalid) as raised:
        encounter_from_round(fatigued.round_input, fatigued.encounter)
    assert raised.value.errors[0].message == "Amazon's MOVE M3* is fatigued"


def test_only_a_weapon_the_character_carries_and_has_not_alerted_can_be_alerted():
    file = round_file(
        [],
        {
            "actions": [
                {"character": "Amazon", "alert": "Bane Sword"},
                {"character": "Captain", "alert": "Short Sword"},
            ]
        },
        characters=[
            {"id": "Captain", "weapons": [{"name": "Short Sword", "alerted": True}]},
            {"id": "Amazon"},
        ],
    )
    with pytest.raises(EncounterInvalid) as raised:
        encounter_from_round(file.round_input, file.encounter)
    assert [(e.path, e.message) for e in raised.value.errors] == [
        ("encounter.actions[0].alert", "Amazon has no 'Bane Sword'"),
        ("encounter.actions[1].alert", "Short Sword is already alerted"),
    ]


def test_a_rider_charges_and_runs_on_his_horse_at_the_side_s_move_time():
    file = round_file(
        [],
        {
            "charges": [{"character": "Captain", "target": "Amazon", "horse": "galloping"}],
            "actions": [{"character": "Amazon", "run": {"horse": "walking"}}],
        },
        characters=[{"id": "Captain", "horse": "Warhorse"}, {"id": "Amazon", "horse": "Pony"}],
    )
    encounter = encounter_from_round(file.round_input, file.encounter)
    assert encounter.charges[0].using == "horse" and encounter.charges[0].move_time > 0
    assert encounter.actions[0].using == "horse"
    assert encounter.characters[0].horse == "Warhorse"


def test_prepare_melee_leaves_the_dice_to_the_melee_round_after_the_encounter_s_rolls():
    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.encounter import prepare_melee

    file = round_file([{"id": "Wolf"}], {})
    dice = SeededDice(3)
    result, melee = prepare_melee(file.round_input, file.encounter, dice)
    assert dice.history and all("Random assignment of Wolf" in roll.purpose for roll in dice.history)
    assert list(dice.history) == list(result.dice), "the encounter used only the rolls it logged"
    assert melee.state.denizen("Wolf").target == result.targets["Wolf"]


def test_a_watchful_native_targeted_from_ambush_stays_watchful_but_stands_on_its_own_sheet_for_the_attack():
    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.encounter import prepare_melee
    from systems.magic_realm.engine.melee import resolve_round

    file = round_file(
        [{"id": "Soldier 1"}, {"id": "Soldier 2"}],
        {"targets": [{"attacker": "Berserker", "target": "Soldier 1", "stays_hidden": True}]},
        plays={
            "Berserker": {
                "target": "Soldier 1",
                "attack": {"chit": "FIGHT T5*", "weapon": "Great Axe", "box": 3},
                "maneuver": {"chit": "MOVE H5*", "box": 2},
            }
        },
        characters=[{"id": "Berserker", "hidden": True}],
    )
    dice = SeededDice(1)
    encounter, melee = prepare_melee(file.round_input, file.encounter, dice)
    assert encounter.watchful == {"Soldier 1", "Soldier 2"}
    assert "Berserker" in encounter.hidden
    assert [(s.owner, s.attackers) for s in melee.sheets] == [("Berserker", ()), ("Soldier 1", ())]
    round_result = resolve_round(melee, dice)
    assert any(
        "Berserker" in e.text and "Soldier 1" in e.text and e.kind == "hit" for e in round_result.events
    )


def test_the_round_schema_carries_the_encounter_schema_and_names_a_bad_field():
    from systems.magic_realm.engine.round_format import RoundFormatError, round_to_json, schema

    assert schema()["$defs"]["encounter"] == ENCOUNTER_SCHEMA
    with pytest.raises(RoundFormatError) as raised:
        round_file([], {"lures": [{"lurer": "Amazon"}]})
    assert [error.path for error in raised.value.errors] == ["encounter.lures.0.denizen"]
    file = round_file([{"id": "Wolf"}], {"lures": [{"lurer": "Amazon", "denizen": "Wolf"}]})
    written = round_to_json(file.round_input, encounter=file.encounter)
    assert read_round(written).encounter == {"lures": [{"lurer": "Amazon", "denizen": "Wolf"}]}


def test_a_denizen_on_the_hireling_of_a_dead_character_is_unassigned_and_assigned_anew():
    """The Captain was killed; his hireling Soldier 1 takes no part in the encounter step (he leads no one),
    so the T Troll that attacked the Soldier is unassigned and randomly assigned to the Amazon (issue #14.1)."""
    file = round_file(
        [
            {"id": "Soldier 1", "hired_by": "Captain", "target": "T Troll"},
            {"id": "T Troll", "target": "Soldier 1"},
        ],
        {},
        characters=[{"id": "Captain", "dead": True}, {"id": "Amazon"}],
    )
    encounter, result, melee = encounter_and_melee(file, dice=[1, 1, 1, 1, 1, 1])
    assert [c.name for c in encounter.characters] == ["Amazon"]
    assert [(d.name, d.target) for d in encounter.denizens] == [("T Troll", None)]
    assert {d.id: d.target for d in melee.state.denizens}["T Troll"] == "Amazon"
