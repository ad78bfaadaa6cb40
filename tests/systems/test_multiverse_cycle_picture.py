"""Multiverse's picture (systems/multiverse/cycle_picture.py): before a cycle each combatant's standing from the
state alone, never the actions a side declared; after it the 10 ticks as a timeline with a mark on each tick the
log names, the dead struck through. Every picture is well-formed XML with every name escaped."""

import xml.etree.ElementTree as ET

import pytest

from systems import get_system
from systems.multiverse.cycle_picture import CELL, LEFT
from tests.systems.interface_examples import examples_of, load
from tests.systems.picture_checks import assert_accessible_svg, assert_names_escaped

MULTIVERSE = get_system("multiverse")
SVG = "{http://www.w3.org/2000/svg}"
COUNTERSPELL = next(path for path in examples_of("multiverse") if path.name == "multiverse-counterspell.json")


def resolved(data):
    return MULTIVERSE.resolve(data)


def marks(svg):
    """Each mark of the timeline as (its title, the tick whose column it stands in)."""
    found = []
    for element in ET.fromstring(svg).iter():
        css = element.get("class") or ""
        if not css.startswith("mark-"):
            continue
        x = float(element.get("cx") or element.get("d").split()[0].lstrip("M"))
        found.append((css, element.find(f"{SVG}title").text, int((x + 8 - LEFT) // CELL) + 1))
    return found


def test_it_draws_every_combatant_with_its_life_and_endurance_before_the_cycle():
    data = load(COUNTERSPELL)
    svg = MULTIVERSE.picture(data)
    for combatant in data["combatants"]:
        assert f"{combatant['name']}: Life {combatant['life']}" in svg
        assert f"{combatant['name']}: Endurance {combatant['endurance']}" in svg
    assert "Astaroth carries cast Storm (5 mana, 5 ticks) into this cycle: 2 more ticks" in svg


def test_it_never_draws_the_actions_a_side_declared_for_the_cycle():
    data = load(COUNTERSPELL)
    data["actions"]["Astaroth"] += [{"kind": "other", "ticks": 6}, {"kind": "cast", "ticks": 3, "spell": "Zyzzyva's Secret"}]
    assert "Zyzzyva" not in MULTIVERSE.picture(data)
    after = MULTIVERSE.picture(data, resolved(data))
    assert "Zyzzyva" not in after  # never begun this cycle: Astaroth's own secret
    assert "Astaroth's other (6 ticks) needs 1 more ticks" in after.replace("&#x27;", "'")  # the begun one is seen


def test_it_marks_each_tick_the_log_names_for_each_combatant():
    svg = MULTIVERSE.picture(load(COUNTERSPELL), resolved(load(COUNTERSPELL)))
    drawn = {(css, title.split(":")[0], tick) for css, title, tick in marks(svg)}
    assert ("mark-action", "Tick 1", 1) in drawn  # Goblin 1 sprints
    assert ("mark-action", "Tick 2", 2) in drawn  # the Shaman counters
    assert ("mark-hit", "Tick 3", 3) in drawn  # Astaroth loses 2 life
    assert ("mark-dead", "Tick 5", 5) in drawn
    assert "Tick 5: Goblin 1 is dead (-1 life)" in {title for _, title, _ in marks(svg)}
    assert "Tick 3: Astaroth loses 2 life to Goblin 1" in svg


def test_it_draws_an_action_carried_into_the_next_cycle_past_tick_10():
    data = load(COUNTERSPELL)
    data["actions"]["Shaman"] = [{"kind": "other", "ticks": 14}]
    carried = [mark for mark in marks(MULTIVERSE.picture(data, resolved(data))) if mark[0] == "mark-carry"]
    assert [tick for _, _, tick in carried] == [11]


def test_it_strikes_the_dead_through_and_says_so():
    svg = MULTIVERSE.picture(load(COUNTERSPELL), resolved(load(COUNTERSPELL)))
    dead = [e for e in ET.fromstring(svg).iter(f"{SVG}text") if e.get("class") == "combatant-dead"]
    assert [e.get("text-decoration") for e in dead] == ["line-through"]
    assert "Goblin 1 (goblins): life 3 → -1, dead" in svg


def test_it_escapes_every_name():
    assert_names_escaped(MULTIVERSE, load(COUNTERSPELL), "Goblin 1")


@pytest.mark.parametrize("path", examples_of("multiverse"), ids=lambda path: path.stem)
def test_every_example_is_drawn_as_an_accessible_svg_before_and_after(path):
    assert_accessible_svg(MULTIVERSE, load(path))


def test_a_name_that_reads_like_the_logs_wording_is_never_taken_for_what_happened():
    from systems.multiverse.cycle_picture import _marks

    said = [{"kind": "spell", "text": "Tick 2: Mage drops the Storm counters Orc", "actors": ["Mage drops the Storm"]},
            {"kind": "attack", "text": "Tick 3: Orc fires at will strikes at Mage", "actors": ["Orc fires at will", "Mage"],
             "data": {"damage": 1}}]

    labels = [(mark.combatant, mark.label) for mark in _marks(said)]

    assert labels == [("Mage drops the Storm", "cast"), ("Orc fires at will", "hit"), ("Mage", "−1")]
