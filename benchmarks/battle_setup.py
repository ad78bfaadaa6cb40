"""Shared set-up for the battle benchmarks: a campaign with N players, each with a character, and a Magic Realm
battle set up through the systems interface (the set-up form's answers, as on the new battle page) in which one
monster attacks each character; `make_battle` then answers and locks every side through `system_battles`, each
character attacking the monster that attacks him where his form offers it."""

from __future__ import annotations

CHARACTERS = ["Amazon", "Berserker", "Black Knight", "Captain", "Druid", "Dwarf", "Elf", "Magician",
              "Pilgrim", "Sorceror", "Swordsman", "White Knight", "Witch", "Witch King", "Wizard", "Woods Girl"]
MONSTERS = ["Wolf", "Giant Bat", "H Troll", "Ogre", "Spear Goblin", "Sword Goblin", "Axe Goblin", "Viper",
            "H Spider", "Ghost"]


def set_up_battle(gm, slug: str, players: int):
    """A campaign `slug` with `players` players and characters, and its battle set up by Magic Realm's set-up
    form, round 1 open with every side unlocked and nothing entered. Returns the battle and, by character
    name, the monster that attacks him."""
    from campaigns import services as campaign_services
    from combat import system_battles

    campaign = campaign_services.create_campaign(gm, f"Benchmark {slug}", slug, "bimr4")
    names = []
    for index in range(players):
        player = campaign_services.add_player(
            gm, campaign, {"name": f"Player {index + 1}", "email": f"player{index + 1}@example.com", "time_zone": "UTC"}
        )
        names.append(campaign_services.add_character(
            gm, campaign, {"player": player.pk, "catalogue_name": CHARACTERS[index]}).catalogue_name)
    monsters = [MONSTERS[index % len(MONSTERS)] for index in range(players)]
    seen: dict[str, int] = {}
    ids = []
    for monster in monsters:  # the set-up names a second Wolf "Wolf #2"
        seen[monster] = seen.get(monster, 0) + 1
        ids.append(monster if seen[monster] == 1 else f"{monster} #{seen[monster]}")
    answers = {"characters": names, "monsters": "\n".join(monsters),
               "attacks": "\n".join(f"{monster} -> {name}" for monster, name in zip(ids, names))}
    round_input = campaign.combat_system.set_up(answers, tuple(sorted(names)))
    battle = system_battles.start_battle(gm, slug, "Benchmark brawl", "Cave 1", round_input)
    return battle, dict(zip(names, ids))


def make_battle(gm, slug: str, players: int):
    """`set_up_battle`'s battle with every side answered (`valid_answers`) and locked."""
    from combat import system_battles

    battle, attackers = set_up_battle(gm, slug, players)
    for side in battle.rounds.get(number=1).sides.filter(locked=False):
        answers = valid_answers(side, {"target": attackers.get(side.side)})
        system_battles.save_answers(gm, slug, battle.pk, 1, side.pk, answers)
        system_battles.lock(gm, slug, battle.pk, 1, side.pk, plays_nothing=True)  # as the GM confirms a side playing nothing
    return battle


def valid_answers(side, preferred: dict | None = None) -> dict:
    """Every question that applies answered, by its `preferred` value where the form offers it, else by its
    first choice, if the system takes them; else only the required questions' first choices."""
    from combat import system_battles
    from systems.interface import applies, choices_open

    preferred = preferred or {}
    form = system_battles.form_of(side)
    answers: dict = {}
    for field in form.fields:
        if field.choices and applies(field.shown_when, answers) and (open_choices := choices_open(field, answers)):
            values = [choice.value for choice in open_choices]
            answers[field.name] = preferred[field.name] if preferred.get(field.name) in values else values[0]
    if not system_battles.check_answers(side, answers):
        return answers
    return {f.name: f.choices[0].value for f in form.fields if f.required and f.choices and f.shown_when is None}
