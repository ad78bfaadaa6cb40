"""Every round file in docs/examples resolves through the interface (`systems.get_system(...).resolve`) exactly
as `manage.py resolve_round` resolves it: the Resolution's output is the golden `NAME.result.json`
(tests/combat/test_golden_examples.py checks the command against the same files)."""

import pytest

from systems import get_system, system_of
from systems.dice import ScriptedDice
from systems.magic_realm.engine.dice import ScriptedDice as EngineDice
from tests.systems.interface_examples import EXAMPLES, golden, load

NEW_SYSTEMS = [path for path in EXAMPLES if system_of(load(path)) != "magic-realm"]
MAGIC_REALM = [path for path in EXAMPLES if system_of(load(path)) == "magic-realm"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_interface_resolves_every_example_to_its_golden_result(path):
    data = load(path)
    resolution = get_system(system_of(data)).resolve(data)
    assert resolution.waiting_for == ()
    assert resolution.output == golden(path)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_events_of_the_resolution_are_the_golden_log_in_order(path):
    data = load(path)
    resolution = get_system(system_of(data)).resolve(data)
    assert [event.line for event in resolution.events[:len(golden(path)["events"])]] == [
        event["line"] for event in golden(path)["events"]]


@pytest.mark.parametrize("path", NEW_SYSTEMS, ids=lambda path: path.stem)
def test_dice_injected_by_the_caller_give_the_golden_result(path):
    """The new systems' dice (systems.dice) injected: the golden result's own faces, thrown in order."""
    data = load(path)
    expected = golden(path)
    resolution = get_system(system_of(data)).resolve(data, dice=ScriptedDice(list(expected["dice"])))
    assert resolution.output == {**expected, "seed": None}


@pytest.mark.parametrize("path", MAGIC_REALM, ids=lambda path: path.stem)
def test_magic_realm_dice_injected_by_the_caller_give_the_golden_result(path):
    """Magic Realm's engine dice (systems.magic_realm.engine.dice, d6 only) injected: the golden result's faces in order."""
    expected = golden(path)
    faces = [face for roll in expected["dice"] for face in roll["dice"]]
    resolution = get_system("magic-realm").resolve(load(path), dice=EngineDice(faces))
    assert {**resolution.output, "seed": None} == {**expected, "seed": None}
