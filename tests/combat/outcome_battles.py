"""Battles whose round 1 does to the characters what the outcome tests need, set up by Magic Realm's set-up
form (as on the new battle page) and resolved through the services as the GM's Resolve and the worker do. The
seeds are pinned; each test first checks that the round did what it relies on (the system's result), so a
change in the rules fails loudly instead of testing nothing."""

from combat import services, system_battles
from combat.models import Battle, Round


def start(gm, campaign, answers, name="Encounter test") -> Battle:
    """A battle set up from answers to Magic Realm's set-up form, round 1 open."""
    living = tuple(c.catalogue_name for c in system_battles.living_characters(campaign))
    round_input = campaign.combat_system.set_up(answers, living)
    return system_battles.start_battle(gm, campaign.slug, name, "Cave 4", round_input)


def set_denizen(battle: Battle, denizen_id: str, **changes) -> None:
    """Change a denizen in the battle's state and in its open round's input (which the round resolves from)."""
    round_ = battle.rounds.get(number=1)
    for state in (battle.state, round_.input):
        for denizen in state["state"]["denizens"]:
            if denizen["id"] == denizen_id:
                denizen.update(changes)
    battle.save(update_fields=["state"])
    round_.save(update_fields=["input"])


def troll_on_the_amazon(gm, campaign):
    """A red-side-up T Troll holds the Amazon and kills her (seed 0); a Wolf on the Knight."""
    battle = start(gm, campaign, {"characters": ["Black Knight", "Amazon"], "monsters": "T Troll\nWolf",
                                  "attacks": "T Troll -> Amazon\nWolf -> Black Knight"})
    set_denizen(battle, "T Troll", side="dark")
    return battle


TROLL_PLAYS = {
    "Black Knight": {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "Wolf", "weapon": "Mace",
                     "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1},
    "Amazon": {"encounter_play": "none", "attack_chit": "FIGHT M5", "target": "T Troll", "weapon": "Short Sword",
               "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3},
}


def play(gm, battle, plays, seed, number=1) -> Round:
    """Enter and lock every side's answers, then resolve round `number` with `seed` (pinned for the test)."""
    slug = battle.campaign.slug
    round_ = battle.rounds.get(number=number)
    for name, answers in plays.items():
        side = round_.sides.get(side=name)
        _, errors = system_battles.save_answers(gm, slug, battle.pk, number, side.pk, answers)
        assert errors == {}, errors
        system_battles.lock(gm, slug, battle.pk, number, side.pk)
    Round.objects.filter(pk=round_.pk).update(seed=seed)
    assert services.request_resolve(gm, slug, battle.pk, number)
    return services.resolve_round(round_.pk)
