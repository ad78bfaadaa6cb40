"""The contract of `planned_odds` (systems/interface.py), the same for every system over every example: each
side fills the first open choice of every field of its plays form, and then each `PlannedOdds` has outcomes
that add up to 1, or an error and none; and its query, asked through `systems.system_odds` (what `manage.py
combat_odds` calls), answers the same outcomes. The round input given is not changed."""

import copy

import pytest

from systems import get_system, system_odds
from systems.interface import CombatSystem, PlannedOdds, fill
from tests.systems.interface_examples import ALL_SYSTEMS, answer, examples_of, load, without_plays

EXAMPLES = [(name, path) for name in ALL_SYSTEMS for path in examples_of(name)]
ONE_SIDE_ENOUGH = {"thirty-combatants"}  # each Magic Realm form costs the engine's checks: one side of the crowd


def planned_by_each_side(name, path) -> list[tuple[str, PlannedOdds]]:
    system = get_system(name)
    state = without_plays(load(path))
    sides = system.sides(state)
    planned = []
    for side in sides[:1] if path.stem in ONE_SIDE_ENOUGH else sides:
        form = system.plays_form(state, side)
        filled = fill(state, form, answer(form))
        given = copy.deepcopy(filled)
        planned += [(side, odds) for odds in system.planned_odds(filled, side)]
        assert filled == given, side
    return planned


@pytest.mark.parametrize("name, path", EXAMPLES, ids=lambda value: getattr(value, "stem", value))
def test_each_planned_attack_has_outcomes_adding_up_to_one_that_its_query_answers(name, path):
    for side, odds in planned_by_each_side(name, path):
        assert isinstance(odds, PlannedOdds) and odds.attacker.strip() and odds.query, side
        if odds.error:
            assert odds.outcomes == {}, side
            continue
        assert all(0 <= p <= 1 for p in odds.outcomes.values()), (side, odds.outcomes)
        assert sum(odds.outcomes.values()) == pytest.approx(1, abs=1e-9), (side, odds.outcomes)
        assert system_odds(dict(odds.query))["outcomes"] == odds.outcomes, side
        assert odds.explanation.strip(), side


@pytest.mark.parametrize("name", ALL_SYSTEMS)
def test_every_system_provides_planned_odds_and_plans_some_attack_in_its_examples(name):
    system = get_system(name)
    assert isinstance(system, CombatSystem) and "planned_odds" in system.__all__
    assert any(planned_by_each_side(name, path) for path in examples_of(name))
