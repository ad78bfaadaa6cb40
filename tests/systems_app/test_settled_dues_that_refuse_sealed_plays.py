"""A settlement of dues changes the open round's state as a hand adjustment does (players/dues.py,
players/adjusting.py `keep_round_in_step`): plays sealed for the open round that the settled state refuses are
opened again with their answers kept, said in the round's history after the settlement, and their player is told.

The Swordsman against the Demon (`demon-power-of-the-pit-gm-ruling`): the GM's ruling gives him 2 wounds in round 1;
Sam seals round 2's plays, then settles the wounds on the chit he attacks with."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import system_battles, system_dues
from combat.models import Round
from players import dues
from players import services as players_services
from players.models import PlayerLink, RoundNote
from tests.systems.interface_examples import answer
from tests.systems_app.test_magic_realm_through_the_interface import campaign, wounded_by_the_gms_ruling  # noqa: F401

pytestmark = pytest.mark.django_db


def sam_sealed_round_two_owing_two_wounds(gm, campaign):
    battle, waiting = wounded_by_the_gms_ruling(gm, campaign)
    following = battle.rounds.get(number=2)
    side = following.sides.get(side="Swordsman")
    plays = answer(system_battles.form_of(side))
    players_services.submit(PlayerLink.objects.get(battle=battle), side.character_id, plays)
    return battle, Round.objects.get(pk=waiting.pk), following, plays


def test_settling_the_wounds_on_the_sealed_attack_chit_opens_the_plays_again_and_says_so(gm, campaign):
    battle, first, following, plays = sam_sealed_round_two_owing_two_wounds(gm, campaign)
    [due] = system_dues.dues_of(first)
    others = [choice.value for choice in due.form.field("wounded").choices if choice.value != plays["attack_chit"]]

    dues.settle_by_gm(gm, campaign.slug, battle.pk, 1, due.side.pk, {"wounded": [plays["attack_chit"], others[0]]})

    texts = list(RoundNote.objects.filter(round=following).order_by("pk").values_list("text", flat=True))
    assert texts[-2].startswith("Swordsman settled round 1's dues (the GM)")
    assert texts[-1].startswith("Swordsman's plays no longer stand after this change (")
    assert plays["attack_chit"] in texts[-1]
    assert following.sides.get(side="Swordsman").plays == plays
    assert OutboxMessage.objects.filter(recipient="sam@example.com", idempotency_key__contains="/changed-side-").count() == 1


def test_settling_the_wounds_on_chits_the_plays_do_not_use_says_nothing_more(gm, campaign):
    battle, first, following, plays = sam_sealed_round_two_owing_two_wounds(gm, campaign)
    [due] = system_dues.dues_of(first)
    used = {value for value in plays.values() if isinstance(value, str)}
    unused = [choice.value for choice in due.form.field("wounded").choices if choice.value not in used][:2]

    dues.settle_by_gm(gm, campaign.slug, battle.pk, 1, due.side.pk, {"wounded": unused})

    assert not RoundNote.objects.filter(round=following, text__contains="no longer stand").exists()
    assert not OutboxMessage.objects.filter(recipient="sam@example.com", idempotency_key__contains="/changed-side-").exists()


def test_the_email_of_a_gms_settlement_says_the_settlement_refused_the_plays(gm, campaign):
    battle, first, following, plays = sam_sealed_round_two_owing_two_wounds(gm, campaign)
    [due] = system_dues.dues_of(first)
    others = [choice.value for choice in due.form.field("wounded").choices if choice.value != plays["attack_chit"]]

    dues.settle_by_gm(gm, campaign.slug, battle.pk, 1, due.side.pk, {"wounded": [plays["attack_chit"], others[0]]})

    email = OutboxMessage.objects.get(recipient="sam@example.com", idempotency_key__contains="/changed-side-")
    assert "Swordsman's settlement of round 1's dues means the plays of Swordsman for round 2 no longer stand:" \
        in email.text


def test_the_player_settling_his_own_dues_is_not_emailed_what_his_page_shows_him(gm, campaign):
    battle, first, following, plays = sam_sealed_round_two_owing_two_wounds(gm, campaign)
    [due] = system_dues.dues_of(first)
    others = [choice.value for choice in due.form.field("wounded").choices if choice.value != plays["attack_chit"]]

    dues.settle_by_player(PlayerLink.objects.get(battle=battle), 1, due.side.character_id,
                          {"wounded": [plays["attack_chit"], others[0]]})

    assert RoundNote.objects.filter(round=following, text__startswith="Swordsman's plays no longer stand").exists()
    assert not OutboxMessage.objects.filter(recipient="sam@example.com", idempotency_key__contains="/changed-side-").exists()
