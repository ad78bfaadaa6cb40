"""Fatigue that no fresh chits add up to exactly (Herald's ruling, docs/rulings.md): the least sum above
the debt, without change; a character with fewer fresh asterisks than he owes fatigues them all. A GM is
never left with a debt the record form refuses every way (issue #14: an error the GM can act on)."""

from systems.magic_realm import chit_choice as chits

OWES_ONE_FATIGUE = {"wounds": 0, "fatigue": 1}


def battle_state(*chit_states: tuple[str, str]) -> dict:
    return {"state": {"characters": [{"id": "Amazon", "chits": [
        {"id": chit_id, "label": chit_id.split(" #")[0], "state": state} for chit_id, state in chit_states]}]}}


# The Amazon of the random battle that found it: her one-asterisk chits wounded or fatigued, owing one.
ONLY_TWO_ASTERISK_CHITS_FRESH = battle_state(
    ("MOVE M3*", "wounded"), ("FIGHT L4", "fresh"), ("FIGHT M4*", "fatigued"), ("MOVE M3* #2", "fatigued"),
    ("FIGHT M3**", "fresh"), ("FIGHT H4**", "fresh"))


def test_one_asterisk_owed_is_paid_with_a_two_asterisk_chit_when_no_one_asterisk_chit_is_fresh():
    assert chits.choice_errors(ONLY_TWO_ASTERISK_CHITS_FRESH, "Amazon", OWES_ONE_FATIGUE, [], ["FIGHT M3**"]) == {}


def test_it_says_what_to_tick_when_nothing_is_ticked_for_a_debt_no_fresh_chits_add_up_to():
    errors = chits.choice_errors(ONLY_TWO_ASTERISK_CHITS_FRESH, "Amazon", OWES_ONE_FATIGUE, [], [])
    assert errors == {"fatigued": ["Amazon owes 1 asterisk of fatigue and no fresh chits add up to exactly that: "
                                   "tick chits showing 2, the least above it (no change is given; the chits ticked show 0)."]}


def test_it_refuses_to_overpay_more_than_the_least_sum_above_the_debt():
    errors = chits.choice_errors(ONLY_TWO_ASTERISK_CHITS_FRESH, "Amazon", OWES_ONE_FATIGUE, [], ["FIGHT M3**", "FIGHT H4**"])
    assert list(errors) == ["fatigued"] and "tick chits showing 2" in errors["fatigued"][0]


def test_an_exact_payment_is_still_required_when_one_exists():
    state = battle_state(("FIGHT M4*", "fresh"), ("FIGHT M3**", "fresh"))
    errors = chits.choice_errors(state, "Amazon", OWES_ONE_FATIGUE, [], ["FIGHT M3**"])
    assert errors == {"fatigued": ["Amazon owes 1 asterisk of fatigue: the chits ticked to fatigue show 2."]}
    assert chits.choice_errors(state, "Amazon", OWES_ONE_FATIGUE, [], ["FIGHT M4*"]) == {}


def test_the_chits_ticked_to_be_wounded_do_not_pay_fatigue():
    state = battle_state(("FIGHT M4*", "fresh"), ("FIGHT M3**", "fresh"))
    owed = {"wounds": 1, "fatigue": 1}
    assert chits.fatigue_due(state["state"]["characters"][0]["chits"], ["FIGHT M4*"], 1) == 2
    assert chits.choice_errors(state, "Amazon", owed, ["FIGHT M4*"], ["FIGHT M3**"]) == {}


def test_a_character_with_fewer_fresh_asterisks_than_he_owes_fatigues_them_all():
    state = battle_state(("MOVE M3*", "fresh"), ("FIGHT M4*", "fatigued"), ("FIGHT L4", "fresh"))
    owed = {"wounds": 0, "fatigue": 2}
    assert chits.choice_errors(state, "Amazon", owed, [], ["MOVE M3*"]) == {}
    errors = chits.choice_errors(state, "Amazon", owed, [], [])
    assert errors == {"fatigued": ["Amazon owes 2 asterisks of fatigue but has only 1 asterisk on fresh chits: "
                                   "tick them all (the chits ticked show 0)."]}


def test_with_no_fresh_asterisk_at_all_nothing_is_due():
    state = battle_state(("FIGHT L4", "fresh"), ("FIGHT M4*", "fatigued"))
    assert chits.fatigue_due(state["state"]["characters"][0]["chits"], [], 1) == 0
    assert chits.choice_errors(state, "Amazon", OWES_ONE_FATIGUE, [], []) == {}
