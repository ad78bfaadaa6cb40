"""Random Magic Realm battles played round after round through the interface, as the app plays them (issue
#14.1): a hypothesis test never reaches an error the GM cannot act on.

Each example picks one of four battles set up by Magic Realm's set-up form (the issue's Black Knight and Amazon
against a Giant and two Wolves; natives with hirelings and a rider on his Warhorse; riders on both sides; several
monsters, some unassigned) and plays it for up to six rounds. Every round each side's answers are drawn from what
its plays form offers (a choice among those open, for each question that applies). Answers the system refuses
are what the GM sees as errors beside the fields: he answers again (counted; after three refusals the side
gives only the answers it must). The round is resolved as `system_battles.resolve_locked` does; a round that
stops half-way is answered on its waiting forms and goes on with the same seed; what each side owes is settled
on its dues form. Whatever happens, the GM can act: answers legal alone that clash together fail the round with
each rule it breaks named in the game's words (the GM changes a side's plays), a wait always has a form to
answer, and a debt always has a settlement the system takes.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from combat import system_rounds
from combat.messages import failure
from systems.errors import PlaysInvalid
from systems.interface import answers_that_apply, applies, choices_open, fill

pytestmark = pytest.mark.django_db

ROUNDS = 6
REDRAWS = 3
WAITS = 5

SCENARIOS = {
    "Giant and two Wolves": {"characters": ["Black Knight", "Amazon"], "monsters": "Giant\nWolf\nWolf",
                             "attacks": "Giant -> Black Knight\nWolf -> Black Knight\nWolf #2 -> Amazon"},
    "several monsters": {"characters": ["Black Knight", "Amazon"],
                         "monsters": "T Troll\nGiant Bat\nViper\nSword Goblin\nOgre",
                         "attacks": "T Troll -> Black Knight\nViper -> Amazon"},
    "natives with hirelings": {"characters": ["Black Knight", "Amazon"], "monsters": "Giant\nWolf\nT Troll",
                               "natives": "Lancer 1 hired by Black Knight\nCompany 2 hired by Black Knight",
                               "attacks": "Giant -> Black Knight\nWolf -> Amazon\nT Troll -> Company 2\n"
                                          "Lancer 1 -> Wolf\nCompany 2 -> T Troll"},
    "riders": {"characters": ["Black Knight", "Amazon"], "natives": "Lancer 1\nLancer 2",
               "attacks": "Lancer 1 -> Black Knight"},
}


@pytest.fixture
def scenarios(campaign, characters):
    """Each battle's round 1 input under the campaign's rules, the characters as their records leave them (the
    Knight of the natives' battle rides a Warhorse)."""
    system = campaign.combat_system
    living = ("Amazon", "Black Knight")
    records = {name: c.battle_record() for name, c in characters.items()}
    started = {}
    for name, answers in SCENARIOS.items():
        round_input = system.set_up(answers, living)
        if name == "several monsters":
            for denizen in round_input["state"]["denizens"]:
                if denizen["id"] == "T Troll":
                    denizen["side"] = "dark"
        riding = {**records, "Black Knight": {**records["Black Knight"], "horse": "Warhorse"}}
        round_input = system.with_records(round_input, riding if name == "natives with hirelings" else records)
        started[name] = system.with_options(round_input, campaign.round_rules())
    return system, campaign.round_rules(), started


def draw_answers(data, form) -> dict:
    """A choice among those open for each question that applies, in the form's order (an optional one may be
    left unanswered); numbers and text at their simplest."""
    answers: dict = {}
    for form_field in form.fields:
        if not applies(form_field.shown_when, answers):
            continue
        if form_field.choices:
            offered = choices_open(form_field, answers)
            if not offered or (not form_field.required and not data.draw(st.booleans(), label="answer it")):
                continue
            if form_field.kind == "multi-choice":
                picked = data.draw(st.lists(st.sampled_from(offered), unique=True, max_size=len(offered)), label="picks")
                answers[form_field.name] = [choice.value for choice in picked]
            else:
                answers[form_field.name] = data.draw(st.sampled_from(offered), label=form_field.name).value
        elif form_field.required:
            answers[form_field.name] = form_field.minimum or 1 if form_field.kind == "number" else "x"
    return answers_that_apply(form, answers)


def required_answers(form) -> dict:
    """The first open choice of each question that applies and must be answered."""
    answers: dict = {}
    for form_field in form.fields:
        if form_field.required and form_field.choices and applies(form_field.shown_when, answers):
            offered = choices_open(form_field, answers)
            if offered:
                answers[form_field.name] = offered[0].value
    return answers


def answer_form(data, system, round_input, form, tally) -> dict:
    """Answers the system takes for the form: drawn, drawn again when refused, else only those it must."""
    for _ in range(REDRAWS):
        answers = draw_answers(data, form)
        tally["drafts"] += 1
        if not system_rounds.check_form(system, round_input, form, answers) and not system_rounds.missing_answers(form, answers):
            return answers
        tally["refused"] += 1
    answers = required_answers(form)
    errors = {**system_rounds.check_form(system, round_input, form, answers), **system_rounds.missing_answers(form, answers)}
    assert not errors, f"{form.side} has no answers the system takes: {errors}"
    return answers


def settlement(data, system, state, output, side, form) -> dict:
    """A settlement of the side's dues the system takes: drawn, else the first of every way to answer."""
    def takes(answers):
        try:
            return system.settle(state, output, side, answers)
        except PlaysInvalid:
            return None

    for _ in range(REDRAWS):
        settled = takes(draw_answers(data, form))
        if settled is not None:
            return settled
    multi = [f for f in form.fields if f.kind == "multi-choice"]
    base = required_answers(form)
    for picks in itertools.product(*[[list(c) for n in range(len(f.choices) + 1)
                                      for c in itertools.combinations([ch.value for ch in f.choices], n)] for f in multi]):
        settled = takes({**base, **{f.name: pick for f, pick in zip(multi, picks)}})
        if settled is not None:
            return settled
    raise AssertionError(f"no settlement pays what {side} owes: {form.title}")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_battles_never_reach_an_error_the_gm_cannot_act_on(scenarios, data):
    system, rules, started = scenarios
    name = data.draw(st.sampled_from(sorted(started)), label="battle")
    round_input = started[name]
    tally = {"drafts": 0, "refused": 0}
    played = 0
    for _ in range(ROUNDS):
        seed = data.draw(st.integers(0, 2**31), label="seed")
        answers = {}
        for side in system.sides(round_input):
            form = system.plays_form(round_input, side)
            if form.fields:
                answers[side] = answer_form(data, system, round_input, form, tally)
        whole = system_rounds.round_input_with(system, round_input, answers)
        clash = system.validate(whole)
        if clash:  # legal alone, not together: the round fails saying why in the game's words, and the GM acts
            said = failure(PlaysInvalid(clash))
            assert said.startswith("The round breaks the rules: ") and all(error.path for error in clash), said
            event(f"{name}: answers legal alone clash together")
            break
        resolution = system.resolve(whole, seed=seed)
        for _ in range(WAITS):
            if not resolution.waiting_for:
                break
            forms = system.waiting_forms(whole, dict(resolution.output))
            assert forms, f"the round waits for what no form asks: {resolution.waiting_for}"
            for form in forms:
                whole = fill(whole, form, answer_form(data, system, whole, form, tally))
            resolution = system.resolve(whole, seed=seed)
        assert not resolution.waiting_for, "the round goes on once its forms are answered"
        played += 1
        state, output = resolution.state, dict(resolution.output)
        for side in system.sides(whole):
            form = system.dues_form(state, output, side)
            if form is not None:
                state = settlement(data, system, state, output, side, form)
        if resolution.finished:
            break
        round_input = system.with_options(dict(state), rules)
    event(f"{name}: {played} rounds")
    assert tally["refused"] <= tally["drafts"] // 2 + 1, f"the forms offer mostly legal plays ({tally})"
