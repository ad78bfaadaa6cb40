"""The contract of a campaign character's record (systems/records.py: `with_records` and `record_changes`), the
same for every system over every example that resolves: a starting state takes the records without being
changed itself and stays a state the system accepts; what a round did to the records names only the battle's
sides, reads in words, applies to a record and is taken back exactly; a state compared with itself changed
nothing; and a record written back and read in again gives the state the round left, as far as the record
keeps it (the next battle starts where this one left the character)."""

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from systems import get_system
from systems import records as records_module
from systems.records import RecordChange, apply, undo
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS, examples_of, load, without_plays

EXAMPLES = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]
RECORD_KEYS = ("wounds", "fatigue", "gold", "fame", "notoriety", "life")  # life: a key the record lacks


def a_record() -> dict:
    """A record as a campaign keeps one before any battle (campaigns.models.default_character_state's keys)."""
    return {"wounds": 0, "fatigue": 0, "chits": {}, "armor": {}, "weapons": {}, "horse": None, "hirelings": [],
            "gold": 10, "fame": 0, "notoriety": 0, "killed": False}


def resolved(name, path):
    system = get_system(name)
    round_input = load(path)
    resolution = system.resolve(round_input)
    if resolution.waiting_for:
        pytest.skip("the round waits: it changes no record before it resolves")
    return system, round_input, resolution


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_a_starting_state_takes_the_records_unchanged_itself_and_stays_valid(name, path):
    system = get_system(name)
    start = without_plays(load(path))
    given_start = copy.deepcopy(start)
    sides = system.sides(start)
    assert system.with_records(start, {}) == start
    taken = system.with_records(start, {side: a_record() for side in sides})
    assert start == given_start
    assert state_errors(system, taken) == []
    assert system.sides(taken) == sides


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_what_a_round_did_to_the_records_names_its_sides_in_words_and_is_taken_back_exactly(name, path):
    system, round_input, resolution = resolved(name, path)
    given_args = copy.deepcopy((round_input, resolution.state, resolution.output))
    changes = system.record_changes(round_input, resolution.state, resolution.output)
    assert (round_input, resolution.state, resolution.output) == given_args
    sides = set(system.sides(round_input))
    assert len({change.side for change in changes}) == len(changes)
    for change in changes:
        assert isinstance(change, RecordChange) and change.side in sides and change
        assert all(isinstance(line, str) and line.strip() for line in change.lines)
        record, ops = apply(a_record(), change.changes)
        assert undo(record, ops) == a_record()


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_a_state_compared_with_itself_changed_no_record(name, path):
    system, _, resolution = resolved(name, path)
    assert system.record_changes(resolution.state, resolution.state, {}) == ()


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_records_written_back_and_read_in_again_change_nothing_more(name, path):
    """The state a round left, read in again with the records that round wrote, is a state from which the
    records have nothing more to take: comparing it with the state the round left changes no record."""
    system, round_input, resolution = resolved(name, path)
    written = {side: a_record() for side in system.sides(round_input)}
    for change in system.record_changes(round_input, resolution.state, resolution.output):
        written[change.side], _ = apply(written[change.side], change.changes)
    read_in = system.with_records(resolution.state, written)
    if not resolution.finished:  # a battle that is over is a state no round is played from
        assert state_errors(system, read_in) == []
    changed_again = [change for change in system.record_changes(resolution.state, read_in, {}) if change.changes]
    assert changed_again == []


def test_the_defaults_take_no_record_and_change_none():
    start = {"system": "x", "state": {}}
    assert records_module.records_ignored(start, {"A": a_record()}) == start
    assert records_module.no_record_changes(start, start, {}) == ()


changes = st.lists(st.one_of(
    st.builds(lambda key, amount: {"op": "add", "key": key, "amount": amount},
              st.sampled_from(RECORD_KEYS), st.integers(-20, 20)),
    st.builds(lambda key, item, value: {"op": "set", "key": key, "item": item, "value": value},
              st.sampled_from(["armor", "weapons", "chits"]), st.sampled_from(["A", "B"]),
              st.sampled_from([None, "damaged", "alerted", "wounded"])),
    st.builds(lambda value: {"op": "set", "key": "killed", "item": None, "value": value}, st.booleans()),
    st.builds(lambda item: {"op": "remove", "key": "hirelings", "item": item}, st.sampled_from(["Guard", "Rogue"])),
), max_size=12)


@given(changes=changes, fame=st.integers(-20, 20), hirelings=st.lists(st.sampled_from(["Guard", "Rogue"]), unique=True))
def test_undo_after_apply_gives_back_the_record_it_started_from(changes, fame, hirelings):
    start = {**a_record(), "fame": fame, "hirelings": hirelings, "armor": {"A": "intact"}}
    record, ops = apply(start, changes)
    assert undo(record, ops) == start


def test_a_change_that_sets_killed_says_the_character_died():
    change = RecordChange("Amazon")
    assert not change.killed
    change.set("killed", True)
    assert change.killed and records_module.is_killed(apply(a_record(), change.changes)[0])


def test_an_unknown_change_is_refused_in_words():
    with pytest.raises(ValueError, match="no such change"):
        apply(a_record(), [{"op": "multiply", "key": "fame"}])


def test_undo_takes_out_a_key_the_record_did_not_have_before():
    record, ops = apply(a_record(), [{"op": "add", "key": "life", "amount": 3},
                                     {"op": "set", "key": "shield", "item": None, "value": "splintered"},
                                     {"op": "set", "key": "scars", "item": "left arm", "value": "deep"},
                                     {"op": "remove", "key": "spells", "item": "Light"}])
    assert record["life"] == 3 and record["shield"] == "splintered" and record["scars"] == {"left arm": "deep"}
    assert undo(record, ops) == a_record()


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_the_record_form_asks_only_keys_the_system_judges_each_answer_written_where_its_path_says(name):
    system = get_system(name)
    form = system.record_form(a_record())
    assert len({f.name for f in form.fields}) == len(form.fields)
    assert system.record_form(a_record()) == system.record_form(a_record(), "")  # a character's name is optional
    for form_field in form.fields:
        key, item = records_module.record_path(form_field)
        assert key and form_field.label.strip() and form_field.kind in ("number", "text", "choice", "multi-choice")
        assert item is None or form_field.kind == "choice"  # one question per item of a key's object
        if form_field.kind == "number":
            assert system.check_record({key: form_field.minimum if form_field.minimum is not None else 0}) == []
            assert [e.path for e in system.check_record({key: "many"})] == [key]
        written = records_module.with_answer(a_record(), form_field, None)
        assert system.check_record({**system.new_record(), **written}) == []  # an empty answer keeps it valid


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_new_record_is_alive_and_passes_its_systems_checks(name):
    system = get_system(name)
    fresh = system.new_record()
    assert fresh["killed"] is False and system.check_record(fresh) == []
    assert system.new_record() is not fresh  # a new dict each time: one character's record is not another's
