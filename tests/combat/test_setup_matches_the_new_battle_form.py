"""Magic Realm's set-up through the systems interface (systems/magic_realm/setup.py `set_up`) builds the battle the
app's own new battle form builds for the same answers (combat/services.py `create_battle`, combat/round_file.py
`initial_state`): the same combatants with the same ids, targets and hirers, the same melee sheets, the dwelling,
and round 1's encounter step when a denizen attacks no one; with the campaign's records laid over it as the
interface's battles lay them (`with_records`), the same characters as their records leave them."""

import pytest

from combat import rounds, services
from systems import get_system

SYSTEM = get_system("magic-realm")
LIVING = ("Amazon", "Black Knight")  # in the campaign's order, by name

# (the app's BattleSetup fields, with natives as (name, hirer's name); the interface form's answers)
SETUPS = {
    "shared out": (
        {"names": ["Black Knight", "Amazon"], "monsters": ["Wolf", "Wolf", "H Troll"],
         "natives": [("Company 2", "Black Knight")], "attacks": [], "dwelling": "Inn"},
        {"characters": ["Black Knight", "Amazon"], "monsters": "Wolf\nWolf\nH Troll",
         "natives": "Company 2 hired by Black Knight", "dwelling": "Inn"},
    ),
    "one left to the encounter step": (
        {"names": ["Amazon"], "monsters": ["Wolf", "Wolf"], "natives": [], "attacks": [("Wolf #2", "Amazon")],
         "dwelling": ""},
        {"characters": ["Amazon"], "monsters": "Wolf, Wolf", "attacks": "Wolf #2 -> Amazon"},
    ),
    "natives against each other": (
        {"names": ["Amazon", "Black Knight"], "monsters": ["Giant"], "natives": [("Order 3", None), ("Rogue 5", "Amazon")],
         "attacks": [("Order 3", "Black Knight"), ("Rogue 5", "Order 3"), ("Giant", "Rogue 5")], "dwelling": "Chapel"},
        {"characters": ["Amazon", "Black Knight"], "monsters": "Giant", "natives": "Order 3\nRogue 5 hired by Amazon",
         "attacks": "Order 3 -> Black Knight\nRogue 5 -> Order 3\nGiant -> Rogue 5", "dwelling": "Chapel"},
    ),
}


def app_battle(gm, characters, setup):
    return services.start_battle(gm, "test", services.BattleSetup(
        name="", clearing="Cave 4", character_ids=[characters[name].pk for name in setup["names"]],
        monsters=setup["monsters"], attacks=setup["attacks"], dwelling=setup["dwelling"],
        natives=[services.NativeChoice(name, characters[hirer].pk if hirer else None) for name, hirer in setup["natives"]]))


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(SETUPS))
def test_set_up_builds_the_battle_the_new_battle_form_builds(gm, campaign, characters, case):
    setup, answers = SETUPS[case]
    battle = app_battle(gm, characters, setup)
    round_file = rounds.build_input(battle, battle.rounds.get(number=1), {})

    round_input = SYSTEM.set_up(answers, LIVING)

    assert round_input["state"] == battle.state["state"]
    assert round_input["sheets"] == battle.state["sheets"] == round_file["sheets"]
    assert round_input.get("encounter") == round_file.get("encounter")
    assert SYSTEM.validate(SYSTEM.with_options(round_input, campaign.round_rules())) == []


@pytest.mark.django_db
def test_with_the_records_laid_over_it_is_the_battle_the_form_builds_from_the_records(gm, campaign, characters):
    amazon = characters["Amazon"]
    amazon.state = {**amazon.state, "chits": {"FIGHT M5": "wounded", "MOVE M3*": "fatigued"},
                    "armor": {"Helmet": "damaged", "Breastplate": "destroyed"}, "weapons": {"Short Sword": "alerted"},
                    "horse": "Pony"}
    amazon.save()
    setup, answers = SETUPS["shared out"]
    battle = app_battle(gm, characters, setup)

    recorded = SYSTEM.with_records(SYSTEM.set_up(answers, LIVING),
                                   {name: characters[name].state for name in LIVING})

    assert recorded["state"] == battle.state["state"]
