"""A side's plays form is built once per process for the same round input (combat/system_rounds.py `form_for`):
Magic Realm's tries hundreds of plays to offer only legal choices, and a page, a check, a lock and a resolve
each ask for it several times. A changed input, another side or another system builds its own."""

import copy

from combat.system_rounds import _Forms
from systems import get_system
from systems.examples import starters
from systems.interface import GM


class CountingSystem:
    """A system whose plays form counts how often it is built."""

    def __init__(self, system):
        self.system, self.NAME, self.built = system, system.NAME, 0

    def plays_form(self, round_input, side):
        self.built += 1
        return self.system.plays_form(round_input, side)


def _first_starter(name):
    """The system and its first starter with two sides at least, and that starter's first side."""
    system = get_system(name)
    data = next(data for _, _, data in starters(system) if len(system.sides(data)) > 1)
    return system, data, system.sides(data)[0]


def test_the_same_input_and_side_build_the_form_once_and_give_the_same_form():
    system, data, side = _first_starter("magic-realm")
    counting, forms = CountingSystem(system), _Forms()
    first = forms.get(counting, data, side)
    again = forms.get(counting, copy.deepcopy(data), side)  # equal content, another object
    assert counting.built == 1 and again is first and first == system.plays_form(data, side)


def test_a_changed_input_another_side_or_another_system_each_build_their_own():
    system, data, side = _first_starter("magic-realm")
    counting, forms = CountingSystem(system), _Forms()
    forms.get(counting, data, side)
    changed = copy.deepcopy(data)
    changed["state"]["round"] = changed["state"].get("round", 1) + 1
    forms.get(counting, changed, side)
    other_side = system.sides(data)[1]
    forms.get(counting, data, other_side)
    other_system, other_data, other_name = _first_starter("multiverse")
    other = CountingSystem(other_system)
    forms.get(other, other_data, other_name)
    assert counting.built == 3 and other.built == 1


def test_the_least_recently_used_form_goes_first_when_the_process_keeps_its_most():
    system, data, side = _first_starter("magic-realm")
    counting, forms = CountingSystem(system), _Forms(size=2)
    sides = system.sides(data)
    forms.get(counting, data, sides[0])
    forms.get(counting, data, sides[1])
    forms.get(counting, data, sides[0])  # used again: the second side's is now the oldest
    forms.get(counting, data, GM)
    forms.get(counting, data, sides[0])
    assert counting.built == 3
    forms.get(counting, data, sides[1])
    assert counting.built == 4
