"""The demo battles `load_demo` creates. The Magic Realm demo has two: "Ambush in Cave 4" (the demo party's
Black Knight and Amazon, an H Troll on the Black Knight and a Wolf on the Amazon) in the app's own round format,
as a battle begun before Magic Realm's campaigns moved to the interface's pages is fought to its end, and one set
up on those pages by its system's set-up form (`create_set_up_battle`), as every battle now starts. The other
systems' demo battles start from their examples (`create_starter_battle`). Each is ready for round 1's plays."""

from __future__ import annotations

from combat.models import Battle
from combat.services import BattleSetup, create_battle

DEMO_KEY = "demo"
DEMO_CHARACTERS = ("Black Knight", "Amazon")


def create_demo_battle(campaign) -> Battle:
    """Idempotent: a second call returns the demo battle already there."""
    existing = Battle.objects.filter(campaign=campaign, demo_key=DEMO_KEY).first()
    if existing is not None:
        return existing
    characters = list(campaign.characters.filter(catalogue_name__in=DEMO_CHARACTERS))
    if not characters:
        characters = list(campaign.characters.all()[:2])
    names = sorted((c.catalogue_name for c in characters), key=lambda n: (n not in DEMO_CHARACTERS, DEMO_CHARACTERS.index(n) if n in DEMO_CHARACTERS else 0))
    monsters = ["H Troll", "Wolf"][: max(len(names), 1)]
    attacks = [(monster, names[index % len(names)]) for index, monster in enumerate(monsters)]
    setup = BattleSetup(
        name="Ambush in Cave 4",
        clearing="Cave 4",
        character_ids=[c.pk for c in characters],
        monsters=monsters,
        attacks=attacks,
    )
    return create_battle(campaign, setup, demo_key=DEMO_KEY)


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
