"""Running away: Stumble (rule 5.1) and the basic rule (strictly faster than every attacker)."""

import pytest

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.encounter import (
    CharacterInClearing,
    Charge,
    Denizen,
    EncounterInput,
    RunAway,
    resolve_encounter,
    validate_encounter,
)
from systems.magic_realm.engine.ruleset import rules_from

STUMBLE = rules_from("bimr4")
BASIC = rules_from("standard")


def on_sheet(*move_times, flying=(), red=False):
    return tuple(
        Denizen(
            f"Attacker {i}", "monster", time, flying=i in flying, red_side_up=red and i == 0, target="Amazon"
        )
        for i, time in enumerate(move_times)
    )


def run(rules, denizens, action, dice=(), amazon=None, charges=()):
    amazon = amazon or CharacterInClearing("Amazon")
    encounter = EncounterInput(
        rules=rules,
        characters=(amazon, CharacterInClearing("Swordsman")),
        denizens=denizens,
        actions=(action,),
        charges=charges,
    )
    return resolve_encounter(encounter, ScriptedDice(list(dice)))


def test_the_rule_5_1_example_three_attackers_fastest_4_move_2_rolling_6_gives_7_and_cancels():
    result = run(STUMBLE, on_sheet(4, 5, 6), RunAway("Amazon", 2, chit="MOVE M2"), dice=[6, 1])
    assert result.runs[0].adjusted_roll == 7
    assert not result.runs[0].ran
    assert result.ran_away == ()
    stumble = next(e for e in result.events if e.kind == "stumble")
    assert stumble.rule == "5.1"
    assert "high die 6 + 3 attackers + (own time 2 - fastest attacker 4) = 7" in stumble.text


def test_under_stumble_6_or_less_completes_even_with_a_slower_chit():
    result = run(STUMBLE, on_sheet(3), RunAway("Amazon", 5), dice=[1, 2])  # 2 + 1 + (5 - 3) = 5
    assert result.runs[0].ran and result.runs[0].adjusted_roll == 5
    assert result.ran_away == ("Amazon",)
    assert result.attackers_of("Amazon") == ()


def test_stumble_adds_the_characters_die_modifiers():
    amazon = CharacterInClearing("Amazon", die_modifier=1)
    result = run(STUMBLE, on_sheet(4), RunAway("Amazon", 4), dice=[5, 5], amazon=amazon)  # 5 + 1 + 1 + 0 = 7
    assert result.runs[0].adjusted_roll == 7 and not result.runs[0].ran


def test_stumble_counts_a_charge_chit_as_an_attacker():
    charge = Charge("Swordsman", "Amazon", 3, "MOVE L3")
    result = run(
        STUMBLE, on_sheet(5), RunAway("Amazon", 4), dice=[3, 3], charges=(charge,)
    )  # 3 + 2 + (4 - 3)
    assert result.runs[0].adjusted_roll == 6 and result.runs[0].ran


def test_flying_away_counts_only_flying_attackers():
    result = run(STUMBLE, on_sheet(2, 4, flying=(1,)), RunAway("Amazon", 4, using="fly"), dice=[6, 6])
    assert result.runs[0].adjusted_roll == 6 + 1 + 0


def test_with_no_attacker_on_his_sheet_he_runs_without_a_roll():
    result = run(STUMBLE, (), RunAway("Amazon", 6), dice=[])
    assert result.ran_away == ("Amazon",) and result.dice == ()


def test_without_stumble_the_chit_must_be_strictly_faster_than_every_attacker():
    refused = run(BASIC, on_sheet(4, 5), RunAway("Amazon", 4))
    assert refused.ran_away == ()
    assert "not strictly faster than Attacker 0 (move time 4); attackers: Attacker 0 (move time 4), Attacker 1 " \
           "(move time 5)" in refused.events[-1].text
    ran = run(BASIC, on_sheet(4, 5), RunAway("Amazon", 3))
    assert ran.ran_away == ("Amazon",) and ran.dice == ()


def test_a_refusal_by_the_only_attacker_names_him_once():
    refused = run(BASIC, on_sheet(4), RunAway("Amazon", 4))
    assert refused.events[-1].text.endswith("his move time 4 is not strictly faster than Attacker 0 (move time 4)")


def test_without_stumble_a_charge_chit_must_be_outrun_too():
    refused = run(BASIC, on_sheet(5), RunAway("Amazon", 3), charges=(Charge("Swordsman", "Amazon", 3),))
    assert refused.ran_away == ()


@pytest.mark.parametrize("rules", [STUMBLE, BASIC], ids=["stumble", "basic"])
def test_no_one_runs_with_a_red_side_up_tremendous_monster_on_his_sheet(rules):
    encounter = EncounterInput(
        rules=rules,
        characters=(CharacterInClearing("Amazon"),),
        denizens=on_sheet(6, red=True),
        actions=(RunAway("Amazon", 2),),
    )
    errors = validate_encounter(encounter)
    assert [error.path for error in errors] == ["actions[0].character"]
    assert "red side up" in errors[0].message


def test_under_riding_horses_a_rider_must_play_his_horse_to_run():
    rider = CharacterInClearing("Amazon", horse="Pony")
    encounter = EncounterInput(
        rules=STUMBLE, characters=(rider,), actions=(RunAway("Amazon", 3, using="move"),)
    )
    assert [error.path for error in validate_encounter(encounter)] == ["actions[0].using"]
    on_horse = EncounterInput(
        rules=STUMBLE, characters=(rider,), actions=(RunAway("Amazon", 4, using="horse"),)
    )
    assert validate_encounter(on_horse) == []


def test_a_character_who_charged_cannot_run_away():
    encounter = EncounterInput(
        rules=STUMBLE,
        characters=(CharacterInClearing("Amazon"), CharacterInClearing("Swordsman")),
        charges=(Charge("Amazon", "Swordsman", 4),),
        actions=(RunAway("Amazon", 4),),
    )
    assert [error.path for error in validate_encounter(encounter)] == ["actions[0].character"]


def test_a_native_left_behind_by_a_runner_is_unassigned_and_his_hirelings_stay():
    from systems.magic_realm.engine.encounter import Minion

    amazon = CharacterInClearing("Amazon", minions=(Minion("Rogue 6", 5, group="Rogues"),))
    native = Denizen("Soldier 1", "native", 4, group="Soldiers", target="Amazon")
    result = run(BASIC, (native,), RunAway("Amazon", 3), amazon=amazon)
    assert result.ran_away == ("Amazon",)
    assert "Soldier 1" not in result.targets
    assert result.owners == {"Rogue 6": "Amazon"}
    assert result.watchful == frozenset(), "the standard rules have no Watchful Natives"


def test_under_riding_horses_a_rider_must_charge_on_his_horse():
    rider = CharacterInClearing("Amazon", horse="Pony")
    on_foot = EncounterInput(
        rules=STUMBLE,
        characters=(rider, CharacterInClearing("Swordsman")),
        charges=(Charge("Amazon", "Swordsman", 3, "MOVE M3"),),
    )
    assert [error.path for error in validate_encounter(on_foot)] == ["charges[0].using"]
    mounted = EncounterInput(
        rules=STUMBLE,
        characters=(rider, CharacterInClearing("Swordsman")),
        charges=(Charge("Amazon", "Swordsman", 4, "Pony (galloping)", using="horse"),),
    )
    assert validate_encounter(mounted) == []


def test_the_run_chit_is_played_when_the_run_is_tried_and_not_when_it_is_refused():
    stumbled = run(STUMBLE, on_sheet(4, 5, 6), RunAway("Amazon", 2, chit="MOVE M2"), dice=[6, 1])
    assert stumbled.chits_played == {"Amazon": ("MOVE M2",)}
    refused = run(BASIC, on_sheet(4), RunAway("Amazon", 4, chit="MOVE M4"))
    assert refused.chits_played == {}
    assert not refused.runs[0].attempted


@pytest.mark.parametrize("horse", ["horse/pony-4", "Pony"])
def test_a_horse_named_by_its_catalogue_key_or_its_name_runs_away(horse):
    """Issue #15.6: `horse/pony-4`, the form docs/round-format.md recommends, raised UnknownCounter."""
    import json
    from pathlib import Path

    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.play import play_round
    from systems.magic_realm.engine.round_format import read_round

    data = json.loads((Path(__file__).resolve().parents[2] / "docs/examples/encounter-stumble.json").read_text())
    data["state"]["characters"][0]["horse"] = horse
    data["encounter"]["actions"] = [{"character": "Amazon", "run": {"horse": "galloping"}}]
    data["plays"].pop("Amazon", None)
    data.pop("dice", None)
    played = play_round(read_round(data), SeededDice(3))
    assert any("Pony (galloping)" in line for line in played.encounter["events"])


@pytest.mark.parametrize("horse, move_time", [("horse/warhorse-2", 4), ("Warhorse", 5)])
def test_a_horse_named_by_its_catalogue_key_or_its_name_charges(horse, move_time):
    """Issue #15.6: charging on `horse/warhorse-2` takes that horse's galloping time (4); the name alone
    finds the first Warhorse (galloping 5)."""
    import json
    from pathlib import Path

    from systems.magic_realm.engine.dice import ScriptedDice
    from systems.magic_realm.engine.play import play_round
    from systems.magic_realm.engine.round_format import read_round

    path = Path(__file__).resolve().parents[2] / "docs/examples/encounter-charge-and-run-on-horses-by-key.json"
    data = json.loads(path.read_text())
    data["state"]["characters"][0]["horse"] = horse
    played = play_round(read_round(data), ScriptedDice([6, 3]))
    assert played.encounter["events"][0].startswith(
        f"Captain charges Amazon with Warhorse (galloping) (move time {move_time})"
    )
    assert played.encounter["runs"][0]["ran"]


def test_the_catalogue_finds_a_counter_by_its_key_only_within_the_kind_asked_for():
    from systems.magic_realm.engine.catalogue_data import load_catalogue

    catalogue = load_catalogue()
    assert catalogue.horse("horse/pony-4").key == "horse/pony-4"
    with pytest.raises(LookupError):
        catalogue.weapon("horse/pony-4")
