"""Shared set-up for the battle benchmarks: a campaign with N players, each with a character, and a
battle in which one monster attacks each character, with valid answers found through the system."""

from __future__ import annotations

CHARACTERS = ["Amazon", "Berserker", "Black Knight", "Captain", "Druid", "Dwarf", "Elf", "Magician",
              "Pilgrim", "Sorceror", "Swordsman", "White Knight", "Witch", "Witch King", "Wizard", "Woods Girl"]
MONSTERS = ["Wolf", "Giant Bat", "H Troll", "Ogre", "Spear Goblin", "Sword Goblin", "Axe Goblin", "Viper",
            "H Spider", "Ghost"]


def make_battle(gm, slug: str, players: int):
    """A campaign `slug` with `players` players and characters, its battle set up by Magic Realm's set-up form
    (as on the new battle page), and every side answered and locked."""
    from campaigns import services as campaign_services
    from combat import system_battles

    campaign = campaign_services.create_campaign(gm, f"Benchmark {slug}", slug, "bimr4")
    characters = []
    for index in range(players):
        player = campaign_services.add_player(
            gm, campaign, {"name": f"Player {index + 1}", "email": f"player{index + 1}@example.com", "time_zone": "UTC"}
        )
        characters.append(campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": CHARACTERS[index]}))
    monsters = [MONSTERS[index % len(MONSTERS)] for index in range(players)]
    seen: dict[str, int] = {}
    ids = []
    for monster in monsters:  # the set-up names a second Wolf "Wolf #2"
        seen[monster] = seen.get(monster, 0) + 1
        ids.append(monster if seen[monster] == 1 else f"{monster} #{seen[monster]}")
    names = [c.catalogue_name for c in characters]
    answers = {"characters": names, "monsters": "\n".join(monsters),
               "attacks": "\n".join(f"{monster} -> {name}" for monster, name in zip(ids, names))}
    round_input = campaign.combat_system.set_up(answers, tuple(sorted(names)))
    battle = system_battles.start_battle(gm, slug, "Benchmark brawl", "Cave 1", round_input)
    round_ = battle.rounds.get(number=1)
    for side in round_.sides.filter(locked=False):
        system_battles.save_answers(gm, slug, battle.pk, 1, side.pk, valid_answers(side))
        system_battles.lock(gm, slug, battle.pk, 1, side.pk, plays_nothing=True)  # as the GM confirms a side playing nothing
    return battle


def valid_answers(side) -> dict:
    """The first choice of every question that applies, if the system takes them; else only the required
    questions' first choices."""
    from combat import system_battles
    from systems.interface import applies, choices_open

    form = system_battles.form_of(side)
    answers: dict = {}
    for field in form.fields:
        if field.choices and applies(field.shown_when, answers) and (open_choices := choices_open(field, answers)):
            answers[field.name] = open_choices[0].value
    if not system_battles.check_answers(side, answers):
        return answers
    return {f.name: f.choices[0].value for f in form.fields if f.required and f.choices and f.shown_when is None}
