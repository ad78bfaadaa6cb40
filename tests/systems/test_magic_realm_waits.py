"""What a Magic Realm round that cannot resolve yet (or at all) gives back through the interface: the pending
encounter choice or GM rulings whole in the output, as the app's round page keeps them, and a broken round
refused with the engine's own errors, in the order the engine stops at them."""

import pytest

from systems import get_system
from systems.errors import FieldError, PlaysInvalid
from tests.systems.interface_examples import EXAMPLES, load

MAGIC_REALM = get_system("magic-realm")


def example(stem: str) -> dict:
    return load(next(path for path in EXAMPLES if path.stem == stem))


def hidden_knight_with_two_hirelings() -> dict:
    """An unassigned Wolf goes to the hidden Black Knight's hirelings: his player picks which takes it."""
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [{"id": "Black Knight", "hidden": True}, {"id": "Amazon"}],
                      "denizens": [{"id": "Wolf"}, {"id": "Soldier 1", "hired_by": "Black Knight"},
                                   {"id": "Soldier 2", "hired_by": "Black Knight"}]},
            "sheets": [], "encounter": {"battling": [{"group": "Soldiers", "character": "Amazon"}]}, "seed": 1}


def test_a_round_waiting_for_an_encounter_choice_carries_the_whole_choice_in_its_output():
    resolution = MAGIC_REALM.resolve(hidden_knight_with_two_hirelings())
    choice = resolution.output["choice_needed"]
    assert choice == {"path": "choices.Wolf", "denizen": "Wolf", "character": "Black Knight",
                      "options": ["Soldier 1", "Soldier 2"], "rule": choice["rule"], "message": choice["message"]}
    assert choice["rule"] and "Wolf" in choice["message"]
    assert resolution.waiting_for == (FieldError("encounter.choices.Wolf", choice["message"]),)


def test_a_round_waiting_for_the_gms_ruling_carries_each_ruling_in_its_output():
    data = {key: value for key, value in example("demon-power-of-the-pit-gm-ruling").items() if key != "gm_rulings"}
    resolution = MAGIC_REALM.resolve(data)
    [ruling] = resolution.output["rulings_needed"]
    assert ruling["path"] == "gm_rulings.Demon" and ruling["attacker"] == "Demon" and ruling["target"] == "Swordsman"
    assert set(ruling) == {"path", "attacker", "target", "spell", "magic_type", "time", "length", "block", "message"}
    assert resolution.waiting_for == (FieldError(ruling["path"], ruling["message"]),)


def test_a_broken_encounter_round_is_refused_with_the_error_the_engine_stops_at():
    """`validate` names the unknown denizen twice (the melee's check and the encounter step's); the engine
    stops at the encounter step's, and a failed round has always named that one alone."""
    data = example("encounter-stumble")
    data["state"]["denizens"].append({"id": "Bat"})
    assert len(MAGIC_REALM.validate(data)) == 2
    with pytest.raises(PlaysInvalid) as refused:
        MAGIC_REALM.resolve(data, seed=3)
    bat = len(data["state"]["denizens"]) - 1
    assert [error.path for error in refused.value.errors] == [f"state.denizens[{bat}].counter"]
    assert "unknown denizen 'Bat'" in refused.value.errors[0].message
