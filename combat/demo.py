"""The demo battles `load_demo` creates, every one fought through the systems interface and ready for round 1's
plays. The Magic Realm demo's "Ambush in Cave 4" (the demo party's Black Knight and Amazon, an H Troll on the
Black Knight and a Wolf on the Amazon) and its other battles are set up as the GM sets one up on the new battle
page, by the system's set-up form (`create_set_up_battle`); the other systems' demo battles start from their
examples (`create_starter_battle`)."""

from __future__ import annotations

from combat.models import Battle

DEMO_KEY = "demo"
# The answers to Magic Realm's set-up form (systems/magic_realm/setup.py) for "Ambush in Cave 4".
DEMO_ANSWERS = {"characters": ["Black Knight", "Amazon"], "monsters": "H Troll\nWolf",
                "attacks": "H Troll -> Black Knight\nWolf -> Amazon"}


def create_demo_battle(campaign) -> Battle:
    """"Ambush in Cave 4", the demo key "demo", for a Magic Realm campaign with the Black Knight and the Amazon.
    Idempotent: a second call returns the demo battle already there."""
    return create_set_up_battle(campaign, DEMO_KEY, "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)


def create_starter_battle(campaign, starter_key: str, name: str, clearing: str) -> Battle:
    """A demo battle of a campaign fought through the systems interface, started from the system's starter
    `starter_key` (combat.system_rounds.battle_starters), round 1 open for plays. Idempotent: the starter's
    key is the battle's demo key."""
    from combat import system_battles
    from combat.system_rounds import battle_starters

    existing = Battle.objects.filter(campaign=campaign, demo_key=starter_key).first()
    if existing is not None:
        return existing
    starter = next(s for s in battle_starters(campaign.combat_system) if s.key == starter_key)
    return system_battles.create_battle(campaign, name, clearing, starter.round_input, demo_key=starter_key)


def create_set_up_battle(campaign, key: str, name: str, clearing: str, answers) -> Battle:
    """A demo battle set up as the GM sets one up on the new battle page: the campaign's system's `set_up` from
    `answers` to its `setup_form` (the campaign's living characters offered by name). Idempotent: `key` is the
    battle's demo key."""
    from combat import system_battles

    existing = Battle.objects.filter(campaign=campaign, demo_key=key).first()
    if existing is not None:
        return existing
    living = tuple(c.catalogue_name for c in system_battles.living_characters(campaign))
    round_input = campaign.combat_system.set_up(answers, living)
    return system_battles.create_battle(campaign, name, clearing, round_input, demo_key=key)
