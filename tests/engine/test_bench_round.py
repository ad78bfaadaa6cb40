"""Speed of one melee round with 30 combatants (docs/examples/thirty-combatants.json), engine time only.

Run with `pytest tests/engine/test_bench_round.py --benchmark-enable`; the figures are in docs/performance.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.dice import SeededDice
from systems.magic_realm.engine.melee import resolve_round, validate_round
from systems.magic_realm.engine.round_format import load_round

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "thirty-combatants.json"


@pytest.fixture(scope="module")
def crowded_round():
    get_catalogue()  # loaded once per process; not part of a round's time
    return load_round(EXAMPLE).round_input


@pytest.mark.benchmark(group="melee round")
def test_bench_resolve_a_round_with_thirty_combatants(benchmark, crowded_round):
    result = benchmark(lambda: resolve_round(crowded_round, SeededDice(30)))
    assert len(result.state.characters) + len(result.state.denizens) == 30
    assert result.kills


@pytest.mark.benchmark(group="melee round")
def test_bench_validate_a_round_with_thirty_combatants(benchmark, crowded_round):
    errors = benchmark(lambda: validate_round(crowded_round))
    assert errors == []
