"""BIMR4 Watchful Natives: every clause of the rule, the designer's examples A and B and note 3."""

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.encounter import (
    CharacterInClearing,
    Deploy,
    EncounterInput,
    Lure,
    MeleeTarget,
    Minion,
    RunAway,
    denizen_from_catalogue,
    resolve_encounter,
    with_choice,
)
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")
WITHOUT_WATCHFUL = rules_from({"preset": "bimr4", "watchful_natives": False})


def soldiers(**state):
    return tuple(denizen_from_catalogue(f"Soldier {rank}", **state) for rank in ("1", "2", "3", "HQ"))


def rules_cited(result, rule):
    return [event for event in result.events if event.rule == rule]


def test_example_a_a_hidden_battled_berserker_who_targets_a_soldier_gets_every_soldier_on_his_sheet():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker", hidden=True),),
        denizens=soldiers(),
        battling=frozenset({("Soldiers", "Berserker")}),
        targets=(MeleeTarget("Berserker", "Soldier 2"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert "Berserker" not in result.hidden
    assert result.attackers_of("Berserker") == ("Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ")
    assert result.watchful == frozenset()
    assert rules_cited(result, "8.4.2b.4"), "targeting unhides him"
    assert rules_cited(result, "BIMR4 Watchful Natives 1.1")


def test_example_b_an_unbattled_berserker_who_targets_a_soldier_is_battled_and_counter_attacked():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker"),),
        denizens=soldiers(),
        targets=(MeleeTarget("Berserker", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert ("Soldiers", "Berserker") in result.battling
    assert rules_cited(result, "8.4.2d.7")
    assert set(result.attackers_of("Berserker")) == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}


def test_unassigned_unhired_natives_become_watchful_at_the_end_of_random_assignment():
    encounter = EncounterInput(rules=BIMR4, characters=(CharacterInClearing("Amazon"),), denizens=soldiers())
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.watchful == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}


def test_monsters_and_hired_natives_are_never_watchful():
    wolf = denizen_from_catalogue("Wolf")
    amazon = CharacterInClearing(
        "Amazon", hidden=True, minions=(Minion("Rogue 1", 4, group="Rogues", hidden=True),)
    )
    result = resolve_encounter(
        EncounterInput(rules=BIMR4, characters=(amazon,), denizens=(wolf,)), ScriptedDice([])
    )
    assert result.watchful == frozenset()
    assert "Wolf" not in result.targets


def test_without_the_option_nobody_is_watchful_and_a_targeted_native_goes_to_its_own_sheet():
    encounter = EncounterInput(
        rules=WITHOUT_WATCHFUL,
        characters=(CharacterInClearing("Berserker"),),
        denizens=soldiers(),
        targets=(MeleeTarget("Berserker", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.watchful == frozenset()
    assert result.attackers_of("Berserker") == ()
    assert "Soldier 1" in result.own_sheets


def test_a_lured_native_is_not_watchful_and_the_rest_of_its_group_stays_to_random_assignment():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker"),),
        denizens=soldiers(),
        lures=(Lure("Berserker", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    # Luring made the Soldiers battle him, so random assignment gives him the rest (designer's note 4).
    assert set(result.attackers_of("Berserker")) == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert result.watchful == frozenset()


def test_natives_left_behind_by_a_character_who_runs_away_become_watchful():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Amazon"),),
        denizens=soldiers(target="Amazon"),
        actions=(RunAway("Amazon", 2, chit="MOVE M2"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([1, 1]))  # Stumble: 1 + 4 attackers + (2 - 4) = 3
    assert result.ran_away == ("Amazon",)
    assert result.watchful == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert result.attackers_of("Amazon") == ()


def test_note_3_lured_and_left_soldiers_defend_each_other_but_not_the_engaged_ones():
    """Berserker lures two Soldiers, Amazon lures the other two and runs away (designer's note 3)."""
    characters = (
        CharacterInClearing("Berserker"),
        CharacterInClearing("Amazon"),
        CharacterInClearing("Swordsman"),
    )
    base = {
        "rules": BIMR4,
        "characters": characters,
        "denizens": soldiers(),
        "lures": (
            Lure("Berserker", "Soldier 1"),
            Lure("Berserker", "Soldier 2"),
            Lure("Amazon", "Soldier 3"),
            Lure("Amazon", "Soldier HQ"),
        ),
        "actions": (RunAway("Amazon", 3, chit="MOVE M3"),),
    }
    dice = [1, 1]  # Amazon's Stumble: 1 + 2 attackers + (3 - 5) = 1, she completes her run
    other_targets_watchful = resolve_encounter(
        EncounterInput(**base, targets=(MeleeTarget("Swordsman", "Soldier 3"),)), ScriptedDice(list(dice))
    )
    assert set(other_targets_watchful.attackers_of("Swordsman")) == {"Soldier 3", "Soldier HQ"}
    assert set(other_targets_watchful.attackers_of("Berserker")) == {"Soldier 1", "Soldier 2"}

    berserker_targets_engaged = resolve_encounter(
        EncounterInput(**base, targets=(MeleeTarget("Berserker", "Soldier 1"),)), ScriptedDice(list(dice))
    )
    assert set(berserker_targets_engaged.attackers_of("Berserker")) == {"Soldier 1", "Soldier 2"}
    assert berserker_targets_engaged.watchful == {"Soldier 3", "Soldier HQ"}

    anyone_targets_engaged = resolve_encounter(
        EncounterInput(**base, targets=(MeleeTarget("Swordsman", "Soldier 2"),)), ScriptedDice(list(dice))
    )
    assert anyone_targets_engaged.attackers_of("Swordsman") == ()
    assert anyone_targets_engaged.watchful == {"Soldier 3", "Soldier HQ"}


def test_1_1_exception_a_character_hidden_by_ambush_with_no_unhidden_minions_leaves_them_watchful():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker", hidden=True),),
        denizens=soldiers(),
        targets=(MeleeTarget("Berserker", "Soldier 1", stays_hidden=True),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert "Berserker" in result.hidden
    assert result.watchful == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert rules_cited(result, "BIMR4 Watchful Natives 1.3")


def test_1_3_a_hidden_attacker_with_one_unhidden_minion_sends_the_watchful_natives_to_it():
    captain = CharacterInClearing("Captain", hidden=True, minions=(Minion("Rogue 6", 5, group="Rogues"),))
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(captain,),
        denizens=soldiers(),
        targets=(MeleeTarget("Captain", "Soldier 1", stays_hidden=True),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert set(result.attackers_of("Rogue 6")) == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert result.watchful == frozenset()


def test_1_3_with_several_unhidden_minions_the_player_chooses_for_each_native():
    captain = CharacterInClearing(
        "Captain",
        hidden=True,
        minions=(Minion("Rogue 6", 5, group="Rogues"), Minion("Rogue 7", 5, group="Rogues")),
    )
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(captain,),
        denizens=(denizen_from_catalogue("Soldier 1"), denizen_from_catalogue("Soldier 2")),
        targets=(MeleeTarget("Captain", "Soldier 1", stays_hidden=True),),
    )
    asked = resolve_encounter(encounter, ScriptedDice([]))
    assert asked.choice_needed is not None
    assert asked.choice_needed.path == "choices.Soldier 1"
    assert asked.choice_needed.options == ("Rogue 6", "Rogue 7")

    chosen = with_choice(with_choice(encounter, "Soldier 1", "Rogue 7"), "Soldier 2", "Rogue 6")
    result = resolve_encounter(chosen, ScriptedDice([]))
    assert result.complete
    assert result.targets["Soldier 1"] == "Rogue 7" and result.targets["Soldier 2"] == "Rogue 6"


def test_1_2_deploying_a_minion_against_a_watchful_native_brings_the_rest_of_its_group_onto_the_character():
    captain = CharacterInClearing("Captain", minions=(Minion("Rogue 6", 5, group="Rogues"),))
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(captain,),
        denizens=soldiers(),
        deployments=(Deploy("Rogue 6", "Soldier 2"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets["Rogue 6"] == "Soldier 2"
    assert result.targets["Soldier 2"] == "Rogue 6", "the native deployed against fights the minion"
    assert set(result.attackers_of("Captain")) == {"Soldier 1", "Soldier 3", "Soldier HQ"}
    assert result.watchful == frozenset()
    assert ("Soldiers", "Captain") in result.battling


def test_1_2_the_character_finishes_deploying_before_the_watchful_natives_are_assigned():
    captain = CharacterInClearing(
        "Captain",
        minions=(Minion("Rogue 6", 5, group="Rogues"), Minion("Rogue 7", 5, group="Rogues")),
    )
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(captain,),
        denizens=soldiers(),
        deployments=(Deploy("Rogue 6", "Soldier 1"), Deploy("Rogue 7", "Soldier 2")),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets["Soldier 1"] == "Rogue 6" and result.targets["Soldier 2"] == "Rogue 7"
    assert set(result.attackers_of("Captain")) == {"Soldier 3", "Soldier HQ"}


def test_a_watchful_native_assigned_to_a_sheet_stops_being_watchful_and_does_not_pile_on_twice():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker"), CharacterInClearing("Swordsman")),
        denizens=soldiers(),
        targets=(MeleeTarget("Berserker", "Soldier 1"), MeleeTarget("Swordsman", "Soldier 2")),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert len(result.attackers_of("Berserker")) == 4
    assert result.attackers_of("Swordsman") == ()


def test_only_watchful_natives_of_the_target_s_group_pile_on():
    lancers = (denizen_from_catalogue("Lancer 1"), denizen_from_catalogue("Lancer 2"))
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Berserker"),),
        denizens=soldiers() + lancers,
        targets=(MeleeTarget("Berserker", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert set(result.attackers_of("Berserker")) == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert result.watchful == {"Lancer 1", "Lancer 2"}


def test_1_2_and_1_3_a_hidden_character_s_deployment_sends_the_rest_of_the_group_to_his_unhidden_minion():
    captain = CharacterInClearing(
        "Captain",
        hidden=True,
        minions=(
            Minion("Rogue 6", 5, group="Rogues", hidden=True),
            Minion("Rogue 7", 5, group="Rogues", hidden=True),
        ),
    )
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(captain,),
        denizens=soldiers(),
        deployments=(Deploy("Rogue 6", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert "Rogue 6" not in result.hidden, "a deployed hireling becomes unhidden"
    assert "Captain" in result.hidden and "Rogue 7" in result.hidden
    assert set(result.attackers_of("Rogue 6")) == {"Soldier 1", "Soldier 2", "Soldier 3", "Soldier HQ"}
    assert any(event.rule == "BIMR4 Watchful Natives 1.3" for event in result.events)
