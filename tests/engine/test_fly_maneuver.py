"""FLY chits as maneuvers (docs/rulings.md): a FLY chit maneuvers like a MOVE chit, if it is as strong as the
heaviest item carried; not as the rider's own maneuver beside his horse (rule 5.2)."""

from __future__ import annotations

from systems.magic_realm.engine.melee import validate_round
from tests.engine.test_melee import CALM, attack_play, black_knight, make_round, resolve

# The Black Knight's Mace weighs M: FLY M2 carries it, FLY L1 does not.
CHITS = ["FIGHT H6", "MOVE H5*", "FLY M2", "FLY L1"]


def knight_round(play, rules="standard", **character):
    return make_round(
        rules=rules,
        characters=[black_knight(chits=CHITS, **character)],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": play},
    )


def errors(round_input):
    return [(error.path, error.message) for error in validate_round(round_input)]


FLYING_DODGE = attack_play("Wolf", "FIGHT H6", 1, "Mace", {"chit": "FLY M2", "box": 2})


def test_it_accepts_a_fly_chit_strong_enough_for_the_heaviest_item_as_a_maneuver():
    assert errors(knight_round(FLYING_DODGE)) == []


def test_the_log_cites_the_ruling_and_shows_the_strength_against_the_heaviest_item():
    result = resolve(knight_round(FLYING_DODGE), CALM)
    event = next(event for event in result.events if event.rule == "ruling" and "FLY" in event.text)
    assert event.text == ("Black Knight maneuvers with FLY M2 in box 2 (Dodge), time 2: strength M ≥ "
                          "weight M of Mace, the heaviest item carried")
    assert event.rule_name.startswith("FLY chits as maneuvers")


def test_the_fly_chits_time_is_the_maneuver_an_attack_must_undercut():
    # The Wolf (time 4) attacks box 1; the FLY M2 Dodges in box 2: 4 is not faster than 2, so it misses.
    result = resolve(knight_round({"maneuver": {"chit": "FLY M2", "box": 2}}), CALM)
    assert any("attack time 4 >= maneuver time 2 → misses" in event.text for event in result.events)


def test_it_refuses_a_fly_chit_too_weak_to_carry_the_heaviest_item():
    found = errors(knight_round({"maneuver": {"chit": "FLY L1", "box": 1}}))
    assert found == [("plays.Black Knight.maneuver.chit",
                      "FLY L1 (strength L) cannot carry Mace (weight M): a FLY chit must be as strong as the "
                      "heaviest item carried")]


def test_it_refuses_a_fly_chit_as_the_riders_own_maneuver():
    play = {"maneuver": {"horse": "galloping", "box": 1}, "rider_maneuver": {"chit": "FLY M2", "box": 2}}
    found = errors(knight_round(play, rules="optional-2e", horse="Warhorse"))
    assert found == [("plays.Black Knight.rider_maneuver.chit", "FLY M2: the rider's own maneuver is a "
                      "MOVE chit or Boots card (rule 5.2), not a FLY chit")]


def test_under_riding_horses_a_rider_cannot_fly_instead_of_playing_his_horse():
    play = {"maneuver": {"chit": "FLY M2", "box": 2}}
    found = errors(knight_round(play, rules="optional-2e", horse="Warhorse"))
    assert [path for path, _ in found] == ["plays.Black Knight.maneuver.chit"]
    assert "rule 5.2" in found[0][1]
