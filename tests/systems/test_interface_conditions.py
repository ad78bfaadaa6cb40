"""A `shown_when` naming several fields at once (systems/interface.py): a field or a choice applies only when
every pair holds; a field not answered reads as None; the one-field pair reads as before."""

from systems.interface import Choice, Field, PlaysForm, answers_that_apply, applies, choices_open, conditions, fill

BOTH = (("attack_chit", (None, "FIGHT L4")), ("maneuver_chit", (None, "MOVE L4")))

FORM = PlaysForm("Swordsman", "Swordsman, round 1", (
    Field("attack_chit", "choice", "Attack", "plays.S.attack.chit", choices=(
        Choice("FIGHT L4", "FIGHT L4"), Choice("FIGHT L2**", "FIGHT L2**")), required=False),
    Field("maneuver_chit", "choice", "Maneuver", "plays.S.maneuver.chit", choices=(
        Choice("MOVE L4", "MOVE L4"), Choice("MOVE L3*", "MOVE L3*")), required=False),
    Field("run_with", "choice", "Run with", "encounter.run", choices=(
        Choice("MOVE L2**", "MOVE L2**", BOTH), Choice("MOVE M5", "MOVE M5")), required=False),
    Field("note", "text", "Why", "encounter.note",
          shown_when=(("attack_chit", ("FIGHT L4",)), ("run_with", ("MOVE L2**",)))),
))


def test_conditions_reads_none_one_pair_and_several_pairs_alike():
    assert conditions(None) == ()
    assert conditions(("action", ("attack",))) == (("action", ("attack",)),)
    assert conditions(BOTH) == BOTH


def test_several_pairs_apply_only_when_every_one_holds_and_an_unanswered_field_reads_as_none():
    assert applies(BOTH, {})
    assert applies(BOTH, {"attack_chit": "FIGHT L4", "maneuver_chit": "MOVE L4"})
    assert not applies(BOTH, {"attack_chit": "FIGHT L2**"})
    assert not applies(BOTH, {"maneuver_chit": "MOVE L3*"})
    assert not applies(BOTH, {"attack_chit": "FIGHT L4", "maneuver_chit": "MOVE L3*"})


def test_the_one_field_pair_still_applies_as_before():
    assert applies(("action", ("attack",)), {"action": "attack"})
    assert not applies(("action", ("attack",)), {"action": "rest"})
    assert applies(("action", (None,)), {})


def test_a_choice_with_several_conditions_is_open_only_beside_every_answer_it_names():
    run_with = FORM.field("run_with")
    assert [c.value for c in choices_open(run_with, {"maneuver_chit": "MOVE L4"})] == ["MOVE L2**", "MOVE M5"]
    assert [c.value for c in choices_open(run_with, {"attack_chit": "FIGHT L4", "maneuver_chit": "MOVE L3*"})] == [
        "MOVE M5"]


def test_a_field_with_several_conditions_drops_its_answer_once_any_of_them_fails():
    answers = {"attack_chit": "FIGHT L4", "run_with": "MOVE L2**", "note": "quickly"}
    assert answers_that_apply(FORM, answers) == answers
    stale = {**answers, "attack_chit": "FIGHT L2**"}
    assert answers_that_apply(FORM, stale) == {"attack_chit": "FIGHT L2**", "run_with": "MOVE L2**"}
    assert "note" not in fill({}, FORM, stale)["encounter"]
