"""A combatant out of the battle plays no later round: the round he left it in tells him, once, and the rounds after
open without his side (the system's `sides_in_battle`), so none of their emails goes to him. A side with nothing to
choose is locked as the round opens from the system's `asks_anything`, which agrees with its plays form.

The Magic Realm battle: `start_ambush`'s clearing with a Giant on the Amazon instead of the Wolf, and her armor left
at home: with the known seed (7, conftest.known_dice) the Giant's club kills her in round 1 while Alice's Black
Knight fights on against the H Troll. The Enchanted Realms battle: the goblin ambush, Bryn put down by the GM's hand in
round 1 and brought back in round 2."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import system_battles, system_dues, system_rounds
from players import adjusting
from players import dues
from systems.interface import GM
from tests.systems.interface_examples import answer
from tests.systems_app.conftest import gm_plays, knight_and_amazon, resolve, start

pytestmark = pytest.mark.django_db

KNIGHT = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
          "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}
# No attack: the Giant stands in box 2, the dice swap it into box 1, where its club meets her Charge.
AMAZON = {"encounter_play": "none", "maneuver_chit": "MOVE M4", "maneuver_box": 1, "position_0": 2}


def the_amazon_killed_in_round_one(gm):
    campaign = knight_and_amazon(gm)
    round_input = campaign.combat_system.set_up(
        {"characters": ["Amazon", "Black Knight"], "monsters": "H Troll\nGiant",
         "attacks": "H Troll -> Black Knight\nGiant -> Amazon"}, ("Amazon", "Black Knight"))
    amazon = next(c for c in round_input["state"]["characters"] if c["id"] == "Amazon")
    amazon["armor"] = []
    battle = system_battles.start_battle(gm, campaign.slug, "Ambush", "Cave 4", round_input)
    first = battle.rounds.get(number=1)
    gm_plays(gm, first, "Black Knight", KNIGHT)
    gm_plays(gm, first, "Amazon", AMAZON)
    resolved = resolve(gm, first)
    assert resolved.result["summaries"]["Amazon"][0] == "Amazon: KILLED"
    battle.refresh_from_db()
    assert battle.status == battle.Status.ACTIVE  # the Knight fights on
    return battle


def play_round(gm, round_):
    """What the round before left owing settled, every open side answered with its form's first choices, by the GM,
    and the round resolved."""
    battle = round_.battle
    previous = battle.rounds.filter(number=round_.number - 1).first()
    for due in system_dues.dues_of(previous) if previous else ():
        dues.settle_by_gm(gm, battle.campaign.slug, battle.pk, previous.number, due.side.pk, answer(due.form))
    for side in round_.sides.filter(locked=False):
        gm_plays(gm, round_, side.side, answer(system_battles.form_of(side)))
    return resolve(gm, round_)


def bobs_emails():
    return OutboxMessage.objects.filter(recipient="bob@example.com")


def test_it_opens_round_two_without_the_side_of_a_character_killed_in_round_one(gm):
    battle = the_amazon_killed_in_round_one(gm)
    assert set(battle.rounds.get(number=1).sides.values_list("side", flat=True)) == {"Amazon", "Black Knight"}
    assert list(battle.rounds.get(number=2).sides.values_list("side", "locked")) == [("Black Knight", False)]


def test_it_tells_the_killed_characters_player_once_and_queues_him_no_email_of_a_later_round(gm):
    battle = the_amazon_killed_in_round_one(gm)
    play_round(gm, battle.rounds.get(number=2))
    assert battle.rounds.filter(number=3).exists()  # round 2 resolved and the battle goes on
    subjects = sorted(bobs_emails().values_list("subject", flat=True))
    assert subjects == ["[The Realm] Ambush: round 1", "[The Realm] Ambush: round 1, plays due"]
    assert sum(mail.text.count("KILLED") for mail in bobs_emails()) == 1
    alices = set(OutboxMessage.objects.filter(recipient="alice@example.com").values_list("subject", flat=True))
    assert {"[The Realm] Ambush: round 2", "[The Realm] Ambush: round 3, plays due"} <= alices


def test_the_cheap_question_agrees_with_the_form_for_every_side_and_the_gm_in_every_round(gm):
    battle = the_amazon_killed_in_round_one(gm)
    system = battle.campaign.combat_system
    for round_ in battle.rounds.order_by("number"):
        for side in (*system.sides(round_.input), GM):
            form = system_rounds.form_for(system, round_.input, side)
            assert system.asks_anything(round_.input, side) == bool(form.fields), (round_.number, side)
    opened = battle.rounds.get(number=2)
    for side in opened.sides.all():
        assert side.locked == (not system.asks_anything(opened.input, side.side))


def test_a_combatant_brought_back_into_the_battle_gets_a_side_in_the_open_round_and_its_plays_due_email(
        gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    slug = battle.campaign.slug
    adjusting.adjust(gm, slug, battle.pk, 1, "down|Bryn", "the rockfall")
    assert battle.rounds.get(number=1).sides.get(side="Bryn").locked  # this round still tells him
    play_round(gm, battle.rounds.get(number=1))
    second = battle.rounds.get(number=2)
    assert "Bryn" not in set(second.sides.values_list("side", flat=True))
    assert not bobs_emails().filter(subject__contains="round 2").exists()
    adjusting.adjust(gm, slug, battle.pk, 2, "back|Bryn", "only stunned")
    bryn = battle.rounds.get(number=2).sides.get(side="Bryn")  # its round's input as the adjustment left it
    assert not bryn.locked and bryn.character.catalogue_name == "Bryn" and system_battles.form_of(bryn).fields
    assert bobs_emails().filter(subject__endswith="round 2, plays due").count() == 1
    assert second.notes.filter(text__contains="Bryn is back in the battle, with a side in this round").exists()
