"""The encounter step: luring, random assignment, deployment, charging, alerting and casting, and the
validation a form relies on."""

from systems.magic_realm.engine.dice import ScriptedDice, SeededDice
from systems.magic_realm.engine.encounter import (
    AlertWeapon,
    CastSpell,
    CharacterInClearing,
    Charge,
    Denizen,
    Deploy,
    EncounterInput,
    EncounterInvalid,
    Lure,
    MeleeTarget,
    Minion,
    denizen_from_catalogue,
    resolve_encounter,
    validate_encounter,
    with_choice,
)
from systems.magic_realm.engine.ruleset import rules_from

BIMR4 = rules_from("bimr4")
WOLF = Denizen("Wolf", "monster", 3)
TROLL = Denizen("T Troll", "monster", 6, red_side_up=True, target="Swordsman")


def two_characters(**amazon):
    return (CharacterInClearing("Amazon", **amazon), CharacterInClearing("Swordsman"))


def paths(encounter):
    return [error.path for error in validate_encounter(encounter)]


# Luring


def test_a_character_lures_any_number_of_denizens_onto_his_own_sheet_and_becomes_unhidden():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(hidden=True),
        denizens=(WOLF, Denizen("Goblin", "monster", 3)),
        lures=(Lure("Amazon", "Wolf"), Lure("Amazon", "Goblin")),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.attackers_of("Amazon") == ("Wolf", "Goblin")
    assert "Amazon" not in result.hidden
    assert all(e.rule == "8.3.4" for e in result.events if e.kind == "lure")


def test_a_hireling_lures_one_denizen_onto_its_own_sheet():
    amazon = {"minions": (Minion("Rogue 6", 5, group="Rogues"),)}
    encounter = EncounterInput(
        rules=BIMR4, characters=two_characters(**amazon), denizens=(WOLF,), lures=(Lure("Rogue 6", "Wolf"),)
    )
    assert resolve_encounter(encounter, ScriptedDice([])).targets["Wolf"] == "Rogue 6"
    twice = EncounterInput(
        rules=BIMR4,
        characters=two_characters(**amazon),
        denizens=(WOLF, Denizen("Goblin", "monster", 3)),
        lures=(Lure("Rogue 6", "Wolf"), Lure("Rogue 6", "Goblin")),
    )
    assert paths(twice) == ["lures[1].lurer"]


def test_a_red_side_up_tremendous_monster_cannot_be_lured():
    encounter = EncounterInput(
        rules=BIMR4, characters=two_characters(), denizens=(TROLL,), lures=(Lure("Amazon", "T Troll"),)
    )
    errors = validate_encounter(encounter)
    assert [e.path for e in errors] == ["lures[0].denizen"] and "red-side-up" in errors[0].message


def test_an_assigned_denizen_a_hireling_and_a_denizen_lured_twice_cannot_be_lured():
    amazon = {"minions": (Minion("Rogue 6", 5, group="Rogues"),)}
    assigned = Denizen("Wolf", "monster", 3, target="Swordsman")
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(**amazon),
        denizens=(assigned, Denizen("Goblin", "monster", 3)),
        lures=(
            Lure("Amazon", "Wolf"),
            Lure("Swordsman", "Rogue 6"),
            Lure("Amazon", "Goblin"),
            Lure("Swordsman", "Goblin"),
        ),
    )
    assert paths(encounter) == ["lures[0].denizen", "lures[1].denizen", "lures[3].denizen"]


def test_an_absent_character_cannot_lure():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(present=False),
        denizens=(WOLF,),
        lures=(Lure("Amazon", "Wolf"),),
    )
    assert paths(encounter) == ["lures[0].lurer"]


def test_luring_a_native_makes_its_group_battle_the_character():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(),
        denizens=(denizen_from_catalogue("Lancer 1"),),
        lures=(Lure("Amazon", "Lancer 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert ("Lancers", "Amazon") in result.battling
    assert any(e.rule == "8.3.4e" for e in result.events)


# Random assignment


def test_random_assignment_gives_the_denizen_to_the_highest_roll():
    encounter = EncounterInput(rules=BIMR4, characters=two_characters(), denizens=(WOLF,))
    result = resolve_encounter(encounter, ScriptedDice([2, 3, 5, 1]))  # Amazon high 3, Swordsman high 5
    assert result.targets["Wolf"] == "Swordsman"
    assert "Amazon (2, 3) → high die 3 = 3; Swordsman (5, 1) → high die 5 = 5" in result.events[0].text
    assert result.events[0].rule == "8.3.5a.3"


def test_random_assignment_ties_roll_again_among_the_tied():
    characters = two_characters() + (CharacterInClearing("Dwarf"),)
    encounter = EncounterInput(rules=BIMR4, characters=characters, denizens=(WOLF,))
    # first: Amazon 4, Swordsman 4, Dwarf 2; again: Amazon 1, Swordsman 6
    result = resolve_encounter(encounter, ScriptedDice([4, 1, 4, 4, 2, 1, 1, 1, 6, 2]))
    assert result.targets["Wolf"] == "Swordsman"
    assert [len(roll.dice) for roll in result.dice] == [2, 2, 2, 2, 2]
    assert "Dwarf" not in result.dice[3].purpose and "Dwarf" not in result.dice[4].purpose


def test_random_assignment_adds_die_modifiers_but_an_absent_character_rolls_plain_dice():
    amazon = CharacterInClearing(
        "Amazon", present=False, die_modifier=-3, minions=(Minion("Rogue 6", 5, group="Rogues"),)
    )
    swordsman = CharacterInClearing("Swordsman", die_modifier=2)
    encounter = EncounterInput(rules=BIMR4, characters=(amazon, swordsman), denizens=(WOLF,))
    result = resolve_encounter(encounter, ScriptedDice([6, 6, 3, 3]))  # Amazon 6; Swordsman 3 + 2 = 5
    assert result.targets["Wolf"] == "Rogue 6"


def test_natives_are_assigned_only_to_characters_they_battle_and_monsters_to_anyone():
    lancer = denizen_from_catalogue("Lancer 1")
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(),
        denizens=(lancer,),
        battling=frozenset({("Lancers", "Swordsman")}),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets["Lancer 1"] == "Swordsman" and result.dice == ()


def test_a_hidden_character_is_not_assigned_a_denizen_and_a_denizen_nobody_can_take_stays():
    encounter = EncounterInput(
        rules=BIMR4, characters=(CharacterInClearing("Amazon", hidden=True),), denizens=(WOLF,)
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert "Wolf" not in result.targets and "Wolf" not in result.watchful


def test_a_hidden_winner_s_player_chooses_which_unhidden_hireling_takes_the_denizen():
    amazon = CharacterInClearing(
        "Amazon",
        hidden=True,
        minions=(
            Minion("Rogue 6", 5, group="Rogues"),
            Minion("Rogue 7", 5, group="Rogues"),
            Minion("Rogue 5", 4, group="Rogues", hidden=True),
        ),
    )
    encounter = EncounterInput(rules=BIMR4, characters=(amazon,), denizens=(WOLF,))
    asked = resolve_encounter(encounter, ScriptedDice([]))
    assert asked.choice_needed.options == ("Rogue 6", "Rogue 7")
    assert asked.choice_needed.path == "choices.Wolf"
    answered = resolve_encounter(with_choice(encounter, "Wolf", "Rogue 7"), ScriptedDice([]))
    assert answered.targets["Wolf"] == "Rogue 7"


def test_a_character_held_by_a_red_side_up_monster_takes_no_more_denizens():
    encounter = EncounterInput(rules=BIMR4, characters=two_characters(), denizens=(TROLL, WOLF))
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets["Wolf"] == "Amazon"


def test_the_same_seed_resolves_the_same_way_every_time():
    characters = two_characters() + (CharacterInClearing("Dwarf"),)
    encounter = EncounterInput(
        rules=BIMR4, characters=characters, denizens=(WOLF, Denizen("Bat", "monster", 2))
    )
    first = resolve_encounter(encounter, SeededDice(7))
    second = resolve_encounter(encounter, SeededDice(7))
    assert first.targets == second.targets and [str(e) for e in first.events] == [
        str(e) for e in second.events
    ]


# Deployment and charging


def test_a_deployed_hireling_fights_its_target_and_the_unassigned_target_turns_on_it():
    amazon = CharacterInClearing("Amazon", minions=(Minion("Rogue 6", 5, group="Rogues"),))
    encounter = EncounterInput(
        rules=rules_from("standard"),
        characters=(amazon,),
        denizens=(denizen_from_catalogue("Soldier 1"),),
        deployments=(Deploy("Rogue 6", "Soldier 1"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets == {"Rogue 6": "Soldier 1", "Soldier 1": "Rogue 6"}
    assert ("Soldiers", "Amazon") in result.battling, "designer's note 1: a hireling deployed against natives"


def test_a_hireling_already_attacked_fights_its_attacker_and_is_not_deployed():
    amazon = CharacterInClearing("Amazon", hidden=True, minions=(Minion("Rogue 6", 5, group="Rogues"),))
    encounter = EncounterInput(
        rules=rules_from("standard"),
        characters=(amazon,),
        denizens=(Denizen("Wolf", "monster", 3), Denizen("Bat", "monster", 2)),
        deployments=(Deploy("Rogue 6", "Bat"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets["Wolf"] == "Rogue 6" and result.targets["Bat"] == "Rogue 6"
    assert "Rogue 6" not in result.targets
    assert "Rogue 6 cannot be deployed: Wolf, Bat already attack it" in result.events[-1].text


def test_a_hireling_can_be_deployed_to_help_against_a_denizen_attacking_its_master():
    amazon = {"minions": (Minion("Rogue 6", 5, group="Rogues"),)}
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Amazon", **amazon),),
        denizens=(Denizen("Wolf", "monster", 3, target="Amazon"),),
        deployments=(Deploy("Rogue 6", "Wolf"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.targets == {"Wolf": "Amazon", "Rogue 6": "Wolf"}


def test_a_hireling_cannot_be_deployed_against_its_own_master_or_twice():
    amazon = {"minions": (Minion("Rogue 6", 5, group="Rogues"), Minion("Rogue 7", 5, group="Rogues"))}
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(**amazon),
        deployments=(
            Deploy("Rogue 6", "Amazon"),
            Deploy("Rogue 7", "Swordsman"),
            Deploy("Rogue 7", "Rogue 6"),
        ),
    )
    assert paths(encounter) == ["deployments[0].target", "deployments[2].minion", "deployments[2].target"]


def test_a_charge_puts_the_charger_s_chit_on_the_target_s_sheet_and_unhides_him():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Amazon", hidden=True), CharacterInClearing("Swordsman")),
        charges=(Charge("Amazon", "Swordsman", 3, "MOVE M3"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.charges["Swordsman"][0].move_time == 3
    assert "Amazon" not in result.hidden


def test_a_hidden_character_cannot_be_charged():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Amazon"), CharacterInClearing("Swordsman", hidden=True)),
        charges=(Charge("Amazon", "Swordsman", 3),),
    )
    assert paths(encounter) == ["charges[0].target"]


# Encounter actions


def test_alerting_a_weapon_and_casting_a_spell_are_recorded_with_their_rule():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(),
        actions=(
            AlertWeapon("Amazon", "Short Sword", "FIGHT M4"),
            CastSpell("Swordsman", "Fiery Blast", "MAGIC III3"),
        ),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.alerted == (("Amazon", "Short Sword"),)
    assert result.spells[0].spell == "Fiery Blast"
    assert [e.rule_name for e in result.events] == [
        "Encounter step: alerting a weapon",
        "Encounter step: casting a spell",
    ]


def test_a_character_takes_one_encounter_action():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(),
        actions=(AlertWeapon("Amazon", "Short Sword"), CastSpell("Amazon", "Fiery Blast")),
    )
    assert paths(encounter) == ["actions[1].character"]


# Targets and validation


def test_an_unassigned_monster_targeted_goes_to_its_own_sheet_and_does_not_strike_back():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(CharacterInClearing("Amazon", hidden=True),),
        denizens=(WOLF,),
        targets=(MeleeTarget("Amazon", "Wolf"),),
    )
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert "Wolf" in result.own_sheets and result.attackers_of("Amazon") == ()


def test_unknown_names_are_reported_with_their_field_paths_and_resolution_refuses_them():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=two_characters(),
        denizens=(Denizen("Wolf", "monster", 9), Denizen("Wolf", "native", 3)),
        lures=(Lure("Nobody", "Ghost"),),
        targets=(MeleeTarget("Amazon", "Ghost"),),
        choices={"Ghost": "Nobody"},
    )
    assert paths(encounter) == [
        "characters",
        "denizens[0].move_time",
        "denizens[1].group",
        "lures[0].lurer",
        "lures[0].denizen",
        "targets[0].target",
        "choices.Ghost",
        "choices.Ghost",
    ]
    try:
        resolve_encounter(encounter, ScriptedDice([]))
    except EncounterInvalid as invalid:
        assert len(invalid.errors) == 8
    else:
        raise AssertionError("an invalid encounter was resolved")


def test_a_hidden_hireling_cannot_be_targeted_and_a_character_who_lures_can_be_charged():
    amazon = CharacterInClearing(
        "Amazon", hidden=True, minions=(Minion("Rogue 6", 5, group="Rogues", hidden=True),)
    )
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(amazon, CharacterInClearing("Swordsman")),
        denizens=(WOLF,),
        lures=(Lure("Amazon", "Wolf"),),
        charges=(Charge("Swordsman", "Amazon", 3),),
        targets=(MeleeTarget("Swordsman", "Rogue 6"),),
    )
    assert validate_encounter(encounter) == []
    result = resolve_encounter(encounter, ScriptedDice([]))
    assert result.charges["Amazon"][0].character == "Swordsman"
    assert "Swordsman" not in result.targets
    assert "Swordsman cannot target Rogue 6: not unhidden in the clearing" in result.events[-1].text


def test_an_absent_character_cannot_be_deployed_against_or_targeted():
    encounter = EncounterInput(
        rules=BIMR4,
        characters=(
            CharacterInClearing("Amazon", minions=(Minion("Rogue 6", 5, group="Rogues"),)),
            CharacterInClearing("Swordsman", present=False),
        ),
        deployments=(Deploy("Rogue 6", "Swordsman"),),
        targets=(MeleeTarget("Amazon", "Swordsman"),),
    )
    assert paths(encounter) == ["deployments[0].target", "targets[0].target"]
