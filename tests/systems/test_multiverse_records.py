"""A Multiverse campaign character's record between battles (systems/multiverse/records.py; docs/systems/
multiverse.md "Between battles", ruling R8): the life left and death, in words and as changes, read back into
the next battle."""

import copy

from systems import get_system
from systems.multiverse import records
from systems.records import apply, undo
from systems.states import state_errors
from tests.systems.interface_examples import EXAMPLES, load, without_plays

MV = get_system("multiverse")
ASTAROTH = {"name": "Astaroth", "side": "mage", "acuity": 3, "finesse": 4, "strength": 2, "endurance": 3, "life": 10,
            "magic_high": 4, "magic_low": 2}
GOBLIN = {"name": "Goblin 1", "side": "goblins", "acuity": 2, "finesse": 3, "strength": 2, "endurance": 2, "life": 3}
GOBLIN_2 = {**GOBLIN, "name": "Goblin 2"}
STRIKE_ASTAROTH = [{"kind": "attack", "ticks": 2, "target": "Astaroth"}]
STORM = [{"kind": "cast", "ticks": 5, "spell": "Storm"}]
STORM_CARRIED = {"Astaroth": {"action": STORM[0], "ticks_left": 2}}


def a_record() -> dict:
    """A campaign's record before any battle (campaigns.models.default_character_state's keys)."""
    return {"wounds": 0, "fatigue": 0, "chits": {}, "armor": {}, "weapons": {}, "horse": None, "hirelings": [],
            "gold": 10, "fame": 0, "notoriety": 0, "killed": False}


def battle(*combatants, actions=None, dice=None, in_progress=None) -> dict:
    """A second cycle (everyone begins on tick 1, no initiative dice) with scripted dice."""
    state = {"format": "herald-multiverse/1", "system": "multiverse", "cycle": 2,
             "combatants": [dict(entry) for entry in combatants], "actions": actions or {}}
    return state | ({"dice": dice} if dice else {}) | ({"in_progress": in_progress} if in_progress else {})


def fought(round_input: dict) -> tuple[dict, dict]:
    """The round's changes by side, and the state it left."""
    resolution = MV.resolve(round_input)
    changes = MV.record_changes(round_input, resolution.state, resolution.output)
    return {change.side: change for change in changes}, resolution.state


def written(change) -> dict:
    return apply(a_record(), change.changes)[0]


def combatant(state: dict, name: str) -> dict:
    return next(entry for entry in state["combatants"] if entry["name"] == name)


def example(stem: str) -> dict:
    return load(next(path for path in EXAMPLES if path.stem == stem))


def test_it_is_the_multiverse_systems_record_reader_and_writer():
    assert MV.with_records is records.with_records and MV.record_changes is records.record_changes


def test_it_keeps_the_life_a_blow_took_and_says_who_took_it():
    changes, _ = fought(example("multiverse-astaroth-and-the-goblins"))
    assert list(changes) == ["Astaroth"]  # the goblins took no damage: their records do not change
    assert changes["Astaroth"].lines == ["Took 3 damage from Goblin 1 (life 6 → 3)"]
    assert changes["Astaroth"].changes == [{"op": "set", "key": "life", "item": None, "value": 3}]


def test_it_starts_the_next_battle_at_the_life_the_record_keeps():
    changes, _ = fought(example("multiverse-astaroth-and-the-goblins"))
    next_battle = battle(ASTAROTH, GOBLIN)  # the GM's new round file gives Astaroth his sheet's 10 life
    started = MV.with_records(next_battle, {"Astaroth": written(changes["Astaroth"])})
    assert combatant(started, "Astaroth")["life"] == 3 and combatant(started, "Goblin 1") == GOBLIN
    assert state_errors(MV, started) == []


def test_it_keeps_mana_burn_as_life_lost_beside_the_blow_that_interrupted_the_spell():
    # Goblin 1 hits twice (9, 9 against Acuity 3 - 2, busy); Astaroth fails to keep casting (1, 1, 1, 1 against
    # 7) and resists none of the 5 burn (1, 1)
    changes, state = fought(battle(ASTAROTH, GOBLIN, actions={"Astaroth": STORM, "Goblin 1": STRIKE_ASTAROTH},
                                   dice=[9, 9, 1, 1, 1, 1, 1, 1]))
    assert changes["Astaroth"].lines == ["Took 7 damage: 2 from Goblin 1, 5 mana burn (life 10 → 3)"]
    assert written(changes["Astaroth"])["life"] == 3 == combatant(state, "Astaroth")["life"]
    assert combatant(MV.with_records(battle(ASTAROTH, GOBLIN), {"Astaroth": written(changes["Astaroth"])}),
                     "Astaroth")["life"] == 3


def test_a_combatant_killed_in_the_round_is_killed_by_whoever_took_life_on_that_tick():
    # both goblins strike on tick 2, one success each (9, 1 against Acuity 3): Astaroth's 2 life is gone (R1)
    changes, _ = fought(battle({**ASTAROTH, "life": 2}, GOBLIN, GOBLIN_2, dice=[9, 1, 9, 1],
                               actions={"Goblin 1": STRIKE_ASTAROTH, "Goblin 2": STRIKE_ASTAROTH}))
    change = changes["Astaroth"]
    assert change.lines == ["Took 2 damage: 1 from Goblin 1, 1 from Goblin 2 (life 2 → 0)",
                            "Killed by Goblin 1 and Goblin 2"]
    assert change.killed and {"op": "set", "key": "killed", "item": None, "value": True} in change.changes


def test_a_caster_whose_mana_burn_kills_him_is_killed_by_it_and_the_blow():
    # Goblin 1 hits once (9, 1 against Acuity 3: Vigilance); the spell is lost and none of the 5 burn resisted
    vigilant = {**ASTAROTH, "life": 4, "vigilance": True}
    changes, _ = fought(battle(vigilant, GOBLIN, actions={"Astaroth": STORM, "Goblin 1": STRIKE_ASTAROTH},
                               dice=[9, 1, 1, 1, 1, 1, 1, 1]))
    assert changes["Astaroth"].lines == ["Took 6 damage: 1 from Goblin 1, 5 mana burn (life 4 → -2)",
                                         "Killed by Goblin 1 and mana burn"]


def test_a_killed_character_read_into_a_battle_starts_dead_carrying_nothing():
    record = {**a_record(), "killed": True, "life": -2}
    started = MV.with_records(battle(ASTAROTH, GOBLIN, GOBLIN_2, in_progress=STORM_CARRIED), {"Astaroth": record})
    assert combatant(started, "Astaroth")["dead"] and combatant(started, "Astaroth")["life"] == -2
    assert started["in_progress"] == {} and state_errors(MV, started) == []
    assert MV.plays_form(started, "Astaroth").notes == ("Astaroth is dead",)


def test_without_the_rounds_events_the_lines_say_only_what_changed():
    before = battle(ASTAROTH, GOBLIN)
    after = battle({**ASTAROTH, "life": 0, "dead": True}, GOBLIN)
    change, = MV.record_changes(before, after, {})
    assert change.lines == ["Took 10 damage (life 10 → 0)", "Killed"] and change.killed


def test_the_gm_bringing_a_combatant_back_gives_the_life_and_the_death_back():
    before = battle({**ASTAROTH, "life": -1, "dead": True}, GOBLIN)
    after, _ = MV.adjust(before, "back|Astaroth")
    change, = MV.record_changes(before, after, {})
    assert change.lines == ["Regained 2 life (life -1 → 1)", "Back from the dead"]
    assert written(change)["killed"] is False and written(change)["life"] == 1


def test_attributes_a_readied_shot_and_a_carried_action_are_not_kept():
    before = battle(ASTAROTH, {**GOBLIN, "loaded": True}, in_progress=STORM_CARRIED)
    after = before
    for change in ("strength-1|Astaroth", "endurance-1|Goblin 1", "unload|Goblin 1", "break-off|Astaroth"):
        after, _ = MV.adjust(after, change)
    assert after != before and MV.record_changes(before, after, {}) == ()


def test_a_record_that_says_nothing_of_its_keys_leaves_the_combatant_as_the_round_file_has_it():
    start = without_plays(example("multiverse-counterspell"))
    given = copy.deepcopy(start)
    other_systems = {**a_record(), "wounds": 4, "hit_points": 1, "life": "full", "fame": 7}
    taken = MV.with_records(start, {"Astaroth": other_systems, "Shaman": {"life": True}, "Nobody": {"life": 1}})
    assert taken == start == given


def test_reading_a_record_in_does_not_change_the_round_input():
    start = battle(ASTAROTH, GOBLIN)
    given = copy.deepcopy(start)
    taken = MV.with_records(start, {"Astaroth": {"life": 2, "killed": True}})
    assert start == given and combatant(taken, "Astaroth") == {**ASTAROTH, "life": 2, "dead": True}


def test_a_rounds_changes_are_taken_back_exactly_from_a_record_that_already_keeps_a_life():
    changes, _ = fought(example("multiverse-astaroth-and-the-goblins"))
    kept = {**a_record(), "life": 6}
    record, ops = apply(kept, changes["Astaroth"].changes)
    assert record["life"] == 3 and undo(record, ops) == kept


def test_a_combatant_dead_before_the_round_has_no_change_in_a_later_round():
    dead = battle({**ASTAROTH, "life": -1, "dead": True}, GOBLIN)
    death = {"events": [{"kind": "death", "actors": ["Astaroth"], "text": "Tick 2: Astaroth dies"}]}
    assert MV.record_changes(dead, copy.deepcopy(dead), death) == ()
