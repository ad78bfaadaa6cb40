"""A MAGIC chit "enchanted" on a Magic Realm record (docs/rulings.md, "An enchanted MAGIC chit between battles"): the
engine has no enchanted chit, so the record form offers a chit only the states a battle reads, the check refuses an
enchanted one naming the chit, and a battle built from a record never reads it as another state. Pure: the record
form (record_form.py), `check_record` and the reading of a record into the battle state (records.py
`with_records`, `entry_from_record`)."""

import copy

import pytest

from systems import get_system
from systems.magic_realm import records
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.starting import starting_form
from systems.records import with_answer

MR = get_system("magic-realm")
WHY = "a battle has no enchanted chit (docs/rulings.md): record the state it should start in"


def chit_fields(name, record=None):
    form = MR.record_form({**MR.new_record(), **(record or {})}, name)
    return [f for f in form.fields if f.path and f.path.startswith("chits.")]


def wizard_start():
    entry = records.entry_from_record("Wizard", "Wizard", MR.new_record())
    return {"state": {"characters": [entry], "denizens": [{"id": "Wolf", "target": "Wizard"}]}}


def chit_states(entry):
    return {chit["id"]: chit["state"] for chit in entry["chits"]}


def test_a_magic_chit_is_offered_only_the_states_a_battle_reads():
    magic = next(f for f in chit_fields("Wizard") if f.label == "Chit MAGIC II4*")
    assert [choice.value for choice in magic.choices] == [None, "fatigued", "wounded"]
    assert magic.choices[0].label == "fresh"


def test_an_enchanted_chit_is_refused_naming_the_chit_and_why():
    errors = MR.check_record({**MR.new_record(), "chits": {"MAGIC II4*": "enchanted", "MOVE M4": "fatigued"}})
    assert [(e.path, e.message) for e in errors] == [
        ("chits.MAGIC II4*", f"must be fresh, fatigued or wounded, not 'enchanted': {WHY}")]


def test_a_record_that_kept_an_enchanted_chit_shows_it_for_the_check_to_refuse():
    kept = {"chits": {"MAGIC II4*": "enchanted"}}
    magic = next(f for f in chit_fields("Wizard", kept) if f.label == "Chit MAGIC II4*")
    assert [choice.value for choice in magic.choices] == [None, "fatigued", "wounded", "enchanted"]
    as_kept = with_answer({**MR.new_record(), **kept}, magic, "enchanted")
    assert [e.path for e in MR.check_record(as_kept)] == ["chits.MAGIC II4*"]
    assert MR.check_record(with_answer(as_kept, magic, None)) == []  # answered fresh: dropped, accepted


def test_every_state_the_form_offers_any_chit_is_the_state_the_battle_starts_it_in():
    for character in get_catalogue().characters:
        for asked in chit_fields(character.name):
            chit_id = asked.path.removeprefix("chits.")
            for choice in asked.choices:
                record = with_answer(MR.new_record(), asked, choice.value)
                assert MR.check_record(record) == [], (character.name, chit_id, choice.value)
                built = records.entry_from_record(character.name, character.name, record)
                overlaid = records.with_records(
                    {"state": {"characters": [records.entry_from_record(character.name, character.name, None)],
                               "denizens": []}}, {character.name: record})["state"]["characters"][0]
                expected = choice.value or "fresh"
                assert chit_states(built)[chit_id] == chit_states(overlaid)[chit_id] == expected


def test_a_battle_started_from_a_record_with_an_enchanted_chit_is_refused_naming_the_chit_not_read_fresh():
    start = wizard_start()
    before = copy.deepcopy(start)
    record = {**MR.new_record(), "chits": {"MAGIC II4*": "enchanted"}}
    with pytest.raises(ValueError, match=r"^chits\.MAGIC II4\*: must be fresh, fatigued or wounded, not 'enchanted'"):
        records.with_records(start, {"Wizard": record})
    assert start == before
    with pytest.raises(ValueError, match=r"^chits\.MAGIC II4\*: .*no enchanted chit"):
        records.entry_from_record("Wizard", "Wizard", record)


def test_a_magic_chit_recorded_fatigued_or_wounded_starts_the_battle_so():
    record = {**MR.new_record(), "chits": {"MAGIC II4*": "wounded", "MAGIC IV3*": "fatigued"}}
    taken = chit_states(records.with_records(wizard_start(), {"Wizard": record})["state"]["characters"][0])
    assert (taken["MAGIC II4*"], taken["MAGIC IV3*"], taken["MAGIC II3*"]) == ("wounded", "fatigued", "fresh")


def test_the_starting_informations_enchanted_chits_say_a_battle_does_not_read_them():
    asked = starting_form("Wizard", {}).field("enchanted_chits")
    assert "a battle does not read them" in asked.help
