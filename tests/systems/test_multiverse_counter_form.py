"""A Multiverse counterspell declared through the plays form (systems/multiverse/plugin.py, docs/systems/multiverse.md
MV 7.2): offered only to a caster, against another living caster, once a cycle; validate accepts it and the cycle
resolves it as a counter."""

from systems import get_system
from systems.interface import choices_open, fill
from tests.systems.interface_examples import EXAMPLES, load, without_plays

MULTIVERSE = get_system("multiverse")


def before(stem: str) -> dict:
    return without_plays(load(next(path for path in EXAMPLES if path.stem == stem)))


def names(form) -> list[str]:
    return [form_field.name for form_field in form.fields]


def values(form, name, answers=None):
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


COUNTER = {"kind_0": "cast", "ticks_0": 1, "spell_0": "Cancel", "counter_0": True, "counter_target_0": "Astaroth"}


def test_a_caster_may_hold_his_first_spell_to_counter_another_caster_and_sees_whose_spell_is_under_way():
    state = before("multiverse-counterspell")
    shaman = MULTIVERSE.plays_form(state, "Shaman")
    assert shaman.field("counter_0").shown_when == ("kind_0", ("cast",))
    assert values(shaman, "counter_0") == [False, True]
    assert shaman.field("counter_target_0").shown_when == ("counter_0", (True,))
    assert [(c.value, c.label) for c in shaman.field("counter_target_0").choices] == [
        ("Astaroth", "Astaroth, casting Storm")]
    assert values(MULTIVERSE.plays_form(state, "Astaroth"), "counter_target_0") == ["Shaman"]


def test_a_counterspell_is_offered_in_the_first_slot_only_so_never_twice_a_cycle():
    shaman = MULTIVERSE.plays_form(before("multiverse-counterspell"), "Shaman")
    assert "counter_1" not in names(shaman) and "counter_2" not in names(shaman)


def test_a_combatant_who_casts_nothing_is_offered_no_counterspell():
    assert "counter_0" not in names(MULTIVERSE.plays_form(before("multiverse-counterspell"), "Goblin 1"))


def test_a_caster_with_no_other_caster_to_answer_is_offered_no_counterspell():
    state = before("multiverse-astaroth-and-the-goblins")  # only Astaroth casts
    assert "counter_0" not in names(MULTIVERSE.plays_form(state, "Astaroth"))


def test_a_dead_caster_is_no_target_for_a_counterspell():
    state = before("multiverse-counterspell")
    state["combatants"][0]["dead"] = True
    del state["in_progress"]
    assert "counter_0" not in names(MULTIVERSE.plays_form(state, "Shaman"))


def test_the_counterspell_from_the_form_is_valid_and_the_cycle_resolves_it_as_a_counter():
    state = before("multiverse-counterspell")
    state = fill(state, MULTIVERSE.plays_form(state, "Shaman"), {**COUNTER, "kind_1": "other", "ticks_1": 4})
    assert state["actions"]["Shaman"] == [
        {"kind": "cast", "ticks": 1, "spell": "Cancel", "counter": True, "target": "Astaroth"},
        {"kind": "other", "ticks": 4}]
    assert MULTIVERSE.validate(state) == []
    lines = [event.text for event in MULTIVERSE.resolve(state, seed=11).events if event.rule == "MV 7.2"]
    assert lines and all("counter" in line and "Astaroth's Storm" in line for line in lines)


def test_a_spell_cast_in_its_turn_is_not_a_counter():
    state = before("multiverse-counterspell")
    state = fill(state, MULTIVERSE.plays_form(state, "Shaman"),
                 {"kind_0": "cast", "ticks_0": 2, "spell_0": "Bolt", "counter_0": False})
    assert state["actions"]["Shaman"] == [{"kind": "cast", "ticks": 2, "spell": "Bolt", "counter": False}]
    assert MULTIVERSE.validate(state) == []
    assert not [event for event in MULTIVERSE.resolve(state, seed=11).events if event.rule == "MV 7.2"]
