"""Each system judges the keys it keeps in a campaign character's record (systems/records.py `check_record`),
naming the key; keys it does not keep are not its to judge."""

import pytest

from systems import get_system


@pytest.mark.parametrize("name, record, key", [
    ("magic-realm", {"wounds": -1}, "wounds"),
    ("magic-realm", {"gold": -3}, "gold"),
    ("magic-realm", {"fame": "lots"}, "fame"),
    ("magic-realm", {"killed": "yes"}, "killed"),
    ("magic-realm", {"chits": ["MOVE M5"]}, "chits"),
    ("magic-realm", {"hirelings": "Guard"}, "hirelings"),
    ("magic-realm", {"horse": 3}, "horse"),
    ("enchanted-realms", {"hp": 7.5}, "hp"),
    ("enchanted-realms", {"static_pp": -1}, "static_pp"),
    ("fallen-empire", {"wounds": -2}, "wounds"),
    ("fallen-empire", {"armor": "Plain shield"}, "armor"),
    ("multiverse", {"life": "ten"}, "life"),
])
def test_a_wrongly_written_key_is_refused_by_its_system_naming_it(name, record, key):
    errors = get_system(name).check_record(record)
    assert [error.path for error in errors] == [key]
    assert errors[0].message.startswith("must be")


@pytest.mark.parametrize("name, record", [
    ("magic-realm", {"wounds": 2, "fatigue": 0, "gold": 12.5, "fame": -1, "chits": {"MOVE M5": "wounded"},
                     "hirelings": ["Guard"], "horse": None, "killed": False}),
    ("enchanted-realms", {"hp": -2, "static_pp": 4, "life": "not its key"}),
    ("fallen-empire", {"wounds": 5, "armor": {"Plain shield": "destroyed"}}),
    ("multiverse", {"life": 0, "hp": "not its key"}),
])
def test_a_well_written_record_and_the_keys_a_system_does_not_keep_pass(name, record):
    assert get_system(name).check_record(record) == []
