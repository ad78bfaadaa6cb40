"""The encounter step and the sheet in Magic Realm's plays form (systems/magic_realm/encounter_form.py, form.py):
lures, a charge or the encounter action (run, alert, cast), hirelings' targets in a round without an encounter
step, and the attackers' positions on the side's sheet. Each is offered only where the rules allow it, and what
the form writes validates and resolves as the rules say."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.interface import applies, choices_open, fill
from systems.magic_realm.battle_state import sheets_for
from systems.magic_realm.engine.round_format import state_from_json
from tests.systems.test_interface_invariants import draw_answers

MAGIC_REALM = get_system("magic-realm")
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SWORDSMAN_CHITS = ["FIGHT L4", "FIGHT L3*", "MOVE L4", "MOVE L3*"]


def clearing(chits=SWORDSMAN_CHITS, encounter: dict | None = None) -> dict:
    """The Swordsman (with the chits given) and the Amazon; an unassigned Wolf; a Giant red side up on the Amazon."""
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [{"id": "Swordsman", "chits": list(chits)}, {"id": "Amazon"}],
                      "denizens": [{"id": "Wolf"}, {"id": "Giant", "side": "dark", "target": "Amazon"}]},
            "sheets": [{"owner": "Amazon", "attackers": [{"combatant": "Giant", "box": 1}]}],
            "encounter": {} if encounter is None else encounter, "seed": 1}


def names(form) -> list[str]:
    return [form_field.name for form_field in form.fields]


def values(form, name, answers=None) -> list:
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


def texts(round_input) -> list[str]:
    assert MAGIC_REALM.validate(round_input) == []
    resolution = MAGIC_REALM.resolve(round_input)
    assert resolution.waiting_for == ()
    return [event.text for event in resolution.events]


# --- lures --------------------------------------------------------------------------------------------------


def test_an_unassigned_denizen_nobody_lures_yet_is_offered_to_lure_but_not_a_red_side_up_monster():
    form = MAGIC_REALM.plays_form(clearing(), "Swordsman")
    assert [form.field(name).label for name in names(form) if name.startswith("lure")] == ["Lure Wolf"]
    assert form.field("lure_0").path == "encounter.lures[denizen=Wolf].lurer"
    lured = MAGIC_REALM.plays_form(clearing(encounter={"lures": [{"lurer": "Amazon", "denizen": "Wolf"}]}), "Swordsman")
    assert not [name for name in names(lured) if name.startswith("lure")]


def test_without_an_encounter_step_nothing_is_lured():
    state = clearing()
    del state["encounter"]
    assert not [name for name in names(MAGIC_REALM.plays_form(state, "Swordsman")) if name.startswith("lure")]


def test_a_lure_from_the_form_puts_the_denizen_on_the_lurers_sheet():
    state = clearing()
    lured = fill(state, MAGIC_REALM.plays_form(state, "Swordsman"), {"lure_0": "Swordsman"})
    assert lured["encounter"]["lures"] == [{"denizen": "Wolf", "lurer": "Swordsman"}]
    assert "Swordsman lures Wolf onto its sheet" in texts(lured)


# --- the encounter play: a charge, or run, alert or cast ----------------------------------------------------


def test_a_character_a_red_side_up_monster_holds_cannot_run_away():
    assert "run" in values(MAGIC_REALM.plays_form(clearing(), "Swordsman"), "encounter_play")
    assert "run" not in values(MAGIC_REALM.plays_form(clearing(), "Amazon"), "encounter_play")


def test_a_side_charges_only_another_character_in_the_clearing():
    form = MAGIC_REALM.plays_form(clearing(), "Swordsman")
    assert form.field("charge_target").path == "encounter.charges[character=Swordsman].target"
    assert values(form, "charge_target") == ["Amazon"]


def test_a_side_whose_charge_or_action_the_round_input_holds_is_not_asked_again():
    for encounter in ({"actions": [{"character": "Swordsman", "alert": "Thrusting Sword", "chit": "FIGHT L4"}]},
                      {"charges": [{"character": "Swordsman", "target": "Amazon", "chit": "MOVE L4"}]}):
        assert "encounter_play" not in names(MAGIC_REALM.plays_form(clearing(encounter=encounter), "Swordsman"))
    assert "encounter_play" in names(MAGIC_REALM.plays_form(clearing(encounter=encounter), "Amazon"))


def test_without_an_encounter_step_a_charge_or_an_action_is_still_offered_and_the_one_played_gives_the_round_its_step():
    """Every round of combat opens with the encounter step (8.3), and the app's own form offers an encounter play
    in every round: the play written is the round's section."""
    state = clearing()
    del state["encounter"]
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    assert "run" in values(form, "encounter_play")
    alerted = fill(state, form, {"encounter_play": "alert", "alert_weapon": "Thrusting Sword", "alert_chit": "FIGHT L4"})
    assert alerted["encounter"] == {"actions": [{"character": "Swordsman", "alert": "Thrusting Sword", "chit": "FIGHT L4"}]}
    assert any("Swordsman alerts" in text for text in texts(alerted))


def test_an_encounter_chit_is_offered_beside_the_melee_chit_of_its_kind_it_keeps_the_effort_limit_with():
    """Two asterisks a round: with a one-asterisk maneuver on offer, FIGHT L3* may alert beside FIGHT L4 (or no
    attack), never beside itself; a chit is played once a round, so MOVE L4 runs only beside another maneuver."""
    form = MAGIC_REALM.plays_form(clearing(), "Swordsman")
    assert form.field("alert_chit").path == "encounter.actions[character=Swordsman].chit"
    assert values(form, "alert_chit", {"attack_chit": "FIGHT L4"}) == ["FIGHT L3*"]
    assert values(form, "alert_chit", {"attack_chit": "FIGHT L3*"}) == ["FIGHT L4"]
    assert values(form, "run_with", {"maneuver_chit": "MOVE L3*"}) == [{"chit": "MOVE L4"}]


def test_a_two_asterisk_chit_is_offered_only_beside_melee_chits_without_asterisks_and_the_engine_agrees():
    chits = ["FIGHT L4", "FIGHT L2**", "MOVE L4", "MOVE L3*"]
    state = clearing(chits)
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    assert "FIGHT L2**" not in values(form, "alert_chit", {"maneuver_chit": "MOVE L3*"})
    assert "FIGHT L2**" in values(form, "alert_chit", {"attack_chit": "FIGHT L4", "maneuver_chit": "MOVE L4"})
    alert = fill(state, form, {"attack_chit": "FIGHT L4", "target": "Wolf", "weapon": "Thrusting Sword",
                               "attack_box": 1, "maneuver_chit": "MOVE L4", "maneuver_box": 2,
                               "encounter_play": "alert", "alert_weapon": "Thrusting Sword", "alert_chit": "FIGHT L2**"})
    assert "Swordsman alerts his Thrusting Sword with FIGHT L2**" in texts(alert)
    refused = clearing(chits, {"actions": [{"character": "Swordsman", "alert": "Thrusting Sword", "chit": "FIGHT L2**"}]})
    refused["plays"] = {"Swordsman": {"maneuver": {"chit": "MOVE L3*", "box": 1}}}
    assert [error.path for error in MAGIC_REALM.validate(refused)] == ["plays.Swordsman.maneuver.chit"]


def test_the_swordsmans_run_with_move_l2_beside_a_move_l4_maneuver_and_no_attack_is_offered():
    """docs/examples/encounter-a-failed-run-is-effort.json: the form writes the example's own plays."""
    example = json.loads((EXAMPLES / "encounter-a-failed-run-is-effort.json").read_text())
    state = {key: value for key, value in example.items() if key not in ("plays", "encounter", "title")}
    state["encounter"] = {}
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    assert {"chit": "MOVE L2**"} in values(form, "run_with", {"maneuver_chit": "MOVE L4"})
    assert {"chit": "MOVE L2**"} not in values(form, "run_with", {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L4"})
    assert {"chit": "MOVE L2**"} not in values(form, "run_with", {"maneuver_chit": "MOVE M4*"})
    ran = fill(state, form, {"maneuver_chit": "MOVE L4", "maneuver_box": 3,
                             "encounter_play": "run", "run_with": {"chit": "MOVE L2**"}})
    assert (ran["plays"], ran["encounter"]) == (example["plays"], example["encounter"])
    assert MAGIC_REALM.resolve(ran).output == MAGIC_REALM.resolve(example).output


def test_a_charge_from_the_form_puts_the_charge_chit_on_the_targets_sheet():
    state = clearing()
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    charged = fill(state, form, {"encounter_play": "charge", "charge_target": "Amazon",
                                 "charge_with": {"chit": "MOVE L4"}, "maneuver_chit": "MOVE L3*", "maneuver_box": 1})
    assert charged["encounter"]["charges"] == [{"character": "Swordsman", "target": "Amazon", "chit": "MOVE L4"}]
    assert "Swordsman charges Amazon with MOVE L4 (move time 4)" in texts(charged)


def test_a_run_and_an_alert_from_the_form_are_the_swordsmans_encounter_action():
    state = clearing()
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    run = fill(state, form, {"encounter_play": "run", "run_with": {"chit": "MOVE L4"}})
    assert run["encounter"]["actions"] == [{"character": "Swordsman", "run": {"chit": "MOVE L4"}}]
    assert any(text.startswith("Swordsman cannot run away: his move time 4") for text in texts(run))
    alert = fill(state, form, {"attack_chit": "FIGHT L4", "target": "Wolf", "weapon": "Thrusting Sword",
                               "attack_box": 1, "maneuver_chit": "MOVE L3*", "maneuver_box": 2,
                               "encounter_play": "alert", "alert_weapon": "Thrusting Sword", "alert_chit": "FIGHT L3*"})
    assert alert["encounter"]["actions"] == [
        {"character": "Swordsman", "alert": "Thrusting Sword", "chit": "FIGHT L3*"}]
    assert "Swordsman alerts his Thrusting Sword with FIGHT L3*" in texts(alert)


def test_a_spell_the_round_input_names_may_be_cast_in_the_encounter_step():
    state = clearing()
    state["state"]["characters"][0] = {"id": "Sorceror", "chits": ["MAGIC IV3*", "MAGIC IV4*", "MOVE M4"]}
    state["plays"] = {"Sorceror": {"target": "Wolf",
                                   "attack": {"chit": "MAGIC IV4*", "box": 1, "spell": "Fiery Blast"}}}
    form = MAGIC_REALM.plays_form(state, "Sorceror")
    assert values(form, "cast_spell") == ["Fiery Blast"]
    assert values(form, "cast_chit", {"attack_chit": "MAGIC IV4*"}) == ["MAGIC IV3*"]  # a chit is played once
    cast = fill(state, form, {"encounter_play": "cast", "cast_spell": "Fiery Blast", "cast_chit": "MAGIC IV3*"})
    assert cast["encounter"]["actions"] == [{"character": "Sorceror", "cast": "Fiery Blast", "chit": "MAGIC IV3*"}]
    assert "Sorceror casts Fiery Blast with MAGIC IV3*" in texts(cast)


# --- hirelings' targets in a round without an encounter step ------------------------------------------------


def engaged() -> dict:
    """Round 2, no encounter step: the Amazon's Soldier 1 fights the Wolf, her Soldier 2 the Bat, an Ogre fights
    Soldier 2; the Wolf, the Bat and an Axe Goblin attack the Swordsman."""
    state = {"round": 2, "characters": [{"id": "Swordsman"}, {"id": "Amazon"}],
             "denizens": [{"id": "Wolf", "target": "Swordsman"},
                          {"id": "Bat", "counter": "Giant Bat", "target": "Swordsman"},
                          {"id": "Goblin", "counter": "Axe Goblin", "target": "Swordsman"},
                          {"id": "Soldier 1", "hired_by": "Amazon", "target": "Wolf"},
                          {"id": "Soldier 2", "hired_by": "Amazon", "target": "Bat"},
                          {"id": "Ogre", "target": "Soldier 2"}]}
    full = {"characters": [{**c, "dead": False, "fled": False} for c in state["characters"]],
            "denizens": [{**d, "dead": False, "fled": False} for d in state["denizens"]]}
    return {"format": "herald-round/1", "rules": "standard", "state": state, "sheets": sheets_for(full), "seed": 4}


def test_without_an_encounter_step_a_hireling_no_denizen_attacks_may_take_a_new_target():
    form = MAGIC_REALM.plays_form(engaged(), "Amazon")
    hirelings = [form.field(name) for name in names(form) if name.startswith("hireling")]
    assert [f.label for f in hirelings] == ["Soldier 1 (your hireling) attacks"]  # the Ogre holds Soldier 2
    assert values(form, "hireling_0") == ["Wolf", "Bat", "Goblin", "Ogre", "Swordsman"]
    assert not [name for name in names(MAGIC_REALM.plays_form(engaged(), "Swordsman")) if name.startswith("hireling")]


def test_a_new_target_from_the_form_deploys_the_hireling_and_gives_the_round_an_encounter_step():
    state = engaged()
    sent = fill(state, MAGIC_REALM.plays_form(state, "Amazon"), {"hireling_0": "Goblin"})
    assert sent["encounter"] == {"deployments": [{"hireling": "Soldier 1", "target": "Goblin"}]}
    assert "Amazon deploys Soldier 1 against Goblin" in texts(sent)


# --- positions of the attackers on the side's sheet ---------------------------------------------------------


def test_the_side_places_the_first_two_attackers_on_its_sheet_in_different_boxes():
    form = MAGIC_REALM.plays_form(engaged(), "Swordsman")
    assert [form.field(name).label for name in names(form) if name.startswith("position")] == [
        "Wolf stands in", "Bat stands in", "Goblin stands in"]
    assert form.field("position_0").path == "sheets[owner=Swordsman].attackers[combatant=Wolf].box"
    assert values(form, "position_1", {"position_0": 2}) == [1, 3]


def test_once_the_first_two_stand_the_third_attacker_goes_in_the_box_neither_took_and_the_engine_agrees():
    state = engaged()
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    assert not applies(form.field("position_2").shown_when, {"position_0": 2})
    assert values(form, "position_2", {"position_0": 2, "position_1": 3}) == [1]
    placed = fill(state, form, {"position_0": 2, "position_1": 3, "position_2": 1})
    assert [a["box"] for a in placed["sheets"][0]["attackers"]] == [2, 3, 1] and texts(placed)
    crowded = fill(state, form, {"position_0": 2, "position_1": 3})
    crowded["sheets"][0]["attackers"][2]["box"] = 2
    assert [error.path for error in MAGIC_REALM.validate(crowded)] == ["sheets.Swordsman.attackers"]


def test_with_a_fourth_attacker_to_come_the_third_may_stand_in_any_box():
    state = engaged()
    state["state"]["denizens"].append({"id": "Goblin #2", "counter": "Axe Goblin", "target": "Swordsman"})
    state["sheets"][0]["attackers"].append({"combatant": "Goblin #2", "box": None})
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    assert values(form, "position_2", {"position_0": 2, "position_1": 3}) == [1, 2, 3]
    placed = fill(state, form, {"position_0": 2, "position_1": 3, "position_2": 2})
    assert "Placed on Swordsman's sheet, each in the emptiest box: Goblin #2 in box 1" in texts(placed)


def test_attackers_already_placed_are_not_offered_again():
    state = engaged()
    state["sheets"][0]["attackers"][2]["box"] = 1
    assert not [name for name in names(MAGIC_REALM.plays_form(state, "Swordsman")) if name.startswith("position")]


def test_the_positions_from_the_form_stand_and_the_engine_places_the_rest_in_the_emptiest_box():
    state = engaged()
    placed = fill(state, MAGIC_REALM.plays_form(state, "Swordsman"), {"position_0": 2, "position_1": 3})
    assert placed["sheets"][0]["attackers"][:2] == [{"combatant": "Wolf", "box": 2}, {"combatant": "Bat", "box": 3}]
    assert "Placed on Swordsman's sheet, each in the emptiest box: Goblin in box 1" in texts(placed)


# --- whatever a side picks -----------------------------------------------------------------------------------


def sorceror_and_swordsman(encounter: bool) -> dict:
    """The Sorceror (his catalogue chits: MAGIC IV and VI) and the Swordsman; a Wolf unassigned in a round with
    an encounter step, else on the Sorceror's sheet."""
    state = {"round": 1, "characters": [{"id": "Sorceror"}, {"id": "Swordsman", "chits": SWORDSMAN_CHITS}],
             "denizens": [{"id": "Wolf", **({} if encounter else {"target": "Sorceror"})}]}
    sheets = [] if encounter else [{"owner": "Sorceror", "attackers": [{"combatant": "Wolf", "box": 2}]}]
    return {"format": "herald-round/1", "rules": "standard", "state": state, "sheets": sheets, "seed": 3,
            **({"encounter": {}} if encounter else {})}


STATES = {"encounter": clearing(), "engaged": engaged(),
          "encounter, engaged": {**engaged(), "encounter": {}},
          "sorceror, encounter": sorceror_and_swordsman(encounter=True),
          "sorceror, engaged": sorceror_and_swordsman(encounter=False)}
# the spells a character's entry may list (docs/round-format.md, `spells`): attack spells of the Sorceror's
# MAGIC types and others, and a spell that is no attack (Peace)
SPELLS = ["Fiery Blast", "Lightning Bolt", "Roof Collapses", "Stones Fly", "Peace"]


def with_known_spells(data, state: dict) -> dict:
    """The state with each character's entry listing drawn spells, or none (his spells not said)."""
    characters = []
    for entry in state["state"]["characters"]:
        known = data.draw(st.none() | st.lists(st.sampled_from(SPELLS), unique=True, min_size=1, max_size=3))
        characters.append(entry if known is None else {**entry, "spells": known})
    return {**state, "state": {**state["state"], "characters": characters}}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), label=st.sampled_from(sorted(STATES)), seed=st.integers(0, 2**16))
def test_whatever_every_side_picks_from_its_form_is_valid_and_resolves(data, label, seed):
    state = with_known_spells(data, STATES[label])
    for side in MAGIC_REALM.sides(state):
        form = MAGIC_REALM.plays_form(state, side)
        state = fill(state, form, draw_answers(data, form))
    assert MAGIC_REALM.validate(state) == []
    resolution = MAGIC_REALM.resolve(state, seed=seed)
    assert resolution.events and all(error.path.startswith("encounter.choices") for error in resolution.waiting_for)
    assert state_from_json(resolution.state["state"]).round_number == state["state"]["round"] + (
        0 if resolution.waiting_for else 1)


def test_in_a_round_with_an_encounter_step_the_third_attacker_is_offered_only_the_box_neither_took():
    state = {**engaged(), "encounter": {}}
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    third = form.field("position_2")
    open_boxes = [choice.value for choice in choices_open(third, {"position_0": 1, "position_1": 2})]
    assert open_boxes == [3]
    placed = fill(state, form, {"position_0": 1, "position_1": 2, "position_2": 3})
    assert MAGIC_REALM.validate(placed) == []
    assert MAGIC_REALM.resolve(placed, seed=0).events
