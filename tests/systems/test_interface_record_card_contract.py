"""Every system's card of a character's record (systems/records.py `record_card`): lines of words, a label and a
text each, never `killed` (the app says alive or killed itself); a system without its own shows its record form's
fields by their labels with the record's values."""

import pytest
from hypothesis import given, settings, strategies as st

from systems import SYSTEMS, get_system
from systems.records import NOT_RECORDED, CardLine


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_its_record_card(name):
    assert "record_card" in get_system(name).__all__


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_new_records_card_is_lines_of_words_without_killed(name):
    system = get_system(name)
    lines = system.record_card(system.new_record())
    assert lines and all(isinstance(line, CardLine) for line in lines)
    assert all(line.label and line.text and isinstance(line.note, str) for line in lines)
    assert "Killed" not in {line.label for line in lines}
    assert system.record_card(system.new_record()) == system.record_card({**system.new_record(), "killed": True})


@pytest.mark.parametrize("name", [name for name in SYSTEMS if name != "magic-realm"])
def test_a_system_without_its_own_card_shows_its_record_forms_fields(name):
    system = get_system(name)
    record = system.new_record()
    for asked in system.record_form(record).fields:
        record[asked.name] = 3 if asked.kind == "number" else (asked.choices[0].value if asked.choices else "Grey")
    lines = system.record_card(record)
    assert [line.label for line in lines] == [asked.label for asked in system.record_form(record).fields]
    assert all(line.text == str(record[asked.name]) for line, asked in zip(lines, system.record_form(record).fields))


@pytest.mark.parametrize("name", [name for name in SYSTEMS if name != "magic-realm"])
def test_a_key_left_out_reads_as_the_battles_starting_state(name):
    system = get_system(name)
    lines = system.record_card({"killed": False})
    assert all(line.text == NOT_RECORDED for line in lines)


@settings(max_examples=50, deadline=None)
@given(wounds=st.integers(0, 99), gold=st.one_of(st.integers(0, 500), st.floats(0, 500, allow_nan=False)))
def test_every_system_reads_any_record_its_check_accepts(wounds, gold):
    for name in SYSTEMS:
        system = get_system(name)
        record = {**system.new_record(), **({"wounds": wounds, "gold": gold} if name == "magic-realm" else {})}
        assert not system.check_record(record)
        assert all(line.text for line in system.record_card(record))
