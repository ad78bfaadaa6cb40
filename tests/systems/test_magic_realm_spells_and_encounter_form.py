"""Magic Realm's plays form beyond FIGHT chits (systems/magic_realm/form.py): the attack spells the round input
names for a character (docs/round-format.md, `attack.spell`), and the encounter step's choice that is his
player's (docs/encounter.md, "The player's choices"). Each is offered only when the rules allow it, validate
accepts it, and the round resolves with it."""

from systems import get_system
from systems.interface import choices_open, fill
from tests.systems.interface_examples import EXAMPLES, load, without_plays

MAGIC_REALM = get_system("magic-realm")


def sorceror_after_casting() -> dict:
    """The Sorceror cast Fiery Blast in the encounter step with MAGIC IV3*; a Wolf attacks him."""
    return without_plays(load(next(path for path in EXAMPLES if path.stem == "encounter-magic-chit-owed-once")))


def hidden_knight_with_two_hirelings(hidden: bool = True) -> dict:
    """An unassigned Wolf goes to the Black Knight's battle group; hidden, his player picks the hireling."""
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [{"id": "Black Knight", "hidden": hidden}, {"id": "Amazon"}],
                      "denizens": [{"id": "Wolf"}, {"id": "Soldier 1", "hired_by": "Black Knight"},
                                   {"id": "Soldier 2", "hired_by": "Black Knight"}]},
            "sheets": [], "encounter": {"battling": [{"group": "Soldiers", "character": "Amazon"}]}, "seed": 1}


def values(form, name, answers=None):
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


def names(form) -> list[str]:
    return [form_field.name for form_field in form.fields]


# --- attack spells ------------------------------------------------------------------------------------------


def test_a_spell_cast_in_the_encounter_step_is_offered_with_the_magic_chits_of_its_type_still_unplayed():
    form = MAGIC_REALM.plays_form(sorceror_after_casting(), "Sorceror")
    magic = [chit for chit in values(form, "attack_chit") if chit.startswith("MAGIC")]
    assert magic and all(chit.startswith("MAGIC IV") for chit in magic)
    assert "MAGIC IV3*" not in magic  # played in the encounter step: a chit is played once a round
    assert values(form, "spell", {"attack_chit": magic[0]}) == ["Fiery Blast"]
    assert form.field("spell").shown_when == ("attack_chit", tuple(magic))
    assert "FIGHT L3*" not in form.field("spell").shown_when[1]


def test_a_weapon_is_offered_only_beside_a_fight_chit_for_a_spell_is_cast_without_one():
    state = sorceror_after_casting()
    state["state"]["characters"][0]["weapons"] = ["Short Sword"]
    assert MAGIC_REALM.plays_form(state, "Sorceror").field("weapon").shown_when == ("attack_chit", ("FIGHT L3*",))


def test_without_a_spell_in_the_round_input_no_magic_chit_or_spell_is_offered():
    state = sorceror_after_casting()
    del state["encounter"]
    form = MAGIC_REALM.plays_form(state, "Sorceror")
    assert not [chit for chit in values(form, "attack_chit") if chit.startswith("MAGIC")]
    assert "spell" not in names(form)


def test_a_spell_already_in_the_characters_plays_is_offered():
    state = sorceror_after_casting()
    del state["encounter"]
    state["plays"] = {"Sorceror": {"target": "Wolf", "attack": {"chit": "MAGIC IV4*", "box": 1,
                                                                 "spell": "Fiery Blast"}}}
    assert values(MAGIC_REALM.plays_form(state, "Sorceror"), "spell", {"attack_chit": "MAGIC IV4*"}) == ["Fiery Blast"]


def test_the_spell_attack_from_the_form_is_valid_and_resolves_as_the_spell():
    state = sorceror_after_casting()
    form = MAGIC_REALM.plays_form(state, "Sorceror")
    played = fill(state, form, {"attack_chit": "MAGIC IV4*", "target": "Wolf", "spell": "Fiery Blast",
                                "attack_box": 2})
    assert played["plays"]["Sorceror"]["attack"] == {"chit": "MAGIC IV4*", "spell": "Fiery Blast", "box": 2}
    assert MAGIC_REALM.validate(played) == []
    texts = [event.text for event in MAGIC_REALM.resolve(played, seed=5).events]
    assert "Sorceror's MAGIC IV4* cast Fiery Blast: it is fatigued" in texts


# --- the encounter step's choices ---------------------------------------------------------------------------


def test_a_hidden_character_whose_hirelings_must_take_a_denizen_chooses_which():
    form = MAGIC_REALM.plays_form(hidden_knight_with_two_hirelings(), "Black Knight")
    choice = form.field("encounter_choice")
    assert choice.path == "encounter.choices.Wolf"
    assert [c.value for c in choice.choices] == ["Soldier 1", "Soldier 2"]
    assert "encounter_choice" not in names(MAGIC_REALM.plays_form(hidden_knight_with_two_hirelings(), "Amazon"))


def test_an_unhidden_character_takes_the_denizen_himself_and_has_no_encounter_choice():
    form = MAGIC_REALM.plays_form(hidden_knight_with_two_hirelings(hidden=False), "Black Knight")
    assert "encounter_choice" not in names(form)


def test_the_encounter_choice_from_the_form_is_valid_and_the_round_no_longer_waits_for_it():
    state = hidden_knight_with_two_hirelings()
    waiting = MAGIC_REALM.resolve(state)
    assert [error.path for error in waiting.waiting_for] == ["encounter.choices.Wolf"]
    assert not waiting.waits_for_gm  # a player's choice, which the command reports as the file's missing field
    form = MAGIC_REALM.plays_form(state, "Black Knight")
    chosen = fill(state, form, {"encounter_choice": "Soldier 2"})
    assert chosen["encounter"]["choices"] == {"Wolf": "Soldier 2"} and MAGIC_REALM.validate(chosen) == []
    resolution = MAGIC_REALM.resolve(chosen)
    assert resolution.waiting_for == ()
    assert "Wolf is assigned to Soldier 2 (Black Knight's hireling)" in [event.text for event in resolution.events]
    assert "encounter_choice" not in names(MAGIC_REALM.plays_form(chosen, "Black Knight"))


# --- hirelings' targets -------------------------------------------------------------------------------------


def knight_and_amazon_with_hirelings(encounter: bool = True) -> dict:
    data = {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [{"id": "Black Knight"}, {"id": "Amazon"}],
                      "denizens": [{"id": "Wolf"}, {"id": "Soldier 1", "hired_by": "Black Knight"},
                                   {"id": "Soldier 2", "hired_by": "Black Knight"},
                                   {"id": "Rogue 6", "hired_by": "Amazon"}]},
            "sheets": [], "seed": 1}
    return {**data, "encounter": {}} if encounter else data


def test_a_characters_hirelings_may_be_deployed_against_anyone_but_him_and_his_own():
    form = MAGIC_REALM.plays_form(knight_and_amazon_with_hirelings(), "Black Knight")
    assert form.field("hireling_0").path == "encounter.deployments[hireling=Soldier 1].target"
    assert values(form, "hireling_0") == values(form, "hireling_1") == ["Wolf", "Rogue 6", "Amazon"]
    amazon = MAGIC_REALM.plays_form(knight_and_amazon_with_hirelings(), "Amazon")
    assert [f.label for f in amazon.fields if f.name.startswith("hireling")] == ["Rogue 6 (your hireling) attacks"]


def test_without_an_encounter_step_a_hireling_is_deployed_as_well_which_gives_the_round_one():
    state = knight_and_amazon_with_hirelings(encounter=False)
    form = MAGIC_REALM.plays_form(state, "Black Knight")
    assert values(form, "hireling_0") == ["Wolf", "Rogue 6", "Amazon"]
    assert fill(state, form, {"hireling_0": "Wolf"})["encounter"] == {
        "deployments": [{"hireling": "Soldier 1", "target": "Wolf"}]}


def test_a_hireling_a_denizen_already_attacks_is_not_offered_to_deploy():
    state = knight_and_amazon_with_hirelings()
    state["state"]["denizens"][0]["target"] = "Soldier 1"
    form = MAGIC_REALM.plays_form(state, "Black Knight")
    assert [form.field(name).label for name in names(form) if name.startswith("hireling")] == [
        "Soldier 2 (your hireling) attacks"]


def test_each_side_writes_its_own_hirelings_deployment_and_the_encounter_step_deploys_them():
    state = knight_and_amazon_with_hirelings()
    state = fill(state, MAGIC_REALM.plays_form(state, "Black Knight"), {"hireling_0": "Wolf"})
    state = fill(state, MAGIC_REALM.plays_form(state, "Amazon"), {"hireling_0": "Soldier 2"})
    state = fill(state, MAGIC_REALM.plays_form(state, "Black Knight"), {"hireling_0": "Wolf", "hireling_1": "Amazon"})
    assert state["encounter"]["deployments"] == [{"hireling": "Soldier 1", "target": "Wolf"},
                                                 {"hireling": "Rogue 6", "target": "Soldier 2"},
                                                 {"hireling": "Soldier 2", "target": "Amazon"}]
    assert MAGIC_REALM.validate(state) == []
    texts = [event.text for event in MAGIC_REALM.resolve(state).events]
    assert "Black Knight deploys Soldier 1 against Wolf" in texts
    assert "Amazon deploys Rogue 6 against Soldier 2" in texts


def test_a_meeting_table_opportunity_asks_its_player_whether_to_take_the_row_two_result():
    rows = {column: ["BLOCK/BATTLE"] + ["OPPORTUNITY"] * 5
            for column in ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")}
    state = {"format": "herald-round/1", "rules": "bimr4",
             "state": {"round": 1, "characters": [{"id": "Amazon"}],
                       "denizens": [{"id": "Soldier 1"}, {"id": "Soldier 2"}]},
             "sheets": [], "seed": 1,
             "encounter": {"meeting_table": rows, "meetings": [{"group": "Soldiers", "character": "Amazon"}]}}
    form = MAGIC_REALM.plays_form(state, "Amazon")
    assert form.field("take_row_two").path == "encounter.meetings.0.take_row_two"
    assert values(form, "take_row_two") == [True, False]
    taken = fill(state, form, {"take_row_two": True})
    assert taken["encounter"]["meetings"] == [{"group": "Soldiers", "character": "Amazon", "take_row_two": True}]
    assert MAGIC_REALM.validate(taken) == []
    resolution = MAGIC_REALM.resolve(taken)
    assert resolution.waiting_for == ()
    assert any('takes the "2" result' in event.text for event in resolution.events)
