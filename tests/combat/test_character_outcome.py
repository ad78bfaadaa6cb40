"""The battle's outcome reaches the campaign (issue #14): each resolved round writes what it made certain onto
the characters, in the same transaction as its result, with a history entry naming the battle and round;
voiding the round undoes all of it. (What a Magic Realm round writes on a record, armor, weapons, horses,
hirelings, fame and gold, is tests/systems/test_magic_realm_records.py; the dues settled after a round,
tests/systems_app/test_player_settles_dues.py and test_view_settle_dues.py.)"""

import pytest

from campaigns.models import Character
from combat import battle_exchange, services, system_battles
from combat.models import Battle, CharacterChange, Round
from systems.errors import PlaysInvalid

from .outcome_battles import TROLL_PLAYS, play, start, troll_on_the_amazon

pytestmark = pytest.mark.django_db


def state(character):
    return Character.objects.get(pk=character.pk).state


def test_a_character_killed_in_a_round_is_killed_on_the_campaign_with_his_killer_battle_and_round(gm, campaign, characters):
    battle = troll_on_the_amazon(gm, campaign)
    round_ = play(gm, battle, TROLL_PLAYS, seed=0)
    amazon = characters["Amazon"]
    assert state(amazon)["killed"] is True
    entry = CharacterChange.objects.get(character=amazon)
    assert (entry.battle, entry.round, entry.source) == (battle, round_, CharacterChange.Source.ROUND)
    assert entry.lines[0] == "Killed by T Troll"
    assert state(characters["Black Knight"])["killed"] is False


def test_a_killed_character_cannot_join_a_new_battle(gm, campaign, characters):
    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    with pytest.raises(PlaysInvalid) as refused:  # the new battle page offers only the living characters
        start(gm, campaign, {"characters": ["Amazon"], "monsters": "Wolf"})
    assert "Amazon" in str(refused.value.errors[0].message) and refused.value.errors[0].path == "characters"
    amazon_set_up = {**battle.rounds.get(number=1).input, "plays": {}}
    with pytest.raises(services.BattleError) as refused:
        system_battles.start_battle(gm, "test", "Again", "Cave 2", amazon_set_up)
    assert refused.value.errors["state"] == "Amazon was killed in an earlier battle."


def test_the_outcome_is_written_in_the_rounds_transaction_and_lost_with_it(gm, campaign, characters, monkeypatch):
    from combat import system_emails as emails

    from .test_services import WorkerKilled

    battle = troll_on_the_amazon(gm, campaign)

    def die(*args, **kwargs):
        raise WorkerKilled

    monkeypatch.setattr(emails, "queue_round_emails", die)
    with pytest.raises(WorkerKilled):
        play(gm, battle, TROLL_PLAYS, seed=0)
    assert state(characters["Amazon"])["killed"] is False and not CharacterChange.objects.exists()
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVING


# --- voiding the round undoes it ---------------------------------------------------------------------


# --- voiding the round undoes it ---------------------------------------------------------------------


def test_voiding_a_round_undoes_what_it_did_to_the_characters_and_the_battle(gm, campaign, characters):
    from combat.void import void_round

    battle = troll_on_the_amazon(gm, campaign)
    before_knight, before_amazon = state(characters["Black Knight"]), state(characters["Amazon"])
    state_before = Battle.objects.get(pk=battle.pk).state
    play(gm, battle, TROLL_PLAYS, seed=0)
    assert state(characters["Amazon"]) != before_amazon

    round_ = void_round(gm, "test", battle.pk, 1)

    assert state(characters["Black Knight"]) == before_knight and state(characters["Amazon"]) == before_amazon
    assert not CharacterChange.objects.exists()
    battle.refresh_from_db()
    assert battle.state == state_before and battle.status == Battle.Status.ACTIVE
    assert list(battle.rounds.values_list("number", "status")) == [(1, Round.Status.DRAFTING)]
    assert round_.result is None and round_.voided_count == 1 and round_.voided_at is not None
    assert not round_.sides.filter(locked=False).exists(), "the plays stay locked, ready to resolve again"


def test_only_the_last_resolved_round_can_be_voided(gm, campaign, characters):
    from combat.void import void_round

    battle = troll_on_the_amazon(gm, campaign)
    with pytest.raises(services.BattleError, match="Only a resolved round"):
        void_round(gm, "test", battle.pk, 1)
    play(gm, battle, TROLL_PLAYS, seed=0)
    Round.objects.filter(battle=battle, number=2).update(status=Round.Status.RESOLVED)
    with pytest.raises(services.BattleError, match="Only the last resolved round"):
        void_round(gm, "test", battle.pk, 1)
    assert CharacterChange.objects.exists()


def test_a_voided_round_resolved_again_does_it_again_and_mails_the_new_result(gm, campaign, characters):
    from campaigns.mail.models import OutboxMessage
    from combat.void import void_round

    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    void_round(gm, "test", battle.pk, 1)
    assert state(characters["Amazon"])["killed"] is False
    voided = OutboxMessage.objects.filter(idempotency_key__contains="/voided-1/")
    assert sorted(voided.values_list("recipient", flat=True)) == ["alice@example.com", "bob@example.com"]
    assert "round 1 voided" in voided.first().subject

    assert services.request_resolve(gm, "test", battle.pk, 1)
    round_ = services.resolve_round(battle.rounds.get(number=1).pk)
    assert round_.status == Round.Status.RESOLVED and state(characters["Amazon"])["killed"] is True
    assert OutboxMessage.objects.filter(idempotency_key__startswith=f"combat/round-{round_.pk}/v1/").count() == 3


def test_voiding_is_a_404_for_a_gm_of_another_campaign(gm, other_user, campaign, characters):
    from django.http import Http404

    from combat.void import void_round

    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    with pytest.raises(Http404):
        void_round(other_user, "test", battle.pk, 1)
    assert state(characters["Amazon"])["killed"] is True


def test_export_and_import_keep_the_history_and_the_state_a_void_needs(gm, campaign, characters):
    from campaigns import services as campaign_services
    from combat.void import void_round

    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    exported = battle_exchange.export_battles(campaign)
    assert exported[0]["rounds"][0]["character_changes"][0]["lines"] == ["Killed by T Troll"]
    other = campaign_services.create_campaign(gm, "Copy", "copy", "bimr4")
    for name, character in (("Alice", "Black Knight"), ("Bob", "Amazon")):
        player = campaign_services.add_player(gm, other, {"name": name, "email": f"{name}@x.org", "time_zone": "UTC"})
        campaign_services.add_character(gm, other, {"player": player.pk, "catalogue_name": character,
                                                    "state": state(characters[character])})
    [copy] = battle_exchange.import_battles(other, exported)
    assert battle_exchange.export_battles(other)[0]["rounds"] == exported[0]["rounds"]
    void_round(gm, "copy", copy.pk, 1)
    assert other.characters.get(catalogue_name="Amazon").state["killed"] is False
    assert state(characters["Amazon"])["killed"] is True, "the original campaign is untouched"
