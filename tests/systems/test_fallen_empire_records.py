"""A Fallen Empire character's record between battles (systems/fallen_empire/records.py, docs/systems/
fallen-empire.md "Between battles: the character's record", rulings R32-R35): for each thing the record keeps,
a round that does it writes the change, and the record read into a new battle starts the combatant that way.
Every round here throws fixed dice."""

import copy

from systems import get_system
from systems.records import apply, is_killed, undo
from systems.states import state_errors
from tests.systems.interface_examples import ROOT, load

SYSTEM = get_system("fallen-empire")


def a_record(**values) -> dict:
    """A record as a campaign keeps one (campaigns.models.default_character_state's keys)."""
    return {"wounds": 0, "fatigue": 0, "chits": {}, "armor": {}, "weapons": {}, "horse": None, "hirelings": [],
            "gold": 10, "fame": 0, "notoriety": 0, "killed": False, **values}


def ash(**values) -> dict:
    return {"name": "Sir Ash", "side": "Party", "role": "pc", "class": "fighting-man", "hp": 9, "max_hp": 9,
            "armour_ac": 3, "shield": {"kind": "plain"}, "melee": {"name": "sword", "damage": "1d8", "type": "hand"},
            "engaged_with": ["Orc 2"], **values}


def orc(**values) -> dict:
    return {"name": "Orc 2", "side": "Orcs", "role": "monster", "hp": 5, "max_hp": 5, "armour_ac": 6,
            "melee": {"name": "sword", "damage": "1d8", "type": "hand"}, "engaged_with": ["Sir Ash"], **values}


def battle(combatants: list[dict], plays: dict | None = None, dice: list[int] | None = None) -> dict:
    data = {"system": "fallen-empire", "kind": "melee", "round": 2,
            "sides": [{"name": "Party", "party": True}, {"name": "Orcs"}], "combatants": combatants}
    return {**data, "plays": plays, "dice": dice} if plays is not None else data


def changes_of(round_input: dict) -> dict:
    """What the round did to each side's record, by side."""
    resolution = SYSTEM.resolve(round_input)
    return {change.side: change for change in SYSTEM.record_changes(round_input, resolution.state, resolution.output)}


def written(change, record: dict | None = None) -> dict:
    return apply(record or a_record(), change.changes)[0]


def entry(state: dict, name: str) -> dict:
    return next(combatant for combatant in state["combatants"] if combatant["name"] == name)


ORC_HITS_ASH = {"Orc 2": {"action": "melee", "target": "Sir Ash"}}
ORC_FIRST_NATURAL_20 = [1, 6, 20]  # initiative Party 1, Orcs 6; the orc's d20


def test_it_writes_the_hit_points_a_round_took_as_wounds_and_the_next_battle_starts_him_short_of_them():
    change = changes_of(battle([ash(), orc()], ORC_HITS_ASH, ORC_FIRST_NATURAL_20 + [4]))["Sir Ash"]
    assert change.lines == ["Lost 4 hit points (9 → 5 of 9)"]
    assert change.changes == [{"op": "set", "key": "wounds", "item": None, "value": 4}]
    started = SYSTEM.with_records(battle([ash(), orc()]), {"Sir Ash": written(change)})
    assert entry(started, "Sir Ash")["hp"] == 5 and entry(started, "Orc 2")["hp"] == 5
    assert state_errors(SYSTEM, started) == []


def test_it_writes_the_hit_points_a_bandage_heals_and_the_bandages_used_up_in_words():
    lonely = battle([ash(hp=5, bandages=2, engaged_with=[]), orc(engaged_with=[])],
                    {"Sir Ash": {"action": "bandage", "patient": "Sir Ash"}}, [6, 1, 1])
    change = changes_of(lonely)["Sir Ash"]
    assert change.lines == ["Healed 1 hit point (5 → 6 of 9)", "Used up 1 supply of bandages (1 left, FE 10.2)"]
    assert change.changes == [{"op": "set", "key": "wounds", "item": None, "value": 3}]
    assert written(change, a_record(wounds=4))["wounds"] == 3


def test_it_writes_a_splintered_shield_as_destroyed_armor_and_the_next_battle_starts_him_without_it():
    splinters = battle([ash(splinter="any"), orc()], ORC_HITS_ASH, ORC_FIRST_NATURAL_20 + [4])
    change = changes_of(splinters)["Sir Ash"]
    assert change.lines == ["Plain shield splintered: shattered and gone (FE 11.2)"]
    assert change.changes == [{"op": "set", "key": "armor", "item": "Plain shield", "value": "destroyed"}]
    record = written(change)
    assert record["armor"] == {"Plain shield": "destroyed"} and record["wounds"] == 0
    assert entry(SYSTEM.with_records(battle([ash(), orc()]), {"Sir Ash": record}), "Sir Ash")["shield"] is None
    rowan = {"kind": "rowan", "bonus": 1, "spent": False}  # a new shield of another kind is not the one lost
    assert entry(SYSTEM.with_records(battle([ash(shield=rowan), orc()]), {"Sir Ash": record}), "Sir Ash")["shield"] == rowan


def test_it_writes_a_spent_magic_shield_as_damaged_armor_and_the_next_battle_starts_it_spent():
    magic = {"kind": "magic", "bonus": 2}
    change = changes_of(battle([ash(shield=magic, splinter="any"), orc()], ORC_HITS_ASH,
                               ORC_FIRST_NATURAL_20 + [4]))["Sir Ash"]
    assert change.lines == ["Magic shield spent: nonmagical for the rest of the day, bonus 1 (FE 11.3)"]
    assert change.changes == [{"op": "set", "key": "armor", "item": "Magic shield", "value": "damaged"}]
    started = SYSTEM.with_records(battle([ash(shield=magic), orc()]), {"Sir Ash": written(change)})
    assert entry(started, "Sir Ash")["shield"] == {"kind": "magic", "bonus": 1, "spent": True}


def test_it_sets_killed_when_a_blow_kills_and_names_the_killer():
    change = changes_of(battle([ash(), orc()], {"Sir Ash": {"action": "melee", "target": "Orc 2"}},
                               [6, 1, 20, 8]))["Orc 2"]
    assert change.lines == ["Lost 8 hit points (5 → -3 of 5)", "Killed by Sir Ash"]
    assert {"op": "set", "key": "killed", "item": None, "value": True} in change.changes and change.killed
    assert is_killed(written(change))


def test_it_sets_killed_when_a_dying_character_fails_his_save():
    dying = battle([ash(hp=0, status="dying", engaged_with=[]), orc(engaged_with=[])], {}, [3])
    change = changes_of(dying)["Sir Ash"]
    assert change.lines == ["Died of wounds: failed the save or die (FE 12.3)"]
    assert change.changes == [{"op": "set", "key": "killed", "item": None, "value": True}]


def test_a_killed_record_starts_him_dead_and_out_of_melee():
    started = SYSTEM.with_records(battle([ash(), orc()]), {"Sir Ash": a_record(killed=True)})
    assert entry(started, "Sir Ash")["status"] == "dead"
    assert entry(started, "Sir Ash")["engaged_with"] == [] and entry(started, "Orc 2")["engaged_with"] == []
    assert state_errors(SYSTEM, started) == []


def test_a_character_left_dying_keeps_his_wounds_and_starts_the_next_battle_stable():
    change = changes_of(battle([ash(hp=2), orc()], ORC_HITS_ASH, ORC_FIRST_NATURAL_20 + [4, 15]))["Sir Ash"]
    assert change.lines == ["Lost 4 hit points (2 → -2 of 9)",
                            "Dying at -2 hit points: saves or dies at the end of each round (FE 12.2, 12.3)"]
    assert change.changes == [{"op": "set", "key": "wounds", "item": None, "value": 11}]
    started = SYSTEM.with_records(battle([ash(), orc()]), {"Sir Ash": written(change)})
    assert (entry(started, "Sir Ash")["hp"], entry(started, "Sir Ash")["status"]) == (-2, "stable")
    assert entry(started, "Orc 2")["engaged_with"] == []
    assert state_errors(SYSTEM, started) == []


def test_a_monster_whose_wounds_leave_it_no_hit_points_starts_dead():
    started = SYSTEM.with_records(battle([ash(), orc()]), {"Orc 2": a_record(wounds=5)})
    assert (entry(started, "Orc 2")["hp"], entry(started, "Orc 2")["status"]) == (0, "dead")


def test_one_knocked_out_keeps_the_hit_points_he_wakes_with_and_starts_the_next_battle_awake():
    subdues = battle([ash(), orc()], {"Sir Ash": {"action": "melee", "target": "Orc 2", "subdue": True}},
                     [6, 1, 20, 8, 2, 3])
    change = changes_of(subdues)["Orc 2"]
    assert change.lines == ["Lost 2 hit points (5 → 3 of 5 on waking)",
                            "Knocked out by Sir Ash: wakes in 2 turns with 3 hit points (FE 12.6)"]
    assert change.changes == [{"op": "set", "key": "wounds", "item": None, "value": 2}]
    started = SYSTEM.with_records(battle([ash(), orc()]), {"Orc 2": written(change)})
    assert entry(started, "Orc 2")["hp"] == 3 and entry(started, "Orc 2").get("status", "fighting") == "fighting"


def test_a_joust_injury_adds_its_damage_to_the_wounds_and_the_next_melee_starts_him_short_of_them():
    injury = load(ROOT / "docs" / "examples" / "joust-injury.json")
    changes = changes_of(injury)
    knight, ash_change = changes["Black Knight"], changes["Sir Ash"]
    assert knight.lines == ["Lost 4 hit points: injured by Sir Ash's lance in the joust; out of the tournament to "
                            "recover (FE J.8)"]
    assert knight.changes == [{"op": "add", "key": "wounds", "amount": 4}]
    assert ash_change.lines == ["Ejected from the tournament, dishonoured, for injuring Black Knight (FE J.8)"]
    assert ash_change.changes == []
    record = written(knight, a_record(wounds=2))
    assert record["wounds"] == 6
    knight_entry = ash(name="Black Knight", side="Orcs", role="npc", hp=14, max_hp=14, engaged_with=[])
    started = SYSTEM.with_records(battle([ash(engaged_with=[]), knight_entry]), {"Black Knight": record})
    assert entry(started, "Black Knight")["hp"] == 8


def test_an_unhorsing_leaves_nothing_on_the_record_and_a_joust_reads_nothing_from_it():
    unhorsed = load(ROOT / "docs" / "examples" / "joust-unhorsed.json")
    assert changes_of(unhorsed) == {}
    start = {key: value for key, value in unhorsed.items() if key not in ("choices", "dice")}
    records = {"Sir Ash": a_record(wounds=5, killed=True), "Black Knight": a_record(wounds=3)}
    assert SYSTEM.with_records(start, records) == start


def test_a_record_leaves_alone_what_it_does_not_say_other_sides_and_the_input():
    start = battle([ash(hp=7), orc()])
    given = copy.deepcopy(start)
    record = a_record(armor={"Helmet": "damaged"}, fame=12, wounds=1)
    started = SYSTEM.with_records(start, {"Sir Ash": record, "Nobody": a_record(killed=True)})
    assert start == given
    assert entry(started, "Sir Ash")["hp"] == 7  # the GM's lower entry stands: wounds are hit points he lacks
    assert entry(started, "Sir Ash")["shield"] == {"kind": "plain"} and entry(started, "Orc 2") == orc()


def test_what_a_round_wrote_is_taken_back_exactly():
    change = changes_of(battle([ash(splinter="any", hp=3), orc()], ORC_HITS_ASH, ORC_FIRST_NATURAL_20 + [4]))["Sir Ash"]
    record = a_record(wounds=6, armor={"Helmet": "intact"}, hirelings=["Guard"])
    changed, ops = apply(record, change.changes)
    assert changed["armor"] == {"Helmet": "intact", "Plain shield": "destroyed"}
    assert undo(changed, ops) == record


def test_a_combatant_dead_before_the_round_has_no_change_in_a_later_round():
    dead = battle([ash(hp=-12, status="dead", engaged_with=[]), orc(engaged_with=[])])
    death = {"events": [{"kind": "death", "actors": ["Orc 2", "Sir Ash"]}]}
    assert SYSTEM.record_changes(dead, copy.deepcopy(dead), death) == ()
