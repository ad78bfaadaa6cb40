"""The optional flags of a Fallen Empire melee play in the plays form (systems/fallen_empire/play_flags.py,
docs/systems/fallen-empire.md FE 2): each is offered only where the rules give it something to do, validate
accepts it, and the round's resolution uses it."""

from systems import get_system
from systems.interface import choices_open, fill

FALLEN = get_system("fallen-empire")
SWORD = {"name": "sword", "damage": "1d6", "type": "hand"}
BOW = {"name": "shortbow", "damage": "1d6", "type": "shortbow", "to_hit": 0}


def fighter(name: str, side: str, **extra) -> dict:
    return {"name": name, "side": side, "hp": 8, "max_hp": 8, "armour_ac": 9, "role": "pc",
            "class": "fighting-man", "melee": SWORD, **extra}


def melee_round(*combatants, round_number: int = 2, **extra) -> dict:
    return {"system": "fallen-empire", "kind": "melee", "round": round_number,
            "sides": [{"name": "Party", "party": True}, {"name": "Orcs"}], "combatants": list(combatants), **extra}


def engaged(round_input: dict, *pairs: tuple[str, str]) -> dict:
    for first, second in pairs:
        for one, other in ((first, second), (second, first)):
            entry = next(c for c in round_input["combatants"] if c["name"] == one)
            entry["engaged_with"] = sorted({*entry.get("engaged_with", ()), other})
    return round_input


def values(form, name, answers=None):
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


def names(form):
    return [form_field.name for form_field in form.fields]


def played(round_input: dict, side: str, answers: dict) -> dict:
    return fill(round_input, FALLEN.plays_form(round_input, side), answers)


def event_kinds(round_input: dict, seed: int = 1) -> dict[str, list[str]]:
    kinds: dict[str, list[str]] = {}
    for event in FALLEN.resolve(round_input, seed=seed).events:
        kinds.setdefault(event.kind, []).append(event.text)
    return kinds


# --- FE 6.4 passing enemies, and declining the free attacks ---------------------------------------------------


def test_a_move_or_charge_may_name_the_enemies_able_to_strike_a_free_blow_it_passes():
    round_input = melee_round(fighter("Ash", "Party"), fighter("Grub", "Orcs"),
                              fighter("Snag", "Orcs", melee=None, missile=BOW), fighter("Dead orc", "Orcs", hp=-2,
                                                                                      status="dead"))
    form = FALLEN.plays_form(round_input, "Ash")
    assert form.field("passing").kind == "multi-choice"
    assert form.field("passing").shown_when == ("action", ("move", "charge"))
    assert values(form, "passing") == ["Grub"]


def test_a_move_passing_an_enemy_draws_his_free_attack():
    round_input = melee_round(fighter("Ash", "Party"), fighter("Grub", "Orcs", to_hit=20))
    round_input = played(round_input, "Ash", {"action": "move", "move_distance": 12, "passing": ["Grub"]})
    assert FALLEN.validate(round_input) == []
    assert round_input["plays"]["Ash"]["passing"] == ["Grub"]
    assert any("Free attack (Ash moves right past Grub)" in text for text in event_kinds(round_input)["attack"])


def test_a_play_may_decline_its_free_attacks_and_the_round_lets_the_mover_go():
    round_input = melee_round(fighter("Ash", "Party"), fighter("Grub", "Orcs"))
    round_input = played(round_input, "Ash", {"action": "move", "move_distance": 12, "passing": ["Grub"]})
    grub = FALLEN.plays_form(round_input, "Grub")
    assert values(grub, "opportunity") == [True, False]
    round_input = fill(round_input, grub, {"action": "none", "opportunity": False})
    assert FALLEN.validate(round_input) == [] and round_input["plays"]["Grub"]["opportunity"] is False
    assert event_kinds(round_input)["opportunity"] == ["Grub lets Ash go without a free attack (the play declines it)"]


def test_a_combatant_without_a_melee_weapon_has_no_free_attacks_to_decline_and_no_blade_to_subdue_with():
    round_input = melee_round(fighter("Ash", "Party", melee=None, missile=BOW), fighter("Grub", "Orcs"))
    form = FALLEN.plays_form(round_input, "Ash")
    assert "opportunity" not in names(form) and "subdue" not in names(form) and "rear" not in names(form)


# --- FE 7.2 cover and bodyguards ----------------------------------------------------------------------------


def test_cover_and_a_bodyguard_are_offered_only_with_a_missile_and_a_guard_only_for_his_own_side():
    round_input = melee_round(fighter("Ash", "Party", missile=BOW), fighter("Kit", "Party"),
                              fighter("Grub", "Orcs"), fighter("Snag", "Orcs"))
    form = FALLEN.plays_form(round_input, "Ash")
    assert form.field("cover").shown_when == ("action", ("missile",))
    assert values(form, "cover") == [False, True]
    assert values(form, "covered_by", {"action": "missile", "missile_target": "Grub"}) == ["Snag"]
    assert values(form, "covered_by", {"action": "missile", "missile_target": "Snag"}) == ["Grub"]
    without_bow = FALLEN.plays_form(round_input, "Kit")
    assert "cover" not in names(without_bow) and "covered_by" not in names(without_bow)


def test_a_shot_at_a_target_behind_a_bodyguard_throws_the_cover_die():
    round_input = melee_round(fighter("Ash", "Party", missile={**BOW, "to_hit": 10}, to_hit=10),
                              fighter("Grub", "Orcs"), fighter("Snag", "Orcs"))
    round_input = played(round_input, "Ash", {"action": "missile", "missile_target": "Grub", "cover": True,
                                              "covered_by": "Snag"})
    assert FALLEN.validate(round_input) == []
    assert round_input["plays"]["Ash"] == {"action": "missile", "target": "Grub", "cover": True,
                                           "covered_by": "Snag"}
    assert event_kinds(round_input)["cover"][0].startswith("Grub is behind cover: 1d6 ")


# --- FE 8.4 rear attacks, FE 8.7 subdual ----------------------------------------------------------------------


def test_a_rear_attack_is_offered_only_at_a_target_facing_someone_else():
    round_input = engaged(melee_round(fighter("Ash", "Party"), fighter("Kit", "Party"),
                                      fighter("Grub", "Orcs"), fighter("Snag", "Orcs")), ("Kit", "Grub"))
    form = FALLEN.plays_form(round_input, "Ash")
    assert form.field("rear").shown_when == ("melee_target", ("Grub",))
    kit = FALLEN.plays_form(round_input, "Kit")
    assert "rear" not in names(kit)  # Grub faces Kit himself, and Snag nobody


def test_in_a_first_round_that_throws_for_surprise_any_melee_target_may_be_taken_from_the_rear():
    round_input = melee_round(fighter("Ash", "Party"), fighter("Grub", "Orcs"), round_number=1)
    assert FALLEN.plays_form(round_input, "Ash").field("rear").shown_when == ("melee_target", ("Grub",))
    no_surprise = {**round_input, "options": {"surprise": False}}
    assert "rear" not in names(FALLEN.plays_form(no_surprise, "Ash"))


def test_a_rear_attack_at_an_engaged_target_ignores_his_shield():
    round_input = engaged(melee_round(fighter("Ash", "Party"), fighter("Kit", "Party"),
                                      fighter("Grub", "Orcs", shield={"kind": "plain"})), ("Kit", "Grub"))
    round_input = played(round_input, "Ash", {"action": "melee", "melee_target": "Grub", "rear": True})
    assert FALLEN.validate(round_input) == [] and round_input["plays"]["Ash"]["rear"] is True
    assert event_kinds(round_input)["rear"] == [
        "Ash attacks Grub from the rear (dishonourably): +2, and Grub's shield does not count"]


def test_the_flat_of_the_blade_is_offered_with_a_melee_attack_or_a_charge_and_deals_subdual_damage():
    claws = {"name": "claws", "damage": "1d4", "type": "natural"}
    round_input = engaged(melee_round(fighter("Ash", "Party", to_hit=20), fighter("Grub", "Orcs", melee=claws)),
                          ("Ash", "Grub"))
    assert FALLEN.plays_form(round_input, "Ash").field("subdue").shown_when == ("action", ("melee", "charge"))
    assert FALLEN.plays_form(round_input, "Grub").field("subdue").shown_when == ("action", ("melee",))  # FE 8.2
    round_input = played(round_input, "Ash", {"action": "melee", "melee_target": "Grub", "subdue": True})
    assert FALLEN.validate(round_input) == []
    grub = next(c for c in FALLEN.resolve(round_input, seed=1).state["combatants"] if c["name"] == "Grub")
    assert grub["subdual"] > 0


# --- FE 6.5 covering a retreat --------------------------------------------------------------------------------


def test_covering_is_offered_only_once_an_ally_has_sent_a_full_retreat_and_only_at_his_foes():
    round_input = engaged(melee_round(fighter("Ash", "Party"), fighter("Kit", "Party"), fighter("Grub", "Orcs"),
                                      fighter("Snag", "Orcs")), ("Kit", "Grub"))
    assert "melee_covers" not in names(FALLEN.plays_form(round_input, "Ash"))
    round_input = played(round_input, "Kit", {"action": "retreat"})
    form = FALLEN.plays_form(round_input, "Ash")
    assert form.field("melee_covers").shown_when == ("melee_target", ("Grub",))
    assert values(form, "melee_covers", {"action": "melee", "melee_target": "Grub"}) == ["Kit"]
    assert values(form, "charge_covers", {"action": "charge", "charge_target": "Grub"}) == ["Kit"]
    assert "melee_covers" not in names(FALLEN.plays_form(round_input, "Snag"))  # Kit is not Snag's ally


def test_an_ally_who_closes_in_and_covers_takes_away_the_foes_free_attack_on_the_retreat():
    round_input = engaged(melee_round(fighter("Ash", "Party"), fighter("Kit", "Party"), fighter("Grub", "Orcs")),
                          ("Kit", "Grub"))
    round_input = played(round_input, "Kit", {"action": "retreat"})
    round_input = played(round_input, "Ash", {"action": "melee", "melee_target": "Grub", "melee_covers": "Kit"})
    assert FALLEN.validate(round_input) == [] and round_input["plays"]["Ash"]["covers"] == "Kit"
    assert ("Ash has moved into melee with Grub to cover Kit's retreat: no free attack from Grub"
            in event_kinds(round_input)["retreat"])
