"""A `shown_when` of alternatives (systems/interface.py `AnyOf`): met when any of its all-of conditions holds, so a
limit on a sum (one asterisk beside no attack or beside no maneuver, never beside both) is said exactly; every
other shape reads as before, through `alternatives`."""

import json

import pytest

from systems.interface import (AnyOf, Choice, Field, PlaysForm, alternatives, answers_that_apply, any_of, applies,
                               choices_open, conditions, rendered)

# MOVE M3* runs beside FIGHT L3* with no maneuver, or beside MOVE L3* with no attack, never beside both
EITHER = AnyOf(((("attack_chit", ("FIGHT L3*",)), ("maneuver_chit", (None,))),
                (("attack_chit", (None,)), ("maneuver_chit", ("MOVE L3*",)))))

FORM = PlaysForm("Swordsman", "Swordsman, round 1", (
    Field("attack_chit", "choice", "Attack", "plays.S.attack.chit", choices=(Choice("FIGHT L3*", "FIGHT L3*"),),
          required=False),
    Field("maneuver_chit", "choice", "Maneuver", "plays.S.maneuver.chit", choices=(Choice("MOVE L3*", "MOVE L3*"),),
          required=False),
    Field("run_with", "choice", "Run with", "encounter.run", choices=(Choice("MOVE M3*", "MOVE M3*", EITHER),),
          required=False),
    Field("note", "text", "Why", "encounter.note", shown_when=EITHER, required=False),
))


def test_alternatives_hold_when_any_one_holds_and_an_unanswered_field_reads_as_none():
    assert applies(EITHER, {"attack_chit": "FIGHT L3*"})
    assert applies(EITHER, {"maneuver_chit": "MOVE L3*"})
    assert not applies(EITHER, {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L3*"})
    assert not applies(EITHER, {})


def test_no_alternatives_never_hold():
    assert not applies(AnyOf(()), {})


def test_every_shape_reads_as_alternatives():
    assert alternatives(None) == ((),)
    assert alternatives(("action", ("attack",))) == ((("action", ("attack",)),),)
    pairs = (("a", (1,)), ("b", (2,)))
    assert alternatives(pairs) == (pairs,)
    assert alternatives(EITHER) == EITHER.alternatives


def test_conditions_refuses_alternatives_rather_than_read_them_as_all_of():
    with pytest.raises(TypeError):
        conditions(EITHER)


def test_any_of_keeps_the_simplest_shape():
    assert any_of([("a", (1,)), None]) is None
    assert any_of([("a", (1,)), (("a", (1,)),)]) == (("a", (1,)),)
    assert any_of([("a", (1,)), ("b", (2,))]) == AnyOf(((("a", (1,)),), (("b", (2,)),)))
    assert not applies(any_of([]), {})


def test_a_choice_and_a_field_follow_their_alternatives():
    assert [c.value for c in choices_open(FORM.field("run_with"), {"attack_chit": "FIGHT L3*"})] == ["MOVE M3*"]
    assert choices_open(FORM.field("run_with"), {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L3*"}) == ()
    stale = {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L3*", "note": "quickly"}
    assert answers_that_apply(FORM, stale) == {"attack_chit": "FIGHT L3*", "maneuver_chit": "MOVE L3*"}


def test_the_page_reads_alternatives_as_a_list_of_lists_of_pairs_and_the_old_shapes_as_before():
    assert rendered(EITHER) == {"any_of": [[["attack_chit", ["FIGHT L3*"]], ["maneuver_chit", [None]]],
                                           [["attack_chit", [None]], ["maneuver_chit", ["MOVE L3*"]]]]}
    assert json.dumps(rendered(("a", (1, None)))) == json.dumps(("a", (1, None)))
    assert json.dumps(rendered((("a", (1,)), ("b", (2,))))) == json.dumps((("a", (1,)), ("b", (2,))))
    assert rendered(None) is None
