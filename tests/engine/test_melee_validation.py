"""validate_round: every play that breaks the rules is reported with the field that is wrong."""

from __future__ import annotations

from systems.magic_realm.engine.melee import run_errors, validate_round
from tests.engine.test_melee import attack_play, black_knight, make_round


def paths(round_input):
    return [(error.path, error.severity) for error in validate_round(round_input)]


def messages(round_input):
    return " | ".join(error.message for error in validate_round(round_input))


def knight_round(play, rules="standard", **character):
    return make_round(
        rules=rules,
        characters=[black_knight(**character)],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Black Knight": play},
    )


def test_it_accepts_a_legal_round():
    assert validate_round(knight_round(attack_play("Wolf", "FIGHT H6", 1, "Mace", {"chit": "MOVE H5*", "box": 2}))) == []


def test_it_rejects_an_unknown_chit():
    round_input = knight_round({"maneuver": {"chit": "MOVE L1", "box": 1}})
    assert paths(round_input) == [("plays.Black Knight.maneuver.chit", "error")]
    assert "has no chit 'MOVE L1'" in messages(round_input)


def test_it_rejects_a_fatigued_chit():
    chits = [{"label": "FIGHT H6", "state": "fatigued"}, "MOVE H5*"]
    round_input = knight_round(attack_play("Wolf", "FIGHT H6", 1, "Mace"), chits=chits)
    assert paths(round_input) == [("plays.Black Knight.attack.chit", "error")]
    assert "FIGHT H6 is fatigued" in messages(round_input)


def test_it_rejects_a_wounded_chit():
    chits = ["FIGHT H6", {"label": "MOVE H5*", "state": "wounded"}]
    round_input = knight_round({"maneuver": {"chit": "MOVE H5*", "box": 1}}, chits=chits)
    assert paths(round_input) == [("plays.Black Knight.maneuver.chit", "error")]


def test_it_rejects_a_move_chit_in_the_attack():
    round_input = knight_round(attack_play("Wolf", "MOVE H5*", 1, "Mace"))
    assert paths(round_input) == [("plays.Black Knight.attack.chit", "error")]


def test_it_rejects_three_asterisks():
    round_input = knight_round(attack_play("Wolf", "FIGHT H4**", 1, "Mace", {"chit": "MOVE H5*", "box": 2}))
    assert paths(round_input) == [("plays.Black Knight.effort", "error")]
    assert "3 asterisks played" in messages(round_input)


def test_it_allows_two_asterisks():
    round_input = knight_round(attack_play("Wolf", "FIGHT H4**", 1, "Mace", {"chit": "MOVE H6", "box": 2}))
    assert paths(round_input) == []


def _riding_knight(rules, maneuver, **play):
    return make_round(
        rules=rules,
        characters=[black_knight(horse="Warhorse")],
        plays={"Black Knight": {"maneuver": maneuver, **play}},
    )


def test_it_rejects_a_move_chit_while_riding_under_the_optional_rules():
    round_input = _riding_knight("optional-2e", {"chit": "MOVE H5*", "box": 1})
    assert paths(round_input) == [("plays.Black Knight.maneuver.chit", "error")]
    assert "rule 5.2" in messages(round_input)


def test_it_rejects_boots_while_riding_under_the_optional_rules():
    round_input = _riding_knight("bimr4", {"boots": "Seven League Boots", "strength": "T", "time": 2, "box": 1})
    assert paths(round_input) == [("plays.Black Knight.maneuver.boots", "error")]


def test_it_allows_a_move_chit_with_a_horse_under_the_basic_rules():
    assert paths(_riding_knight("standard", {"chit": "MOVE H5*", "box": 1})) == []


def test_it_allows_the_riders_own_maneuver_beside_the_horse():
    round_input = _riding_knight(
        "optional-2e", {"horse": "galloping", "box": 1}, rider_maneuver={"chit": "MOVE H5*", "box": 3}
    )
    assert paths(round_input) == []


def test_it_rejects_the_riders_own_maneuver_under_the_basic_rules():
    round_input = _riding_knight("standard", {"horse": "galloping", "box": 1}, rider_maneuver={"chit": "MOVE H5*", "box": 3})
    assert paths(round_input) == [("plays.Black Knight.rider_maneuver", "error")]


def test_it_rejects_a_horse_maneuver_without_a_horse():
    round_input = knight_round({"maneuver": {"horse": "walking", "box": 1}})
    assert paths(round_input) == [("plays.Black Knight.maneuver.horse", "error")]


def test_it_rejects_a_boots_card_without_its_time():
    round_input = knight_round({"maneuver": {"boots": "Seven League Boots", "box": 1}})
    assert paths(round_input) == [("plays.Black Knight.maneuver.boots", "error")]


def test_it_accepts_a_named_boots_card_with_strength_and_time():
    round_input = knight_round({"maneuver": {"boots": "Seven League Boots", "strength": "T", "time": 4, "box": 1}})
    assert paths(round_input) == []


def test_it_rejects_a_move_chit_too_weak_to_carry_the_heaviest_item():
    round_input = knight_round({"maneuver": {"chit": "MOVE M5", "box": 1}}, armor=["Armor"])
    assert paths(round_input) == [("plays.Black Knight.maneuver.chit", "error")]
    assert "cannot carry" in messages(round_input)


def test_it_warns_that_a_weapon_heavier_than_the_fight_chit_is_cancelled():
    round_input = make_round(
        characters=[{"id": "Swordsman", "weapons": ["Great Sword"], "armor": []}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Swordsman": attack_play("Wolf", "FIGHT M4*", 1, "Great Sword")},
    )
    assert paths(round_input) == [("plays.Swordsman.attack.weapon", "warning")]
    assert "will be cancelled" in messages(round_input)


def test_it_rejects_a_weapon_the_character_does_not_carry():
    round_input = knight_round(attack_play("Wolf", "FIGHT H6", 1, "Great Sword"))
    assert paths(round_input) == [("plays.Black Knight.attack.weapon", "error")]


def test_it_rejects_an_unknown_target():
    round_input = knight_round(attack_play("Dragon", "FIGHT H6", 1, "Mace"))
    assert paths(round_input) == [("plays.Black Knight.target", "error")]


def test_it_rejects_a_denizen_target_on_no_sheet():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}],
        plays={"Black Knight": attack_play("Wolf", "FIGHT H6", 1, "Mace")},
    )
    assert paths(round_input) == [("plays.Black Knight.target", "error")]


def test_it_rejects_a_dead_target():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf", "dead": True}, {"id": "Wolf 2", "counter": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf 2", "box": 1}]}],
        plays={"Black Knight": attack_play("Wolf", "FIGHT H6", 1, "Mace")},
    )
    assert paths(round_input) == [("plays.Black Knight.target", "error")]


def test_it_rejects_an_attack_without_a_target():
    round_input = knight_round({"attack": {"chit": "FIGHT H6", "weapon": "Mace", "box": 1}})
    assert paths(round_input) == [("plays.Black Knight.target", "error")]


def test_it_rejects_attacking_a_rider_apart_from_his_horse_under_the_basic_rules():
    round_input = make_round(
        characters=[black_knight(), {"id": "White Knight", "horse": "Warhorse"}],
        plays={
            "Black Knight": {**attack_play("White Knight", "FIGHT H6", 1, "Mace"), "target_part": "rider"},
            "White Knight": {"maneuver": {"horse": "walking", "box": 2}},
        },
    )
    assert paths(round_input) == [("plays.Black Knight.target_part", "error")]


def test_it_rejects_attacking_the_rider_of_no_horse():
    round_input = make_round(
        rules="optional-2e",
        characters=[black_knight(), {"id": "White Knight"}],
        plays={"Black Knight": {**attack_play("White Knight", "FIGHT H6", 1, "Mace"), "target_part": "rider"}},
    )
    assert paths(round_input) == [("plays.Black Knight.target_part", "error")]


def test_it_rejects_attackers_not_spread_over_as_many_boxes_as_possible():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "Wolf"}, {"id": "Wolf 2", "counter": "Wolf"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}, {"combatant": "Wolf 2", "box": 1}]}],
    )
    assert paths(round_input) == [("sheets.Black Knight.attackers", "error")]
    assert "as many boxes as possible (2)" in messages(round_input)


def test_it_rejects_an_unknown_counter():
    round_input = make_round(characters=[black_knight()], denizens=[{"id": "Wolfe"}])
    assert paths(round_input) == [("state.denizens.Wolfe.counter", "error")]
    assert "did you mean 'Wolf'" in messages(round_input)


def test_it_rejects_an_unknown_weapon_in_the_state():
    round_input = make_round(characters=[black_knight(weapons=["Laser Sword"])])
    assert paths(round_input) == [("state.characters.Black Knight.weapons.Laser Sword", "error")]


def test_it_rejects_a_denizen_attacking_from_two_sheets():
    round_input = make_round(
        characters=[black_knight(), {"id": "Swordsman"}],
        denizens=[{"id": "Wolf"}],
        sheets=[
            {"owner": "Black Knight", "attackers": [{"combatant": "Wolf", "box": 1}]},
            {"owner": "Swordsman", "attackers": [{"combatant": "Wolf", "box": 1}]},
        ],
    )
    assert paths(round_input) == [("sheets.Swordsman.attackers.Wolf", "error")]


def test_it_rejects_a_character_standing_on_a_sheet():
    round_input = make_round(
        characters=[black_knight(), {"id": "Swordsman"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "Swordsman", "box": 1}]}],
    )
    assert paths(round_input) == [("sheets.Black Knight.attackers.Swordsman", "error")]


def test_it_rejects_a_shield_box_without_a_shield():
    round_input = knight_round({"shield_box": 2}, armor=[])
    assert paths(round_input) == [("plays.Black Knight.shield_box", "error")]


def test_it_rejects_a_spell_with_a_magic_chit_of_the_wrong_type():
    round_input = make_round(
        characters=[{"id": "Wizard"}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Wizard", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Wizard": {"target": "Wolf", "attack": {"chit": "MAGIC II3*", "spell": "Fiery Blast", "box": 1}}},
    )
    assert paths(round_input) == [("plays.Wizard.attack.chit", "error")]
    assert "type IV spell" in messages(round_input)


def test_it_rejects_a_spell_that_is_not_an_attack_spell():
    round_input = make_round(
        characters=[{"id": "Wizard"}],
        denizens=[{"id": "Wolf"}],
        sheets=[{"owner": "Wizard", "attackers": [{"combatant": "Wolf", "box": 1}]}],
        plays={"Wizard": {"target": "Wolf", "attack": {"chit": "MAGIC II3*", "spell": "Peace", "box": 1}}},
    )
    assert paths(round_input) == [("plays.Wizard.attack.spell", "error")]


def test_it_rejects_plays_for_a_dead_character():
    round_input = make_round(characters=[black_knight(dead=True)], plays={"Black Knight": {"maneuver": {"chit": "MOVE H5*", "box": 1}}})
    assert paths(round_input) == [("plays.Black Knight", "error")]


def test_a_red_side_up_tremendous_monster_forbids_running_away():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "T Troll", "side": "dark"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    errors = run_errors(round_input, "Black Knight", "encounter.Black Knight.run.chit")
    assert [error.path for error in errors] == ["encounter.Black Knight.run.chit"]
    assert "held by T Troll" in errors[0].message


def test_a_light_side_tremendous_monster_does_not_forbid_running_away():
    round_input = make_round(
        characters=[black_knight()],
        denizens=[{"id": "T Troll"}],
        sheets=[{"owner": "Black Knight", "attackers": [{"combatant": "T Troll", "box": 1}]}],
    )
    assert run_errors(round_input, "Black Knight", "encounter.Black Knight.run.chit") == []


def test_it_rejects_an_alerted_fight_chit():
    round_input = knight_round({"target": "Wolf", "attack": {"chit": "FIGHT H6", "weapon": "Mace", "box": 1, "alerted": True}})
    assert paths(round_input) == [("plays.Black Knight.attack.alerted", "error")]
