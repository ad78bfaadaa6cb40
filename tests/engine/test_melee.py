"""The melee round, clause by clause (systems.magic_realm.engine.melee.resolve_round).

Dice are scripted. Each sheet group rolls one die to reposition (4 = no change) and two dice for each box
holding a chit that can turn over (no 6 = no change); then every attack that rolls on a table rolls its dice.
"""

from __future__ import annotations

import pytest

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.melee import RoundInvalid, resolve_round
from systems.magic_realm.engine.round_format import read_round

CALM = [4, 1, 1]  # a one-box sheet group: reposition "no change", no change of tactics


def make_round(
    *,
    rules="standard",
    characters=(),
    denizens=(),
    sheets=(),
    plays=None,
    round_number=1,
    previous_round_quiet=False,
):
    data = {
        "rules": rules,
        "state": {
            "round": round_number,
            "previous_round_quiet": previous_round_quiet,
            "characters": list(characters),
            "denizens": list(denizens),
        },
        "sheets": list(sheets),
        "plays": plays or {},
    }
    return read_round(data).round_input


def resolve(round_input, dice):
    return resolve_round(round_input, ScriptedDice(list(dice)))


def texts(result) -> list[str]:
    return [event.text for event in result.events]


def find(result, fragment: str) -> list[str]:
    return [text for text in texts(result) if fragment in text]


def character(name: str, **extra):
    return {"id": name, **extra}


def black_knight(**extra):
    return {"id": "Black Knight", "weapons": [{"name": "Mace"}], "armor": [], **extra}


def attack_play(target, chit, box, weapon=None, maneuver=None, **extra):
    play = {"target": target, "attack": {"chit": chit, "box": box}}
    if weapon:
        play["attack"]["weapon"] = weapon
    if maneuver:
        play["maneuver"] = maneuver
    play.update(extra)
    return play


def block_lines(result):
    return [event.text for event in result.events if event.kind == "order"]


# --- denizen horses, placement ---------------------------------------------------------------------


def test_denizen_horses_gallop_in_melee():
    # Patrol 1's horse walks at 7 and gallops at 6: a FIGHT chit of time 6 from another box cannot undercut it.
    round_input = make_round(
        characters=[black_knight(armor=["Armor"])],
        denizens=[{"id": "Patrol 1"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Patrol 1", "box": 1, "horse_box": 2}]}],
        plays={"Black Knight": attack_play("Patrol 1", "FIGHT H6", 3, "Mace")},
    )
    result = resolve(round_input, [4, 1, 1])
    assert find(result, "Denizen horses gallop in melee: Patrol 1")
    assert find(result, "attack time 6 >= maneuver time 6 → misses")


def test_unplaced_denizens_are_spread_over_as_many_boxes_as_possible():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}, {"id": "Wolf 2", "counter": "Wolf"}, {"id": "Wolf 3", "counter": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": ["Wolf", "Wolf 2", "Wolf 3"]}],
    )
    result = resolve(round_input, [4, 1, 1, 1, 1, 1, 1] + [1, 1] * 6)
    placed = [event.data["boxes"] for event in result.events if event.kind == "placement"]
    assert placed == [{"Wolf": 1, "Wolf 2": 2, "Wolf 3": 3}]


# --- order of attacks ----------------------------------------------------------------------------


def _two_attackers_round(round_number):
    # Black Knight's Mace (length 1, FIGHT H6: time 6) against a Wolf (length 0, time 4).
    return make_round(
        round_number=round_number,
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": attack_play("Wolf", "FIGHT H6", 1, "Mace", {"chit": "MOVE H6", "box": 3})},
    )


def test_the_first_round_orders_attacks_by_length_then_time():
    result = resolve(_two_attackers_round(1), CALM)
    assert block_lines(result)[0].startswith("Block 1: Black Knight (length 1, time 6)")
    assert block_lines(result)[1].startswith("Block 2: Wolf (length 0, time 4)")


def test_later_rounds_order_attacks_by_time_then_length():
    result = resolve(_two_attackers_round(2), CALM)
    assert block_lines(result)[0].startswith("Block 1: Wolf (length 0, time 4)")
    assert block_lines(result)[1].startswith("Block 2: Black Knight (length 1, time 6)")


def test_attacks_of_equal_length_and_time_are_simultaneous_and_a_killed_attacker_still_strikes():
    # The dagger (length 0) with FIGHT M4* (time 4): L* = M kills the Wolf (M); the Wolf (length 0, time 4)
    # strikes in the same block and wounds the unarmored Black Knight.
    round_input = make_round(
        characters=[{"id": "Black Knight", "weapons": [], "armor": []}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": attack_play("Wolf", "FIGHT M4*", 1)},
    )
    result = resolve(round_input, CALM)
    assert "simultaneous" in block_lines(result)[0]
    assert result.state.denizen("Wolf").dead
    assert result.summary("Black Knight").wounds_owed == 1


def test_an_attacker_killed_in_an_earlier_block_does_not_strike():
    result = resolve(_two_attackers_round(1), CALM)
    assert result.state.denizen("Wolf").dead
    assert find(result, "Wolf was killed earlier this round: its attack is cancelled")
    assert result.summary("Black Knight").wounds_owed == 0


def two_attackers_at_one_wolf(rules="standard"):
    """The Swordsman's Thrusting Sword (length 4) kills the Wolf before the Black Knight's Mace strikes."""
    return make_round(
        rules=rules,
        characters=[black_knight(), {"id": "Swordsman", "weapons": ["Thrusting Sword"], "armor": []}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={
            "Black Knight": attack_play("Wolf", "FIGHT H6", 1, "Mace"),
            "Swordsman": attack_play("Wolf", "FIGHT L4", 1, "Thrusting Sword"),
        },
    )


def test_an_attack_on_a_target_killed_in_an_earlier_block_is_cancelled():
    result = resolve(two_attackers_at_one_wolf(), CALM)
    # The Thrusting Sword (length 4) strikes before the Mace (length 1).
    assert find(result, "Wolf is already dead: Black Knight's attack is cancelled")
    assert [kill.killers for kill in result.kills] == [("Swordsman",)]


def test_armor_destroyed_in_the_same_block_still_protects():
    # Two dark-side Wolves (M, time 4, length 0) strike the Black Knight's Breastplate (M) in boxes 1 and 2 at
    # once: the first damages it, the second destroys it, and it still stops the second attack's kill.
    round_input = make_round(
        characters=[{"id": "Black Knight", "weapons": [], "armor": ["Breastplate"]}],
        denizens=[{"id": "Wolf", "side": "dark"}, {"id": "Wolf 2", "counter": "Wolf", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}, {"combatant": "Wolf 2", "box": 2}]}],
    )
    result = resolve(round_input, [4, 1, 1, 1, 1])
    assert not result.state.character("Black Knight").dead
    assert result.state.character("Black Knight").armor[0].state == "destroyed"
    assert result.summary("Black Knight").wounds_owed == 2


def test_armor_destroyed_in_an_earlier_block_no_longer_protects():
    # Round 2: a Giant Bat (dark: M, time 3) destroys the damaged Breastplate; the dark Wolf (M, time 4)
    # strikes in a later block, where the Breastplate no longer protects.
    round_input = make_round(
        round_number=2,
        characters=[{"id": "Black Knight", "weapons": [], "armor": [{"name": "Breastplate", "state": "damaged"}]}],
        denizens=[{"id": "Giant Bat", "side": "dark"}, {"id": "Wolf", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Giant Bat", "box": 1}, {"combatant": "Wolf", "box": 2}]}],
    )
    result = resolve(round_input, [4, 1, 1, 1, 1])
    assert result.state.character("Black Knight").armor[0].state == "destroyed"
    assert result.state.character("Black Knight").dead
    assert find(result, "M ≥ Black Knight's vulnerability M: killed")


def test_a_weapon_heavier_than_its_fight_chit_cancels_the_attack_with_a_warning():
    round_input = make_round(
        characters=[{"id": "Swordsman", "weapons": ["Great Sword"], "armor": []}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Swordsman": attack_play("Wolf", "FIGHT M4*", 1, "Great Sword")},
    )
    result = resolve(round_input, CALM)
    assert [warning.path for warning in result.warnings] == ["plays.Swordsman.attack.weapon"]
    assert find(result, "Swordsman's attack is cancelled")
    assert not result.state.denizen("Wolf").dead
    assert result.state.character("Swordsman").weapons[0].alerted is False


# --- which body is hit ---------------------------------------------------------------------------


def _rider_round(rules, play_extra=None, denizens=(), sheets=(), plays=None):
    white_knight = {"id": "White Knight", "weapons": ["Great Sword"], "armor": [], "horse": "horse/warhorse-4"}
    return make_round(
        rules=rules,
        characters=[white_knight, {"id": "Swordsman", "weapons": ["Thrusting Sword"], "armor": []}],
        denizens=list(denizens),
        sheets=list(sheets),
        plays=plays
        or {
            "White Knight": {"maneuver": {"horse": "galloping", "box": 2}, **(play_extra or {})},
            "Swordsman": attack_play("White Knight", "FIGHT L2**", 2, "Thrusting Sword"),
        },
    )


def test_a_characters_horse_takes_the_hit_unless_the_rider_is_targeted():
    # Thrusting Sword unalerted L4*, FIGHT L2** (time 4 printed... the side prints 4): L* = M vs Warhorse T.
    result = resolve(_rider_round("standard"), [])
    assert find(result, "White Knight's Warhorse takes the hit aimed at White Knight")
    assert find(result, "vulnerability T: no effect")
    assert result.summary("White Knight").wounds_owed == 0


def test_a_rider_may_be_targeted_under_the_optional_rules_and_the_hit_must_still_beat_the_horse():
    round_input = _rider_round(
        "optional-2e",
        plays={
            "White Knight": {"maneuver": {"horse": "galloping", "box": 2}, "rider_maneuver": {"chit": "MOVE H6", "box": 3}},
            "Swordsman": {**attack_play("White Knight", "FIGHT L2**", 2, "Thrusting Sword"), "target_part": "rider"},
        },
    )
    result = resolve(round_input, [4, 4])
    assert find(result, "aims at the rider White Knight: it must still intercept or undercut")
    assert find(result, "intercepts White Knight's Dodge (box 2)")
    # 5.4/2: the rider's own maneuver adds its terms to the Fumble roll: (4 - 3) + (4 - 6) + 4.
    assert find(result, "Rider: attack time 4 - rider's maneuver time 6 + 4 for not intercepting the rider = +2")


def test_natives_and_monsters_attack_the_horse_of_a_riding_character():
    round_input = _rider_round(
        "optional-2e",
        denizens=[{"id": "Wolf", "side": "dark"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "Wolf", "box": 2}]}],
        plays={"White Knight": {"maneuver": {"horse": "galloping", "box": 2}}},
    )
    result = resolve(round_input, CALM + [4, 4])
    assert find(result, "White Knight's Warhorse takes the hit aimed at White Knight")


def test_a_red_side_up_tremendous_monster_attacks_the_rider_and_kills_him():
    round_input = _rider_round(
        "optional-2e",
        denizens=[{"id": "T Troll", "side": "dark", "target": "White Knight"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 2}]}],
        plays={"White Knight": {"maneuver": {"horse": "galloping", "box": 2}}},
    )
    result = resolve(round_input, [4])  # reposition only: a red-side-up T Troll never changes tactics
    assert find(result, "T Troll is red side up: it attacks the rider White Knight")
    assert result.state.character("White Knight").dead
    assert not result.state.character("White Knight").horse.dead


def test_a_horse_killed_earlier_passes_later_hits_through_to_its_rider_with_its_maneuver():
    # Round 2: a dark Wolf (M, time 4) kills a pony (M) first; then a dark H Troll (H, time 5) hits the same
    # maneuver and the hit passes through to the rider.
    round_input = make_round(
        round_number=2,
        characters=[{"id": "Swordsman", "weapons": [], "armor": [], "horse": "horse/pony-1"}],
        denizens=[{"id": "Wolf", "side": "dark"}, {"id": "H Troll", "side": "dark"}],
        sheets=[{"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}, {"combatant": "H Troll", "box": 3}]}],
        plays={"Swordsman": {"maneuver": {"horse": "walking", "box": 3}}},
    )
    result = resolve(round_input, [4, 1, 1, 1, 1])
    assert result.state.character("Swordsman").horse.dead
    assert find(result, "was killed earlier this round: the hit passes through to Swordsman")
    assert result.state.character("Swordsman").dead
    assert [(kill.victim, kill.horse_of) for kill in result.kills] == [("Swordsman's Pony", "Swordsman"), ("Swordsman", None)]


def test_every_maneuver_is_fixed_before_any_harm():
    result = resolve(_two_attackers_round(1), CALM)
    fixed = [event for event in result.events if event.rule_name.startswith("Hamblen")]
    first_harm = next(i for i, event in enumerate(result.events) if event.kind in ("harm", "kill"))
    assert result.events.index(fixed[0]) < first_harm
    assert "Black Knight box 3 time 6" in fixed[0].text


# --- Tremendous monsters -------------------------------------------------------------------------


def test_a_tremendous_monster_that_hits_without_killing_turns_red_side_up_and_pins_its_target():
    # T Troll light side: H, time 4; the White Knight (H) in Armor (H) is not killed.
    round_input = make_round(
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": ["Armor"]}],
        denizens=[{"id": "T Troll"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    result = resolve(round_input, CALM)
    troll = result.state.denizen("T Troll")
    assert troll.side == "dark" and troll.target == "White Knight"
    assert find(result, "T Troll is red side up and holds White Knight")
    assert not result.combat_ends


def test_a_red_side_up_tremendous_monster_kills_automatically():
    round_input = make_round(
        round_number=2,
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": ["Armor"]}],
        denizens=[{"id": "T Troll", "side": "dark", "target": "White Knight"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    result = resolve(round_input, [4])
    assert result.state.character("White Knight").dead
    assert result.state.denizen("T Troll").side == "light"  # its target is dead: it turns back


# --- after the round ------------------------------------------------------------------------------


def test_weapons_that_hit_are_unalerted_and_weapons_that_missed_are_alerted():
    round_input = make_round(
        characters=[
            {"id": "Black Knight", "weapons": [{"name": "Mace", "alerted": True}], "armor": []},
            {"id": "Swordsman", "weapons": ["Thrusting Sword"], "armor": []},
        ],
        denizens=[{"id": "H Troll"}, {"id": "Giant Bat"}],
        sheets=[
            {"owner": "Black Knight", "attackers": [{"combatant": "H Troll", "box": 1}]},
            {"owner": "Swordsman", "attackers": [{"combatant": "Giant Bat", "box": 1}]},
        ],
        plays={
            "Black Knight": attack_play("H Troll", "FIGHT H6", 1, "Mace"),
            "Swordsman": attack_play("Giant Bat", "FIGHT L4", 2, "Thrusting Sword"),
        },
    )
    result = resolve(round_input, CALM + CALM)
    assert result.state.character("Black Knight").weapons[0].alerted is False
    assert result.state.character("Swordsman").weapons[0].alerted is True
    assert result.summary("Swordsman").weapons_alerted == ("Thrusting Sword",)
    assert result.summary("Black Knight").weapons_unalerted == ("Mace",)


def test_fatigue_is_owed_for_each_asterisk_beyond_the_free_one():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": attack_play("Wolf", "FIGHT H4**", 2, "Mace")},
    )
    result = resolve(round_input, CALM)
    assert result.summary("Black Knight").fatigue_owed == 1
    assert result.summary("Black Knight").asterisks_played == 2
    assert not result.quiet


def test_one_asterisk_is_free():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": {"maneuver": {"chit": "MOVE H5*", "box": 2}}},
    )
    result = resolve(round_input, CALM)
    assert result.summary("Black Knight").fatigue_owed == 0


def test_wounds_are_owed_and_reported():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
    )
    result = resolve(round_input, CALM)
    assert result.summary("Black Knight").wounds_owed == 1
    assert find(result, "Black Knight owes 1 wound(s), to be put on chits")


def test_a_character_whose_wounds_reach_every_unwounded_chit_is_killed():
    chits = [{"label": "MOVE H5*", "state": "wounded"}, "FIGHT H6"]
    round_input = make_round(
        characters=[black_knight(chits=chits)],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
    )
    result = resolve(round_input, CALM)
    assert result.state.character("Black Knight").dead
    assert result.summary("Black Knight").killed


def test_a_magic_chit_that_casts_a_spell_is_fatigued_and_the_round_is_not_quiet():
    round_input = make_round(
        previous_round_quiet=True,
        characters=[{"id": "Wizard", "weapons": [], "armor": []}],
        denizens=[{"id": "H Troll"}],
        sheets=[{"owner": "Wizard", "attackers": [{"combatant": "H Troll", "box": 1}]}],
        plays={"Wizard": {"target": "H Troll", "attack": {"chit": "MAGIC IV4*", "spell": "Fiery Blast", "box": 3},
                          "maneuver": {"chit": "MOVE M4*", "box": 2}}},
    )
    result = resolve(round_input, CALM + [6, 6])
    assert result.state.character("Wizard").chit("MAGIC IV4*").state == "fatigued"
    assert not result.quiet and not result.combat_ends


def test_kills_score_fame_and_notoriety_times_the_running_multiplier_highest_notoriety_first():
    # Simultaneous dagger attacks are impossible for one character, so the Black Knight already has one kill
    # this combat: his next kill is worth double.
    round_input = make_round(
        characters=[black_knight(kills=1)],
        denizens=[{"id": "Giant Bat", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Giant Bat", "box": 1}]}],
        plays={"Black Knight": attack_play("Giant Bat", "FIGHT H6", 1, "Mace")},
    )
    result = resolve(round_input, CALM)
    summary = result.summary("Black Knight")
    assert summary.kills == ("Giant Bat",)
    assert (summary.fame, summary.notoriety) == (6, 6)  # 3 × 2 each
    assert result.state.character("Black Knight").kills == 2
    assert result.kills[0].multipliers == {"Black Knight": 2}


def test_simultaneous_killers_share_the_bounty():
    # Both daggers (length 0, FIGHT M4*: time 4, L* = M) kill the Wolf in one block.
    dagger = {"weapons": [], "armor": []}
    round_input = make_round(
        characters=[{"id": "Black Knight", **dagger}, {"id": "Captain", **dagger}],
        denizens=[{"id": "Wolf", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 3}]}],
        plays={
            "Black Knight": attack_play("Wolf", "FIGHT M4*", 3),
            "Captain": attack_play("Wolf", "FIGHT M4*", 3),
        },
    )
    result = resolve(round_input, CALM)
    assert result.kills[0].killers == ("Black Knight", "Captain")
    assert result.summary("Black Knight").notoriety == 0.5
    assert result.summary("Captain").notoriety == 0.5


def test_a_hirelings_kill_is_credited_to_its_owner():
    round_input = make_round(
        characters=[{"id": "Captain", "weapons": [], "armor": []}],
        denizens=[{"id": "Rogue 1", "hired_by": "Captain"}, {"id": "Wolf"}],
        sheets=[{"owner": "Wolf", "attackers": [{"combatant": "Rogue 1", "box": 1}], "owner_position": {"combatant": "Wolf", "box": 1}}],
    )
    result = resolve(round_input, CALM + CALM)
    assert result.kills[0].victim == "Wolf"
    assert result.kills[0].credited_to == ("Captain",)
    assert result.summary("Captain").notoriety == 1
    assert find(result, "Captain scores Wolf (by a hireling)")
    assert any(event.kind == "hit" and "Rogue 1" in event.text for event in result.events_for("Captain"))


def test_the_gold_bounty_of_a_native_goes_to_its_killer():
    round_input = make_round(
        characters=[black_knight(armor=["Armor"])],
        denizens=[{"id": "Rogue 5"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Rogue 5", "box": 1}]}],
        plays={"Black Knight": attack_play("Rogue 5", "FIGHT H6", 1, "Mace")},
    )
    result = resolve(round_input, CALM)
    assert result.summary("Black Knight").gold == 1


def _viper_round(previous_round_quiet):
    # A dark-side Viper (L, time 2) against the Black Knight's Armor (H): the armor holds, no wound (L < M).
    return make_round(
        previous_round_quiet=previous_round_quiet,
        characters=[{"id": "Black Knight", "weapons": [], "armor": ["Armor"]}],
        denizens=[{"id": "Viper", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Viper", "box": 1}]}],
    )


def test_combat_ends_after_two_consecutive_rounds_without_harm_fatigue_or_spellcasting():
    result = resolve(_viper_round(True), CALM)
    assert result.quiet and result.combat_ends
    assert find(result, "this round or the one before: combat ends")


def test_combat_does_not_end_after_a_single_quiet_round():
    result = resolve(_viper_round(False), CALM)
    assert result.quiet and not result.combat_ends
    assert result.state.previous_round_quiet


def test_a_round_with_harm_is_not_quiet():
    result = resolve(_two_attackers_round(1), CALM)
    assert result.harm_done and not result.quiet and not result.combat_ends


def test_the_new_state_is_the_next_rounds_starting_point():
    result = resolve(_two_attackers_round(1), CALM)
    assert result.state.round_number == 2
    assert result.state.previous_round_quiet == result.quiet
    assert result.state.denizen("Wolf").dead


def test_every_event_names_its_actors_so_each_player_sees_only_his_own():
    round_input = make_round(
        characters=[black_knight(), {"id": "Swordsman", "weapons": ["Thrusting Sword"], "armor": []}],
        denizens=[{"id": "Wolf"}, {"id": "Giant Bat"}],
        sheets=[
            {"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]},
            {"owner": "Swordsman", "attackers": [{"combatant": "Giant Bat", "box": 1}]},
        ],
    )
    result = resolve(round_input, CALM + CALM)
    knight_events = result.events_for("Black Knight")
    assert knight_events
    assert not any("Giant Bat" in event.text and "Black Knight" not in event.text for event in knight_events)


def test_a_round_that_breaks_the_rules_is_not_resolved():
    round_input = make_round(
        characters=[black_knight()],
        plays={"Black Knight": {"maneuver": {"chit": "MOVE Z9", "box": 1}}},
    )
    with pytest.raises(RoundInvalid) as raised:
        resolve(round_input, [])
    assert raised.value.errors[0].path == "plays.Black Knight.maneuver.chit"


def test_a_denizen_attacked_by_hirelings_keeps_attacking_the_character_on_whose_sheet_it_stands():
    round_input = make_round(
        characters=[{"id": "Captain", "weapons": [], "armor": ["Armor"]}, {"id": "Swordsman", "weapons": [], "armor": []}],
        denizens=[{"id": "Giant Bat", "side": "dark"}, {"id": "Rogue 6", "hired_by": "Captain"}],
        sheets=[
            {"owner": "Giant Bat", "attackers": [{"combatant": "Rogue 6", "box": 2}]},
            {"owner": "Swordsman", "attackers": [{"combatant": "Giant Bat", "box": 1}]},
        ],
    )
    result = resolve(round_input, CALM + CALM)
    assert [event.text for event in result.events if event.kind == "order"][-1].startswith("Block 2: Giant Bat")
    bat_hits = [event for event in result.events if event.kind == "hit" and event.actors[0] == "Giant Bat"]
    assert bat_hits and "Swordsman" in bat_hits[0].text


def test_a_horse_killed_in_the_same_block_still_takes_the_hits_of_that_block():
    # Two dark Wolves (M, time 4, length 0) undercut the walking pony (M, time 5) at once: both hit the
    # pony, which dies once with two killers; the rider is untouched.
    round_input = make_round(
        characters=[{"id": "Swordsman", "weapons": [], "armor": [], "horse": "horse/pony-1"}],
        denizens=[{"id": "Wolf", "side": "dark"}, {"id": "Wolf 2", "counter": "Wolf", "side": "dark"}],
        sheets=[{"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}, {"combatant": "Wolf 2", "box": 2}]}],
        plays={"Swordsman": {"maneuver": {"horse": "walking", "box": 3}}},
    )
    result = resolve(round_input, [4, 1, 1, 1, 1])
    assert [(kill.victim, kill.killers) for kill in result.kills] == [("Swordsman's Pony", ("Wolf", "Wolf 2"))]
    assert not result.state.character("Swordsman").dead
    assert result.summary("Swordsman").wounds_owed == 0
    assert result.state.character("Swordsman").horse.dead


def test_the_new_state_plays_a_second_round():
    from pathlib import Path

    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.model import RoundInput, Sheet
    from systems.magic_realm.engine.round_format import load_round

    first_input = load_round(Path(__file__).resolve().parents[2] / "docs" / "examples" / "thirty-combatants.json").round_input
    first = resolve_round(first_input, SeededDice(30))
    alive = {c.id for c in first.state.characters if not c.dead} | {d.id for d in first.state.denizens if not d.dead}
    sheets = tuple(
        Sheet(sheet.owner, tuple(p for p in sheet.attackers if p.combatant in alive), sheet.owner_position,
              sheet.owner_target if sheet.owner_target in alive else None)
        for sheet in first_input.sheets
        if sheet.owner in alive
    )
    second = resolve_round(RoundInput(first_input.rules, first.state, sheets, ()), SeededDice(31))
    assert second.round_number == 2
    assert any(event.rule_name.startswith("Order of attacks, later rounds") for event in second.events)
    assert not {kill.victim for kill in second.kills} & {kill.victim for kill in first.kills}


def test_a_spell_cast_with_an_alerted_magic_chit_strikes_at_time_0_and_loses_a_star_to_the_kludge():
    round_input = make_round(
        rules="optional-3e",
        characters=[{"id": "Wizard", "weapons": [], "armor": []}],
        denizens=[{"id": "H Troll"}],
        sheets=[{"owner": "Wizard", "attackers": [{"combatant": "H Troll", "box": 1}]}],
        plays={"Wizard": {"target": "H Troll", "attack": {"chit": "MAGIC IV4*", "spell": "Fiery Blast", "box": 1, "alerted": True}}},
    )
    result = resolve(round_input, CALM + [3, 3])
    assert any("(length 13, time 0)" in text for text in block_lines(result))
    assert [event for event in result.events if event.rule == "kludge"]


def test_a_native_rider_maneuvers_with_his_own_counter_beside_his_galloping_horse():
    # Lancer 1 (own move 2 in box 1) on his pony (galloping 3, box 2); the Black Knight aims at the rider
    # with the Mace in box 2: he intercepts the horse and adds the rider's terms (5.2, 5.3/2, 5.4/2).
    round_input = make_round(
        rules="optional-2e",
        characters=[black_knight(armor=["Armor"])],
        denizens=[{"id": "Lancer 1"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Lancer 1", "box": 1, "horse_box": 2}]}],
        plays={"Black Knight": {**attack_play("Lancer 1", "FIGHT H6", 2, "Mace", {"chit": "MOVE H6", "box": 3}), "target_part": "rider"}},
    )
    result = resolve(round_input, [4, 1, 1] + [3, 3] * 3)
    assert find(result, "intercepts Lancer 1's Dodge (box 2)")
    assert find(result, "Rider: attack time 6 - rider's maneuver time 2 + 4 for not intercepting the rider = +8")


def test_combat_ends_when_no_character_is_left():
    round_input = make_round(
        round_number=2,
        characters=[{"id": "White Knight", "weapons": ["Great Sword"], "armor": ["Armor"]}],
        denizens=[{"id": "T Troll", "side": "dark", "target": "White Knight"}],
        sheets=[{"owner": "White Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    result = resolve(round_input, [4])
    assert result.combat_ends and not result.quiet
    assert find(result, "No character is left fighting in the clearing: combat ends")
