"""Magic Realm's `waiting_forms` (systems/magic_realm/waiting.py): the forms a round that stopped half-way asks
(a player's choice in the encounter step, the GM's rulings on magic attacks), whose answers `fill` writes where
the battle app's own forms put them, so the round resolved again with the same dice goes on."""

import json

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import GM, applies, fill
from tests.systems.interface_examples import EXAMPLES, golden
from tests.systems.test_magic_realm_waits import example, hidden_knight_with_two_hirelings

MAGIC_REALM = get_system("magic-realm")
OPPORTUNITY_ROWS = ["BLOCK/BATTLE", "BLOCK/BATTLE"] + ["OPPORTUNITY"] * 4


def opportunity_for_the_black_knight() -> dict:
    """The Company meet the Black Knight and the file's first dice (6, 2) read row 6: OPPORTUNITY, so under the
    Expanded Meeting Table his player may take the "2" result (BLOCK/BATTLE here) instead."""
    data = example("encounter-knights-adjustment")
    table = data["encounter"]["meeting_table"]
    data["encounter"]["meeting_table"] = {column: list(OPPORTUNITY_ROWS) for column in table}
    return data


def without_rulings(stem: str) -> dict:
    return {key: value for key, value in example(stem).items() if key != "gm_rulings"}


def demon_on_a_hireling() -> dict:
    """The Demon of the Power of the Pit example attacks the Swordsman's hired soldier instead of him."""
    data = without_rulings("demon-power-of-the-pit-gm-ruling")
    data["state"]["denizens"] = [{"id": "Demon", "side": "light", "target": "Soldier 1"},
                                 {"id": "Soldier 1", "hired_by": "Swordsman"}]
    data["sheets"] = [{"owner": "Swordsman", "attackers": []},
                      {"owner": "Soldier 1", "attackers": [{"combatant": "Demon", "box": 2}]}]
    del data["dice"]
    data["seed"] = 5
    return data


def waiting(data: dict):
    resolution = MAGIC_REALM.resolve(data)
    assert resolution.waiting_for
    return MAGIC_REALM.waiting_forms(data, resolution.output)


def test_a_resolved_round_has_no_waiting_forms():
    data = example("demon-power-of-the-pit-gm-ruling")
    assert MAGIC_REALM.waiting_forms(data, MAGIC_REALM.resolve(data).output) == ()


def test_the_hireling_choice_is_the_hidden_characters_one_field_of_his_hirelings():
    data = hidden_knight_with_two_hirelings()
    [form] = waiting(data)
    assert form.side == "Black Knight" and form.side in MAGIC_REALM.sides(data)
    [field] = form.fields
    assert (field.name, field.kind, field.required) == ("choice", "choice", True)
    assert [(choice.value, choice.label) for choice in field.choices] == [("Soldier 1", "Soldier 1"),
                                                                          ("Soldier 2", "Soldier 2")]
    assert field.path == "encounter.choices.Wolf"
    assert field.label == "Which of Black Knight's hirelings takes Wolf"
    assert "hidden or absent" in field.help and "(rule 8.3.5a.3" in field.help


def test_the_opportunity_choice_is_true_or_false_at_its_meeting():
    [form] = waiting(opportunity_for_the_black_knight())
    [field] = form.fields
    assert form.side == "Black Knight"
    assert [choice.value for choice in field.choices] == [True, False]
    assert field.path == "encounter.meetings.0.take_row_two"
    assert field.label == "Black Knight rolled OPPORTUNITY against the Company"
    assert "Expanded Meeting Table" in field.help


def test_the_gms_form_asks_the_outcome_amount_and_words_of_each_attack_at_its_ruling():
    [form] = waiting(without_rulings("demon-power-of-the-pit-gm-ruling"))
    assert form.side == GM
    entry = "gm_rulings[attacker=Demon][target=Swordsman]"
    assert [(field.name, field.kind, field.path, field.required) for field in form.fields] == [
        ("outcome_0", "choice", f"{entry}.outcome", True), ("amount_0", "number", f"{entry}.amount", True),
        ("note_0", "text", f"{entry}.note", False), ("other_0", "text", f"{entry}.note", True)]
    outcome = form.field("outcome_0")
    assert [choice.value for choice in outcome.choices] == ["no_effect", "killed", "wounds", "fatigue", "other"]
    assert outcome.label == "Demon's Power of the Pit against Swordsman: the outcome"
    assert "magic V, attack time 2, block 1" in outcome.help
    assert (form.field("amount_0").minimum, form.field("amount_0").maximum) == (1, 12)


def test_the_amount_is_asked_only_for_wounds_or_fatigue():
    [form] = waiting(without_rulings("demon-power-of-the-pit-gm-ruling"))
    shown_when = form.field("amount_0").shown_when
    assert [outcome for outcome in ("no_effect", "killed", "wounds", "fatigue", "other", None)
            if applies(shown_when, {"outcome_0": outcome})] == ["wounds", "fatigue"]


def test_the_words_are_optional_beside_an_outcome_the_engine_keeps_and_required_for_another():
    [form] = waiting(without_rulings("imp-curse-gm-ruling"))
    for outcome, shown in (("killed", ["note_0"]), ("other", ["other_0"]), (None, [])):
        words = [field for field in form.fields if field.kind == "text"]
        assert [field.name for field in words if applies(field.shown_when, {"outcome_0": outcome})] == shown


def test_an_attack_on_a_hireling_offers_no_wounds_or_fatigue_and_no_amount():
    [form] = waiting(demon_on_a_hireling())
    assert [choice.value for choice in form.field("outcome_0").choices] == ["no_effect", "killed", "other"]
    assert [field.name for field in form.fields] == ["outcome_0", "note_0", "other_0"]
    assert form.field("outcome_0").path == "gm_rulings[attacker=Demon][target=Soldier 1].outcome"


def test_the_forms_read_the_output_as_a_round_stores_it():
    data = without_rulings("demon-power-of-the-pit-gm-ruling")
    output = MAGIC_REALM.resolve(data).output
    assert MAGIC_REALM.waiting_forms(data, json.loads(json.dumps(output))) == MAGIC_REALM.waiting_forms(data, output)


@pytest.mark.parametrize(("stem", "answers"), [
    ("demon-power-of-the-pit-gm-ruling",
     {"outcome_0": "wounds", "amount_0": 2, "note_0": "the GM rolled on his own Power of the Pit table"}),
    ("imp-curse-gm-ruling", {"outcome_0": "other", "other_0": "cursed with Ill Health (the GM's Curse table): she "
                                                              "may not rest until the curse is lifted"}),
])
def test_the_gms_rulings_filled_in_resolve_the_example_to_its_golden_result(stem, answers):
    """The golden results were made with these rulings in the file's `gm_rulings`: the form writes the very
    entry the example holds (the app's GmRulingsForm.to_entries writes the same keys, amount only for wounds or
    fatigue, the note stripped, and combat/round_file.py `build` copies the entries into `gm_rulings`), so the
    same dice give the golden result."""
    data = without_rulings(stem)
    [form] = waiting(data)
    filled = fill(data, form, answers)
    assert filled == example(stem)
    resolution = MAGIC_REALM.resolve(filled)
    assert resolution.waiting_for == ()
    assert resolution.output == golden(next(path for path in EXAMPLES if path.stem == stem))


def test_the_hireling_chosen_resolves_the_round_as_the_apps_encounter_section_did():
    """The app's own round format kept the choice in the round's entries (`choices`) and wrote the round file's
    `encounter` from them as below: the same section, the same round."""
    data = hidden_knight_with_two_hirelings()
    [form] = waiting(data)
    filled = fill(data, form, {"choice": "Soldier 2"})
    assert filled["encounter"] == {"battling": data["encounter"]["battling"], "choices": {"Wolf": "Soldier 2"}}
    resolution = MAGIC_REALM.resolve(filled)
    assert resolution.waiting_for == ()
    assert "Wolf is assigned to Soldier 2 (Black Knight's hireling)" in [event.text for event in resolution.events]


def test_the_row_two_taken_resolves_the_round_as_the_apps_encounter_section_did():
    data = opportunity_for_the_black_knight()
    [form] = waiting(data)
    filled = fill(data, form, {"choice": True})
    assert filled["encounter"] == {"meetings": [{"group": "Company", "character": "Black Knight", "take_row_two": True}],
                                   "meeting_table": data["encounter"]["meeting_table"]}
    resolution = MAGIC_REALM.resolve(filled)
    assert resolution.waiting_for == ()
    assert ["Company", "Black Knight"] in resolution.output["encounter"]["battling"]


def test_opportunity_kept_resolves_the_round_without_the_company_battling():
    data = opportunity_for_the_black_knight()
    [form] = waiting(data)
    resolution = MAGIC_REALM.resolve(fill(data, form, {"choice": False}))
    assert resolution.waiting_for == ()
    assert ["Company", "Black Knight"] not in resolution.output["encounter"]["battling"]


def test_the_same_dice_replay_the_round_up_to_where_it_waited():
    data = without_rulings("demon-power-of-the-pit-gm-ruling")
    stopped = MAGIC_REALM.resolve(data)
    [form] = MAGIC_REALM.waiting_forms(data, stopped.output)
    went_on = MAGIC_REALM.resolve(fill(data, form, {"outcome_0": "no_effect"}))
    lines = [event.line for event in stopped.events]
    before = lines[:[event.kind for event in stopped.events].index("ruling_needed")]
    assert len(before) > 3 and [event.line for event in went_on.events][:len(before)] == before


def refusals(data: dict, answers: dict) -> tuple[list[str], list[str]]:
    """The paths `validate` names, and those of the errors `resolve` refuses the round with, once the waiting
    form's answers are filled in."""
    [form] = waiting(data)
    filled = fill(data, form, answers)
    with pytest.raises(PlaysInvalid) as refused:
        MAGIC_REALM.resolve(filled)
    return [error.path for error in MAGIC_REALM.validate(filled)], [error.path for error in refused.value.errors]


def test_a_hireling_not_offered_is_refused_naming_the_choices_path():
    path = "encounter.choices.Wolf"
    assert refusals(hidden_knight_with_two_hirelings(), {"choice": "Amazon"}) == ([path], [path])


def test_an_answer_to_opportunity_that_is_not_true_or_false_is_refused_naming_its_path():
    path = "encounter.meetings.0.take_row_two"
    assert refusals(opportunity_for_the_black_knight(), {"choice": "yes"}) == ([path], [path])


def test_an_outcome_not_offered_is_refused_naming_the_ruling_it_went_into():
    """The engine names a ruling by its place in `gm_rulings` (the schema) or by its attacker (the rules), not by
    the form's keyed path: the error names the entry the answer was written into (the only one) and the key."""
    path = "gm_rulings.0.outcome"
    assert refusals(without_rulings("demon-power-of-the-pit-gm-ruling"), {"outcome_0": "cursed"}) == ([path], [path])


def test_another_outcome_without_its_words_is_refused_naming_the_note():
    path = "gm_rulings.Imp.note"
    answers = {"outcome_0": "other", "note_0": "not asked beside other"}
    assert refusals(without_rulings("imp-curse-gm-ruling"), answers) == ([path], [path])
