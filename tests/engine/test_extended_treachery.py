"""BIMR4 Extended Treachery, and the Treachery rule (8.4.2g) it extends."""

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.encounter import (
    CharacterInClearing,
    Deploy,
    EncounterInput,
    Lure,
    MeleeTarget,
    denizen_from_catalogue,
    minion_from_catalogue,
    resolve_encounter,
)
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")
WITHOUT_EXTENDED = rules_from({"preset": "bimr4", "extended_treachery": False})


def captain_with_soldiers():
    return CharacterInClearing(
        "Captain",
        minions=(
            minion_from_catalogue("Soldier 1"),
            minion_from_catalogue("Soldier HQ"),
            minion_from_catalogue("Rogue 6"),
        ),
    )


def encounter(rules=BIMR4, **steps):
    return EncounterInput(
        rules=rules,
        characters=(captain_with_soldiers(),),
        denizens=(denizen_from_catalogue("Soldier 2"), denizen_from_catalogue("Soldier 3")),
        **steps,
    )


def assert_soldiers_rebelled(result):
    assert {rebel.name for rebel in result.rebels} == {"Soldier 1", "Soldier HQ"}
    assert result.owners == {"Rogue 6": "Captain"}, "the hireling of another group stays hired"
    assert result.fame_lost == {"Captain": 3 + 6}, "fame equal to each rebel's notoriety"
    assert ("Soldiers", "Captain") in result.battling
    assert any(event.rule == "BIMR4 Extended Treachery" for event in result.events)
    assert any(event.rule == "8.4.2g" and event.kind == "rebel" for event in result.events)


def test_a_hired_native_luring_a_member_of_its_own_group_makes_every_hired_native_of_that_group_rebel():
    result = resolve_encounter(encounter(lures=(Lure("Soldier 1", "Soldier 2"),)), ScriptedDice([]))
    assert_soldiers_rebelled(result)
    assert result.targets.get("Soldier 2") != "Soldier 1", "the lure is cancelled"


def test_rebels_of_a_lure_take_part_in_random_assignment_as_natives_battling_the_character():
    result = resolve_encounter(encounter(lures=(Lure("Soldier 1", "Soldier 2"),)), ScriptedDice([]))
    # The Soldiers now battle the Captain, so random assignment sends them all to him.
    assert set(result.attackers_of("Captain")) == {"Soldier 1", "Soldier HQ", "Soldier 2", "Soldier 3"}


def test_deploying_a_hired_native_against_a_member_of_its_own_group_makes_them_rebel():
    result = resolve_encounter(encounter(deployments=(Deploy("Soldier HQ", "Soldier 3"),)), ScriptedDice([]))
    assert_soldiers_rebelled(result)
    assert "Soldier HQ" not in result.targets
    assert {"Soldier 1", "Soldier HQ"} <= result.own_sheets


def test_a_hired_native_targeting_its_own_group_in_the_melee_step_makes_them_rebel():
    result = resolve_encounter(encounter(targets=(MeleeTarget("Soldier 1", "Soldier 2"),)), ScriptedDice([]))
    assert_soldiers_rebelled(result)


def test_without_the_option_a_hired_native_may_lure_its_own_group():
    result = resolve_encounter(
        encounter(WITHOUT_EXTENDED, lures=(Lure("Soldier 1", "Soldier 2"),)), ScriptedDice([])
    )
    assert result.rebels == ()
    assert result.targets["Soldier 2"] == "Soldier 1"
    assert result.fame_lost == {}


def test_a_hired_native_luring_another_group_is_no_treachery():
    rogue = denizen_from_catalogue("Rogue 7")
    inp = EncounterInput(
        rules=BIMR4,
        characters=(captain_with_soldiers(),),
        denizens=(rogue,),
        lures=(Lure("Soldier 1", "Rogue 7"),),
    )
    result = resolve_encounter(inp, ScriptedDice([]))
    assert result.rebels == ()
    assert result.targets["Rogue 7"] == "Soldier 1"


def test_a_character_targeting_his_own_hireling_is_treachery_under_the_basic_rule():
    result = resolve_encounter(
        encounter(WITHOUT_EXTENDED, targets=(MeleeTarget("Captain", "Soldier HQ"),)), ScriptedDice([])
    )
    assert {rebel.name for rebel in result.rebels} == {"Soldier 1", "Soldier HQ"}
    assert result.fame_lost == {"Captain": 9}
    assert result.targets["Captain"] == "Soldier HQ"


def test_rebels_never_become_watchful_when_they_rebel_after_random_assignment():
    result = resolve_encounter(encounter(deployments=(Deploy("Soldier 1", "Soldier 2"),)), ScriptedDice([]))
    assert "Soldier 1" not in result.watchful and "Soldier HQ" not in result.watchful
    assert {"Soldier 2", "Soldier 3"} <= result.watchful
