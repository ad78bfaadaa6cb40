"""The Magic Realm demo battle, "Ambush in Cave 4", as every battle now starts: set up on the interface's new
battle page (`combat.demo.create_set_up_battle`, as `load_demo` makes it) with the demo party's Black Knight and
Amazon against an H Troll on the Knight and a Wolf on the Amazon, fought on the interface's pages
(combat/system_battles.py). The tests outside tests/combat that need a Magic Realm battle build it here."""

from __future__ import annotations

from combat import fairness, services, system_battles
from combat.demo import create_set_up_battle
from systems.commitment import commitment
from systems.magic_realm.demo import AMBUSH

AMBUSH_ANSWERS = {"characters": ["Black Knight", "Amazon"], "monsters": "H Troll\nWolf",
                  "attacks": "H Troll -> Black Knight\nWolf -> Amazon"}

# Each character's answers on the round page: the Knight's Mace at the Troll, the Amazon's Short Sword at the Wolf.
KNIGHT_ANSWERS = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
                  "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}
AMAZON_ANSWERS = {"encounter_play": "none", "attack_chit": "FIGHT M3**", "target": "Wolf", "weapon": "Short Sword",
                  "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3}
ANSWERS = {"Black Knight": KNIGHT_ANSWERS, "Amazon": AMAZON_ANSWERS}

# The seed with which, given those answers, the H Troll wounds the Black Knight and the Amazon's two asterisks
# leave her a fatigue, and the battle goes on to round 2 (under the bimr4 and the standard rules alike).
WOUNDING_SEED = 10


def create_ambush(campaign):
    """The campaign's "Ambush in Cave 4" (its demo battle), round 1 open for plays; the campaign has the
    Black Knight and the Amazon."""
    return create_set_up_battle(campaign, AMBUSH.key, "Ambush in Cave 4", "Cave 4", AMBUSH_ANSWERS)


def enter_and_lock(user, battle, number: int = 1, answers=None) -> None:
    """Each character side of round `number` answered (`answers` by side, else ANSWERS) and locked by `user`."""
    answers = answers or ANSWERS
    round_ = battle.rounds.get(number=number)
    for side in round_.sides.filter(locked=False).exclude(character=None):
        _, errors = system_battles.save_answers(user, battle.campaign.slug, battle.pk, number, side.pk,
                                                answers[side.side])
        assert not errors, errors
        system_battles.lock(user, battle.campaign.slug, battle.pk, number, side.pk)


def commit_seed(round_, seed: int) -> None:
    """The round's dice drawn from `seed` and committed as Herald commits them when it opens the round."""
    round_.seed = seed
    round_.commitment = commitment(seed, round_.salt, fairness.identity_of(round_))
    round_.save(update_fields=["seed", "commitment"])


def resolve_wounding(user, battle):
    """Round 1 answered, locked and resolved with WOUNDING_SEED (the task run here): the Knight owes a wound,
    the Amazon a fatigue, round 2 is open. The resolved round."""
    enter_and_lock(user, battle)
    commit_seed(battle.rounds.get(number=1), WOUNDING_SEED)
    services.request_resolve(user, battle.campaign.slug, battle.pk, 1)
    return services.resolve_round(battle.rounds.get(number=1).pk)
