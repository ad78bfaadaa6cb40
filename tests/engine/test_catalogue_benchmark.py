"""How long reading the catalogue files and searching them take (pytest-benchmark; run with
`--benchmark-enable` to measure)."""

import pytest

from systems.magic_realm.engine.catalogue_data import get_catalogue, load_catalogue


@pytest.mark.benchmark(group="catalogue")
def test_loading_the_catalogue_files(benchmark):
    catalogue = benchmark(load_catalogue)
    assert len(catalogue.monsters) == 59


@pytest.mark.benchmark(group="catalogue")
def test_searching_every_kind_for_a_word(benchmark):
    catalogue = get_catalogue()
    found = benchmark(catalogue.search, "troll")
    assert [counter.name for counter in found] == ["T Troll", "T Troll", "H Troll", "H Troll"]


@pytest.mark.benchmark(group="catalogue")
def test_looking_up_a_name_a_player_wrote(benchmark):
    catalogue = get_catalogue()
    assert benchmark(catalogue.denizen, "Knight of the Order 3").name == "Order 3"
