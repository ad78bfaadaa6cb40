"""The demo battles `load_demo` creates, every one fought through the systems interface and ready for round 1's
plays. Which they are is the campaign's system's (its `demo_campaign`, systems/demo.py): a battle with answers is
set up as the GM sets one up on the new battle page, by the system's set-up form (`create_set_up_battle`); one
without starts from the system's example of its key (`create_starter_battle`)."""

from __future__ import annotations

import copy

from combat.models import Battle


def create_demo_battle(campaign, battle=None) -> Battle:
    """The demo battle `battle` (a `systems.demo.DemoBattle`; by default the first of the campaign's system's demo
    campaign, Magic Realm's "Ambush in Cave 4" for instance), round 1 open for plays. Idempotent: the battle's key
    is its demo key, and a second call returns the battle already there."""
    battle = battle or campaign.combat_system.demo_campaign().battles[0]
    if battle.answers is None:
        return create_starter_battle(campaign, battle.key, battle.name, battle.clearing)
    return create_set_up_battle(campaign, battle.key, battle.name, battle.clearing, battle.answers)


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
    round_input = campaign.combat_system.set_up(copy.deepcopy(dict(answers)), living)
    return system_battles.create_battle(campaign, name, clearing, round_input, demo_key=key)
