"""The contract every combat system keeps behind systems/interface.py (docs/systems.md), checked the same way for
all four over every example in docs/examples: options, validate, resolve, events, plays forms and summaries."""

import copy

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import ALL, CombatSystem, choices_open, fill, side_errors
from tests.systems.interface_examples import (ALL_SYSTEMS, answer, examples_of, load, someone_plays, states_of,
                                              without_plays)

STATES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]
PLAYED_STATES = [case for case in STATES if someone_plays(case)]
INPUTS = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]


def state_id(case):
    return f"{case[0]}:{case[1]}"


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_system_provides_the_whole_interface(name):
    system = get_system(name)
    assert isinstance(system, CombatSystem)
    assert system.NAME == name and system.KINDS


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_system_has_examples_to_check_its_contract_on(name):
    assert examples_of(name)


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_the_default_options_are_valid(name):
    system = get_system(name)
    assert system.check_options({}) == []
    assert system.check_options(system.options().defaults()) == []


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_preset_is_valid(name):
    system = get_system(name)
    for preset in system.options().presets:
        assert system.check_options({"preset": preset.name}) == [], preset.name


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_system_describes_each_option_with_a_label_and_shows_it_in_exactly_one_group(name):
    options = get_system(name).options()
    assert all(option.label for option in options.options)
    grouped = [option.name for _, group in options.groups() for option in group]
    assert sorted(grouped) == sorted(option.name for option in options.options)
    assert all(title and group for title, group in options.groups())


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_an_unknown_option_or_preset_is_refused_by_name(name):
    system = get_system(name)
    assert [error.path for error in system.check_options({"no_such_rule": True})] == ["no_such_rule"]
    assert [error.path for error in system.check_options({"preset": "no-such-preset"})] == ["preset"]


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_option_of_the_wrong_kind_is_refused_by_name(name):
    system = get_system(name)
    for option in system.options().options:
        wrong = "not a value" if option.kind != "choice" else object()
        assert option.name in [error.path for error in system.check_options({option.name: wrong})]


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_under_every_preset_the_forms_make_a_round_that_resolves(name, path):
    """The options are written into the round before the plays; the forms follow them (a rider plays his horse
    only under Magic Realm's rule 5.2)."""
    system = get_system(name)
    for preset in system.options().presets:
        state = system.with_options(without_plays(load(path)), {"preset": preset.name})
        for side in system.sides(state):
            state = fill(state, system.plays_form(state, side), answer(system.plays_form(state, side)))
        assert system.validate(state) == [], preset.name
        assert system.resolve(state, seed=3).events


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_the_input_schema_is_a_json_schema_object(name):
    system = get_system(name)
    for kind in system.KINDS:
        schema = system.input_schema(kind)
        assert schema["type"] == "object" and schema["properties"]


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_every_example_is_valid(name, path):
    assert get_system(name).validate(load(path)) == []


@pytest.mark.parametrize("case", PLAYED_STATES, ids=state_id)
def test_validate_names_the_field_of_a_play_that_breaks_the_rules(case):
    """A choice no form offers (a target who is not there, a hundred dice) is refused with the field's path."""
    name, _, state = case
    system = get_system(name)
    for side in system.sides(state):
        form = system.plays_form(state, side)
        answers = answer(form)
        chosen = [f for f in form.fields if f.path and f.choices and f.name in answers]
        if not chosen:
            continue
        broken_field = chosen[0]
        answers[broken_field.name] = 100 if isinstance(answers[broken_field.name], int) else "Nobody Here"
        errors = system.validate(fill(state, form, answers))
        owner = ".".join(broken_field.path.split(".")[:2])
        assert errors and all(error.path != "(file)" for error in errors)
        assert any(error.path.startswith(owner) for error in errors), (broken_field.path, errors)
        return
    raise AssertionError("someone plays, so some side has a choice to break")


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_resolve_refuses_a_broken_input_naming_the_field(name, path):
    data = load(path)
    broken = copy.deepcopy(data)
    broken["round" if "round" in data else "cycle" if "cycle" in data else "passes"] = "soon"
    if name == "magic-realm":
        broken = {**data, "state": {**data["state"], "round": "soon"}}
    with pytest.raises(PlaysInvalid) as raised:
        get_system(name).resolve(broken)
    assert raised.value.errors and all(error.path and error.path != "(file)" for error in raised.value.errors)


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_resolve_is_the_same_every_time_from_the_same_seed(name, path):
    data = {key: value for key, value in load(path).items() if key != "dice"}
    system = get_system(name)
    first, second = system.resolve(data, seed=20261127), system.resolve(data, seed=20261127)
    assert first.output == second.output and first.events == second.events and first.state == second.state


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_every_event_cites_a_rule_and_says_who_may_see_it(name, path):
    data = load(path)
    system = get_system(name)
    resolution = system.resolve(data)
    sides = set(system.sides(data))
    assert resolution.events
    for event in resolution.events:
        assert event.rule and event.rule_name and event.text in event.line
        assert event.visible_to == ALL or (event.visible_to and event.visible_to <= sides), event


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_the_summaries_name_every_side_once(name, path):
    data = load(path)
    system = get_system(name)
    summaries = system.summaries(data, system.resolve(data))
    assert [summary.side for summary in summaries] == list(system.sides(data))
    assert all(summary.side in summary.lines[0] for summary in summaries)


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_a_side_that_must_choose_next_has_a_form_to_choose_with(name, path):
    data = load(path)
    system = get_system(name)
    resolution = system.resolve(data)
    assert set(resolution.must_choose) == set(system.sides(data)) == set(resolution.owes)
    for side, choices in resolution.must_choose.items():
        form = system.plays_form(resolution.state, side)
        assert bool(choices) <= bool(form.fields), (side, form.notes)


@pytest.mark.parametrize("case", STATES, ids=state_id)
def test_every_choice_the_plays_form_offers_is_accepted_by_validate(case):
    """Each choice of each field, with every other field at its first (or last) open choice, validates: nothing is
    wrong with the side's own plays (the other jouster's missing choice is not this side's error)."""
    name, _, state = case
    system = get_system(name)
    for side in system.sides(state):
        form = system.plays_form(state, side)
        for pick in (0, -1):
            baseline = answer(form, pick=pick)
            assert side_errors(system.validate(fill(state, form, baseline)), form) == [], (side, baseline)
            for form_field in form.fields:
                for choice in choices_open(form_field, baseline):
                    value = [choice.value] if form_field.kind == "multi-choice" else choice.value
                    answers = answer(form, {form_field.name: value}, pick)
                    assert side_errors(system.validate(fill(state, form, answers)), form) == [], (side, answers)


@pytest.mark.parametrize(("name", "path"), INPUTS, ids=lambda value: getattr(value, "stem", value))
def test_a_state_before_the_plays_resolves_once_every_side_has_filled_its_form(name, path):
    """The forms of all sides together make a round that resolves, or that waits only for the GM's ruling on a
    magic attack (the example's ruling was for its own plays)."""
    data = load(path)
    system = get_system(name)
    state = without_plays(data)
    for side in system.sides(state):
        state = fill(state, system.plays_form(state, side), answer(system.plays_form(state, side)))
    resolution = system.resolve(state, seed=11)
    assert resolution.events
    assert all(error.path.startswith("gm_rulings.") for error in resolution.waiting_for)  # a Demon waits for the GM
