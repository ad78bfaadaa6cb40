"""What a side may do in the encounter step (systems/magic_realm/encounter_options.py, docs/encounter.md), read
from a battle's state in the round-file format: the choices the battle app's encounter form and the plug-in's
plays form both offer."""

from systems.magic_realm.encounter_options import encounter_options, native_groups
from systems.magic_realm.form import battle_state


def clearing() -> dict:
    """The Amazon with a horse and a Soldier she hires, the Black Knight, a Giant red side up on him, an
    unassigned Wolf and Lancer, and a Goblin already attacking the Black Knight."""
    return battle_state({"format": "herald-round/1", "rules": "standard", "state": {"round": 1, "characters": [
        {"id": "Amazon", "horse": "horse/workhorse-1",
         "chits": ["MOVE M4", "MOVE M3*", {"label": "FIGHT M4", "state": "fatigued"}, "FIGHT L3*", "FIGHT M5",
                   "BERSERK T4**", "MAGIC II2*", "DUCK T3*"],
         "weapons": ["Short Sword", {"name": "Spear", "alerted": True}]},
        {"id": "Black Knight"}, {"id": "Sorceror", "dead": True}],
        "denizens": [{"id": "Giant", "side": "dark", "target": "Black Knight"}, {"id": "Wolf"},
                     {"id": "Lancer 1", "group": "Lancers"}, {"id": "Goblin 1", "group": "Goblins",
                                                              "target": "Black Knight"},
                     {"id": "Soldier 1", "group": "Soldiers", "hired_by": "Amazon"},
                     {"id": "Bat", "counter": "Giant Bat", "dead": True, "group": "Bats"}]}})


def test_only_unassigned_denizens_may_be_lured_and_each_other_says_why_not():
    options = encounter_options(clearing(), "Amazon")
    assert options.lurable == ["Wolf", "Lancer 1"]
    assert options.not_lurable == [("Giant", "red side up"), ("Goblin 1", "already attacks Black Knight")]


def test_a_side_deploys_its_own_hirelings_against_anyone_else_and_charges_only_living_characters():
    options = encounter_options(clearing(), "Amazon")
    assert options.hirelings == ["Soldier 1"]
    assert options.deploy_targets == ["Giant", "Wolf", "Lancer 1", "Goblin 1", "Black Knight"]
    assert options.charge_targets == ["Black Knight"]
    assert encounter_options(clearing(), "Black Knight").hirelings == []


def test_the_fresh_chits_and_unalerted_weapons_are_offered_for_each_encounter_action():
    options = encounter_options(clearing(), "Amazon", ["Fiery Blast"])
    assert options.move_chits == ["MOVE M4", "MOVE M3*"]
    assert options.horse == "horse/workhorse-1"
    assert options.weapons_to_alert == ["Short Sword"]
    assert options.fight_chits == ["FIGHT L3*", "FIGHT M5", "BERSERK T4**"]
    assert options.spells == ["Fiery Blast"] and options.magic_chits == ["MAGIC II2*"]


def test_a_dead_horse_runs_nowhere_and_without_a_record_no_spell_is_offered():
    state = clearing()
    state["state"]["characters"][0]["horse"] = {"counter": "horse/workhorse-1", "dead": True}
    options = encounter_options(state, "Amazon")
    assert options.horse is None and options.spells == []


def test_the_gm_is_offered_the_native_groups_with_a_living_member():
    assert native_groups(clearing()) == ["Goblins", "Lancers", "Soldiers"]


def test_a_denizen_that_names_no_group_is_of_its_counters_group_in_the_catalogue():
    state = battle_state({"format": "herald-round/1", "rules": "standard", "state": {"round": 1, "characters": [
        {"id": "Amazon"}], "denizens": [{"id": "Company 1"}, {"id": "Rogue", "counter": "Rogue 6"}, {"id": "Wolf"}]}})
    assert native_groups(state) == ["Company", "Rogues"]
