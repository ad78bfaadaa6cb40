"""Magic Realm's record form (systems/magic_realm/record_form.py) and its check (records.py `check_record`): every
key of a record asked, the chits, armor, weapons and hirelings by the catalogue's names, each answer written
where its field's path says (systems/records.py `with_answer`), and each wrong value named by its field."""

import pytest

from systems import get_system
from systems.answers import closed_choices
from systems.interface import Field, choices_open
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.records import recorded_answer, record_path, with_answer

MR = get_system("magic-realm")


def form(record=None, name="Black Knight"):
    return MR.record_form({**MR.new_record(), **(record or {})}, name)


def field(record=None, label="", name="Black Knight"):
    return next(f for f in form(record, name).fields if f.label == label)


def values(form_field):
    return [choice.value for choice in form_field.choices]


def written(form_field, answer, record=None):
    return with_answer({**MR.new_record(), **(record or {})}, form_field, answer)


def test_it_asks_every_key_of_a_record_the_old_page_asked():
    keys = {record_path(f)[0] for f in form().fields}
    assert keys == {"wounds", "fatigue", "gold", "fame", "notoriety", "horse", "hirelings", "chits", "armor", "weapons"}


def test_the_counts_are_whole_numbers_of_0_or_more_and_always_kept():
    for label in ("Wounds", "Fatigue"):
        asked = field(label=label)
        assert (asked.kind, asked.minimum, asked.decimals, asked.required) == ("number", 0, 0, True)


def test_gold_fame_and_notoriety_take_a_share_to_2_decimals_gold_never_below_0():
    gold, fame, notoriety = field(label="Gold"), field(label="Fame"), field(label="Notoriety")
    assert (gold.decimals, gold.minimum, gold.step) == (2, 0, "0.01")
    assert (fame.decimals, fame.minimum, notoriety.decimals, notoriety.minimum) == (2, None, 2, None)
    assert MR.check_record(written(gold, 2.5)) == [] and MR.check_record(written(fame, -1.25)) == []
    assert [e.path for e in MR.check_record(written(gold, -0.5))] == ["gold"]


def test_each_chit_of_the_characters_counter_is_asked_by_its_id_a_second_of_a_label_numbered():
    labels = [f.label for f in form().fields if f.path and f.path.startswith("chits.")]
    counter = get_catalogue().character("Black Knight")
    assert len(labels) == len(counter.chits) and "Chit FIGHT M4*" in labels and "Chit FIGHT M4* #2" in labels


def test_a_chit_is_fresh_when_not_recorded_fatigued_or_wounded_a_magic_chit_too():
    fight = field(label="Chit FIGHT H5*")
    assert fight.path == "chits.FIGHT H5*" and values(fight) == [None, "fatigued", "wounded"]
    assert fight.choices[0].label == "fresh"
    magic = next(f for f in form(name="Wizard").fields if f.label.startswith("Chit MAGIC"))
    assert values(magic) == [None, "fatigued", "wounded"]


def test_a_chit_answer_sets_its_state_and_fresh_drops_it_leaving_the_other_chits():
    fight = field(label="Chit FIGHT H5*")
    record = written(fight, "wounded", {"chits": {"MOVE M5": "fatigued"}})
    assert record["chits"] == {"MOVE M5": "fatigued", "FIGHT H5*": "wounded"}
    assert recorded_answer(record, fight) == "wounded"
    assert written(fight, None, record)["chits"] == {"MOVE M5": "fatigued"}


def test_a_chit_the_record_keeps_beside_the_counters_is_asked_too_and_a_state_none_offers_shown_not_possible():
    extra = field({"chits": {"MAGIC III4*": "bent"}}, label="Chit MAGIC III4*")
    assert values(extra) == [None, "fatigued", "wounded", "bent"]
    assert extra.choices[-1].disabled == "must be fresh, fatigued or wounded, not 'bent'"
    assert [(e.path, e.message) for e in MR.check_record(written(extra, "bent"))] == [
        ("chits.MAGIC III4*", "must be fresh, fatigued or wounded, not 'bent'")]


def test_an_enchanted_chit_a_record_kept_is_shown_not_possible_and_refused_with_the_checks_own_words():
    record = {"chits": {"MAGIC II4*": "enchanted"}}
    asked = form(record, name="Wizard")
    magic = next(f for f in asked.fields if f.label == "Chit MAGIC II4*")
    why = ("must be fresh, fatigued or wounded, not 'enchanted': a battle has no enchanted chit (docs/rulings.md): "
           "record the state it should start in")
    assert [(c.value, c.disabled) for c in magic.choices] == [
        (None, ""), ("fatigued", ""), ("wounded", ""), ("enchanted", why)]
    assert "enchanted" not in [c.value for c in choices_open(magic, {})]
    assert closed_choices(asked, {magic.name: "enchanted"}) == {
        magic.name: f"Chit MAGIC II4*: enchanted is not possible: {why}"}
    assert [(e.path, e.message) for e in MR.check_record(written(magic, "enchanted", record))] == [
        ("chits.MAGIC II4*", why)]
    assert closed_choices(asked, {magic.name: "wounded"}) == {}


def test_a_character_the_catalogue_does_not_know_is_asked_only_the_chits_its_record_keeps():
    chits = [f.label for f in form({"chits": {"FIGHT L2": "wounded"}}, name="").fields if f.path and f.path.startswith("chits.")]
    assert chits == ["Chit FIGHT L2"]


def test_the_counters_own_armor_is_intact_unless_recorded_and_a_piece_beside_it_is_not_carried_when_empty():
    suit = field(label="Armor: Armor")
    assert values(suit) == [None, "damaged", "destroyed"] and suit.choices[0].label == "intact"
    helmet = field({"armor": {"Helmet": "damaged"}}, label="Armor: Helmet")
    assert values(helmet) == [None, "intact", "damaged", "destroyed"] and helmet.choices[0].label == "not carried"
    assert written(helmet, None, {"armor": {"Helmet": "damaged", "Shield": "damaged"}})["armor"] == {"Shield": "damaged"}


def test_armor_gained_is_any_other_catalogue_piece_intact_or_damaged_merged_into_the_armor():
    gained = field({"armor": {"Helmet": "damaged"}}, label="Armor gained")
    assert gained.path == "armor." and gained.choices[0].value is None
    assert {"Breastplate": "damaged"} in values(gained) and {"Breastplate": "destroyed"} not in values(gained)
    assert not any(name in ("Helmet", "Armor", "Shield") for value in values(gained)[1:] for name in value)
    record = written(gained, {"Breastplate": "intact"}, {"armor": {"Helmet": "damaged"}})
    assert record["armor"] == {"Helmet": "damaged", "Breastplate": "intact"}
    assert written(gained, None, record)["armor"] == record["armor"]  # none gained: nothing changes
    assert recorded_answer(record, gained) is None


def test_the_counters_weapon_is_unalerted_unless_alerted_and_a_weapon_gained_is_added_unalerted():
    mace = field(label="Weapon: Mace")
    assert mace.path == "weapons.Mace" and values(mace) == [None, "alerted"]
    assert written(mace, "alerted")["weapons"] == {"Mace": "alerted"}
    gained = field(label="Weapon gained")
    assert {"Great Sword": "unalerted"} in values(gained) and {"Great Sword": "alerted"} not in values(gained)


def test_the_hirelings_are_the_catalogues_natives_and_any_the_record_keeps_picked_as_a_list():
    hirelings = field({"hirelings": ["Giant Bat 1"]}, label="Hirelings")
    names = values(hirelings)
    assert hirelings.kind == "multi-choice" and "Company 1" in names and names[-1] == "Giant Bat 1"
    assert len(names) == len(set(names))
    assert written(hirelings, ["Company 1", "Company 2"])["hirelings"] == ["Company 1", "Company 2"]


def test_the_horse_is_typed_and_an_empty_answer_leaves_no_horse():
    horse = field({"horse": "Pony"}, label="Horse")
    assert horse.kind == "text" and recorded_answer({"horse": "Pony"}, horse) == "Pony"
    assert written(horse, "Warhorse")["horse"] == "Warhorse" and "horse" not in written(horse, "", {"horse": "Pony"})


@pytest.mark.parametrize("key, item, state, message", [
    ("chits", "FIGHT H5*", "tired", "must be fresh, fatigued or wounded, not 'tired'"),
    ("armor", "Helmet", "bent", "must be intact, damaged or destroyed, not 'bent'"),
    ("weapons", "Mace", True, "must be unalerted or alerted, not True"),
])
def test_a_state_an_item_cannot_have_is_named_by_its_key_and_item(key, item, state, message):
    errors = MR.check_record({**MR.new_record(), key: {item: state}})
    assert [(e.path, e.message) for e in errors] == [(f"{key}.{item}", message)]


def test_an_item_without_a_name_and_hirelings_that_are_not_names_are_refused_naming_the_key():
    errors = MR.check_record({**MR.new_record(), "armor": {" ": "intact"}, "hirelings": ["Company 1", ""]})
    assert [e.path for e in errors] == ["armor", "hirelings"]


def test_a_record_a_round_writes_passes_the_check():
    record = {**MR.new_record(), "chits": {"FIGHT H5*": "wounded", "MAGIC II4*": "fatigued", "MOVE M5": "fresh"},
              "armor": {"Shield": "destroyed", "Helmet": "intact"}, "weapons": {"Mace": "unalerted"},
              "hirelings": ["Company 1"], "horse": "Pony", "gold": 12.5}
    assert MR.check_record(record) == []


def test_a_path_is_split_at_its_first_dot_so_an_item_may_hold_dots():
    assert record_path(Field("x", "choice", "X", "weapons.T. Sword")) == ("weapons", "T. Sword")
    assert record_path(Field("x", "choice", "X", "armor.")) == ("armor", "")
    assert record_path(Field("wounds", "number", "W", None)) == ("wounds", None)


def test_a_number_fields_step_follows_its_decimals():
    assert Field("n", "number", "N", None).step == "1"
    assert Field("n", "number", "N", None, decimals=2).step == "0.01"
