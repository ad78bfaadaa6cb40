"""A field that `carries` (systems/interface.py) starts a round from the side's answer of the round before, when
the form still takes it (systems/answers.py `carried_answers`), and the systems mark the questions whose repeat
is the natural default: a weapon, a target."""

from systems import get_system
from systems.answers import carried_answers
from systems.interface import Choice, Field, PlaysForm
from tests.systems.interface_examples import examples_of, load, without_plays
from tests.systems.test_interface_magic_realm import dwarf_against_a_wolf

FORM = PlaysForm("Aldric", "Aldric, round 2", (
    Field("action", "choice", "This round", None, choices=(Choice("attack", "Attack"), Choice("wait", "Wait"))),
    Field("weapon", "choice", "Weapon", "plays.A.weapon", choices=(
        Choice("sword", "Sword"), Choice("bow", "Bow", disabled="no arrows left")),
        shown_when=("action", ("attack",)), carries=True),
    Field("target", "choice", "Target", "plays.A.target", choices=(
        Choice("Goblin", "Goblin"), Choice("Orc", "Orc", ("weapon", ("bow",)))), carries=True),
    Field("dice", "number", "Dice", "plays.A.dice", minimum=1, maximum=6, carries=True),
    Field("share", "number", "Share", "plays.A.share", decimals=2, carries=True),
    Field("cry", "text", "Battle cry", "plays.A.cry", pattern="[A-Z]+", carries=True),
    Field("helpers", "multi-choice", "Helpers", "plays.A.helpers", choices=(
        Choice("Bryn", "Bryn"), Choice("Cam", "Cam")), carries=True),
    Field("reaction", "choice", "Reaction", "plays.A.reaction", choices=(Choice("parry", "Parry"),)),
))


def test_it_carries_what_the_form_still_takes_and_nothing_of_a_field_that_does_not_carry():
    previous = {"action": "attack", "weapon": "sword", "target": "Goblin", "dice": 3, "share": 1.25, "cry": "HO",
                "helpers": ["Bryn"], "reaction": "parry"}
    assert carried_answers(FORM, previous) == {"weapon": "sword", "target": "Goblin", "dice": 3, "share": 1.25,
                                               "cry": "HO", "helpers": ["Bryn"]}


def test_it_carries_no_answer_the_form_no_longer_takes():
    previous = {"weapon": "bow", "target": "Orc", "dice": 7, "share": 1.255, "cry": "ho", "helpers": ["Bryn", "Dag"]}
    assert carried_answers(FORM, previous) == {}


def test_a_choice_that_waits_for_an_answer_given_afresh_is_not_carried_but_one_that_follows_a_carried_answer_is():
    waiting = PlaysForm("A", "A", (
        Field("chit", "choice", "Chit", "plays.A.chit", choices=(Choice("FIGHT", "FIGHT"),)),
        Field("spell", "choice", "Spell", "plays.A.spell", choices=(Choice("Fiery Blast", "Fiery Blast", ("chit", ("FIGHT",))),),
              carries=True),
    ))
    assert carried_answers(waiting, {"chit": "FIGHT", "spell": "Fiery Blast"}) == {}
    assert carried_answers(FORM, {"weapon": "sword", "target": "Orc"}) == {"weapon": "sword"}


def test_nothing_is_carried_from_a_round_with_no_answers():
    assert carried_answers(FORM, {}) == {}
    assert carried_answers(FORM, {"weapon": "", "helpers": []}) == {}


def carrying(system: str, round_input: dict, side: str) -> list[str]:
    return [field.name for field in get_system(system).plays_form(round_input, side).fields if field.carries]


def test_magic_realm_carries_the_weapon_and_the_target_only():
    assert sorted(carrying("magic-realm", dwarf_against_a_wolf(), "Dwarf")) == ["target", "weapon"]


def test_magic_realm_carries_last_rounds_weapon_while_held_and_target_while_there():
    form = get_system("magic-realm").plays_form(dwarf_against_a_wolf(), "Dwarf")
    assert carried_answers(form, {"attack_chit": "FIGHT M5", "weapon": "Great Axe", "target": "Wolf"}) == {
        "weapon": "Great Axe", "target": "Wolf"}
    assert carried_answers(form, {"weapon": "Broadsword", "target": "Goblin"}) == {}


def test_the_other_systems_carry_their_weapons_and_targets_not_the_action():
    enchanted = without_plays(load(examples_of("enchanted-realms")[0]))
    assert carrying("enchanted-realms", enchanted, "Veteran") == ["method", "dice", "bonus", "target"]
    fallen = without_plays(load(examples_of("fallen-empire")[0]))
    assert carrying("fallen-empire", fallen, "Wil") == ["missile_target", "melee_target"]
    multiverse = without_plays(load(examples_of("multiverse")[0]))
    assert carrying("multiverse", multiverse, "Astaroth") == ["target_0", "target_1", "target_2"]
