"""Enchanted Realms' picture (systems/enchanted_realms/standing_picture.py): each combatant's hit points and
Protective Points as bars, before the round from its state, after it from the resolution's state with the hit
points lost shaded and the down struck through; never a side's sealed plays. Well-formed XML, names escaped."""

import xml.etree.ElementTree as ET

import pytest

from systems import get_system
from tests.systems.interface_examples import examples_of, load
from tests.systems.picture_checks import assert_accessible_svg, assert_names_escaped

REALMS = get_system("enchanted-realms")
SVG = "{http://www.w3.org/2000/svg}"
AMBUSH = next(path for path in examples_of("enchanted-realms") if path.name == "enchanted-realms-goblin-ambush.json")
CRIT = next(path for path in examples_of("enchanted-realms") if path.name == "enchanted-realms-exploding-crit.json")


def resolved(data):
    return REALMS.resolve(data)


def titles(svg, css):
    return [g.find(f"{SVG}title").text for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == css]


def test_it_draws_every_combatants_hit_points_and_protective_points_before_the_round():
    data = load(AMBUSH)
    svg = REALMS.picture(data)
    assert titles(svg, "hit-points") == [f"{c['name']}: {c['hp']} hit points" for c in data["combatants"]]
    assert titles(svg, "protective-points") == [f"{c['name']}: static Protective Points {c['static_pp']}"
                                                for c in data["combatants"]]


def test_it_shades_the_hit_points_the_round_took():
    svg = REALMS.picture(load(AMBUSH), resolved(load(AMBUSH)))
    assert titles(svg, "hit-points") == ["Aldric: 12 hit points, 2 lost this round (from 14)",
                                         "Bryn: 8 hit points, 2 lost this round (from 10)",
                                         "Goblin 1: 3 hit points, 3 lost this round (from 6)",
                                         "Goblin 2: 5 hit points, 1 lost this round (from 6)"]
    assert svg.count('class="hit-points-lost"') == 4
    assert "Aldric: static Protective Points 6; this round 8 against ranged attacks, 12 against melee and savage" in svg


def test_it_strikes_the_down_through_and_says_so():
    data = load(CRIT)
    data["combatants"][1]["hp"] = 5  # the Veteran's 11 damage takes the Ogre down
    svg = REALMS.picture(data, resolved(data))
    down = [e for e in ET.fromstring(svg).iter(f"{SVG}text") if e.get("class") == "combatant-down"]
    assert [(e[0].tail, e.get("text-decoration")) for e in down] == [("Ogre", "line-through")]
    assert "Ogre (monsters) is down" in svg and "✝ down" in svg
    assert "Ogre: -6 hit points, 11 lost this round (from 5)" in svg


def test_it_never_draws_a_sides_plays():
    data = load(AMBUSH)
    data["plays"]["Bryn"] = {"other": "Zyzzyva whispers to the crows", "reaction": "deflect"}
    svg = REALMS.picture(data)
    assert "Zyzzyva" not in svg and "deflect" not in svg and "ranged" not in svg


def test_it_escapes_every_name():
    assert_names_escaped(REALMS, load(AMBUSH), "Goblin 1")


@pytest.mark.parametrize("path", examples_of("enchanted-realms"), ids=lambda path: path.stem)
def test_every_example_is_drawn_as_an_accessible_svg_before_and_after(path):
    assert_accessible_svg(REALMS, load(path))
