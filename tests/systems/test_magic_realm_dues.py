"""Magic Realm's dues after a round through the interface (systems/magic_realm/dues.py): the form of the chits a
character's wounds and fatigue fall on, and `settle`, which takes a choice only when it pays exactly what he owes
(rule: end of the round; Herald's ruling "Fatigue that no fresh chits add up to", docs/rulings.md), in the
sentences of the battle app's record form."""

import copy
import json
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems import get_system
from systems.errors import FieldError, PlaysInvalid
from systems.magic_realm import dues_form, settle
from systems.magic_realm.chit_choice import pays_fatigue
from systems.states import state_errors

ROOT = Path(__file__).resolve().parents[2]
MAGIC_REALM = get_system("magic-realm")


def character(name, *chits, dead=False):
    """A character's entry in the long form: each chit (id, state), its label the id without " #2"."""
    return {"id": name, "dead": dead, "chits": [{"id": chit_id, "label": chit_id.split(" #")[0], "state": state}
                                                 for chit_id, state in chits]}


def round_end(*characters, denizens=()):
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 3, "characters": list(characters), "denizens": list(denizens)}, "sheets": []}


def output_of(state, *owed):
    """The round's output: (character, wounds owed, fatigue owed, killed) for each summary."""
    return {"round": 2, "state": copy.deepcopy(state["state"]),
            "summaries": [{"character": name, "wounds_owed": wounds, "fatigue_owed": fatigue, "killed": killed}
                          for name, wounds, fatigue, killed in owed]}


AMAZON = character("Amazon", ("MOVE M4", "fresh"), ("MOVE M3*", "fresh"), ("FIGHT M4*", "fresh"),
                   ("FIGHT M3**", "fresh"), ("FIGHT L4", "wounded"), ("FIGHT H4**", "fatigued"))


def amazon_owing(wounds, fatigue, amazon=AMAZON):
    state = round_end(copy.deepcopy(amazon))
    return state, output_of(state, ("Amazon", wounds, fatigue, False))


def refusal(state, output, answers, side="Amazon"):
    with pytest.raises(PlaysInvalid) as refused:
        settle(state, output, side, answers)
    return refused.value.errors


def amazon_refused(wounds, fatigue, answers):
    """The errors the base Amazon's choice is refused with when she owes `wounds` and `fatigue`."""
    return refusal(*amazon_owing(wounds, fatigue), answers)


def chit_states(state, name="Amazon"):
    entry = next(c for c in state["state"]["characters"] if c["id"] == name)
    return {chit["id"]: chit["state"] for chit in entry["chits"]}


# --- the form --------------------------------------------------------------------------------------------


def test_the_form_offers_every_chit_not_yet_wounded_for_the_wounds_and_the_fresh_asterisks_for_the_fatigue():
    form = dues_form(*amazon_owing(2, 1), "Amazon")
    wounded, fatigued = form.fields
    assert (wounded.name, wounded.kind, wounded.path, fatigued.name, fatigued.kind, fatigued.path) == (
        "wounded", "multi-choice", None, "fatigued", "multi-choice", None)
    assert [choice.value for choice in wounded.choices] == ["MOVE M4", "MOVE M3*", "FIGHT M4*", "FIGHT M3**",
                                                            "FIGHT H4**"]
    assert wounded.choices[-1].label == "FIGHT H4** (fatigued)"
    assert [choice.value for choice in fatigued.choices] == ["MOVE M3*", "FIGHT M4*", "FIGHT M3**"]


def test_the_form_says_how_many_wounds_and_asterisks_are_owed():
    form = dues_form(*amazon_owing(2, 1), "Amazon")
    assert form.title == "Amazon: wounds and fatigue after round 2"
    assert form.field("wounded").label == "Chits to wound (2 wounds owed)"
    assert form.field("wounded").help == ("Amazon owes 2 wounds: tick exactly 2 chits to wound, any chit not "
                                          "already wounded.")
    assert form.field("fatigued").label == "Chits to fatigue (1 asterisk owed)"
    assert form.field("fatigued").help.startswith("Amazon owes 1 asterisk of fatigue: tick fresh chits")


def test_a_character_owing_only_fatigue_is_asked_only_for_fatigue():
    form = dues_form(*amazon_owing(0, 2), "Amazon")
    assert [f.name for f in form.fields] == ["fatigued"] and form.field("fatigued").required


def test_the_fatigue_box_may_stay_empty_when_the_wounds_could_take_every_chit_that_pays():
    amazon = character("Amazon", ("MOVE M4", "fresh"), ("FIGHT M4*", "fresh"))
    form = dues_form(*amazon_owing(1, 1, amazon), "Amazon")
    assert form.field("wounded").required and not form.field("fatigued").required


def test_with_no_fresh_asterisk_the_fatigue_is_not_asked_and_a_note_says_why():
    amazon = character("Amazon", ("MOVE M4", "fresh"), ("FIGHT M4*", "fatigued"))
    form = dues_form(*amazon_owing(1, 1, amazon), "Amazon")
    assert [f.name for f in form.fields] == ["wounded"]
    assert form.notes == ("Amazon owes 1 asterisk of fatigue but has no fresh chit with an asterisk: nothing more "
                          "is owed (docs/rulings.md).",)


def test_a_note_gives_the_ruling_when_no_fresh_chits_add_up_to_the_fatigue():
    amazon = character("Amazon", ("FIGHT M3**", "fresh"), ("FIGHT H4**", "fresh"))
    form = dues_form(*amazon_owing(0, 1, amazon), "Amazon")
    assert form.notes == ("Amazon owes 1 asterisk of fatigue and no fresh chits add up to exactly 1: tick chits "
                          "showing 2, the least above it, without change (docs/rulings.md).",)


def test_a_character_who_owes_nothing_has_no_form_and_nothing_to_settle():
    state, output = amazon_owing(0, 0)
    assert dues_form(state, output, "Amazon") is None
    assert refusal(state, output, {}) == [
        FieldError("__all__", "Amazon owes nothing after this round: there is nothing to settle")]


def test_fatigue_with_no_fresh_asterisk_to_pay_it_leaves_nothing_to_settle():
    amazon = character("Amazon", ("MOVE M4", "fresh"), ("FIGHT M4*", "fatigued"))
    state, output = amazon_owing(0, 1, amazon)
    assert dues_form(state, output, "Amazon") is None
    assert refusal(state, output, {}) == [FieldError(
        "__all__", "Amazon owes 1 asterisk of fatigue but has no fresh chit with an asterisk: nothing more is owed "
                   "(docs/rulings.md).")]


def test_the_dead_owe_nothing():
    state = round_end(character("Amazon", ("MOVE M4", "fresh"), ("FIGHT M4*", "fresh"), dead=True))
    output = output_of(state, ("Amazon", 1, 1, True))
    assert dues_form(state, output, "Amazon") is None
    assert refusal(state, output, {"wounded": ["MOVE M4"]}) == [
        FieldError("__all__", "Amazon is dead and owes no wounds or fatigue.")]


def test_a_hireling_side_owes_nothing():
    state = round_end(copy.deepcopy(AMAZON), denizens=[{"id": "Rogue 6", "hired_by": "Amazon"}])
    output = output_of(state, ("Amazon", 1, 1, False))
    assert dues_form(state, output, "Rogue 6") is None
    assert refusal(state, output, {}, side="Rogue 6") == [FieldError("__all__", "Rogue 6 is not in this battle.")]


# --- settling: each rule and its sentence -----------------------------------------------------------------


def test_it_wounds_and_fatigues_the_chits_chosen_and_no_others():
    state, output = amazon_owing(1, 1)
    settled = settle(state, output, "Amazon", {"wounded": ["MOVE M4"], "fatigued": ["FIGHT M4*"]})
    assert chit_states(settled) == {"MOVE M4": "wounded", "MOVE M3*": "fresh", "FIGHT M4*": "fatigued",
                                    "FIGHT M3**": "fresh", "FIGHT L4": "wounded", "FIGHT H4**": "fatigued"}


def test_it_wants_exactly_as_many_chits_wounded_as_wounds_owed():
    assert amazon_refused(2, 0, {"wounded": ["MOVE M4"]}) == [
        FieldError("wounded", "Amazon owes 2 wounds: tick exactly 2 chits to wound (ticked: 1).")]


def test_it_refuses_a_wound_on_a_chit_already_wounded():
    assert amazon_refused(1, 0, {"wounded": ["FIGHT L4"]}) == [FieldError("wounded", "FIGHT L4 is already wounded.")]


def test_it_refuses_a_chit_ticked_twice_to_be_wounded():
    assert amazon_refused(2, 0, {"wounded": ["MOVE M4", "MOVE M4"]}) == [
        FieldError("wounded", "Tick each chit once.")]


def test_it_refuses_a_chit_the_character_does_not_have():
    assert amazon_refused(1, 0, {"wounded": ["FLY M4"]}) == [FieldError("wounded", "Amazon has no chit FLY M4.")]


def test_it_wants_the_fatigue_paid_exactly_when_fresh_chits_add_up_to_it():
    assert amazon_refused(0, 1, {"fatigued": ["FIGHT M3**"]}) == [
        FieldError("fatigued", "Amazon owes 1 asterisk of fatigue: the chits ticked to fatigue show 2.")]
    settled = settle(*amazon_owing(0, 1), "Amazon", {"fatigued": ["MOVE M3*"]})
    assert chit_states(settled)["MOVE M3*"] == "fatigued"


def test_it_takes_the_least_sum_above_the_fatigue_when_no_fresh_chits_add_up_to_it():
    amazon = character("Amazon", ("MOVE M3*", "wounded"), ("FIGHT M3**", "fresh"), ("FIGHT H4**", "fresh"))
    state, output = amazon_owing(0, 1, amazon)
    assert chit_states(settle(state, output, "Amazon", {"fatigued": ["FIGHT H4**"]}))["FIGHT H4**"] == "fatigued"
    assert refusal(state, output, {"fatigued": ["FIGHT M3**", "FIGHT H4**"]}) == [FieldError(
        "fatigued", "Amazon owes 1 asterisk of fatigue and no fresh chits add up to exactly that: tick chits "
                    "showing 2, the least above it (no change is given; the chits ticked show 4).")]


def test_with_fewer_fresh_asterisks_than_owed_it_takes_them_all():
    amazon = character("Amazon", ("MOVE M3*", "fresh"), ("FIGHT M4*", "fatigued"), ("FIGHT L4", "fresh"))
    state, output = amazon_owing(0, 2, amazon)
    assert chit_states(settle(state, output, "Amazon", {"fatigued": ["MOVE M3*"]}))["MOVE M3*"] == "fatigued"
    assert refusal(state, output, {}) == [FieldError(
        "fatigued", "Amazon owes 2 asterisks of fatigue but has only 1 asterisk on fresh chits: tick them all (the "
                    "chits ticked show 0).")]


def test_it_refuses_to_fatigue_a_chit_ticked_to_be_wounded():
    assert amazon_refused(1, 1, {"wounded": ["MOVE M3*"], "fatigued": ["MOVE M3*"]}) == [
        FieldError("fatigued", "MOVE M3* is ticked to be wounded: it cannot be fatigued too.")]


def test_a_chit_ticked_to_be_wounded_pays_no_fatigue_so_the_next_sum_is_due():
    amazon = character("Amazon", ("FIGHT M4*", "fresh"), ("FIGHT M3**", "fresh"))
    state, output = amazon_owing(1, 1, amazon)
    settled = settle(state, output, "Amazon", {"wounded": ["FIGHT M4*"], "fatigued": ["FIGHT M3**"]})
    assert chit_states(settled) == {"FIGHT M4*": "wounded", "FIGHT M3**": "fatigued"}


def test_it_refuses_to_fatigue_a_chit_that_is_not_fresh_or_has_no_asterisk():
    assert amazon_refused(0, 1, {"fatigued": ["FIGHT H4**", "MOVE M4"]}) == [
        FieldError("fatigued", "FIGHT H4** is already fatigued: only a fresh chit can be fatigued."),
        FieldError("fatigued", "MOVE M4 has no asterisk: fatigue is paid with chits that have asterisks.")]


def test_a_box_that_is_not_a_list_of_chit_ids_is_refused_naming_it():
    assert amazon_refused(1, 0, {"wounded": {"MOVE M4": True}}) == [
        FieldError("wounded", "must be a list of chit ids")]


# --- settling: the state ---------------------------------------------------------------------------------


def test_settling_does_not_change_the_state_or_output_given():
    state, output = amazon_owing(1, 1)
    given = copy.deepcopy((state, output))
    settle(state, output, "Amazon", {"wounded": ["MOVE M4"], "fatigued": ["MOVE M3*"]})
    assert (state, output) == given


def test_two_sides_settle_in_either_order_to_the_same_state():
    swordsman = character("Swordsman", ("MOVE L4", "fresh"), ("FIGHT L3*", "fresh"), ("FIGHT L2**", "fresh"))
    state = round_end(copy.deepcopy(AMAZON), swordsman)
    output = output_of(state, ("Amazon", 1, 0, False), ("Swordsman", 0, 2, False))
    amazon_answers, swordsman_answers = {"wounded": ["FIGHT M3**"]}, {"fatigued": ["FIGHT L2**"]}
    amazon_first = settle(settle(state, output, "Amazon", amazon_answers), output, "Swordsman", swordsman_answers)
    swordsman_first = settle(settle(state, output, "Swordsman", swordsman_answers), output, "Amazon", amazon_answers)
    assert amazon_first == swordsman_first
    assert chit_states(amazon_first)["FIGHT M3**"] == "wounded"
    assert chit_states(amazon_first, "Swordsman")["FIGHT L2**"] == "fatigued"


def test_a_round_in_the_round_files_short_form_settles_to_a_state_the_system_accepts():
    """The Amazon of encounter-stumble owes 2 wounds and 1 asterisk; her chits come back written out."""
    resolution = MAGIC_REALM.resolve(json.loads((ROOT / "docs/examples/encounter-stumble.json").read_text()))
    answers = {"wounded": ["MOVE M4", "FIGHT L4"], "fatigued": ["MOVE M3*"]}
    settled = settle(resolution.state, resolution.output, "Amazon", answers)
    assert state_errors(MAGIC_REALM, settled) == []
    assert {chit_id: state for chit_id, state in chit_states(settled).items() if state != "fresh"} == {
        "MOVE M4": "wounded", "FIGHT L4": "wounded", "MOVE M3*": "fatigued"}


# --- a property: settle takes exactly the choices the rule allows ----------------------------------------


STATES = ("fresh", "fatigued", "wounded")
chit_sets = st.lists(st.tuples(st.integers(0, 2), st.sampled_from(STATES)), min_size=1, max_size=6)


def allowed(chits, wounds, fatigue, wounded, fatigued):
    """The rule worked out by brute force over subsets: the wounds on as many distinct chits not yet wounded; the
    fatigue on fresh chits with asterisks, not wounded now, showing exactly what is owed when some subset does,
    else the least sum above it, else every fresh asterisk left."""
    stars = {chit["id"]: chit["label"].count("*") for chit in chits}
    state = {chit["id"]: chit["state"] for chit in chits}
    payers = [chit_id for chit_id in stars if state[chit_id] == "fresh" and stars[chit_id] and chit_id not in wounded]
    if not wounds and not (fatigue and any(state[c] == "fresh" and stars[c] for c in stars)):
        return False  # nothing owed: nothing to settle
    if len(wounded) != wounds or any(state.get(chit_id, "wounded") == "wounded" for chit_id in wounded):
        return False
    if not set(fatigued) <= set(payers):
        return False
    sums = {sum(stars[c] for c in subset) for size in range(len(payers) + 1) for subset in combinations(payers, size)}
    due = fatigue if fatigue in sums else min((s for s in sums if s > fatigue), default=max(sums))
    return sum(stars[c] for c in fatigued) == due


def choices_among(chits, likely, stranger=None):
    """Ticks among the chits: half the time only among those `likely` to do (so that choices the rule allows are
    drawn too), else among them all and a chit he does not have."""
    likely_ids = [chit["id"] for chit in chits if likely(chit)]
    every_id = [chit["id"] for chit in chits] + ([stranger] if stranger else [])
    return st.one_of(st.sets(st.sampled_from(likely_ids), min_size=1, max_size=3) if likely_ids else st.just(set()),
                     st.sets(st.sampled_from(every_id), max_size=3))


@settings(max_examples=150, deadline=None)
@given(chit_sets, st.data())
def test_settle_takes_exactly_the_choices_the_rule_allows(specs, data):
    amazon = character("Amazon", *((f"FIGHT M{index}{'*' * stars}", state)
                                   for index, (stars, state) in enumerate(specs)))
    wounded = sorted(data.draw(choices_among(amazon["chits"], lambda chit: chit["state"] != "wounded", "FLY M4")))
    fatigued = sorted(data.draw(choices_among(amazon["chits"], pays_fatigue)))
    # The debts: half the time what the ticks would pay, so that the choices drawn often settle.
    wounds = data.draw(st.one_of(st.just(len(wounded)), st.integers(0, 2)))
    fatigue = data.draw(st.one_of(st.just(sum(chit_id.count("*") for chit_id in fatigued)), st.integers(1, 4)))
    state, output = amazon_owing(wounds, fatigue, amazon)
    try:
        settled = settle(state, output, "Amazon", {"wounded": wounded, "fatigued": fatigued})
    except PlaysInvalid as refused:
        assert refused.errors and all(error.path in {"wounded", "fatigued", "__all__"} for error in refused.errors)
        assert not allowed(amazon["chits"], wounds, fatigue, wounded, fatigued)
        return
    assert allowed(amazon["chits"], wounds, fatigue, wounded, fatigued)
    changed = {chit_id: s for chit_id, s in chit_states(settled).items() if s != chit_states(state)[chit_id]}
    assert changed == {**{chit_id: "fatigued" for chit_id in fatigued}, **{chit_id: "wounded" for chit_id in wounded}}
