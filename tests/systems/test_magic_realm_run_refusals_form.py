"""A run the rules will refuse, told in Magic Realm's plays form while the player types (systems/magic_realm/
encounter_form.py over the engine's `run_outlook`, docs/encounter.md "Running away"): without Stumble a chit not
strictly faster than an attacker already on his sheet, a red-side-up monster holding him, riding horses (5.2) are
shown as choices not possible, with the engine's own reason; with Stumble, the note says what the roll must be,
with the engine's own modifier."""

from systems import get_system
from systems.answers import closed_choices
from systems.interface import choices_open, fill
from systems.magic_realm.engine.encounter import CharacterInClearing, EncounterInput, RunAway, run_before_the_step
from systems.magic_realm.engine.encounter import Charge, starting_state
from systems.magic_realm.engine.ruleset import RuleSet
from systems.magic_realm.engine.running_away import run_outlook

MAGIC_REALM = get_system("magic-realm")


def clearing(chits, rules="standard", denizens=None, **swordsman) -> dict:
    """The Swordsman (with the chits given) and the Amazon, a Wolf (move time 3) attacking the Swordsman."""
    return {"format": "herald-round/1", "rules": rules,
            "state": {"round": 1, "characters": [{"id": "Swordsman", "chits": list(chits), **swordsman},
                                                 {"id": "Amazon"}],
                      "denizens": denizens if denizens is not None else [{"id": "Wolf", "target": "Swordsman"}]},
            "encounter": {}, "seed": 1}


def choice(form, name, value):
    return next(c for c in form.field(name).choices if c.value == value)


def test_without_stumble_a_chit_not_faster_than_an_attacker_is_shown_not_possible_naming_him_and_both_times():
    form = MAGIC_REALM.plays_form(clearing(["FIGHT L4", "MOVE L4", "MOVE L2"]), "Swordsman")
    slow = choice(form, "run_with", {"chit": "MOVE L4"})
    assert slow.disabled.startswith("rule 8.3: his move time 4 is not strictly faster than Wolf (move time 3)")
    assert [c.value for c in choices_open(form.field("run_with"), {"encounter_play": "run"})] == [{"chit": "MOVE L2"}]
    assert "run" in [c.value for c in choices_open(form.field("encounter_play"), {})]


def test_a_chit_shown_not_possible_is_refused_if_picked_and_the_round_refuses_it_for_the_same_reason():
    round_input = clearing(["FIGHT L4", "MOVE L4", "MOVE L2"])
    form = MAGIC_REALM.plays_form(round_input, "Swordsman")
    answers = {"encounter_play": "run", "run_with": {"chit": "MOVE L4"}}
    reason = choice(form, "run_with", {"chit": "MOVE L4"}).disabled
    assert closed_choices(form, answers) == {"run_with": f"Run away with: MOVE L4 is not possible: {reason}"}
    texts = [event.text for event in MAGIC_REALM.resolve(fill(round_input, form, answers)).events]
    assert f"Swordsman cannot run away: {reason.removeprefix('rule 8.3: ')}" in texts


def test_with_every_chit_too_slow_running_away_is_shown_not_possible_with_the_reason():
    form = MAGIC_REALM.plays_form(clearing(["FIGHT L4", "MOVE L4", "MOVE L3*"]), "Swordsman")
    run = choice(form, "encounter_play", "run")
    assert "MOVE L4: rule 8.3: his move time 4 is not strictly faster than Wolf (move time 3)" in run.disabled
    assert "MOVE L3*: rule 8.3: his move time 3 is not strictly faster than Wolf (move time 3)" in run.disabled
    assert "run" not in [c.value for c in choices_open(form.field("encounter_play"), {})]
    assert "run_with" not in [f.name for f in form.fields]


def test_a_character_a_red_side_up_monster_holds_is_shown_he_cannot_run_and_why():
    held = clearing(["FIGHT L4", "MOVE L2"], denizens=[{"id": "Giant", "side": "dark", "target": "Swordsman"}])
    held["sheets"] = [{"owner": "Swordsman", "attackers": [{"combatant": "Giant", "box": 1}]}]
    run = choice(MAGIC_REALM.plays_form(held, "Swordsman"), "encounter_play", "run")
    assert run.disabled == "rule 8.3: Giant is red side up on his sheet"


def test_under_riding_horses_a_rider_is_shown_a_move_chit_is_not_possible_and_his_horse_is_open():
    rules = {"preset": "standard", "riding_horses": True, "fumble": True}
    form = MAGIC_REALM.plays_form(clearing(["FIGHT L4", "MOVE L2"], rules, [], horse="horse/pony-4"), "Swordsman")
    assert choice(form, "run_with", {"chit": "MOVE L2"}).disabled == (
        "rule 5.2: he rides horse/pony-4 and must play it")
    assert {"horse": "galloping"} in [c.value for c in choices_open(form.field("run_with"), {"encounter_play": "run"})]


def test_the_engine_refuses_a_run_after_a_charge():
    encounter = EncounterInput(rules=RuleSet(), characters=(CharacterInClearing("Swordsman"), CharacterInClearing("Amazon")),
                               denizens=())
    state = starting_state(encounter, None)
    state.chargers.add("Swordsman")
    state.charges["Amazon"] = [Charge("Swordsman", "Amazon", 4)]
    assert run_outlook(state, RunAway("Swordsman", 2)).refusal == "he charged this round"
    assert run_before_the_step(encounter, RunAway("Swordsman", 2)).refusal == ""


def test_with_stumble_the_run_is_open_and_the_note_says_the_roll_with_the_engines_own_modifier():
    round_input = clearing(["FIGHT L4", "MOVE L4", "MOVE L2"], {"preset": "standard", "stumble": True})
    round_input["encounter"] = {"die_modifiers": {"Swordsman": 1}}
    form = MAGIC_REALM.plays_form(round_input, "Swordsman")
    run_with = form.field("run_with")
    assert not [c for c in run_with.choices if c.disabled]
    # MOVE L4 against the Wolf (3): 1 attacker + (4 - 3) + 1 (his die modifier) = +3; MOVE L2: 1 + (2 - 3) + 1 = +1
    assert "rolls to run, the high of 2 dice + your modifier: 6 or less completes it" in run_with.help
    assert "your modifier +3 with MOVE L4 (a high die of 3 or less); +1 with MOVE L2 (a high die of 5 or less)" \
        in run_with.help
    assert "1 attacker on your sheet now, the fastest Wolf (move time 3)" in run_with.help
    answers = {"encounter_play": "run", "run_with": {"chit": "MOVE L4"}}
    stumble = next(event for event in MAGIC_REALM.resolve(fill(round_input, form, answers), seed=3).output["events"]
                   if event["kind"] == "stumble")
    assert stumble["data"]["adjusted"] - max(stumble["data"]["roll"]) == 3


def test_with_stumble_and_no_attacker_on_his_sheet_the_note_says_no_roll_unless_one_joins_it():
    form = MAGIC_REALM.plays_form(clearing(["FIGHT L4", "MOVE L4"], {"preset": "standard", "stumble": True}, []),
                                  "Swordsman")
    assert "no attacker on your sheet now, so no roll unless one joins it" in form.field("run_with").help


def test_with_stumble_a_fly_chit_against_a_walking_attacker_is_told_no_roll_and_the_move_chit_keeps_his_modifier():
    round_input = clearing(["FIGHT L4", "MOVE L4", "FLY L3"], {"preset": "standard", "stumble": True})
    round_input["encounter"] = {"die_modifiers": {"Swordsman": 1}}
    form = MAGIC_REALM.plays_form(round_input, "Swordsman")
    help_text = form.field("run_with").help
    # MOVE L4 against the Wolf (3): 1 attacker + (4 - 3) + 1 (his die modifier) = +3; FLY L3 counts only flying
    # attackers (5.1/3), and the Wolf walks
    assert "your modifier +3 with MOVE L4 (a high die of 3 or less); 1 attacker on your sheet now, the fastest Wolf" \
        in help_text
    assert "with FLY L3: no flying attacker on your sheet now: no roll unless one joins it" in help_text
    assert "with FLY L3 (" not in help_text
    answers = {"encounter_play": "run", "run_with": {"chit": "FLY L3"}}
    events = MAGIC_REALM.resolve(fill(round_input, form, answers), seed=3).output["events"]
    assert not [event for event in events if event["kind"] == "stumble"]


def test_with_stumble_each_line_counts_the_attackers_its_chit_runs_from():
    bat_and_wolf = [{"id": "Wolf", "target": "Swordsman"}, {"id": "Giant Bat", "target": "Swordsman"}]
    round_input = clearing(["FIGHT L4", "MOVE L4", "FLY L3"], {"preset": "standard", "stumble": True}, bat_and_wolf)
    help_text = MAGIC_REALM.plays_form(round_input, "Swordsman").field("run_with").help
    # the Giant Bat flies, light side up (move time 3): MOVE L4 runs from both, 2 attackers + (4 - 3) = +3;
    # FLY L3 from the Bat alone, 1 flying attacker + (3 - 3) = +1
    assert ("your modifier +3 with MOVE L4 (a high die of 3 or less); 2 attackers on your sheet now, the fastest "
            "Wolf (move time 3)") in help_text
    assert ("your modifier +1 with FLY L3 (a high die of 5 or less); 1 flying attacker on your sheet now, the "
            "fastest Giant Bat (move time 3)") in help_text
