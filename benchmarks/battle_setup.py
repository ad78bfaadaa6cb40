"""Shared set-up for the battle benchmarks: a campaign with N players, each with a character, and a
battle in which one monster attacks each character, with valid plays found through the engine."""

from __future__ import annotations

import itertools

CHARACTERS = ["Amazon", "Berserker", "Black Knight", "Captain", "Druid", "Dwarf", "Elf", "Magician",
              "Pilgrim", "Sorceror", "Swordsman", "White Knight", "Witch", "Witch King", "Wizard", "Woods Girl"]
MONSTERS = ["Wolf", "Giant Bat", "H Troll", "Ogre", "Spear Goblin", "Sword Goblin", "Axe Goblin", "Viper",
            "H Spider", "Ghost"]


def make_battle(gm, slug: str, players: int):
    """A campaign `slug` with `players` players and characters, its battle, and every side locked."""
    from campaigns import services as campaign_services
    from combat import rounds, services

    campaign = campaign_services.create_campaign(gm, f"Benchmark {slug}", slug, "bimr4")
    characters = []
    for index in range(players):
        player = campaign_services.add_player(
            gm, campaign, {"name": f"Player {index + 1}", "email": f"player{index + 1}@example.com", "time_zone": "UTC"}
        )
        characters.append(campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": CHARACTERS[index]}))
    monsters = [MONSTERS[index % len(MONSTERS)] for index in range(players)]
    ids = rounds.unique_ids(monsters, set(CHARACTERS))
    setup = services.BattleSetup(
        name="Benchmark brawl", clearing="Cave 1", character_ids=[c.pk for c in characters], monsters=monsters,
        attacks=[(monster_id, character.catalogue_name) for monster_id, character in zip(ids, characters)],
    )
    battle = services.start_battle(gm, slug, setup)
    round_ = battle.rounds.get(number=1)
    for character, target in zip(characters, ids):
        plays = valid_plays(round_, character, target)
        services.save_plays(gm, slug, battle.pk, 1, character.pk, plays)
        services.lock_side(gm, slug, battle.pk, 1, character.pk, does_nothing=not plays)
    return battle


def valid_plays(round_, character, target: str) -> dict:
    """The first attack and maneuver the engine accepts for this character (or no plays at all)."""
    from combat import rounds, services

    options = rounds.side_options(round_.battle.state, character.catalogue_name)
    weapons = [name for name, _ in options.weapons] or [None]
    for (chit, _), weapon, (move, _) in itertools.product(options.fight_chits, weapons, options.move_chits):
        if chit.startswith("MAGIC"):
            continue
        plays = {"target": target, "attack": {"chit": chit, "box": 1, **({"weapon": weapon} if weapon else {})},
                 "maneuver": {"chit": move, "box": 2}}
        if not services.check_plays(round_, character.pk, plays):
            return plays
    return {}
