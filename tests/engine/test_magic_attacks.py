"""Demons, Winged Demons and the Imp attack with magic (issue #15.5): the sources give no table for Power of
the Pit or Curse, so the log says the GM must rule and the round waits for the ruling; given, it is applied
in the attack's block and cited "GM ruling". The Pilgrim's HEAVENLY PROTECTION keeps them off him."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.magic_realm.engine.dice import ScriptedDice
from systems.magic_realm.engine.melee import RoundInvalid, resolve_round, validate_round
from systems.magic_realm.engine.play import GmRulingPending, play_round
from systems.magic_realm.engine.round_format import read_round, result_to_json, round_to_json

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def demon_on_swordsman(**changes) -> dict:
    data = example("demon-power-of-the-pit-gm-ruling")
    data.pop("gm_rulings")
    for key, value in changes.items():
        data[key] = value
    return data


def melee(data: dict):
    round_file = read_round(data)
    return resolve_round(round_file.round_input, round_file.make_dice())


def texts(result) -> list[str]:
    return [event.text for event in result.events]


def test_a_demon_without_a_ruling_attacks_and_the_round_waits_for_the_gm():
    result = melee(demon_on_swordsman())
    [needed] = result.rulings_needed
    assert (needed.attacker, needed.target, needed.spell, needed.time, needed.block) == ("Demon", "Swordsman", "Power of the Pit", 2, 1)
    assert needed.path == "gm_rulings.Demon"
    assert any(text.startswith("The GM must rule on Demon's Power of the Pit against Swordsman (magic V, attack time 2, block 1)")
               for text in texts(result))


def test_a_demon_s_attack_is_not_a_quiet_round_even_after_a_quiet_one():
    data = demon_on_swordsman()
    data["state"]["previous_round_quiet"] = True
    data["plays"]["Swordsman"]["attack"] = None
    data["plays"]["Swordsman"]["maneuver"] = {"chit": "MOVE L4", "box": 3}
    data["dice"] = [3]
    data["gm_rulings"] = [{"attacker": "Demon", "target": "Swordsman", "outcome": "no_effect"}]
    result = melee(data)
    assert (result.quiet, result.combat_ends) == (False, False)
    assert "Combat goes on: a spell was cast this round" in texts(result)


def test_play_round_stops_for_the_ruling_and_the_command_exits_3_saying_what_is_needed(tmp_path):
    data = demon_on_swordsman()
    with pytest.raises(GmRulingPending) as pending:
        play_round(read_round(data), read_round(data).make_dice())
    assert [n.path for n in pending.value.needed] == ["gm_rulings.Demon"]
    path = tmp_path / "demon.json"
    path.write_text(json.dumps(data))
    completed = subprocess.run([sys.executable, str(ROOT / "manage.py"), "resolve_round", str(path)],
                               capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert completed.returncode == 3, completed.stderr
    output = json.loads(completed.stdout)
    assert output["rulings_needed"][0]["message"].startswith("The GM must rule on Demon's Power of the Pit against Swordsman")
    assert "Traceback" not in completed.stderr


def test_the_ruling_wounds_the_swordsman_and_is_cited_as_a_gm_ruling():
    result = melee(example("demon-power-of-the-pit-gm-ruling"))
    assert not result.rulings_needed
    assert result.summary("Swordsman").wounds_owed == 2
    ruled = next(event for event in result.events if event.kind == "ruling")
    assert str(ruled).startswith("GM ruling: Swordsman takes 2 wound(s) from Power of the Pit")
    assert "(GM ruling: Power of the Pit has no table in the sources)" in str(ruled)


def test_a_ruling_that_kills_the_target_cancels_his_later_attack():
    data = demon_on_swordsman(gm_rulings=[{"attacker": "Demon", "target": "Swordsman", "outcome": "killed"}], dice=[3])
    result = melee(data)
    assert result.summary("Swordsman").killed
    assert [(kill.victim, kill.killers) for kill in result.kills] == [("Swordsman", ("Demon",))]
    assert "Swordsman was killed earlier this round: its attack is cancelled" in texts(result)
    assert result.combat_ends  # no character is left


def test_a_ruling_of_fatigue_adds_to_what_the_effort_owes():
    data = demon_on_swordsman(gm_rulings=[{"attacker": "Demon", "target": "Swordsman", "outcome": "fatigue", "amount": 2}])
    result = melee(data)
    assert result.summary("Swordsman").fatigue_owed == 2  # one free asterisk played, and two ruled
    assert "Swordsman owes 0 + 2 asterisk(s) of fatigue the GM ruled = 2 to fatigue" in texts(result)


def test_a_ruling_for_another_target_does_not_answer_this_attack():
    data = demon_on_swordsman(gm_rulings=[{"attacker": "Demon", "target": "Demon", "outcome": "no_effect"}])
    assert [n.target for n in melee(data).rulings_needed] == ["Swordsman"]


def test_the_imp_curses_with_the_gm_s_words_and_changes_nothing_else():
    result = melee(example("imp-curse-gm-ruling"))
    summary = result.summary("Amazon")
    assert (summary.wounds_owed, summary.fatigue_owed, summary.killed) == (0, 0, False)
    assert any("Curse on Amazon: cursed with Ill Health" in text for text in texts(result))
    assert not result.quiet


def test_a_winged_demon_attacks_at_time_3():
    data = demon_on_swordsman()
    data["state"]["denizens"] = [{"id": "Winged Demon", "side": "light"}]
    data["sheets"][0]["attackers"] = [{"combatant": "Winged Demon", "box": 2}]
    data["plays"]["Swordsman"]["target"] = "Winged Demon"
    [needed] = melee(data).rulings_needed
    assert (needed.spell, needed.magic_type, needed.time) == ("Power of the Pit", "V", 3)


@pytest.mark.parametrize("ruling, path", [
    ({"attacker": "Demon", "target": "Demon", "outcome": "wounds", "amount": 1}, "gm_rulings.Demon.outcome"),
    ({"attacker": "Demon", "target": "Swordsman", "outcome": "wounds", "amount": 0}, "gm_rulings.Demon.amount"),
    ({"attacker": "Demon", "target": "Swordsman", "outcome": "other"}, "gm_rulings.Demon.note"),
    ({"attacker": "Ghost", "target": "Swordsman", "outcome": "killed"}, "gm_rulings.Ghost.attacker"),
    ({"attacker": "Demon", "target": "Nobody", "outcome": "killed"}, "gm_rulings.Demon.target"),
])
def test_it_names_the_field_of_a_ruling_that_cannot_apply(ruling, path):
    data = demon_on_swordsman(gm_rulings=[ruling])
    errors = validate_round(read_round(data).round_input)
    assert path in [error.path for error in errors]
    with pytest.raises(RoundInvalid):
        melee(data)


def test_a_ruling_on_a_monster_without_magic_is_refused():
    data = demon_on_swordsman(gm_rulings=[{"attacker": "Wolf", "target": "Swordsman", "outcome": "killed"}])
    data["state"]["denizens"].append({"id": "Wolf", "side": "light"})
    errors = validate_round(read_round(data).round_input)
    assert [e.path for e in errors] == ["gm_rulings.Wolf.attacker"]


def test_the_rulings_are_written_back_to_the_round_file():
    round_file = read_round(example("demon-power-of-the-pit-gm-ruling"))
    written = round_to_json(round_file.round_input)
    assert written["gm_rulings"] == example("demon-power-of-the-pit-gm-ruling")["gm_rulings"]
    assert read_round(written).round_input == round_file.round_input


def test_a_waiting_result_lists_its_rulings_and_a_resolved_one_keeps_its_shape():
    assert "rulings_needed" in result_to_json(melee(demon_on_swordsman()))
    assert "rulings_needed" not in result_to_json(melee(example("demon-power-of-the-pit-gm-ruling")))


@settings(max_examples=25, deadline=None)
@given(outcome=st.sampled_from(["no_effect", "killed", "wounds", "fatigue", "other"]), reposition=st.integers(1, 6))
def test_the_ruling_replays_the_same_dice_up_to_the_demon_s_attack(outcome, reposition):
    """Resolving again with the ruling draws the same dice: the log before the ruling is the same."""
    waiting = melee(demon_on_swordsman(dice=[reposition, 4, 2]))
    ruling = {"attacker": "Demon", "target": "Swordsman", "outcome": outcome, "amount": 1, "note": "as ruled"}
    ruled = melee(demon_on_swordsman(dice=[reposition, 4, 2], gm_rulings=[ruling]))
    before = texts(waiting)[: next(i for i, e in enumerate(waiting.events) if e.kind == "ruling_needed")]
    assert texts(ruled)[: len(before)] == before
    assert not ruled.rulings_needed and not ruled.quiet


# --- HEAVENLY PROTECTION -------------------------------------------------------------------------------


def pilgrim_with(denizen: dict) -> dict:
    data = example("pilgrim-heavenly-protection")
    data["state"]["denizens"] = [denizen]
    data["sheets"][0]["attackers"] = [{"combatant": denizen["id"], "box": 1}]
    data["plays"]["Pilgrim"]["target"] = denizen["id"]
    return data


def test_a_demon_on_the_pilgrim_s_sheet_makes_no_attack_and_asks_no_ruling():
    result = melee(example("pilgrim-heavenly-protection"))
    assert not result.rulings_needed
    line = next(event for event in result.events if event.kind == "advantage")
    assert "Demon makes no attack on Pilgrim: Pilgrim has HEAVENLY PROTECTION" in line.text
    assert result.state.denizen("Demon").target == "Pilgrim"  # it stays on his sheet
    assert result.quiet


@pytest.mark.parametrize("denizen, dice", [
    ({"id": "Demon", "side": "dark", "target": "Pilgrim"}, [5]),  # red side up: no pinning kill either
    ({"id": "Imp", "side": "dark"}, [5, 1, 1]),  # the Imp's M4 side
    ({"id": "Winged Demon", "side": "light"}, [5]),
])
def test_no_demon_and_not_the_imp_attacks_the_pilgrim_on_either_side(denizen, dice):
    data = pilgrim_with(denizen)
    data["dice"] = dice
    result = melee(data)
    assert not result.summary("Pilgrim").killed and result.summary("Pilgrim").wounds_owed == 0
    assert not any(e.kind == "order" and f"{denizen['id']} (length" in e.text for e in result.events)  # no attack at all
    assert any("HEAVENLY PROTECTION" in e.text for e in result.events)


def test_a_red_side_up_demon_on_the_pilgrim_s_sheet_holds_no_one_and_turns_light_side_up():
    data = pilgrim_with({"id": "Demon", "side": "dark", "target": "Pilgrim"})
    data["state"]["previous_round_quiet"] = True
    result = melee(data)
    assert result.state.denizen("Demon").side == "light"
    assert not any(e.rule_name.startswith("A red-side-up Tremendous monster pins") for e in result.events)
    assert "Demon is red side up but cannot attack Pilgrim (HEAVENLY PROTECTION): it holds no one and turns light side up" in texts(result)
    assert result.combat_ends  # two quiet rounds: nothing holds the Pilgrim


def test_another_monster_still_attacks_the_pilgrim():
    data = pilgrim_with({"id": "Wolf", "side": "light"})
    data["dice"] = [5, 1, 1, 3, 3]
    result = melee(data)
    assert not any("HEAVENLY PROTECTION" in e.text for e in result.events)
    assert any(e.text.startswith("Block") and "Wolf" in e.text for e in result.events)


def test_a_demon_still_attacks_a_character_without_the_advantage_beside_the_pilgrim():
    data = copy.deepcopy(example("pilgrim-heavenly-protection"))
    data["state"]["characters"].append({"id": "Swordsman"})
    data["state"]["denizens"].append({"id": "Imp", "side": "light"})
    data["sheets"].append({"owner": "Swordsman", "attackers": [{"combatant": "Imp", "box": 2}]})
    data["dice"] = [5, 3, 2, 2]
    result = melee(data)
    assert [(n.attacker, n.target, n.spell) for n in result.rulings_needed] == [("Imp", "Swordsman", "Curse")]
