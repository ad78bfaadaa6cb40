"""Where in a round an error's field lies, in the GM's words (`error_place`, systems/error_places.py), for the line
a round that could not be resolved shows (combat/messages.py): every system names a side's plays, the state and
the rules; Magic Realm names the parts of its own round too."""

import pytest

from combat.messages import failure
from systems import SYSTEMS, get_system
from systems.errors import FieldError, PlaysInvalid


@pytest.mark.parametrize("name", SYSTEMS)
@pytest.mark.parametrize("path, place", [
    ("plays.Goblin #2.dice", "Goblin #2's"), ("state.combatants.0", "the battle's state"),
    ("rules.preset", "the campaign's rules"), ("", "the round"), ("max_passes", "the round"),
])
def test_every_system_names_a_sides_plays_the_state_the_rules_and_else_the_round(name, path, place):
    assert get_system(name).error_place(path).startswith(place)


@pytest.mark.parametrize("path, place", [
    ("plays.Black Knight.attack.chit", "Black Knight's attack chit"),
    ("plays.Black Knight.maneuver.box", "Black Knight's maneuver box"),
    ("plays.Black Knight.positions", "Black Knight's plays"),
    ("sheets.Amazon.owner", "Amazon's melee sheet"),
    ("sheets.Amazon.attackers.0", "the attackers on Amazon's melee sheet"),
    ("encounter.actions[0].run.chit", "the encounter step (an encounter action)"),
    ("encounter.meeting_table", "the encounter step (the Meeting table)"),
    ("encounter.something_new", "the encounter step"),
])
def test_magic_realm_names_the_parts_of_its_own_round(path, place):
    assert get_system("magic-realm").error_place(path) == place


def test_a_failed_rounds_line_gives_each_broken_rule_in_its_systems_words_once():
    refused = PlaysInvalid([FieldError("sheets.Amazon.owner", "Amazon is dead"),
                            FieldError("sheets.Amazon.owner", "Amazon is dead"), FieldError("", "no sides")])
    assert failure(refused, get_system("magic-realm")) == (
        "The round breaks the rules: Amazon's melee sheet: Amazon is dead. no sides.")
    assert failure(refused) == "The round breaks the rules: The round: Amazon is dead. no sides."
    assert failure(RuntimeError("the disk is full")) == "Herald could not resolve the round: the disk is full."
