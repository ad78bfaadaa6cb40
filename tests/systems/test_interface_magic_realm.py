"""Magic Realm behind the interface (systems/magic_realm): the options are the engine's rule sets, the plays form
offers only chits the engine accepts, and what a character keeps in his own hands is seen only by him."""

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import ALL, choices_open, fill
from systems.magic_realm.engine.ruleset import PRESETS
from tests.systems.interface_examples import EXAMPLES, load, without_plays

MAGIC_REALM = get_system("magic-realm")


def example(stem: str) -> dict:
    return load(next(path for path in EXAMPLES if path.stem == stem))


def dwarf_against_a_wolf(**character) -> dict:
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [{"id": "Dwarf", **character}],
                      "denizens": [{"id": "Wolf", "side": "light"}]},
            "sheets": [{"owner": "Dwarf", "attackers": [{"combatant": "Wolf", "box": 1}]}]}


def values(form, name, answers=None):
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


def test_the_magic_realm_presets_are_the_engines_rule_sets():
    presets = MAGIC_REALM.options().presets
    assert [preset.name for preset in presets] == list(PRESETS)
    for preset in presets:
        assert MAGIC_REALM.options().values({"preset": preset.name}) == {
            key: value for key, value in PRESETS[preset.name].to_dict().items() if key != "preset"}


def test_a_rule_set_the_engine_refuses_is_refused_naming_the_option():
    # rule 5.3/2: the rider's maneuver changes only the table roll, which the standard rules do not have
    assert [error.path for error in MAGIC_REALM.check_options({"riding_horses": True})] == ["riding_horses"]
    assert [error.path for error in MAGIC_REALM.check_options({"missile_table": "optional"})] == ["missile_table"]


def test_the_campaigns_rule_set_is_written_as_the_round_files_rules():
    data = {key: value for key, value in example("black-knight-vs-wolf").items() if key != "dice"}
    assert MAGIC_REALM.with_options(data, {"preset": "bimr4"})["rules"] == "bimr4"
    chosen = MAGIC_REALM.with_options(data, {"preset": "optional-3e", "kludge": False})
    assert chosen["rules"] == {"preset": "optional-3e", "kludge": False}
    assert MAGIC_REALM.resolve(chosen, seed=1).output["rules"]["kludge"] is False


def test_a_duck_chit_is_offered_only_in_box_three():
    form = MAGIC_REALM.plays_form(dwarf_against_a_wolf(), "Dwarf")
    assert "DUCK T3*" in values(form, "maneuver_chit")
    assert values(form, "maneuver_box", {"maneuver_chit": "DUCK T3*"}) == [3]
    assert values(form, "maneuver_box", {"maneuver_chit": "MOVE H6"}) == [1, 2, 3]


def test_a_maneuver_is_offered_only_within_the_effort_limit_with_the_attack_chit():
    form = MAGIC_REALM.plays_form(dwarf_against_a_wolf(), "Dwarf")
    beside_two_asterisks = values(form, "maneuver_chit", {"attack_chit": "FIGHT H4**"})
    assert "MOVE H6" in beside_two_asterisks and "MOVE H5*" not in beside_two_asterisks
    assert "MOVE H5*" in values(form, "maneuver_chit", {"attack_chit": "FIGHT H6"})


def test_a_chit_too_weak_to_carry_the_heaviest_item_is_not_offered():
    form = MAGIC_REALM.plays_form(without_plays(example("black-knight-vs-wolf")), "Black Knight")
    assert "MOVE M5" not in values(form, "maneuver_chit")  # Suit of Armor is heavy
    assert "MOVE H6" in values(form, "maneuver_chit")


def test_a_fly_chit_that_can_carry_the_heaviest_item_is_offered_as_a_maneuver():
    # docs/rulings.md, "FLY chits as maneuvers": the Dwarf's Great Axe weighs H.
    form = MAGIC_REALM.plays_form(dwarf_against_a_wolf(chits=["FIGHT H6", "FLY H3", "FLY M2"]), "Dwarf")
    assert values(form, "maneuver_chit") == ["FLY H3"]


def test_a_fly_chit_is_never_offered_as_the_riders_own_maneuver():
    state = without_plays(example("rider-horse-and-rider"))
    knight = next(c for c in state["state"]["characters"] if c["id"] == "White Knight")
    knight["chits"] = ["FIGHT H6", "MOVE H6", "FLY T2"]
    assert values(MAGIC_REALM.plays_form(state, "White Knight"), "maneuver_chit") == ["MOVE H6"]


def test_a_fatigued_chit_is_not_offered():
    fresh = values(MAGIC_REALM.plays_form(dwarf_against_a_wolf(), "Dwarf"), "attack_chit")
    tired = MAGIC_REALM.plays_form(dwarf_against_a_wolf(chits=[{"label": "FIGHT H6", "state": "fatigued"}, "MOVE H6"]),
                                   "Dwarf")
    assert "FIGHT H6" in fresh and values(tired, "attack_chit") == []


def test_a_target_must_be_on_a_melee_sheet():
    state = dwarf_against_a_wolf()
    state["state"]["denizens"].append({"id": "Bat", "side": "light"})
    assert values(MAGIC_REALM.plays_form(state, "Dwarf"), "target") == ["Wolf"]


def test_a_rider_under_the_optional_rules_plays_his_horse_and_may_maneuver_himself():
    form = MAGIC_REALM.plays_form(without_plays(example("rider-horse-and-rider")), "White Knight")
    assert values(form, "horse") == ["walking", "galloping"]
    assert form.field("maneuver_chit").path == "plays.White Knight.rider_maneuver.chit"


def test_a_dead_character_has_no_form():
    state = dwarf_against_a_wolf(dead=True)
    assert MAGIC_REALM.plays_form(state, "Dwarf").notes == ("Dwarf is dead and cannot play",)


def test_fatigue_wounds_and_bounty_are_seen_only_by_the_character_who_owes_or_scores_them():
    resolution = MAGIC_REALM.resolve(example("thirty-combatants"))
    private = [event for event in resolution.events if event.visible_to != ALL]
    assert {event.kind for event in private} == {"fatigue", "wound", "bounty"}
    for event in private:
        assert event.visible_to == frozenset(event.actors[:1]), event
    assert all(event.visible_to == ALL for event in resolution.events if event.kind in ("hit", "harm", "kill"))


def test_a_hirelings_kill_is_scored_for_the_character_who_hires_it():
    data = example("thirty-combatants")
    resolution = MAGIC_REALM.resolve(data)
    hired = {d["id"]: d["hired_by"] for d in data["state"]["denizens"] if d.get("hired_by")}
    for event in resolution.events:
        if event.kind == "bounty" and event.actors[0] in hired:
            assert event.visible_to == frozenset({hired[event.actors[0]]})


def test_a_round_that_waits_for_the_gms_ruling_comes_back_unresolved_naming_it():
    data = {key: value for key, value in example("demon-power-of-the-pit-gm-ruling").items() if key != "gm_rulings"}
    resolution = MAGIC_REALM.resolve(data)
    assert resolution.waiting_for and all(error.path.startswith("gm_rulings.") for error in resolution.waiting_for)
    assert resolution.state == data and not resolution.finished
    assert all("the round waits" in summary.lines[0] for summary in MAGIC_REALM.summaries(data, resolution))
    assert resolution.waits_for_gm
    needed = resolution.output["rulings_needed"]
    assert [ruling["path"] for ruling in needed] == [error.path for error in resolution.waiting_for]
    assert resolution.output["log"] == [event.line for event in resolution.events]


def test_a_broken_file_is_refused_with_the_errors_of_the_step_that_breaks_as_the_command_refuses_it():
    data = example("encounter-stumble")
    data["state"]["characters"][0]["chits"] = ["MOVE M3**", "MOVE M4", "FIGHT L2*", "FIGHT M5"]
    data["encounter"]["actions"][0]["run"]["chit"] = "MOVE M3**"
    data["plays"]["Amazon"]["attack"]["chit"] = "FIGHT L2*"
    data["plays"]["Amazon"]["maneuver"]["chit"] = "MOVE M4"
    with pytest.raises(PlaysInvalid) as raised:
        MAGIC_REALM.resolve(data)
    assert [error.path for error in raised.value.errors] == ["plays.Amazon.attack.chit"]


def test_the_next_round_starts_with_the_sheets_of_who_attacks_whom():
    resolution = MAGIC_REALM.resolve(example("thirty-combatants"))
    assert resolution.state["state"]["round"] == 2
    assert MAGIC_REALM.validate(resolution.state) == []
    owners = {sheet["owner"] for sheet in resolution.state["sheets"]}
    assert owners >= {c["id"] for c in resolution.state["state"]["characters"] if not c.get("dead")}


def test_wounds_and_fatigue_owed_are_named_for_the_character():
    resolution = MAGIC_REALM.resolve(example("thirty-combatants"))
    assert resolution.owes["Black Knight"] == ("1 wound, on chits the player chooses",)
    assert resolution.owes["Amazon"] == ("1 wound, on chits the player chooses", "1 asterisk of fatigue, on chits the player chooses")


def test_the_dead_owe_nothing():
    resolution = MAGIC_REALM.resolve(example("red-side-up-t-troll"))
    assert resolution.output["summaries"][0]["killed"] and resolution.owes["Amazon"] == ()


def summary_lines(name, side):
    data = example(name)
    return dict((s.side, s.lines) for s in MAGIC_REALM.summaries(data, MAGIC_REALM.resolve(data)))[side]


def test_a_summary_says_the_character_was_killed_and_what_hit_him_and_nothing_owed():
    lines = summary_lines("red-side-up-t-troll", "Amazon")
    assert lines[0] == "Amazon: KILLED"
    assert lines[1].startswith("what hit Amazon: Hit: T Troll's Smash (box 3) intercepts Amazon's Duck (box 3)")
    assert lines[1].endswith("Amazon is killed by T Troll") and len(lines) == 2


def test_a_summary_says_what_he_killed_with_the_fame_and_notoriety_and_not_his_hirelings_kills_as_hits_on_him():
    lines = summary_lines("thirty-combatants", "Black Knight")
    assert lines[0] == "Black Knight: alive"
    assert "H Troll" not in lines[1] and "Axe Goblin 1" in lines[1]
    assert "kills: H Troll, H Troll (fame 5, notoriety 5)" in lines


def test_a_summary_says_a_character_ran_away():
    assert summary_lines("encounter-charge-and-run-on-horses-by-key", "Amazon") == ("Amazon: RAN AWAY: out of the battle",)


def test_a_played_form_resolves_as_the_engine_resolves_the_same_plays():
    state = dwarf_against_a_wolf()
    form = MAGIC_REALM.plays_form(state, "Dwarf")
    played = fill(state, form, {"attack_chit": "FIGHT H6", "target": "Wolf", "weapon": "Great Axe", "attack_box": 2,
                                "maneuver_chit": "MOVE H6", "maneuver_box": 1})
    assert played["plays"]["Dwarf"] == {"attack": {"chit": "FIGHT H6", "weapon": "Great Axe", "box": 2},
                                        "target": "Wolf", "maneuver": {"chit": "MOVE H6", "box": 1}}
    assert MAGIC_REALM.resolve(played, seed=5).events
