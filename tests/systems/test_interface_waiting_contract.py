"""The contract of `waiting_forms` (systems/interface.py, "a round that waits"), the same for every system over
every example in docs/examples: a resolved round asks nothing; a round that waits asks its sides or the GM,
each field with a path; answered with each field's first open choice, the round resolved again with the same
dice does not wait for the same thing again.

A round that waits comes from an example with the answers it waited for taken out (`without_waiting_answers`):
only Magic Realm's rounds wait today (the GM's rulings of its two magic-attack examples)."""

import json
from functools import cache

import pytest

from systems import get_system
from systems.interface import GM, fill
from tests.systems.interface_examples import ALL_SYSTEMS, answer, examples_of, load, without_waiting_answers


@cache
def rounds_of(name: str) -> tuple:
    """(example's stem, round input, its resolution) for every example of the system, and for every example
    that had answers to what a round waits for, the example without them."""
    system = get_system(name)
    rounds = []
    for path in examples_of(name):
        data = load(path)
        rounds.append((path.stem, data, system.resolve(data)))
        unanswered = without_waiting_answers(data)
        if unanswered != data:
            rounds.append((f"{path.stem} (unanswered)", unanswered, system.resolve(unanswered)))
    return tuple(rounds)


def waiting_rounds(name: str) -> list:
    return [(label, data, resolution) for label, data, resolution in rounds_of(name) if resolution.waiting_for]


def test_some_examples_wait_to_check_the_contract_on():
    assert waiting_rounds("magic-realm")


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_resolved_round_asks_nothing(name):
    system = get_system(name)
    for label, data, resolution in rounds_of(name):
        if not resolution.waiting_for:
            assert system.waiting_forms(data, resolution.output) == (), label


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_a_round_that_waits_asks_its_sides_or_the_gm_with_a_path_for_every_field(name):
    system = get_system(name)
    for label, data, resolution in waiting_rounds(name):
        forms = system.waiting_forms(data, json.loads(json.dumps(resolution.output)))
        assert forms, label
        for form in forms:
            assert form.side == GM or form.side in system.sides(data), (label, form.side)
            assert form.fields and all(field.path for field in form.fields), (label, form)


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_the_first_open_answers_resolved_again_with_the_same_dice_do_not_wait_for_the_same_thing(name):
    system = get_system(name)
    for label, data, resolution in waiting_rounds(name):
        filled = data
        for form in system.waiting_forms(data, resolution.output):
            filled = fill(filled, form, answer(form))
        assert system.validate(filled) == [], label
        again = system.resolve(filled)
        waited_for = {error.path for error in resolution.waiting_for}
        assert not waited_for & {error.path for error in again.waiting_for}, (label, again.waiting_for)
