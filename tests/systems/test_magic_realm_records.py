"""systems/magic_realm/records.py: what a round changed for each character, and applying and undoing it on the
character's record (systems/records.py)."""

from hypothesis import given
from hypothesis import strategies as st

from systems.records import apply, undo
from systems.magic_realm import records
from systems.magic_realm.starting import starting_record


def default_character_state():
    """A record as a campaign keeps one before any battle (campaigns.models.default_character_state)."""
    return {"wounds": 0, "fatigue": 0, "chits": {}, "armor": {}, "weapons": {}, "horse": None, "hirelings": [],
            "gold": 10, "fame": 0, "notoriety": 0, "killed": False}


def knight(**changes):
    entry = {"id": "Black Knight", "character": "Black Knight",
             "chits": [{"id": "FIGHT H5*", "label": "FIGHT H5*", "state": "fresh"},
                       {"id": "MOVE M5", "label": "MOVE M5", "state": "fatigued"},
                       {"id": "MAGIC III*", "label": "MAGIC III*", "state": "fresh"}],
             "weapons": [{"name": "Mace", "alerted": False}],
             "armor": [{"name": "Armor", "state": "intact"}, {"name": "Shield", "state": "damaged"}],
             "horse": {"counter": "Warhorse", "dead": False}, "dead": False, "fled": False}
    entry.update(changes)
    return entry


def changes_by_side(before, after, output):
    return {change.side: change for change in records.record_changes(before, after, output)}


def battle(character, denizens=()):
    return {"state": {"characters": [character], "denizens": list(denizens)}}


def test_a_chit_fatigued_by_a_spell_counts_and_a_wounded_fatigued_chit_moves_from_fatigue_to_wounds():
    after = knight(chits=[{"id": "FIGHT H5*", "label": "FIGHT H5*", "state": "fresh"},
                          {"id": "MOVE M5", "label": "MOVE M5", "state": "wounded"},
                          {"id": "MAGIC III*", "label": "MAGIC III*", "state": "fatigued"}])
    found = records.character_changes(knight(), after)
    assert found.lines == ["MOVE M5 wounded", "MAGIC III* fatigued"]
    state, _ = apply({**default_character_state(), "fatigue": 1}, found.changes)
    assert state["chits"] == {"MOVE M5": "wounded", "MAGIC III*": "fatigued"}
    assert (state["wounds"], state["fatigue"]) == (1, 1)


def test_armor_destroyed_leaves_the_battle_state_and_still_counts_as_destroyed():
    after = knight(armor=[{"name": "Shield", "state": "destroyed"}])
    found = records.character_changes(knight(), after)
    assert found.lines == ["Armor destroyed", "Shield destroyed"]


def test_the_horse_killed_and_the_character_killed_and_ran_away():
    found = changes_by_side(
        battle(knight()), battle(knight(horse={"counter": "Warhorse", "dead": True}, dead=True)),
        {"kills": [{"victim": "Black Knight", "killers": ["Giant", "Wolf"]}]})
    assert found["Black Knight"].lines == ["Killed by Giant and Wolf", "Horse lost: Warhorse killed"]
    ran = records.character_changes(knight(), knight(fled=True))
    assert ran.lines == ["Ran away from the battle"] and ran.changes == []


def test_a_shared_bounty_keeps_its_share_and_whole_numbers_stay_whole():
    found = changes_by_side(battle(knight()), battle(knight()),
                            {"summaries": [{"character": "Black Knight", "kills": ["Giant"], "fame": 4.0,
                                            "notoriety": 2.5, "gold": 0.0}]})
    assert found["Black Knight"].lines == ["Killed Giant: +4 fame, +2.5 notoriety"]
    state, _ = apply(default_character_state(), found["Black Knight"].changes)
    assert (state["fame"], state["notoriety"], state["gold"]) == (4, 2.5, 10)
    assert isinstance(state["fame"], int)


def test_a_hireling_killed_or_turned_rebel_is_lost_by_its_id_or_its_counters_name():
    lancer = {"id": "Lancer 1", "counter": "Lancer 1", "hired_by": "Black Knight", "dead": False}
    guard = {"id": "Guard #2", "counter": "Guard", "hired_by": "Black Knight", "dead": False}
    found = changes_by_side(battle(knight(), [lancer, guard]),
                                  battle(knight(), [{**lancer, "dead": True}, {**guard, "hired_by": None}]), {})
    assert found["Black Knight"].lines == ["Hireling lost: Lancer 1 killed", "Hireling lost: Guard #2 rebelled"]
    state, ops = apply({**default_character_state(), "hirelings": ["Guard", "Lancer 1", "Rogue"]},
                               found["Black Knight"].changes)
    assert state["hirelings"] == ["Rogue"]
    assert undo(state, ops)["hirelings"] == ["Guard", "Lancer 1", "Rogue"]


def test_nothing_changed_is_no_outcome():
    assert changes_by_side(battle(knight()), battle(knight()), {"summaries": [{"character": "Black Knight"}]}) == {}


def test_a_character_dead_before_the_round_has_no_change_whatever_the_round_says_of_him():
    """A later round of his battle keeps him in its state, dead, and its summaries still say he was killed:
    his record and his history were written by the round that killed him, once."""
    dead = knight(dead=True, horse={"counter": "Warhorse", "dead": True}, armor=[{"name": "Shield", "state": "damaged"}])
    hireling = {"id": "Lancer", "counter": "Lancer", "hired_by": "Black Knight", "dead": True}
    later_round = {"summaries": [{"character": "Black Knight", "killed": True, "kills": [], "fame": 0}], "kills": []}
    assert records.record_changes(battle(dead, [hireling]), battle(dead, [hireling]), later_round) == ()
    assert records.record_changes(battle(dead, [hireling]), battle(dead, [hireling]), {}) == ()


def test_undo_puts_back_what_apply_replaced_even_a_count_it_could_not_take_below_zero():
    changes = [{"op": "set", "key": "killed", "item": None, "value": True},
               {"op": "set", "key": "armor", "item": "Helmet", "value": "destroyed"},
               {"op": "set", "key": "chits", "item": "FIGHT H5*", "value": None},
               {"op": "add", "key": "fatigue", "amount": -1},
               {"op": "add", "key": "fame", "amount": 8}]
    start = {**default_character_state(), "armor": {"Helmet": "damaged"}, "chits": {"FIGHT H5*": "fatigued"}}
    state, ops = apply(start, changes)
    assert state["killed"] and state["armor"] == {"Helmet": "destroyed"} and state["chits"] == {}
    assert state["fatigue"] == 0 and state["fame"] == 8
    assert undo(state, ops) == start


numbers = st.integers(-20, 20)
keys = st.sampled_from(["wounds", "fatigue", "fame", "notoriety", "gold"])
op = st.one_of(
    st.builds(lambda key, amount: {"op": "add", "key": key, "amount": amount}, keys, numbers),
    st.builds(lambda key, item, value: {"op": "set", "key": key, "item": item, "value": value},
              st.sampled_from(["armor", "weapons", "chits"]), st.sampled_from(["A", "B"]),
              st.sampled_from([None, "damaged", "alerted", "wounded"])),
    st.builds(lambda item: {"op": "remove", "key": "hirelings", "item": item}, st.sampled_from(["Guard", "Rogue"])),
    st.builds(lambda value: {"op": "set", "key": "horse", "item": None, "value": value}, st.sampled_from([None, "Pony"])),
)


@given(changes=st.lists(op, max_size=12), fame=numbers, hirelings=st.lists(st.sampled_from(["Guard", "Rogue"]), unique=True))
def test_undo_after_apply_gives_back_the_state_it_started_from(changes, fame, hirelings):
    start = {**default_character_state(), "fame": fame, "hirelings": hirelings, "armor": {"A": "intact"}}
    state, ops = apply(start, changes)
    assert undo(state, ops) == start


# --- a battle started from the records ---------------------------------------------------------------


def typed_start():
    """A starting state as a GM types it: the round file's short forms, the catalogue's items left unsaid."""
    return {"system": "magic-realm", "state": {
        "characters": [{"id": "Black Knight", "character": "Black Knight", "hidden": True,
                        "chits": ["FIGHT H5*", "MOVE M5", {"label": "FIGHT M5", "state": "fatigued"}]}],
        "denizens": [{"id": "Wolf", "target": "Black Knight"}]}}


def entry_of(data):
    return data["state"]["characters"][0]


def test_a_record_fatigues_and_wounds_the_chits_it_names_and_leaves_the_others_as_typed():
    taken = records.with_records(typed_start(), {"Black Knight": {"chits": {"MOVE M5": "wounded"}}})
    states = {chit["id"]: chit["state"] for chit in entry_of(taken)["chits"]}
    assert states == {"FIGHT H5*": "fresh", "MOVE M5": "wounded", "FIGHT M5": "fatigued"}


def test_armor_the_record_destroyed_is_gone_and_armor_it_damaged_starts_damaged():
    start = typed_start()
    entry_of(start)["armor"] = ["Armor", "Shield"]
    taken = records.with_records(start, {"Black Knight": {"armor": {"Shield": "destroyed", "Armor": "damaged"}}})
    assert entry_of(taken)["armor"] == [{"name": "Armor", "state": "damaged"}]


def test_a_weapon_the_record_alerted_starts_alerted_and_a_horse_it_names_is_ridden():
    start = typed_start()
    entry_of(start)["weapons"] = ["Mace"]
    taken = records.with_records(start, {"Black Knight": {"weapons": {"Mace": "alerted"}, "horse": "horse/warhorse-1"}})
    assert entry_of(taken)["weapons"] == [{"name": "Mace", "alerted": True}]
    assert entry_of(taken)["horse"] == {"counter": "horse/warhorse-1", "dead": False}


def test_where_the_character_stands_and_the_start_itself_are_not_changed_by_his_record():
    start = typed_start()
    taken = records.with_records(start, {"Black Knight": {"chits": {"FIGHT H5*": "fatigued"}}})
    assert entry_of(taken)["hidden"] is True and taken["state"]["denizens"][0]["target"] == "Black Knight"
    assert start == typed_start()


def test_the_spells_recorded_for_him_replace_those_typed_as_his_starting_information_names_them():
    start = typed_start()
    entry_of(start)["spells"] = ["Peace"]
    record = starting_record({"recorded_spells": "fiery blast\nNo Such Spell\nFiery Blast"})
    taken = records.with_records(start, {"Black Knight": record})
    assert record == {"spells": ["Fiery Blast"]} and entry_of(taken)["spells"] == ["Fiery Blast"]


def test_no_spells_recorded_leaves_none_and_a_record_that_does_not_say_keeps_those_typed():
    start = typed_start()
    entry_of(start)["spells"] = ["Peace"]
    assert "spells" not in entry_of(records.with_records(start, {"Black Knight": {"spells": []}}))
    assert entry_of(records.with_records(start, {"Black Knight": {"fame": 3}}))["spells"] == ["Peace"]


def test_a_record_for_a_side_not_in_the_battle_changes_nothing():
    assert records.with_records(typed_start(), {"Amazon": {"chits": {"MOVE M5": "wounded"}}}) == typed_start()


def test_a_battle_built_from_the_catalogue_and_one_typed_by_the_gm_agree_on_the_record():
    record = {**default_character_state(), "chits": {"MOVE M5": "wounded"}, "armor": {"Shield": "destroyed"},
              "weapons": {"Mace": "alerted"}}
    fresh = records.entry_from_record("Black Knight", "Black Knight", default_character_state())
    overlaid = entry_of(records.with_records({"state": {"characters": [fresh], "denizens": []}}, {"Black Knight": record}))
    built = records.entry_from_record("Black Knight", "Black Knight", record)
    assert {key: overlaid[key] for key in ("chits", "weapons", "armor")} == {key: built[key] for key in ("chits", "weapons", "armor")}
