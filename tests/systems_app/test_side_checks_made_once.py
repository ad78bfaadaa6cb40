"""A side's answers are checked once per process for the same round input and answers (combat/system_rounds.py
`check_side`, `_CHECKS`): the GM's page checks each card and asks whether each sealed side is still in, and the
players' sweep asks again each minute. Other answers or another input are checked anew, and each caller gets a
copy it may change."""

import copy

from combat import system_rounds
from systems import get_system
from systems.examples import starters


class CountingSystem:
    """A system whose `validate` counts how often it runs."""

    def __init__(self, system):
        self.system, self.NAME, self.validated = system, system.NAME, 0

    def plays_form(self, round_input, side):
        return self.system.plays_form(round_input, side)

    def validate(self, round_input):
        self.validated += 1
        return self.system.validate(round_input)


def ambush():
    system = get_system("magic-realm")
    data = next(data for key, _, data in starters(system) if key == "thirty-combatants")
    return system, copy.deepcopy(data), system.sides_in_battle(data)[0]


def test_the_same_input_side_and_answers_are_checked_once(monkeypatch):
    monkeypatch.setattr(system_rounds, "_CHECKS", system_rounds._Recent())
    system, data, side = ambush()
    counting = CountingSystem(system)
    answers = {"attack_chit": "FIGHT Z9"}

    first = system_rounds.check_side(counting, data, side, answers)
    again = system_rounds.check_side(counting, copy.deepcopy(data), side, dict(answers))

    assert counting.validated == 1 and again == first and first
    again["mine"] = "changed"  # a caller's copy
    assert "mine" not in system_rounds.check_side(counting, data, side, answers)


def test_other_answers_or_another_input_are_checked_anew(monkeypatch):
    monkeypatch.setattr(system_rounds, "_CHECKS", system_rounds._Recent())
    system, data, side = ambush()
    counting = CountingSystem(system)
    system_rounds.check_side(counting, data, side, {})
    system_rounds.check_side(counting, data, side, {"attack_chit": "FIGHT Z9"})
    changed = copy.deepcopy(data)
    changed["state"]["round"] = changed["state"].get("round", 1) + 1
    system_rounds.check_side(counting, changed, side, {})

    assert counting.validated == 3
