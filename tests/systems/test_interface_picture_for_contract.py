"""The contract of `picture_for` (systems/interface.py): the table before the round as one side may see it, beside
its player's form. Over every example of all four systems, a side's picture is an accessible SVG or None; Magic
Realm's draws the side's own melee sheet (and his hirelings') alone, with his own plays, never another
character's sheet; the Joust's shows both pools, which are no secret; the others show a side none."""

import re
import xml.etree.ElementTree as ElementTree

import pytest

from systems import get_system
from systems.examples import starters
from systems.interface import fill
from tests.systems.interface_examples import ALL_SYSTEMS, state_id, states_of

CASES = [(name, label, state) for name in ALL_SYSTEMS for label, state in states_of(name)]


def starter(system, key: str) -> dict:
    return next(round_input for found, _, round_input in starters(system) if found == key)


def sheet_owners(svg: str) -> list[str]:
    return re.findall(r'aria-label="Melee sheet of ([^"]*)"', svg)


@pytest.mark.parametrize("case", CASES, ids=state_id)
def test_each_sides_picture_is_an_accessible_svg_or_none(case):
    name, _, state = case
    system = get_system(name)
    for side in system.sides_in_battle(state):
        svg = system.picture_for(state, side)
        if svg is not None:
            root = ElementTree.fromstring(svg)
            assert root.get("role") == "img" and root.get("aria-label")


def test_a_magic_realm_character_sees_his_own_sheet_alone():
    system = get_system("magic-realm")
    round_input = starter(system, "thirty-combatants")

    assert len(sheet_owners(system.picture(round_input))) == 7
    for side in system.sides_in_battle(round_input):
        svg = system.picture_for(round_input, side)
        assert sheet_owners(svg) == [side]
        assert f'aria-label="{side}&#x27;s melee sheet"' in svg


def test_a_magic_realm_character_sees_his_own_plays_on_his_sheet_and_no_one_elses():
    system = get_system("magic-realm")
    round_input = starter(system, "thirty-combatants")
    knight = system.plays_form(round_input, "Black Knight")
    amazon = system.plays_form(round_input, "Amazon")
    played = fill(fill(round_input, knight, {"attack_chit": "FIGHT H6", "target": "H Troll", "attack_box": 2}),
                  amazon, {"attack_chit": "FIGHT M5", "target": "Giant", "attack_box": 1})

    knights = system.picture_for(played, "Black Knight")

    assert "Attack: FIGHT H6" in knights and "→ H Troll" in knights
    assert "FIGHT M5" not in knights and "Giant" not in knights


def test_a_magic_realm_character_sees_the_sheets_of_his_hirelings_too():
    system = get_system("magic-realm")
    round_input = starter(system, "thirty-combatants")
    for denizen in round_input["state"]["denizens"]:
        if denizen["id"] == "H Troll":
            denizen["hired_by"] = "Black Knight"

    svg = system.picture_for(round_input, "Black Knight")

    assert sheet_owners(svg) == ["Black Knight", "H Troll"]
    assert 'aria-label="The melee sheets of Black Knight, H Troll"' in svg


def test_a_magic_realm_character_without_a_sheet_sees_none():
    system = get_system("magic-realm")
    round_input = starter(system, "thirty-combatants")
    round_input["sheets"] = [sheet for sheet in round_input["sheets"] if sheet["owner"] != "Amazon"]

    assert system.picture_for(round_input, "Amazon") is None


def test_a_jouster_sees_both_pools():
    system = get_system("fallen-empire")
    joust = next(state for label, state in states_of("fallen-empire") if state.get("kind") == "joust")
    first, second = system.sides_in_battle(joust)

    assert system.picture_for(joust, first) == system.picture_for(joust, second) == system.picture(joust)
    assert first in system.picture_for(joust, first) and second in system.picture_for(joust, first)
