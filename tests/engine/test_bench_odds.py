"""Speed of an odds query (issue #3 aims at under 0.2 ms of engine time). Figures: docs/performance.md."""

import pytest

from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.odds import attack_distribution, attack_odds, case_report

SPEC_QUERY = {
    "rules": "optional-3e",
    "attack": {"spell": "Fiery Blast", "time": 0},
    "target": {"denizen": "T Troll"},
    "intercept": None,
}
KNOWN_GEOMETRY_QUERY = {
    "rules": "bimr4",
    "attack": {"weapon": "Light Bow", "alerted": True, "fight": {"strength": "M", "time": 3}},
    "target": {"denizen": "Giant"},
    "intercept": True,
}


def clear_caches():
    attack_distribution.cache_clear()
    case_report.cache_clear()


@pytest.fixture(autouse=True)
def loaded_catalogue():
    get_catalogue()


@pytest.mark.benchmark
def test_bench_the_spec_query_with_an_unknown_direction(benchmark):
    answer = benchmark(attack_odds, SPEC_QUERY)
    assert len(answer["cases"]) == 2


@pytest.mark.benchmark
def test_bench_a_query_with_known_geometry(benchmark):
    answer = benchmark(attack_odds, KNOWN_GEOMETRY_QUERY)
    assert answer["p_kill"] == 1.0


@pytest.mark.benchmark
def test_bench_the_spec_query_without_the_cache(benchmark):
    answer = benchmark.pedantic(
        attack_odds, args=(SPEC_QUERY,), setup=clear_caches, rounds=200, iterations=1,
    )
    assert answer["p_kill"] > 0


@pytest.mark.benchmark
def test_bench_one_attack_through_resolve_attack(benchmark):
    from systems.magic_realm.engine.attack import ArmorLayer, Attack, Maneuver, Target, resolve_attack
    from systems.magic_realm.engine.dice import SeededDice
    from systems.magic_realm.engine.ruleset import rules_from

    attack = Attack("Black Knight", "M", 1, 3, 1, weapon="Mace")
    target = Target("Amazon", "character", "M", Maneuver(2, 4), armor=(ArmorLayer("Breastplate", "M"),))
    result = benchmark(resolve_attack, attack, target, rules_from("bimr4"), SeededDice(1))
    assert result.hit == "undercut"
