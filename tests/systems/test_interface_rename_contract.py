"""The contract of casting campaign characters in a starting state (systems/interface.py `rename`,
systems/renaming.py), for every system over every example: a combatant renamed is named so wherever the state
names him, the state stays one the system accepts, renaming back gives the state it started from, and a round
played under the new name goes as it went under the old one; a cast that names no combatant, or names two the
same, is refused naming the combatant."""

import copy

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.errors import PlaysInvalid
from systems.renaming import renamed
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS, examples_of, load, without_plays

EXAMPLES = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]
NEW = "Zed the Bold"


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_a_combatant_renamed_is_named_so_everywhere_and_back_again_gives_the_start(name, path):
    system = get_system(name)
    start = without_plays(load(path))
    given = copy.deepcopy(start)
    first = system.sides(start)[0]
    cast = system.rename(start, {first: NEW})
    assert start == given
    assert system.sides(cast) == (NEW, *system.sides(start)[1:])
    assert state_errors(system, cast) == []
    assert system.rename(cast, {NEW: first}) == system.rename(start, {})  # the start, as the system writes it


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_a_round_played_under_the_new_name_goes_as_it_went(name, path):
    system = get_system(name)
    data = load(path)
    first = system.sides(data)[0]
    # The round as the system writes its input for a cast (Magic Realm writes each counter out), then cast.
    before, after = system.resolve(system.rename(data, {})), system.resolve(system.rename(data, {first: NEW}))
    assert len(after.events) == len(before.events) and after.finished == before.finished
    assert bool(after.waiting_for) == bool(before.waiting_for)
    if not before.waiting_for:
        assert without_counters_named_as_ids(renamed(after.state, {NEW: first})) == without_counters_named_as_ids(before.state)


def without_counters_named_as_ids(data):
    """A Magic Realm state without the `character` or `counter` that only repeats the id (the round file's
    default): the same state whether or not it was written out."""
    if isinstance(data, dict):
        return {key: without_counters_named_as_ids(value) for key, value in data.items()
                if not (key in ("character", "counter") and value == data.get("id"))}
    if isinstance(data, list):
        return [without_counters_named_as_ids(item) for item in data]
    return data


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_cast_naming_no_combatant_or_two_alike_is_refused_naming_it(name):
    system = get_system(name)
    start = without_plays(load(examples_of(name)[0]))
    with pytest.raises(PlaysInvalid) as refused:
        system.rename(start, {"Nobody here": NEW})
    assert [error.path for error in refused.value.errors] == ["Nobody here"]
    sides = system.sides(start)
    if len(sides) > 1:
        with pytest.raises(PlaysInvalid, match="two combatants would be named"):
            system.rename(start, {sides[0]: sides[1]})


def test_a_magic_realm_character_renamed_keeps_his_counter():
    system = get_system("magic-realm")
    cast = system.rename(without_plays(load(examples_of("magic-realm")[0])), {"Amazon": NEW})
    entry = cast["state"]["characters"][0]
    assert entry["id"] == NEW and entry.get("character", "Amazon") == "Amazon"


names = st.text(alphabet=st.characters(categories=("L", "N", "Zs"), max_codepoint=0x24F), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(example=st.sampled_from(EXAMPLES), new=names, which=st.integers(0, 50))
def test_any_new_name_renames_any_combatant_and_back(example, new, which):
    name, path = example
    system = get_system(name)
    start = without_plays(load(path))
    sides = system.sides(start)
    old = sides[which % len(sides)]
    assume(new.strip() and new not in sides and not any(new == value for value in _strings(start)))
    cast = system.rename(start, {old: new})
    assert new in system.sides(cast) and old not in system.sides(cast)
    assert system.rename(cast, {new: old}) == system.rename(start, {})


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
