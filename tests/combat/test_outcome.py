"""combat.outcome: what a round changed for each character, and applying and undoing it on Character.state."""

from hypothesis import given
from hypothesis import strategies as st

from campaigns.models import default_character_state
from combat import outcome


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


def battle(character, denizens=()):
    return {"state": {"characters": [character], "denizens": list(denizens)}}


def test_a_chit_fatigued_by_a_spell_counts_and_a_wounded_fatigued_chit_moves_from_fatigue_to_wounds():
    after = knight(chits=[{"id": "FIGHT H5*", "label": "FIGHT H5*", "state": "fresh"},
                          {"id": "MOVE M5", "label": "MOVE M5", "state": "wounded"},
                          {"id": "MAGIC III*", "label": "MAGIC III*", "state": "fatigued"}])
    found = outcome.character_changes(knight(), after)
    assert found.lines == ["MOVE M5 wounded", "MAGIC III* fatigued"]
    state, _ = outcome.apply({**default_character_state(), "fatigue": 1}, found.changes)
    assert state["chits"] == {"MOVE M5": "wounded", "MAGIC III*": "fatigued"}
    assert (state["wounds"], state["fatigue"]) == (1, 1)


def test_armor_destroyed_leaves_the_battle_state_and_still_counts_as_destroyed():
    after = knight(armor=[{"name": "Shield", "state": "destroyed"}])
    found = outcome.character_changes(knight(), after)
    assert found.lines == ["Armor destroyed", "Shield destroyed"]


def test_the_horse_killed_and_the_character_killed_and_ran_away():
    found = outcome.round_changes(
        battle(knight()), battle(knight(horse={"counter": "Warhorse", "dead": True}, dead=True)),
        {"kills": [{"victim": "Black Knight", "killers": ["Giant", "Wolf"]}]})
    assert found["Black Knight"].lines == ["Killed by Giant and Wolf", "Horse lost: Warhorse killed"]
    ran = outcome.character_changes(knight(), knight(fled=True))
    assert ran.lines == ["Ran away from the battle"] and ran.changes == []


def test_a_shared_bounty_keeps_its_share_and_whole_numbers_stay_whole():
    found = outcome.round_changes(battle(knight()), battle(knight()),
                                  {"summaries": [{"character": "Black Knight", "kills": ["Giant"], "fame": 4.0,
                                                  "notoriety": 2.5, "gold": 0.0}]})
    assert found["Black Knight"].lines == ["Killed Giant: +4 fame, +2.5 notoriety"]
    state, _ = outcome.apply(default_character_state(), found["Black Knight"].changes)
    assert (state["fame"], state["notoriety"], state["gold"]) == (4, 2.5, 10)
    assert isinstance(state["fame"], int)


def test_a_hireling_killed_or_turned_rebel_is_lost_by_its_id_or_its_counters_name():
    lancer = {"id": "Lancer 1", "counter": "Lancer 1", "hired_by": "Black Knight", "dead": False}
    guard = {"id": "Guard #2", "counter": "Guard", "hired_by": "Black Knight", "dead": False}
    found = outcome.round_changes(battle(knight(), [lancer, guard]),
                                  battle(knight(), [{**lancer, "dead": True}, {**guard, "hired_by": None}]), {})
    assert found["Black Knight"].lines == ["Hireling lost: Lancer 1 killed", "Hireling lost: Guard #2 rebelled"]
    state, ops = outcome.apply({**default_character_state(), "hirelings": ["Guard", "Lancer 1", "Rogue"]},
                               found["Black Knight"].changes)
    assert state["hirelings"] == ["Rogue"]
    assert outcome.undo(state, ops)["hirelings"] == ["Guard", "Lancer 1", "Rogue"]


def test_nothing_changed_is_no_outcome():
    assert outcome.round_changes(battle(knight()), battle(knight()), {"summaries": [{"character": "Black Knight"}]}) == {}


def test_undo_puts_back_what_apply_replaced_even_a_count_it_could_not_take_below_zero():
    changes = [{"op": "set", "key": "killed", "item": None, "value": True},
               {"op": "set", "key": "armor", "item": "Helmet", "value": "destroyed"},
               {"op": "set", "key": "chits", "item": "FIGHT H5*", "value": None},
               {"op": "add", "key": "fatigue", "amount": -1},
               {"op": "add", "key": "fame", "amount": 8}]
    start = {**default_character_state(), "armor": {"Helmet": "damaged"}, "chits": {"FIGHT H5*": "fatigued"}}
    state, ops = outcome.apply(start, changes)
    assert state["killed"] and state["armor"] == {"Helmet": "destroyed"} and state["chits"] == {}
    assert state["fatigue"] == 0 and state["fame"] == 8
    assert outcome.undo(state, ops) == start


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
    state, ops = outcome.apply(start, changes)
    assert outcome.undo(state, ops) == start
