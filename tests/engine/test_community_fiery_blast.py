"""The community Fiery Blast settings (optional-combat-rules.md, "Community fixes a GM may turn on"):
each is off by default, and each, once on, changes what the engine accepts or scores."""

from __future__ import annotations

import jsonschema
import pytest

from systems.magic_realm.engine.melee import RoundInvalid, validate_round
from systems.magic_realm.engine.model import Play
from systems.magic_realm.engine.round_format import (
    RoundFormatError,
    read_round,
    result_to_json,
    round_to_json,
    schema,
)
from tests.engine.test_melee import CALM, make_round, resolve

FIERY_BLAST = {"chit": "MAGIC IV4*", "spell": "Fiery Blast", "box": 1}
WIZARD = {"id": "Wizard", "weapons": [], "armor": []}


def rules(preset: str, **settings):
    return {"preset": preset, **settings}


def errors_at(round_input, path: str):
    return [error for error in validate_round(round_input) if error.path == path and error.severity == "error"]


# --- fiery_blast_no_riders ------------------------------------------------------------------------


def _blast_at_the_rider(**settings):
    white_knight = {"id": "White Knight", "weapons": ["Great Sword"], "armor": [], "horse": "horse/warhorse-4"}
    return make_round(
        rules=rules("optional-2e", **settings),
        characters=[white_knight, WIZARD],
        plays={
            "White Knight": {"maneuver": {"horse": "galloping", "box": 2}},
            "Wizard": {"target": "White Knight", "target_part": "rider", "attack": FIERY_BLAST},
        },
    )


def test_with_no_riders_on_a_fiery_blast_aimed_at_a_rider_is_refused_at_the_plays_target_part():
    round_input = _blast_at_the_rider(fiery_blast_no_riders=True)
    [error] = errors_at(round_input, "plays.Wizard.target_part")
    assert "Fiery Blast may not target riders" in error.message
    assert "community rule" in error.message and "horse" in error.message
    with pytest.raises(RoundInvalid):
        resolve(round_input, [])


def test_with_no_riders_on_a_fiery_blast_aimed_at_the_horse_is_accepted():
    round_input = _blast_at_the_rider(fiery_blast_no_riders=True)
    at_the_horse = read_round({**round_to_json(round_input), "plays": {
        "White Knight": {"maneuver": {"horse": "galloping", "box": 2}},
        "Wizard": {"target": "White Knight", "target_part": "horse", "attack": FIERY_BLAST},
    }}).round_input
    assert not errors_at(at_the_horse, "plays.Wizard.target_part")


def test_with_no_riders_off_a_fiery_blast_may_aim_at_the_rider():
    assert not errors_at(_blast_at_the_rider(), "plays.Wizard.target_part")


def test_the_jay7_rule_set_refuses_a_fiery_blast_at_a_rider():
    round_input = make_round(
        rules="jay7",
        characters=[{"id": "White Knight", "weapons": [], "armor": [], "horse": "horse/warhorse-4"}, WIZARD],
        plays={"Wizard": {"target": "White Knight", "target_part": "rider", "attack": FIERY_BLAST}},
    )
    assert errors_at(round_input, "plays.Wizard.target_part")


# --- fiery_blast_no_dwelling_natives --------------------------------------------------------------


def _blast_at_a_native(dwelling="Inn", hired_by=None, **settings):
    rogue = {"id": "Rogue 5", **({"hired_by": hired_by} if hired_by else {})}
    data = {
        "rules": rules("standard", **settings),
        "state": {"round": 1, "characters": [WIZARD, {"id": "Captain"}], "denizens": [rogue]},
        "sheets": [{"owner": "Wizard", "attackers": [{"combatant": "Rogue 5", "box": 1}]}],
        "plays": {"Wizard": {"target": "Rogue 5", "attack": FIERY_BLAST}},
    }
    if dwelling is not None:
        data["state"]["dwelling"] = dwelling
    return read_round(data).round_input


def test_with_no_dwelling_natives_on_a_fiery_blast_at_an_unhired_native_in_a_dwelling_clearing_is_refused():
    round_input = _blast_at_a_native(fiery_blast_no_dwelling_natives=True)
    [error] = errors_at(round_input, "plays.Wizard.target")
    assert "Fiery Blast may not target unhired natives in a Dwelling clearing" in error.message
    assert "community rule" in error.message and "Inn" in error.message


def test_with_no_dwelling_natives_on_a_clearing_without_a_dwelling_or_a_hired_native_is_accepted():
    assert not errors_at(_blast_at_a_native(dwelling=None, fiery_blast_no_dwelling_natives=True), "plays.Wizard.target")
    hired = _blast_at_a_native(hired_by="Captain", fiery_blast_no_dwelling_natives=True)
    assert not errors_at(hired, "plays.Wizard.target")


def test_with_no_dwelling_natives_off_a_fiery_blast_at_an_unhired_native_in_a_dwelling_clearing_is_accepted():
    assert not errors_at(_blast_at_a_native(), "plays.Wizard.target")


def test_the_dwelling_is_read_written_and_carried_into_the_next_rounds_state():
    round_input = _blast_at_a_native()
    assert round_input.state.dwelling == "Inn"
    assert round_to_json(round_input)["state"]["dwelling"] == "Inn"
    assert "dwelling" not in round_to_json(_blast_at_a_native(dwelling=None))["state"]
    result = resolve(round_input, CALM + [6, 6])
    assert result_to_json(result)["state"]["dwelling"] == "Inn"


def test_a_dwelling_that_is_not_a_name_is_a_format_error_at_its_field():
    with pytest.raises(RoundFormatError) as error:
        read_round({"rules": "standard", "state": {"dwelling": 3, "characters": [WIZARD]}})
    assert any(problem.path == "state.dwelling" for problem in error.value.errors)


# --- fiery_blast_no_bounty_multiplier -------------------------------------------------------------


def _wizard_blasts_a_giant_bat(**settings):
    # The Wizard already has one kill this combat: his next kill's multiplier is 2.
    round_input = make_round(
        rules=rules("standard", **settings),
        characters=[{**WIZARD, "kills": 1}],
        denizens=[{"id": "Giant Bat", "side": "dark"}],
        sheets=[{"owner": "Wizard", "attackers": [{"combatant": "Giant Bat", "box": 1}]}],
        plays={"Wizard": {"target": "Giant Bat", "attack": FIERY_BLAST, "maneuver": {"chit": "MOVE M4*", "box": 2}}},
    )
    # Fiery Blast L*** intercepts; Missile table high die 1: +2 levels, H*** kills the Giant Bat (H).
    return resolve(round_input, CALM + [1, 1])


def test_with_no_bounty_multiplier_on_a_fiery_blast_kill_scores_with_multiplier_1_and_still_counts():
    result = _wizard_blasts_a_giant_bat(fiery_blast_no_bounty_multiplier=True)
    summary = result.summary("Wizard")
    assert (summary.fame, summary.notoriety) == (3, 3)  # 3 × 1 each
    assert result.kills[0].multipliers == {"Wizard": 1}
    assert result.state.character("Wizard").kills == 2
    [bounty] = [event for event in result.events if event.kind == "bounty"]
    assert (bounty.rule, bounty.rule_name) == ("community", "No bounty multiplication for Fiery Blast kills")
    assert "fame 3 × 1 × 1 = 3" in bounty.text and "multiplier 1 instead of 2" in bounty.text


def test_with_no_bounty_multiplier_off_a_fiery_blast_kill_is_multiplied():
    result = _wizard_blasts_a_giant_bat()
    assert (result.summary("Wizard").fame, result.summary("Wizard").notoriety) == (6, 6)  # 3 × 2 each
    assert result.kills[0].multipliers == {"Wizard": 2}
    [bounty] = [event for event in result.events if event.kind == "bounty"]
    assert bounty.rule == "43.4"


def test_with_no_bounty_multiplier_on_a_weapon_kill_is_still_multiplied():
    round_input = make_round(
        rules=rules("standard", fiery_blast_no_bounty_multiplier=True),
        characters=[{"id": "Black Knight", "weapons": [{"name": "Mace"}], "armor": [], "kills": 1}],
        denizens=[{"id": "Giant Bat", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Giant Bat", "box": 1}]}],
        plays={"Black Knight": {"target": "Giant Bat", "attack": {"chit": "FIGHT H6", "box": 1, "weapon": "Mace"}}},
    )
    result = resolve(round_input, CALM)
    assert result.kills[0].multipliers == {"Black Knight": 2}


# --- fiery_blast_single_target --------------------------------------------------------------------


def test_a_spell_play_has_exactly_one_target_so_single_target_always_holds():
    play_schema = schema()["$defs"]["play"]["properties"]["target"]
    validator = jsonschema.Draft202012Validator(play_schema)
    assert validator.is_valid("Giant Bat")
    assert not validator.is_valid(["Giant Bat", "Wolf"])
    assert Play.__dataclass_fields__["target"].type == "str | None"


@pytest.mark.parametrize("single_target", [True, False])
def test_a_spell_aimed_at_two_targets_is_a_format_error_whether_single_target_is_on_or_off(single_target):
    with pytest.raises(RoundFormatError) as error:
        read_round({
            "rules": rules("standard", fiery_blast_single_target=single_target),
            "state": {"characters": [WIZARD], "denizens": [{"id": "Giant Bat"}, {"id": "Wolf"}]},
            "sheets": [{"owner": "Wizard", "attackers": ["Giant Bat", "Wolf"]}],
            "plays": {"Wizard": {"target": ["Giant Bat", "Wolf"], "attack": FIERY_BLAST}},
        })
    assert any(problem.path == "plays.Wizard.target" for problem in error.value.errors)


def test_with_single_target_on_a_fiery_blast_at_one_target_resolves():
    round_input = _blast_at_a_native(dwelling=None, fiery_blast_single_target=True)
    assert not [error for error in validate_round(round_input) if error.severity == "error"]
    assert resolve(round_input, CALM + [6, 6]).rules.fiery_blast_single_target
