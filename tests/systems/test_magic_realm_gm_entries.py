"""The GM's own entries for a Magic Realm round (systems/magic_realm/gm_entries.py, `plays_form(round_input, GM)`):
which native groups battle which characters this evening, and the Meeting table rolls, written by `fill` in the
round file's encounter section where the engine reads them."""

from systems import get_system
from systems.interface import GM, answers_that_apply, fill

MAGIC_REALM = get_system("magic-realm")
COLUMNS = ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")
# Every column reads BLOCK/BATTLE on row 6 only: the roll's die modifier decides (a row clamps to 1..6).
TABLE = {column: [f"{column} row {row}" for row in range(1, 6)] + ["BLOCK/BATTLE"] for column in COLUMNS}


def soldiers_in_the_clearing(encounter: dict | None = None) -> dict:
    """Two unassigned Soldiers (their group from the catalogue) and a dead Lancer with the Amazon, the hidden
    Berserker, the dead Swordsman and the Captain, who fled; no encounter section unless given."""
    data = {"format": "herald-round/1", "rules": "standard", "seed": 4, "sheets": [],
            "state": {"round": 1, "characters": [{"id": "Amazon"}, {"id": "Berserker", "hidden": True},
                                                 {"id": "Swordsman", "dead": True}, {"id": "Captain", "fled": True}],
                      "denizens": [{"id": "Soldier 1"}, {"id": "Soldier 2"}, {"id": "Lancer 1", "dead": True}]}}
    if encounter is not None:
        data["encounter"] = encounter
    return data


def amazon_and_the_soldiers(encounter: dict | None = None) -> dict:
    """The Amazon alone with the two unassigned Soldiers."""
    data = soldiers_in_the_clearing(encounter)
    data["state"]["characters"] = [{"id": "Amazon"}]
    data["state"]["denizens"] = [{"id": "Soldier 1"}, {"id": "Soldier 2"}]
    return data


def gm_form(data: dict):
    form = MAGIC_REALM.plays_form(data, GM)
    assert form.side == GM
    return form


def pair_fields(form) -> list:
    """The form's fields for each (group, character) pair: all but the Meeting table's own (tested in
    test_magic_realm_gm_meeting_table.py)."""
    return [f for f in form.fields if not f.name.startswith("meeting_table")]


def the_battle(group: str, character: str) -> dict:
    return {"group": group, "character": character}


def test_each_living_character_gets_one_optional_battle_with_each_native_group_in_words():
    form = gm_form(soldiers_in_the_clearing())
    assert [f.name for f in pair_fields(form)] == ["battling_0", "meeting_0", "die_modifier_0", "battling_1",
                                                   "meeting_1", "die_modifier_1"]
    amazon = form.field("battling_0")
    assert amazon.label == "The Soldiers battle the Amazon this evening" and amazon.kind == "choice"
    assert amazon.path == "encounter.battling[group=Soldiers][character=Amazon]" and not amazon.required
    assert [choice.value for choice in amazon.choices] == [the_battle("Soldiers", "Amazon")]
    assert "8.3.4e" in amazon.help and "8.4.2d.7" in amazon.help
    assert form.field("battling_1").label == "The Soldiers battle the Berserker this evening"


def test_the_dead_and_the_fled_are_not_offered_nor_a_group_whose_natives_are_all_dead():
    labels = " ".join(f.label for f in gm_form(soldiers_in_the_clearing()).fields)
    assert "Swordsman" not in labels and "Captain" not in labels and "Lancers" not in labels


def test_a_hidden_characters_battle_says_his_unhidden_hirelings_take_the_natives():
    assert "hidden" in gm_form(soldiers_in_the_clearing()).field("battling_1").help
    assert "hidden" not in gm_form(soldiers_in_the_clearing()).field("battling_0").help


def test_a_round_without_an_encounter_step_is_told_that_a_battle_gives_it_one():
    assert "gives it one" in gm_form(soldiers_in_the_clearing()).field("battling_0").help
    assert "gives it one" not in gm_form(soldiers_in_the_clearing({})).field("battling_0").help


def test_a_battle_carried_over_for_the_rest_of_the_day_stands_and_is_not_offered_again():
    carried = {"battling": [the_battle("Soldiers", "Amazon")]}
    form = gm_form(soldiers_in_the_clearing(carried))
    assert [f.label for f in pair_fields(form) if f.name.startswith("battling")] == [
        "The Soldiers battle the Berserker this evening"]
    filled = fill(soldiers_in_the_clearing(carried), form, {"battling_0": the_battle("Soldiers", "Berserker")})
    assert filled["encounter"]["battling"] == [the_battle("Soldiers", "Amazon"), the_battle("Soldiers", "Berserker")]


def test_with_nothing_to_enter_the_gms_form_has_no_fields_and_says_why():
    everyone = {"battling": [the_battle("Soldiers", "Amazon"), the_battle("Soldiers", "Berserker")]}
    form = gm_form(soldiers_in_the_clearing(everyone))
    assert form.fields == () and "already battles" in form.notes[0]
    no_natives = soldiers_in_the_clearing()
    no_natives["state"]["denizens"] = [{"id": "Wolf"}]
    form = gm_form(no_natives)
    assert form.fields == () and "No native group" in form.notes[0]


def test_a_meeting_table_roll_applies_only_with_the_table_carried_or_chosen_to_be_typed():
    roll = the_battle("Soldiers", "Amazon")
    assert answers_that_apply(gm_form(amazon_and_the_soldiers({})), {"meeting_0": roll}) == {}
    form = gm_form(amazon_and_the_soldiers({"meeting_table": TABLE}))
    assert [f.name for f in pair_fields(form)] == ["battling_0", "meeting_0", "die_modifier_0"]
    assert answers_that_apply(form, {"meeting_0": roll}) == {"meeting_0": roll}
    meeting, modifier = form.field("meeting_0"), form.field("die_modifier_0")
    assert meeting.label == "The Amazon rolls on the Meeting table against the Soldiers" and not meeting.required
    assert meeting.path == "encounter.meetings[group=Soldiers][character=Amazon]"
    assert modifier.path == "encounter.meetings[group=Soldiers][character=Amazon].die_modifier"
    assert modifier.kind == "number" and not modifier.required


def test_a_roll_already_in_the_round_is_not_offered_again():
    data = amazon_and_the_soldiers({"meeting_table": TABLE, "meetings": [the_battle("Soldiers", "Amazon")]})
    assert [f.name for f in pair_fields(gm_form(data))] == ["battling_0"]


def test_the_roll_and_its_modifier_apply_only_while_the_gm_has_not_entered_the_battle_himself():
    form = gm_form(amazon_and_the_soldiers({"meeting_table": TABLE}))
    roll = the_battle("Soldiers", "Amazon")
    assert answers_that_apply(form, {"meeting_0": roll, "die_modifier_0": 2}) == {"meeting_0": roll,
                                                                                  "die_modifier_0": 2}
    assert answers_that_apply(form, {"battling_0": roll, "meeting_0": roll, "die_modifier_0": 2}) == {
        "battling_0": roll}
    assert answers_that_apply(form, {"die_modifier_0": 2}) == {}


def test_a_battle_the_gm_enters_gives_the_round_its_encounter_step_and_the_natives_attack_the_character():
    data = amazon_and_the_soldiers()
    before = MAGIC_REALM.resolve(data)
    assert not [event for event in before.events if event.rule == "8.3.5a.3"]
    filled = fill(data, gm_form(data), {"battling_0": the_battle("Soldiers", "Amazon")})
    assert filled["encounter"] == {"battling": [the_battle("Soldiers", "Amazon")]} and MAGIC_REALM.validate(filled) == []
    resolution = MAGIC_REALM.resolve(filled)
    assigned = [event.text for event in resolution.events if event.kind == "assignment"]
    assert assigned == ["Amazon is the only battle group that can take Soldier 1: no roll",
                        "Soldier 1 is assigned to Amazon",
                        "Amazon is the only battle group that can take Soldier 2: no roll",
                        "Soldier 2 is assigned to Amazon"]
    assert {d["id"]: d.get("target") for d in resolution.output["state"]["denizens"]} == {
        "Soldier 1": "Amazon", "Soldier 2": "Amazon"}
    assert {event.actors for event in resolution.events if event.kind == "hit"} == {
        ("Soldier 1", "Amazon"), ("Soldier 2", "Amazon")}


def test_a_meeting_roll_with_its_modifier_decides_the_battle_as_the_table_says():
    data = amazon_and_the_soldiers({"meeting_table": TABLE})
    form = gm_form(data)
    roll = the_battle("Soldiers", "Amazon")
    up = fill(data, form, {"meeting_0": roll, "die_modifier_0": 5})
    assert up["encounter"]["meetings"] == [{**roll, "die_modifier": 5}] and MAGIC_REALM.validate(up) == []
    battled = MAGIC_REALM.resolve(up)
    assert [event.kind for event in battled.events][:2] == ["meeting", "battling"]
    assert "+5" in battled.events[0].text and battled.output["encounter"]["battling"] == [["Soldiers", "Amazon"]]
    spared = MAGIC_REALM.resolve(fill(data, form, {"meeting_0": roll, "die_modifier_0": -5}))
    assert spared.output["encounter"]["battling"] == []
    assert {d["id"]: d.get("target") for d in spared.output["state"]["denizens"]} == {
        "Soldier 1": None, "Soldier 2": None}


def test_the_entries_keep_the_carried_battle_add_the_gms_and_resolve_as_that_encounter_section_does():
    """The carried battle stays ticked, the GM's are added, and the Meeting table rolls carry no modifier."""
    carried = {"battling": [the_battle("Soldiers", "Amazon")], "meeting_table": TABLE}
    data = soldiers_in_the_clearing(carried)
    data["state"]["denizens"].append({"id": "Lancer 2"})
    form = gm_form(data)
    assert [f.label for f in form.fields if f.name.startswith("battling")] == [
        "The Lancers battle the Amazon this evening", "The Lancers battle the Berserker this evening",
        "The Soldiers battle the Berserker this evening"]
    answers = {"battling_0": the_battle("Lancers", "Amazon"), "meeting_2": the_battle("Soldiers", "Berserker")}
    filled = fill(data, form, answers)
    section = {"battling": [the_battle("Lancers", "Amazon"), the_battle("Soldiers", "Amazon")],
               "meetings": [the_battle("Soldiers", "Berserker")], "meeting_table": TABLE}
    assert sorted(filled["encounter"]) == sorted(section)
    assert sorted(map(str, filled["encounter"]["battling"])) == sorted(map(str, section["battling"]))
    assert filled["encounter"]["meetings"] == section["meetings"]
    assert filled["encounter"]["meeting_table"] == section["meeting_table"]
    apps = MAGIC_REALM.resolve({**data, "encounter": section})
    assert MAGIC_REALM.resolve(filled).output["encounter"] == apps.output["encounter"]
