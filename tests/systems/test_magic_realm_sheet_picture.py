"""The melee sheets drawn as SVG: every piece that stood on a sheet, in its box, labelled and tied to its
owner, from the round files in docs/examples and the engine's logs of them. Pure, like the plug-in: each
picture is a plain string with every name escaped (the pages mark it safe: tests/combat/test_drawn_sheets.py).
"""

import json
import re
from pathlib import Path

from systems.magic_realm.sheet_picture import sheet_svg, sheet_svgs

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def drawn(name):
    round_input = json.loads((EXAMPLES / f"{name}.json").read_text())
    result = json.loads((EXAMPLES / f"{name}.result.json").read_text())
    sheets = sheet_svgs(round_input, result["events"], {kill["victim"] for kill in result["kills"]})
    return {sheet["owner"]: sheet["svg"] for sheet in sheets}


def box_of(svg, label):
    """The box whose header comes last before the label's text."""
    position = svg.index(label)
    return int(re.findall(r"Box (\d):", svg[:position])[-1])


def text_element(svg, label):
    return re.search(r"<text[^>]*>(?:(?!</text>).)*" + re.escape(label) + r".*?</text>", svg).group(0)


def test_it_draws_a_monsters_club_in_its_own_box_with_its_side():
    giant = drawn("thirty-combatants")["Giant"]
    assert "Giant&#x27;s Giant Club (light)" in giant
    assert box_of(giant, "Giant&#x27;s Giant Club") == 1  # repositioned from 2 to 1 by die 3
    assert box_of(giant, "Giant (light) (sheet owner)") == 2


def test_it_ties_a_piece_to_its_owner_with_a_bracket():
    giant = drawn("thirty-combatants")["Giant"]
    assert giant.count('class="sheet-tie"') == 1
    assert "<title>Giant&#x27;s piece</title>" in giant


def test_it_draws_a_natives_horse_galloping_in_its_own_box():
    knight = drawn("rider-horse-and-rider")["White Knight"]
    assert box_of(knight, "Lancer 1&#x27;s Lancer Pony 1 (galloping)") == 3
    assert box_of(knight, "Lancer 1 (light)") == 2  # repositioned from 1 by die 3
    assert 'class="sheet-tie"' in knight


def test_it_draws_the_characters_own_horse_and_the_riders_own_maneuver():
    knight = drawn("rider-horse-and-rider")["White Knight"]
    assert box_of(knight, "Horse: White Knight&#x27;s Warhorse (galloping)") == 2
    assert box_of(knight, "Rider: MOVE H6") == 3
    assert box_of(knight, "Attack: FIGHT T5* Great Sword") == 1


def test_it_draws_a_red_side_up_monster_in_red_and_says_so():
    amazon = drawn("red-side-up-t-troll")["Amazon"]
    troll = text_element(amazon, "T Troll (red side up)")
    assert 'fill="#b3001b"' in troll and "sheet-red" in troll


def test_it_turns_red_a_monster_that_hit_without_killing_this_round():
    knight = drawn("thirty-combatants")["Black Knight"]
    assert "sheet-red" in text_element(knight, "T Troll (red side up)")


def test_it_strikes_through_the_dead_and_says_dead():
    amazon = drawn("thirty-combatants")["Amazon"]
    goblin = text_element(amazon, "Sword Goblin 1 (dark)")
    assert 'text-decoration="line-through"' in goblin and "✝ dead" in goblin
    assert 'text-decoration="line-through"' not in text_element(amazon, "Spear Goblin 1 (dark)")


def test_it_shows_the_side_a_counter_fought_on_after_changing_tactics():
    amazon = drawn("thirty-combatants")["Amazon"]
    assert "Spear Goblin 2 (dark)" in amazon  # light side up, turned over by a 6 in box 2


def test_it_names_each_sheet_for_screen_readers():
    sheets = drawn("rider-horse-and-rider")
    for owner, svg in sheets.items():
        assert f'aria-label="Melee sheet of {owner}' in svg and f"<title>Melee sheet of {owner}" in svg
        assert 'role="img"' in svg


def test_it_draws_a_club_where_the_side_placed_it_when_the_log_has_no_placement():
    state = {"characters": [{"id": "Amazon"}], "denizens": [{"id": "Giant", "counter": "Giant", "side": "light",
                                                               "weapon_side": "dark"}]}
    sheet = {"owner": "Amazon", "attackers": [{"combatant": "Giant", "box": 3, "weapon_box": 1}]}
    svg = sheet_svg(sheet, None, set(), state)
    assert box_of(svg, "Giant&#x27;s Giant Club (dark)") == 1
    assert box_of(svg, "Giant (light)") == 3


def test_it_escapes_names():
    sheet = {"owner": "<b>Knight</b>", "attackers": [{"combatant": "Wolf <i>", "box": 1}]}
    svg = sheet_svg(sheet, None, set(), {})
    assert "<b>" not in svg and "<i>" not in svg and "&lt;b&gt;Knight" in svg


def test_it_escapes_ampersands_and_quotes_in_every_name_and_label_it_draws():
    hostile = 'Bad & "Co" \'x\' <b>'
    sheet = {"owner": hostile, "owner_target": hostile, "attackers": [{"combatant": hostile, "box": 1}]}
    play = {"target": hostile, "attack": {"chit": hostile, "weapon": hostile, "box": 2}}
    svg = sheet_svg(sheet, play, {hostile}, {"characters": [{"id": hostile}]})
    escaped = "Bad &amp; &quot;Co&quot; &#x27;x&#x27; &lt;b&gt;"
    assert isinstance(svg, str) and hostile not in svg and "<b>" not in svg and " & " not in svg
    assert f'aria-label="Melee sheet of {escaped} (dead)"' in svg and f"attacks {escaped}" in svg
    assert f"Attack: {escaped} {escaped} → {escaped}" in svg


def test_it_draws_a_dragons_head_turned_over_by_changing_tactics():
    state = {"characters": [{"id": "Amazon"}], "denizens": [{"id": "T Dragon", "counter": "T Dragon"}]}
    round_input = {"state": state, "sheets": [{"owner": "Amazon", "attackers": [{"combatant": "T Dragon"}]}], "plays": {}}
    events = [
        {"kind": "placement", "data": {"sheet": "Amazon", "boxes": {"T Dragon": 1, "T Dragon's Dragon Head": 2}}},
        {"kind": "tactics", "data": {"sheet": "Amazon", "box": 2, "turned": True, "chits": ["T Dragon's Dragon Head"]}},
    ]
    svg = sheet_svgs(round_input, events)[0]["svg"]
    assert box_of(svg, "T Dragon&#x27;s Dragon Head (dark)") == 2
    assert box_of(svg, "T Dragon (light)") == 1


def test_a_native_without_a_horse_has_no_piece_and_a_denizens_sheet_says_whom_it_attacks():
    state = {"characters": [{"id": "Captain"}],
             "denizens": [{"id": "Giant", "counter": "Giant"}, {"id": "Soldier 1", "counter": "Soldier 1", "group": "Soldiers"}]}
    sheet = {"owner": "Giant", "owner_target": "Soldier 1", "attackers": [{"combatant": "Soldier 1", "box": 2}]}
    svg = sheet_svg(sheet, None, set(), state)
    assert "attacks Soldier 1" in svg
    assert box_of(svg, "Soldier 1 (light)") == 2 and "Soldier 1&#x27;s" not in svg
    assert "Giant (light) (sheet owner)" in svg


def test_a_characters_attack_names_its_target():
    knight = drawn("rider-horse-and-rider")["White Knight"]
    assert "Attack: FIGHT T5* Great Sword → Lancer 1 (the rider)" in knight


def test_a_label_too_long_for_the_sheet_goes_on_over_more_lines_and_is_never_cut_off():
    sheet = {"owner": "Black Knight", "attackers": [{"combatant": "Hobgoblin Champion of the Northern Marches 1", "box": 1}]}
    play = {"target": "Hobgoblin Champion of the Northern Marches 1", "attack": {"chit": "FIGHT H4**", "weapon": "Morning Star", "box": 2}}
    svg = sheet_svg(sheet, play, set())
    assert "…" not in svg
    attack = text_element(svg, "Attack: FIGHT H4** Morning Star →")
    shown = re.sub(r"<title>.*?</title>|<[^>]+>", " ", attack)
    assert " ".join(shown.split()) == "Attack: FIGHT H4** Morning Star → Hobgoblin Champion of the Northern Marches 1"
    assert attack.count("<tspan") == 1
    height = int(re.search(r'viewBox="0 0 \d+ (\d+)"', svg).group(1))
    empty = sheet_svg({**sheet, "attackers": []}, None, set())
    assert height > int(re.search(r'viewBox="0 0 \d+ (\d+)"', empty).group(1))


def test_a_demon_s_magic_attack_is_drawn_beside_it_with_the_gm_s_ruling():
    svg = drawn("demon-power-of-the-pit-gm-ruling")["Swordsman"]
    assert "Demon (light): Power of the Pit → Swordsman, GM ruling: 2 wounds" in svg
    assert box_of(svg, "Demon (light): Power of the Pit") == 1  # repositioned from 2 to 1 by die 3


def test_the_imp_s_curse_is_drawn_as_the_gm_ruled():
    assert "Imp (light): Curse → Amazon, GM ruling: as the GM ruled" in drawn("imp-curse-gm-ruling")["Amazon"]


def test_a_round_that_waits_draws_the_demon_waiting_for_the_ruling():
    round_input = json.loads((EXAMPLES / "demon-power-of-the-pit-gm-ruling.json").read_text())
    events = [{"kind": "magic", "data": {"attacker": "Demon", "target": "Swordsman", "spell": "Power of the Pit"}},
              {"kind": "ruling_needed", "data": {"attacker": "Demon"}}]
    [sheet] = sheet_svgs(round_input, events)
    assert "Demon (light): Power of the Pit → Swordsman, waits for the GM&#x27;s ruling" in sheet["svg"]


def test_a_demon_on_the_pilgrim_s_sheet_is_drawn_making_no_attack():
    assert "Demon (light): no attack (HEAVENLY PROTECTION)" in drawn("pilgrim-heavenly-protection")["Pilgrim"]


# --- the plug-in's picture (systems/magic_realm/plugin.py `picture`, issue #11's interface) ---------------


def _example(name: str) -> dict:
    import json
    from pathlib import Path

    return json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / f"{name}.json").read_text())


def test_the_plugins_picture_draws_every_sheet_of_the_round_in_one_svg():
    from systems import get_system

    system = get_system("magic-realm")
    round_input = _example("thirty-combatants")
    svg = system.picture(round_input)
    assert svg.startswith("<svg") and svg.count('class="melee-sheet"') == len(round_input["sheets"])
    for sheet in round_input["sheets"]:
        assert f"Melee sheet of {sheet['owner']}" in svg


def test_after_the_round_the_picture_strikes_through_the_killed():
    from systems import get_system

    system = get_system("magic-realm")
    round_input = _example("black-knight-vs-wolf")
    assert "Wolf (light) ✝ dead" not in system.picture(round_input)
    assert "Wolf (light) ✝ dead" in system.picture(round_input, system.resolve(round_input))


def test_a_round_of_the_encounter_step_alone_has_no_picture():
    from systems import get_system

    assert get_system("magic-realm").picture(_example("encounter-stumble")) is None
