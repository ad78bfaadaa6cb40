"""Herald's rulings on the contested points of issue #15 (docs/rulings.md), each a RuleSet setting: the
melee with the setting on and with it off."""

from __future__ import annotations

import pytest

from systems.magic_realm.engine.attackers import weapon_can_turn_over
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.ruleset import PRESETS, RULING_DEFAULTS, RULING_FIELDS, rules_from
from tests.engine.test_melee import (
    CALM,
    attack_play,
    black_knight,
    find,
    make_round,
    resolve,
    two_attackers_at_one_wolf,
)


def rules(**settings):
    return {"preset": "standard", **settings}


def ruling_events(result, name):
    return [event for event in result.events if event.rule == "ruling" and f"setting {name}" in event.rule_name]


def test_every_preset_takes_herald_s_rulings_by_default():
    for preset in PRESETS.values():
        assert {name: getattr(preset, name) for name in RULING_FIELDS} == RULING_DEFAULTS
    assert RULING_DEFAULTS == {
        "red_after_killing_horse": True,
        "weapon_turns_while_red": False,
        "cancelled_attack_alerts": False,
        "fatigued_chits_take_wounds": True,
        "gold_only_to_leaders": False,
    }


@pytest.mark.parametrize("name", RULING_FIELDS)
def test_a_ruling_must_be_true_or_false(name):
    with pytest.raises(ValueError, match=name):
        rules_from({"preset": "standard", name: "yes"})


def test_a_ruling_at_its_default_leaves_the_fingerprint_as_it_was_and_a_changed_one_changes_it():
    standard = rules_from("standard")
    assert standard.fingerprint() == "d70c5d5ee8"  # the fingerprint before the rulings existed
    assert rules_from(rules(gold_only_to_leaders=True)).fingerprint() != standard.fingerprint()


# --- a Tremendous monster that kills a rider's horse ---------------------------------------------------


def _troll_kills_the_pony(red_after_killing_horse):
    # The light-side T Troll (H, time 4) intercepts the walking Pony (M) in box 1 and kills it; the
    # White Knight on it is not hit.
    round_input = make_round(
        rules=rules(red_after_killing_horse=red_after_killing_horse),
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": [], "horse": "horse/pony-4"}],
        denizens=[{"id": "T Troll"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
        plays={"White Knight": {"maneuver": {"horse": "walking", "box": 1}}},
    )
    return resolve(round_input, [4])


def test_a_tremendous_monster_that_kills_a_riders_horse_turns_red_side_up_and_holds_him():
    result = _troll_kills_the_pony(True)
    assert result.state.character("White Knight").horse.dead
    assert not result.state.character("White Knight").dead
    troll = result.state.denizen("T Troll")
    assert (troll.side, troll.target) == ("dark", "White Knight")
    [event] = ruling_events(result, "red_after_killing_horse")
    assert event.text == (
        "T Troll killed White Knight's horse without killing White Knight: it turns red side up and holds "
        "White Knight (ruling red_after_killing_horse: on)"
    )
    assert find(result, "T Troll is red side up and holds White Knight: White Knight cannot run away")


def test_with_the_ruling_off_a_tremendous_monster_that_kills_a_riders_horse_keeps_its_side():
    result = _troll_kills_the_pony(False)
    assert result.state.character("White Knight").horse.dead
    assert result.state.denizen("T Troll").side == "light"
    [event] = ruling_events(result, "red_after_killing_horse")
    assert event.text.endswith("it keeps its side (ruling red_after_killing_horse: off)")
    assert not find(result, "cannot run away")


def test_a_tremendous_monster_that_kills_the_rider_himself_does_not_turn_red_side_up():
    # Red side up is for a target still alive; the ruling changes nothing when the rider dies.
    round_input = make_round(
        characters=[{"id": "Black Knight", "weapons": [], "armor": []}],  # vulnerability M
        denizens=[{"id": "T Troll"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    result = resolve(round_input, [4])
    assert result.state.character("Black Knight").dead
    assert result.state.denizen("T Troll").side == "light"


# --- a head or club while its monster is red side up -----------------------------------------------


def _red_giant(weapon_turns_while_red):
    round_input = make_round(
        round_number=2,
        rules=rules(weapon_turns_while_red=weapon_turns_while_red),
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": ["Armor"]}],
        denizens=[{"id": "Giant", "side": "dark", "target": "White Knight"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "Giant", "box": 1, "weapon_box": 2}]}],
    )
    return round_input


def test_a_club_keeps_its_side_while_its_giant_is_red_side_up():
    # Reposition 4; no change-tactics roll at all: neither the red Giant nor its club may turn over.
    result = resolve(_red_giant(False), [4])
    assert [roll.purpose for roll in result.dice if "tactics" in roll.purpose.lower()] == []
    assert result.state.denizen("Giant").weapon_side == "light"


def test_with_the_ruling_on_a_club_turns_over_on_a_6_while_its_giant_is_red_side_up():
    result = resolve(_red_giant(True), [4, 6, 2])
    assert result.state.denizen("Giant").weapon_side == "dark"
    [event] = ruling_events(result, "weapon_turns_while_red")
    assert event.text == (
        "Giant is red side up, but Giant's Giant Club may still change tactics (ruling weapon_turns_while_red: on)"
    )
    assert find(result, "high die 6 → Giant's Giant Club turns over")


def test_a_club_changes_tactics_while_its_giant_is_light_side_up_whatever_the_ruling():
    round_input = make_round(
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": ["Armor"]}],
        denizens=[{"id": "Giant"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "Giant", "box": 1, "weapon_box": 2}]}],
    )
    result = resolve(round_input, [4, 6, 2])
    assert result.state.denizen("Giant").weapon_side == "dark"
    assert ruling_events(result, "weapon_turns_while_red") == []


def test_weapon_can_turn_over_is_given_the_monster_and_its_side():
    giant = next(m for m in get_catalogue().monsters if m.name == "Giant")
    assert weapon_can_turn_over(giant, "light") is True
    assert weapon_can_turn_over(giant, "dark") is False
    assert weapon_can_turn_over(giant, "dark", while_red=True) is True


# --- a cancelled attack ------------------------------------------------------------------------------


def _too_heavy(cancelled_attack_alerts):
    round_input = make_round(
        rules=rules(cancelled_attack_alerts=cancelled_attack_alerts),
        characters=[{"id": "Swordsman", "weapons": ["Great Sword"], "armor": []}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Swordsman": attack_play("Wolf", "FIGHT M4*", 1, "Great Sword")},
    )
    return resolve(round_input, CALM)


def test_a_cancelled_attack_leaves_its_weapon_as_it_was():
    result = _too_heavy(False)
    assert find(result, "Swordsman's attack is cancelled")
    assert result.state.character("Swordsman").weapons[0].alerted is False
    assert result.summary("Swordsman").weapons_alerted == ()
    assert ruling_events(result, "cancelled_attack_alerts") == []


def test_with_the_ruling_on_a_cancelled_attack_alerts_its_weapon():
    result = _too_heavy(True)
    assert result.state.character("Swordsman").weapons[0].alerted is True
    assert result.summary("Swordsman").weapons_alerted == ("Great Sword",)
    [event] = ruling_events(result, "cancelled_attack_alerts")
    assert event.text == (
        "Swordsman's Great Sword: its attack was cancelled, it is alerted as if it had missed "
        "(ruling cancelled_attack_alerts: on)"
    )


@pytest.mark.parametrize("setting", [False, True])
def test_an_attack_on_a_target_already_dead_alerts_its_weapon_only_with_the_ruling_on(setting):
    result = resolve(two_attackers_at_one_wolf(rules(cancelled_attack_alerts=setting)), CALM)
    assert find(result, "Wolf is already dead: Black Knight's attack is cancelled")
    assert result.state.character("Black Knight").weapon("Mace").alerted is setting


# --- fatigued chits and death by wounds ----------------------------------------------------------------


def _one_wound(fatigued_chits_take_wounds):
    # The Wolf wounds the unarmored Black Knight once; one chit is wounded, one fatigued, one fresh.
    chits = [{"label": "MOVE H5*", "state": "wounded"}, {"label": "FIGHT H6", "state": "fatigued"}, "MOVE M4"]
    round_input = make_round(
        rules=rules(fatigued_chits_take_wounds=fatigued_chits_take_wounds),
        characters=[black_knight(chits=chits)],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
    )
    return resolve(round_input, CALM)


def test_a_fatigued_chit_can_take_a_wound_so_one_wound_does_not_kill():
    result = _one_wound(True)
    assert result.summary("Black Knight").wounds_owed == 1
    assert not result.state.character("Black Knight").dead


def test_with_the_ruling_off_only_fresh_chits_count_and_one_wound_kills():
    result = _one_wound(False)
    assert result.state.character("Black Knight").dead
    [event] = ruling_events(result, "fatigued_chits_take_wounds")
    assert event.text == (
        "Black Knight owes 1 wound(s) and has 1 fresh (fatigued chits take no wounds) chit(s): he is killed "
        "(ruling fatigued_chits_take_wounds: off)"
    )


# --- gold from kills by hired natives ------------------------------------------------------------------


def _hireling_kills_rogue_5(killer, gold_only_to_leaders):
    # The hireling (light side M* or H*) intercepts Rogue 5 (M, wage 1) in box 1 and kills it.
    round_input = make_round(
        rules=rules(gold_only_to_leaders=gold_only_to_leaders),
        characters=[{"id": "Captain", "weapons": [], "armor": []}],
        denizens=[{"id": killer, "hired_by": "Captain"}, {"id": "Rogue 5"}],
        sheets=[{
            "owner": "Rogue 5", "attackers": [{"combatant": killer, "box": 1}],
            "owner_position": {"combatant": "Rogue 5", "box": 1},
        }],
    )
    return resolve(round_input, CALM + CALM)


def test_the_gold_of_a_kill_by_a_hireling_who_is_not_a_leader_goes_to_his_owner():
    result = _hireling_kills_rogue_5("Rogue 1", False)
    assert result.state.denizen("Rogue 5").dead
    assert result.summary("Captain").gold == 1
    assert ruling_events(result, "gold_only_to_leaders") == []


def test_with_the_ruling_on_a_hireling_who_is_not_a_leader_earns_no_gold():
    result = _hireling_kills_rogue_5("Rogue 1", True)
    assert result.state.denizen("Rogue 5").dead
    assert result.summary("Captain").gold == 0
    assert result.summary("Captain").notoriety == 2  # Rogue 5's notoriety is credited as before
    [event] = ruling_events(result, "gold_only_to_leaders")
    assert event.text == (
        "Rogue 1 is not a leader: Rogue 5's gold bounty is not paid to Captain (ruling gold_only_to_leaders: on)"
    )


def test_with_the_ruling_on_a_hired_leader_still_earns_the_gold():
    result = _hireling_kills_rogue_5("Rogue HQ", True)
    assert result.state.denizen("Rogue 5").dead
    assert result.summary("Captain").gold == 1
    assert ruling_events(result, "gold_only_to_leaders") == []
