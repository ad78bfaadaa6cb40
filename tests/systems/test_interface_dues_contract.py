"""The contract of a side's dues after a round (systems/interface.py `dues_form` and `settle`), the same for every
system over every example that resolves: a side owes nothing (no form, and `settle` refuses in words) or gets a
form whose fields are read by `settle` (no path), and some answer among the choices it offers settles to a state
the system accepts, without touching the state it was given; the sides settle in either order to one state."""

import copy
from itertools import combinations

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import PlaysForm
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS, examples_of, load

EXAMPLES = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]
MOST_TICKS = 4  # enough for every example's dues; the search stays cheap


def refusal(system, resolution, side, answers):
    """The errors `settle` refuses the answers with, or None when it takes them."""
    try:
        system.settle(resolution.state, resolution.output, side, answers)
    except PlaysInvalid as refused:
        assert refused.errors and all(error.message.strip() for error in refused.errors)
        return refused.errors
    return None


def an_answer_that_settles(system, resolution, side, form: PlaysForm) -> dict:
    """Field by field, the fewest ticks among the offered choices that `settle` no longer finds fault with in
    that field or one before it (each error names its field), the later fields left empty meanwhile."""
    answers: dict = {}
    for index, form_field in enumerate(form.fields):
        settled_so_far = {f.name for f in form.fields[:index + 1]}
        values = [choice.value for choice in form_field.choices]
        for ticks in (list(ticked) for size in range(min(len(values), MOST_TICKS) + 1)
                      for ticked in combinations(values, size)):
            errors = refusal(system, resolution, side, {**answers, form_field.name: ticks})
            if errors is None or not {error.path for error in errors} & (settled_so_far | {"__all__"}):
                answers[form_field.name] = ticks
                break
        else:
            pytest.fail(f"{side}: no ticks of {form_field.name} settle it")
    return answers


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_each_side_owes_nothing_or_gets_a_form_an_answer_among_its_choices_settles(name, path):
    system = get_system(name)
    resolution = system.resolve(load(path))
    if resolution.waiting_for:
        pytest.skip("the round waits: nothing is owed before it resolves")
    given = copy.deepcopy((resolution.state, resolution.output))
    accepted = state_errors(system, resolution.state)
    settlements = []
    for side in system.sides(resolution.state):
        form = system.dues_form(resolution.state, resolution.output, side)
        if form is None:
            errors = refusal(system, resolution, side, {})
            assert errors is not None and {error.path for error in errors} == {"__all__"}, side
            continue
        assert form.side == side and form.fields and form.title.strip()
        assert all(f.path is None and f.label.strip() and f.choices for f in form.fields), side
        answers = an_answer_that_settles(system, resolution, side, form)
        settled = system.settle(resolution.state, resolution.output, side, answers)
        assert state_errors(system, settled) == accepted, side
        settlements.append((side, answers))
    assert (resolution.state, resolution.output) == given

    def settled_in(order):
        state = resolution.state
        for side, answers in order:
            state = system.settle(state, resolution.output, side, answers)
        return state

    if len(settlements) > 1:
        assert settled_in(settlements) == settled_in(settlements[::-1])
