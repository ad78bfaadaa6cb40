"""Every system's battles begun before its campaigns moved to the interface's pages (systems/old_battles.py): a
system exports the five functions; an empty draft and no GM entries leave nothing unsaid (Magic Realm answers
that an empty draft plays nothing in the encounter step) and no GM entries no GM answers; a round
with no GM entries waited for nothing; a system whose battles were fought through the interface from the start
refuses an old state naming the field."""

import pytest

from systems import SYSTEMS, get_system
from systems.errors import PlaysInvalid
from systems.examples import starters

OLD_BATTLES = ("battle_from_old", "answers_from_old", "gm_answers_from_old", "round_input_from_old", "wait_from_old")


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_its_reading_of_old_battles(name):
    assert set(OLD_BATTLES) <= set(get_system(name).__all__)


@pytest.mark.parametrize("name", SYSTEMS)
def test_nothing_old_gives_no_answers_and_nothing_said(name):
    system = get_system(name)
    for _, _, round_input in starters(system):
        for side in system.sides(round_input):
            answers, left = system.answers_from_old(round_input, side, {})
            assert left == () and set(answers) <= {"encounter_play"}
        assert system.gm_answers_from_old(round_input, {}) == ({}, ())
        assert system.wait_from_old({}) == {}


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_old_state_is_read_or_refused_naming_the_field(name):
    system = get_system(name)
    try:
        state = system.battle_from_old({"state": {"round": 1, "characters": [], "denizens": []}, "sheets": []})
    except PlaysInvalid as refused:
        assert refused.errors and all(error.path for error in refused.errors)
    else:
        assert isinstance(state, dict) and "state" in state
