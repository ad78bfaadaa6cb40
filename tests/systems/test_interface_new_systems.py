"""The interface of Enchanted Realms, Fallen Empire (melee and the Joust) and Multiverse: each plays form offers
only what the state allows now, and each event is seen by whom its system's page says ("Who sees what")."""

import pytest

from systems import get_system
from systems.errors import PlaysInvalid
from systems.fallen_empire.model import BROKEN_MAY
from systems.interface import ALL, choices_open, fill
from systems.multiverse.cycle_file import read_cycle
from systems.multiverse.validation import longest_move
from tests.systems.interface_examples import EXAMPLES, load, without_plays

ENCHANTED = get_system("enchanted-realms")
FALLEN = get_system("fallen-empire")
MULTIVERSE = get_system("multiverse")


def example(stem: str) -> dict:
    return load(next(path for path in EXAMPLES if path.stem == stem))


def values(form, name, answers=None):
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


# --- the Joust ---------------------------------------------------------------------------------------------


def joust(pools=(2, 5), **extra) -> dict:
    return {"system": "fallen-empire", "kind": "joust", "jousters": [{"name": "Ash", "pool": pools[0]},
                                                                      {"name": "Knight", "pool": pools[1]}], **extra}


def test_a_jouster_with_two_dice_left_may_choose_only_one_or_two():
    assert values(FALLEN.plays_form(joust(), "Ash"), "dice") == [1, 2]
    assert values(FALLEN.plays_form(joust(), "Knight"), "dice") == [1, 2, 3]


def test_a_jousters_choice_is_written_where_the_pass_reads_it():
    state = joust()
    for side, dice in (("Ash", 2), ("Knight", 3)):
        state = fill(state, FALLEN.plays_form(state, side), {"dice": dice})
    assert state["choices"] == {"Ash": 2, "Knight": 3} and FALLEN.validate(state) == []


def test_after_a_pass_both_choices_and_every_die_are_seen_by_both_jousters():
    resolution = FALLEN.resolve(example("joust-first-pass"))
    assert {event.visible_to for event in resolution.events} == {ALL}
    assert len(resolution.events_for("Sir Ash")) == len(resolution.events_for("Black Knight")) == len(resolution.events)


def test_the_next_pass_offers_each_jouster_no_more_dice_than_his_pool():
    state = joust((1, 5), choices={"Ash": 1, "Knight": 3}, dice=[6, 5, 4, 3])
    resolution = FALLEN.resolve(state)
    pools = {j["name"]: j["pool"] for j in resolution.state["jousters"]}
    assert pools["Ash"] == 1 and values(FALLEN.plays_form(resolution.state, "Ash"), "dice") == [1]
    assert resolution.must_choose["Ash"] == ("how many dice to throw in pass 2: 1",)


def test_a_finished_joust_offers_no_choice_and_refuses_one():
    resolution = FALLEN.resolve(example("joust-injury"))
    assert resolution.finished and resolution.state["outcome"]["how"] == "injured"
    form = FALLEN.plays_form(resolution.state, "Sir Ash")
    assert form.fields == () and form.notes == ("the joust is over",)
    assert [error.path for error in FALLEN.validate({**resolution.state, "choices": {"Sir Ash": 1}})] == ["choices"]


def test_an_injury_is_owed_by_the_injured_and_the_ejection_by_the_injurer():
    resolution = FALLEN.resolve(example("joust-injury"))
    assert resolution.owes["Black Knight"] == ("4 damage from the lance (FE J.8)",)
    assert resolution.owes["Sir Ash"] == ("leave the tournament, ejected and dishonoured (FE J.8)",)


def test_a_joust_run_out_of_dice_keeps_the_empty_pool_in_its_state():
    resolution = FALLEN.resolve(joust((1, 5), choices={"Ash": 1, "Knight": 1}, dice=[2, 5]))
    assert resolution.finished and [j["pool"] for j in resolution.state["jousters"]] == [0, 5]
    assert [error.path for error in FALLEN.validate(resolution.state)] == ["choices"]  # the joust is over


def test_the_joust_picture_draws_a_die_for_each_die_in_each_pool():
    svg = FALLEN.picture(joust((2, 5)))
    assert svg.startswith("<svg") and svg.count("<rect") == 7 and "Ash (2)" in svg


# --- Fallen Empire melee -----------------------------------------------------------------------------------


def test_a_broken_combatant_is_offered_only_what_a_broken_man_may_do():
    after = FALLEN.resolve(example("fallen-empire-goblin-ambush")).state
    tam = next(c for c in after["combatants"] if c["name"] == "Tam")
    assert tam["broken"]
    assert set(values(FALLEN.plays_form(after, "Tam"), "action")) <= set(BROKEN_MAY)


def test_a_dying_character_without_bandages_plays_nothing():
    after = FALLEN.resolve(example("fallen-empire-goblin-ambush")).state
    form = FALLEN.plays_form(after, "Hob")
    assert form.fields == () and form.notes == ("Hob is dying and plays nothing",)


def test_only_a_fighter_on_foot_with_a_spear_is_offered_to_set_it():
    before = without_plays(example("fallen-empire-goblin-ambush"))
    assert "set_spear" in values(FALLEN.plays_form(before, "Hob"), "action")
    assert "set_spear" not in values(FALLEN.plays_form(before, "Mia"), "action")


def test_a_melee_target_is_an_enemy_and_a_charge_runs_half_to_all_of_the_move():
    before = without_plays(example("fallen-empire-goblin-ambush"))
    form = FALLEN.plays_form(before, "Goblin 1")
    assert values(form, "melee_target") == ["Sir Ash", "Hob", "Tam", "Mia"]
    distance = form.field("charge_distance")
    assert (distance.minimum, distance.maximum) == (3, 6)
    charge = fill(before, form, {"action": "charge", "charge_target": "Hob", "charge_distance": 2})
    assert [error.path for error in FALLEN.validate(charge)] == ["plays.Goblin 1.distance"]


def test_a_missile_is_offered_only_to_a_combatant_with_a_missile_weapon():
    before = without_plays(example("fallen-empire-goblin-ambush"))
    assert "missile" in values(FALLEN.plays_form(before, "Goblin archer"), "action")
    assert "missile" not in values(FALLEN.plays_form(before, "Goblin 1"), "action")


def test_a_round_input_of_no_known_kind_is_refused_naming_kind():
    assert [error.path for error in FALLEN.validate({"system": "fallen-empire", "kind": "duel"})] == ["kind"]
    with pytest.raises(PlaysInvalid):
        FALLEN.resolve({"system": "fallen-empire"})


@pytest.mark.parametrize("kind", [["joust"], {"joust": True}, 3, None])
def test_a_kind_that_is_not_a_name_is_refused_naming_kind_not_a_crash(kind):
    assert [error.path for error in FALLEN.validate({"system": "fallen-empire", "kind": kind})] == ["kind"]
    with pytest.raises(PlaysInvalid):
        FALLEN.resolve({"system": "fallen-empire", "kind": kind})


def test_the_fallen_empire_presets_set_the_phase_order_and_the_rides():
    assert FALLEN.options().values({"preset": "earlier-order"})["magic_before_melee"] is True
    assert FALLEN.options().values({"preset": "three-rides"})["joust_max_passes"] == 3
    assert [error.path for error in FALLEN.check_options({"joust_max_passes": 0})] == ["joust_max_passes"]


def test_the_campaigns_options_reach_the_round_input_where_each_kind_reads_them():
    melee = FALLEN.with_options(example("fallen-empire-goblin-ambush"), {"preset": "earlier-order", "surprise": False})
    assert melee["options"] == {"magic_before_melee": True, "surprise": False}
    assert FALLEN.with_options(joust(), {"preset": "three-rides"})["max_passes"] == 3
    assert "max_passes" not in FALLEN.with_options(joust(max_passes=3), {})


def test_three_rides_end_the_joust_after_the_third_pass():
    state = FALLEN.with_options(joust((5, 5), passes=2, choices={"Ash": 1, "Knight": 1}, dice=[6, 2]),
                                {"preset": "three-rides"})
    resolution = FALLEN.resolve(state)
    assert resolution.finished and resolution.state["outcome"] == resolution.output["state"]["outcome"]
    assert resolution.output["state"]["outcome"]["winner"] == "Ash"


def test_every_fallen_empire_melee_event_is_seen_by_all():
    for stem in ("fallen-empire-goblin-ambush", "fallen-empire-dying-and-bandages"):
        assert {event.visible_to for event in FALLEN.resolve(example(stem)).events} == {ALL}


# --- Enchanted Realms --------------------------------------------------------------------------------------


def test_an_enchanted_realms_combatant_chooses_among_its_own_attacks():
    before = without_plays(example("enchanted-realms-goblin-ambush"))
    gladius = {"name": "Gladius", "method": "melee", "dice": 2, "bonus": 4, "weight": 1}
    bow = {"name": "Bow", "method": "ranged", "dice": 1, "bonus": 3}
    before["combatants"][0]["attacks"] = [gladius, bow]
    form = ENCHANTED.plays_form(before, "Aldric")
    assert [choice.label for choice in form.field("attack").choices] == ["Gladius (melee, 2d20 +4)",
                                                                         "Bow (ranged, 1d20 +3)"]
    assert "method" not in [f.name for f in form.fields]
    played = fill(before, form, {"action": "attack", "attack": form.field("attack").choices[1].value,
                                 "target": "Goblin 1"})
    assert played["plays"]["Aldric"] == {"attack": {"method": "ranged", "dice": 1, "bonus": 3, "target": "Goblin 1"}}
    assert ENCHANTED.validate(played) == []


def test_an_enchanted_realms_target_is_someone_else_still_standing():
    before = without_plays(example("enchanted-realms-goblin-ambush"))
    before["combatants"][2]["down"] = True
    assert values(ENCHANTED.plays_form(before, "Aldric"), "target") == ["Bryn", "Goblin 2"]


def test_a_combatant_who_is_down_has_no_form():
    before = without_plays(example("enchanted-realms-goblin-ambush"))
    before["combatants"][0]["down"] = True
    assert ENCHANTED.plays_form(before, "Aldric").fields == ()


def test_a_reaction_no_strike_called_for_is_seen_only_by_whoever_readied_it():
    data = example("enchanted-realms-goblin-ambush")
    data["plays"]["Bryn"]["reaction"] = "deflect"  # Goblin 2's strike at Bryn is savage: deflect is for ranged
    resolution = ENCHANTED.resolve(data)
    private = [event for event in resolution.events if event.visible_to != ALL]
    assert [(event.text, event.visible_to) for event in private] == [
        ("Bryn had a deflect ready; no strike called for it", frozenset({"Bryn"}))]
    assert private[0] in resolution.events_for("Bryn") and private[0] not in resolution.events_for("Aldric")


def test_a_reaction_that_was_used_is_seen_by_all():
    resolution = ENCHANTED.resolve(example("enchanted-realms-goblin-ambush"))
    assert [event.visible_to for event in resolution.events if event.kind == "reaction"] == [ALL]


def test_a_combatants_attacks_are_carried_into_the_next_round():
    data = example("enchanted-realms-goblin-ambush")
    data["combatants"][0]["attacks"] = [{"name": "Gladius", "method": "melee", "dice": 2}]
    state = ENCHANTED.resolve(data).state
    assert state["round"] == 2 and state["combatants"][0]["attacks"] == data["combatants"][0]["attacks"]


# --- Multiverse --------------------------------------------------------------------------------------------


def test_fire_is_offered_first_only_with_a_weapon_loaded_already():
    before = without_plays(example("multiverse-astaroth-and-the-goblins"))
    assert "fire" not in values(MULTIVERSE.plays_form(before, "Goblin 2"), "kind_0")
    before["combatants"][2]["loaded"] = True
    assert "fire" in values(MULTIVERSE.plays_form(before, "Goblin 2"), "kind_0")


def test_fire_is_offered_after_a_load_and_not_after_anything_else():
    form = MULTIVERSE.plays_form(without_plays(example("multiverse-astaroth-and-the-goblins")), "Goblin 2")
    assert "fire" in values(form, "kind_1", {"kind_0": "load"})
    assert "fire" not in values(form, "kind_1", {"kind_0": "attack"})


def test_a_run_is_offered_only_as_long_as_endurance_allows():
    before = without_plays(example("multiverse-astaroth-and-the-goblins"))
    astaroth = MULTIVERSE.plays_form(before, "Astaroth")  # Finesse 4, Endurance 3
    limit = longest_move(read_cycle(before).combatant("Astaroth"), "run")
    assert limit is not None and astaroth.field("ticks_run_0").maximum == limit
    too_far = fill(before, astaroth, {"kind_0": "move", "pace_0": "run", "ticks_run_0": limit + 1})
    assert [error.path for error in MULTIVERSE.validate(too_far)] == ["actions.Astaroth.0.ticks"]


def test_a_dead_combatant_has_no_form():
    state = MULTIVERSE.resolve(example("multiverse-counterspell")).state
    assert MULTIVERSE.plays_form(state, "Goblin 1").notes == ("Goblin 1 is dead",)


def test_a_declared_action_never_begun_is_seen_only_by_its_declarer():
    data = without_plays(example("multiverse-astaroth-and-the-goblins"))
    data["cycle"] = 2  # no initiative: everyone begins on tick 1
    data["actions"] = {"Astaroth": [{"kind": "other", "ticks": 9}, {"kind": "other", "ticks": 9},
                                    {"kind": "other", "ticks": 2}]}
    resolution = MULTIVERSE.resolve(data, seed=3)
    private = [event for event in resolution.events if event.visible_to != ALL]
    assert [(event.text, event.visible_to) for event in private] == [
        ("Astaroth did not begin other (2 ticks) this cycle", frozenset({"Astaroth"}))]
    carried = [event for event in resolution.events if event.kind == "carry"]
    assert carried and all(event.visible_to == ALL for event in carried)
