"""The contract of a system's demo campaign (systems/demo.py, the interface's `demo_campaign`), the same for every
system: what `load_demo` makes from it is a campaign the system accepts, characters it keeps under their names,
and battles that start (from one of its examples, or set up from its answers as on the new battle page)."""

import pytest

from systems import get_system
from systems.examples import starters
from systems.states import state_errors
from tests.systems.interface_examples import ALL_SYSTEMS

DEMOS = {name: get_system(name).demo_campaign() for name in ALL_SYSTEMS}
WITH_DEMO = [name for name, demo in DEMOS.items() if demo is not None]


def test_every_demo_campaign_has_a_slug_of_its_own_and_every_demo_battle_a_key_of_its_own():
    demos = [DEMOS[name] for name in WITH_DEMO]
    assert WITH_DEMO and len({demo.slug for demo in demos}) == len(demos)
    keys = [battle.key for demo in demos for battle in demo.battles]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("name", WITH_DEMO)
def test_its_preset_is_one_of_the_systems(name):
    demo, system = DEMOS[name], get_system(name)
    assert not system.check_options({"preset": demo.preset} if demo.preset else {})


@pytest.mark.parametrize("name", WITH_DEMO)
def test_each_demo_character_is_kept_under_its_name_with_a_group_and_a_record_the_system_accepts(name):
    demo, system = DEMOS[name], get_system(name)
    assert demo.party and len({member.character for member in demo.party}) == len(demo.party)
    for member in demo.party:
        assert system.character_name(member.character) == member.character
        assert member.native_group in ("", *system.native_groups())
        assert not system.check_record({**system.new_record(), **member.record})


@pytest.mark.parametrize("name", WITH_DEMO)
def test_each_demo_battle_starts_from_an_example_or_sets_up_from_its_answers_a_state_the_system_accepts(name):
    demo, system = DEMOS[name], get_system(name)
    characters = tuple(member.character for member in demo.party)
    examples = {key: state for key, _, state in starters(system)}
    assert demo.battles
    for battle in demo.battles:
        if battle.answers is None:
            assert battle.key in examples, battle.key
            state = examples[battle.key]
        else:
            state = system.set_up(dict(battle.answers), characters)
        assert not state_errors(system, state), battle.key
        played = set(system.sides(state)) & set(characters)
        assert played, f"{battle.key}: a character of the party fights"
