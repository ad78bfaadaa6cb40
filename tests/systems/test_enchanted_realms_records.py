"""An Enchanted Realms campaign character's record (systems/enchanted_realms/records.py; docs/systems/
enchanted-realms.md, "Between battles: the character's record"): what a round or the GM's hand does to it, and
the next battle starting the combatant as it says."""

import copy

from systems import get_system
from systems.records import apply
from tests.systems.interface_examples import ROOT, load, without_plays

ER = get_system("enchanted-realms")
AMBUSH = load(ROOT / "docs" / "examples" / "enchanted-realms-goblin-ambush.json")
MAGIC_REALM_RECORD = {"wounds": 0, "fatigue": 0, "chits": {}, "armor": {}, "weapons": {}, "horse": None,
                      "hirelings": [], "gold": 10, "fame": 0, "notoriety": 0, "killed": False}


def battle(*combatants, plays=None, dice=None):
    data = {"format": "herald-enchanted-realms/1", "system": "enchanted-realms", "round": 1,
            "combatants": [dict(entry) for entry in combatants]}
    if plays is not None:
        data.update(plays=plays, dice=dice)
    return data


def entry(state, name):
    return next(c for c in state["combatants"] if c["name"] == name)


def changes_of(before, after, output=None):
    return {change.side: change for change in ER.record_changes(before, after, output or {})}


def record_after(change):
    return apply(MAGIC_REALM_RECORD, change.changes)[0]


HERO = {"name": "Hero", "side": "heroes", "hp": 10, "static_pp": 0}
ORC = {"name": "Orc", "side": "monsters", "hp": 1, "static_pp": 0}
# guard rolls 1,1 and 1,1; initiative 9 and 2; the Orc's 1d20 shows 15 (+5 against PP 2: strikes)
ORC_CUTS_HERO_DOWN = battle({**HERO, "hp": 1}, {**ORC, "hp": 6},
                            plays={"Orc": {"attack": {"target": "Hero", "method": "melee", "dice": 1, "bonus": 5}}},
                            dice=[1, 1, 1, 1, 2, 9, 15])


def test_it_records_the_hit_points_a_round_took_and_the_next_battle_starts_with_them():
    resolution = ER.resolve(AMBUSH)
    changes = changes_of(AMBUSH, resolution.state, resolution.output)
    assert changes["Aldric"].lines == ["Lost 2 hit points (14 → 12)"]
    assert changes["Aldric"].changes == [{"op": "set", "key": "hp", "item": None, "value": 12}]
    assert set(changes) == {"Aldric", "Bryn", "Goblin 1", "Goblin 2"}
    record = record_after(changes["Aldric"])
    assert record["hp"] == 12 and record["wounds"] == 0  # Magic Realm's own keys are left alone
    next_battle = ER.with_records(without_plays(AMBUSH), {"Aldric": record})
    assert entry(next_battle, "Aldric") == {**entry(AMBUSH, "Aldric"), "hp": 12}
    assert entry(next_battle, "Bryn") == entry(AMBUSH, "Bryn")


def test_it_records_hit_points_the_gm_gave_back_by_hand():
    state = battle(HERO, ORC)
    healed, _ = ER.adjust(state, "hp+1|Hero")
    change = changes_of(state, healed)["Hero"]
    assert change.lines == ["Regained 1 hit point (10 → 11)"]
    assert entry(ER.with_records(state, {"Hero": record_after(change)}), "Hero")["hp"] == 11


def test_it_records_the_protective_points_lost_and_the_next_battle_starts_with_them():
    state = battle({**HERO, "static_pp": 6}, ORC)
    worn, _ = ER.adjust(state, "pp-1|Hero")
    worn, _ = ER.adjust(worn, "pp-1|Hero")
    change = changes_of(state, worn)["Hero"]
    assert change.lines == ["Lost 2 Protective Points (static 6 → 4)"]
    assert change.changes == [{"op": "set", "key": "static_pp", "item": None, "value": 4}]
    next_battle = ER.with_records(state, {"Hero": record_after(change)})
    assert entry(next_battle, "Hero") == {**HERO, "static_pp": 4}


def test_a_round_never_changes_the_protective_points_a_record_keeps():
    resolution = ER.resolve(AMBUSH)
    changes = ER.record_changes(AMBUSH, resolution.state, resolution.output)
    assert all(change["key"] != "static_pp" for found in changes for change in found.changes)


def test_a_combatant_brought_down_by_a_blow_is_killed_by_whoever_struck_it():
    resolution = ER.resolve(ORC_CUTS_HERO_DOWN)
    change = changes_of(ORC_CUTS_HERO_DOWN, resolution.state, resolution.output)["Hero"]
    assert change.killed
    assert change.lines == ["Killed by Orc", "Lost 1 hit point (1 → 0)"]
    record = record_after(change)
    assert record["killed"] is True and record["hp"] == 0
    next_battle = ER.with_records(battle(HERO, ORC), {"Hero": record})
    assert entry(next_battle, "Hero") == {**HERO, "hp": 0, "down": True}


def test_a_killing_compared_without_the_rounds_log_is_killed_with_no_name():
    resolution = ER.resolve(ORC_CUTS_HERO_DOWN)
    change = changes_of(ORC_CUTS_HERO_DOWN, resolution.state)["Hero"]
    assert change.killed and change.lines[0] == "Killed"


def test_the_gm_putting_a_combatant_down_with_hit_points_left_changes_no_record():
    state = battle(HERO, ORC)
    knocked_out, _ = ER.adjust(state, "down|Hero")
    assert ER.record_changes(state, knocked_out, {}) == ()


def test_a_record_with_no_hit_points_left_starts_the_combatant_down():
    next_battle = ER.with_records(battle(HERO, ORC), {"Hero": {"hp": -2}})
    assert entry(next_battle, "Hero") == {**HERO, "hp": -2, "down": True}


def test_what_a_record_does_not_say_is_as_the_round_input_has_it_and_the_input_is_not_changed():
    start = without_plays(AMBUSH)
    given = copy.deepcopy(start)
    records = {"Aldric": {**MAGIC_REALM_RECORD, "wounds": 3, "armor": {"Helmet": "damaged"}, "static_pp": 5},
               "Bryn": {"hp": "7", "static_pp": True, "colour": "blue"}, "Nobody": {"hp": 1}}
    taken = ER.with_records(start, records)
    assert start == given
    assert entry(taken, "Aldric") == {**entry(start, "Aldric"), "static_pp": 5}
    assert [entry(taken, name) for name in ("Bryn", "Goblin 1", "Goblin 2")] == \
        [entry(start, name) for name in ("Bryn", "Goblin 1", "Goblin 2")]
    assert ER.validate(taken) == []


def test_a_combatant_down_before_the_round_has_no_change_in_a_later_round():
    down = battle({**HERO, "hp": -2, "down": True}, ORC)
    blow = {"events": [{"kind": "down", "actors": ["Orc", "Hero"]}]}
    assert changes_of(down, copy.deepcopy(down), blow) == {}
