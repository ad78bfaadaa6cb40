"""The order a campaign's players set the game up in before it starts, as each system has one
(systems/setup_order.py): kinds of step with a key and words; none for a system that sets nothing up in turn."""

import pytest

from systems import SYSTEMS, get_system
from systems.setup_order import kind_label


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_kind_has_a_short_unique_key_and_words(name):
    kinds = get_system(name).setup_order_kinds()
    assert isinstance(kinds, tuple)
    keys = [key for key, _ in kinds]
    assert len(keys) == len(set(keys)) and all(0 < len(key) <= 10 for key in keys)  # SetupStep.kind's column
    assert all(isinstance(words, str) and words for _, words in kinds)


def test_magic_realm_builds_the_board_then_selects_characters_then_places_chits():
    assert [key for key, _ in get_system("magic-realm").setup_order_kinds()] == ["tile", "character", "chit"]


@pytest.mark.parametrize("name", ["enchanted-realms", "fallen-empire", "multiverse"])
def test_the_other_systems_set_nothing_up_in_turn(name):
    assert get_system(name).setup_order_kinds() == ()


def test_a_kind_is_told_in_its_systems_words_and_one_it_no_longer_has_by_its_key():
    kinds = get_system("magic-realm").setup_order_kinds()
    assert kind_label(kinds, "tile") == "Placed a tile"
    assert kind_label(kinds, "portal") == "portal"
