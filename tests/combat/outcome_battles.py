"""Battles whose round 1 does to the characters what the outcome tests need, resolved through the services
as the GM's Resolve and the worker do. The seeds are pinned; each test first checks that the round did what
it relies on (the engine's result), so a change in the rules fails loudly instead of testing nothing."""

from campaigns import services as campaign_services
from combat import services
from combat.models import Round

from .encounter_battles import set_denizen, start

KNIGHT_PLAYS = {"target": "Giant", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
                "maneuver": {"horse": "galloping", "box": 1}}
AMAZON_PLAYS = {"target": "Wolf", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
                "maneuver": {"chit": "MOVE M4", "box": 3}}

# The skirmish's seeds: what round 1 does with KNIGHT_PLAYS and AMAZON_PLAYS.
ARMOR_DAMAGED = 21  # the Knight's Armor damaged, his Mace alerted, his Warhorse killed, he kills the Wolf (+1 notoriety), owes 1 wound
HIRELING_KILLED = 2  # the T Troll kills Company 2, the Knight's hireling, and his Warhorse
HIRELING_KILLS = 20  # Company 2 kills the T Troll (+8 fame, +8 notoriety to the Knight); the Amazon's Helmet damaged


def skirmish(gm, campaign, characters):
    """The Black Knight on a Warhorse with two hirelings (Lancer 1, Company 2) and the Amazon, against a Giant
    (on the Knight), a Wolf (on the Amazon) and a T Troll (on Company 2)."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    campaign_services.change_character_state(
        knight.pk, lambda state: {**state, "horse": "Warhorse", "hirelings": ["Lancer 1", "Company 2"]})
    return start(campaign, [knight, amazon], monsters=["Giant", "Wolf", "T Troll"],
                 natives=[("Lancer 1", knight.pk), ("Company 2", knight.pk)],
                 attacks=[("Giant", "Black Knight"), ("Wolf", "Amazon"), ("T Troll", "Company 2"),
                          ("Lancer 1", "Wolf"), ("Company 2", "T Troll")])


def troll_on_the_amazon(campaign, characters):
    """A red-side-up T Troll holds the Amazon and kills her (seed 0); a Wolf on the Knight."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(campaign, [knight, amazon], monsters=["T Troll", "Wolf"],
                   attacks=[("T Troll", "Amazon"), ("Wolf", "Black Knight")])
    set_denizen(battle, "T Troll", side="dark")
    return battle


TROLL_PLAYS = {
    "Black Knight": {"target": "Wolf", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
                     "maneuver": {"chit": "MOVE H6", "box": 1}},
    "Amazon": {"target": "T Troll", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
               "maneuver": {"chit": "MOVE M4", "box": 3}},
}


def play(gm, battle, characters, plays, seed, number=1) -> Round:
    """Enter and lock every side's plays, then resolve round `number` with `seed` (pinned for the test)."""
    slug = battle.campaign.slug
    for name, side_plays in plays.items():
        _, errors = services.save_plays(gm, slug, battle.pk, number, characters[name].pk, side_plays)
        assert errors == {}, errors
        services.lock_side(gm, slug, battle.pk, number, characters[name].pk)
    round_ = battle.rounds.get(number=number)
    Round.objects.filter(pk=round_.pk).update(seed=seed)
    assert services.request_resolve(gm, slug, battle.pk, number)
    return services.resolve_round(round_.pk)


def skirmish_round(gm, battle, characters, seed) -> Round:
    return play(gm, battle, characters, {"Black Knight": KNIGHT_PLAYS, "Amazon": AMAZON_PLAYS}, seed)


def summary(round_, name):
    return next(s for s in round_.result["summaries"] if s["character"] == name)
