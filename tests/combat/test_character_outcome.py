"""The battle's outcome reaches the campaign (issue #14): each resolved round writes what it made certain onto
the characters, in the same transaction as its result, with a history entry naming the battle and round;
the wounds and fatigue chosen later too; voiding the round undoes all of it."""

import pytest

from campaigns.models import Character
from combat import battle_conversion, battle_exchange, history, services
from combat.models import Battle, CharacterChange, ChitRecord, Round

from .outcome_battles import (
    ARMOR_DAMAGED,
    HIRELING_KILLED,
    HIRELING_KILLS,
    TROLL_PLAYS,
    play,
    skirmish,
    skirmish_round,
    summary,
    troll_on_the_amazon,
)
from .test_services import WOUNDING_SEED, enter_and_lock

pytestmark = pytest.mark.django_db


def state(character):
    return Character.objects.get(pk=character.pk).state


def lines(character):
    return [line for entry in CharacterChange.objects.filter(character=character) for line in entry.lines]


def test_a_character_killed_in_a_round_is_killed_on_the_campaign_with_his_killer_battle_and_round(gm, campaign, characters):
    battle = troll_on_the_amazon(campaign, characters)
    round_ = play(gm, battle, characters, TROLL_PLAYS, seed=0)
    assert summary(round_, "Amazon")["killed"], "the round this test relies on: the T Troll kills the Amazon"
    amazon = characters["Amazon"]
    assert state(amazon)["killed"] is True
    entry = CharacterChange.objects.get(character=amazon)
    assert (entry.battle, entry.round, entry.source) == (battle, round_, CharacterChange.Source.ROUND)
    assert entry.lines[0] == "Killed by T Troll"
    assert state(characters["Black Knight"])["killed"] is False


def test_a_killed_character_cannot_join_a_new_battle(gm, campaign, characters):
    battle = troll_on_the_amazon(campaign, characters)
    play(gm, battle, characters, TROLL_PLAYS, seed=0)
    setup = services.BattleSetup(name="", clearing="Cave 2", character_ids=[characters["Amazon"].pk], monsters=["Wolf"])
    with pytest.raises(services.BattleError) as refused:
        services.start_battle(gm, "test", setup)
    assert refused.value.errors["characters"] == "Amazon was killed in an earlier battle."


def test_armor_damaged_a_weapon_alerted_a_horse_lost_and_notoriety_from_a_kill_reach_the_character(gm, campaign, characters):
    battle = skirmish(gm, campaign, characters)
    round_ = skirmish_round(gm, battle, characters, ARMOR_DAMAGED)
    knight = summary(round_, "Black Knight")
    assert knight["armor_changes"] == [["Armor", "damaged"]] and knight["weapons_alerted"] == ["Mace"]
    assert knight["notoriety"] == 1 and knight["kills"]
    after = state(characters["Black Knight"])
    assert after["armor"] == {"Armor": "damaged"}
    assert after["weapons"] == {"Mace": "alerted"}
    assert after["horse"] is None
    assert (after["fame"], after["notoriety"], after["gold"]) == (0, 1, 10)
    assert {"Armor damaged", "Mace alerted", "Horse lost: Warhorse killed", "Killed Wolf: +1 notoriety"} <= set(
        lines(characters["Black Knight"]))


def test_fame_and_notoriety_from_a_hirelings_kill_go_to_its_owner(gm, campaign, characters):
    battle = skirmish(gm, campaign, characters)
    round_ = skirmish_round(gm, battle, characters, HIRELING_KILLS)
    assert summary(round_, "Black Knight")["fame"] == 8
    after = state(characters["Black Knight"])
    assert (after["fame"], after["notoriety"]) == (8, 8)
    assert "Killed T Troll: +8 fame, +8 notoriety" in lines(characters["Black Knight"])
    assert state(characters["Amazon"])["armor"] == {"Helmet": "damaged"}


def test_a_hireling_killed_leaves_the_characters_hirelings(gm, campaign, characters):
    battle = skirmish(gm, campaign, characters)
    round_ = skirmish_round(gm, battle, characters, HIRELING_KILLED)
    company = next(d for d in round_.result["state"]["denizens"] if d["id"] == "Company 2")
    assert company.get("dead"), "the round this test relies on: the T Troll kills Company 2"
    assert state(characters["Black Knight"])["hirelings"] == ["Lancer 1"]
    assert "Hireling lost: Company 2 killed" in lines(characters["Black Knight"])


def test_a_hireling_that_rebels_and_gold_from_a_bounty_reach_the_character(gm, campaign, characters):
    """The history's own writing, on a round's states as the engine returns them (a rebellion needs the
    encounter step's Extended Treachery; the engine's tests cover how it happens)."""
    battle = skirmish(gm, campaign, characters)
    round_ = battle.rounds.get(number=1)
    before = battle.state
    after = {"state": {**before["state"], "denizens": [
        {**d, "hired_by": None} if d["id"] == "Lancer 1" else d for d in before["state"]["denizens"]]}}
    result = {"summaries": [{"character": "Black Knight", "kills": ["Company 4"], "fame": 0, "notoriety": 2, "gold": 2}]}
    history.record_round(round_, before, after, result)
    after_state = state(characters["Black Knight"])
    assert after_state["hirelings"] == ["Company 2"] and after_state["gold"] == 12 and after_state["notoriety"] == 2
    assert lines(characters["Black Knight"]) == ["Killed Company 4: +2 notoriety, +2 gold", "Hireling lost: Lancer 1 rebelled"]


def test_the_wounds_and_fatigue_chosen_after_a_round_are_the_characters_and_a_new_choice_replaces_the_old(
    gm, battle, characters, valid_plays, first_round
):
    enter_and_lock(gm, battle, characters, valid_plays)
    Round.objects.filter(pk=first_round.pk).update(seed=WOUNDING_SEED)
    services.request_resolve(gm, "test", battle.pk, 1)
    services.resolve_round(first_round.pk)
    knight = characters["Black Knight"]
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["FIGHT M5"], [])
    assert state(knight)["chits"] == {"FIGHT M5": "wounded"} and state(knight)["wounds"] == 1
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["MOVE M5"], [])
    assert state(knight)["chits"] == {"MOVE M5": "wounded"} and state(knight)["wounds"] == 1
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["MOVE M5"], [])
    assert state(knight)["chits"] == {"MOVE M5": "wounded"} and state(knight)["wounds"] == 1, "the same choice again changes nothing"
    chits_entries = CharacterChange.objects.filter(character=knight, source=CharacterChange.Source.CHITS)
    assert [entry.lines for entry in chits_entries] == [["MOVE M5 wounded"]]
    assert chits_entries.get().round == first_round


def test_fatigue_and_wounds_chosen_together_are_counted_on_the_character(gm, campaign, characters):
    battle = troll_on_the_amazon(campaign, characters)
    plays = {"Black Knight": {"target": "Wolf", "attack": {"chit": "FIGHT H4**", "box": 2, "weapon": "Mace"},
                              "maneuver": {"chit": "MOVE H6", "box": 1}},
             "Amazon": TROLL_PLAYS["Amazon"]}
    round_ = play(gm, battle, characters, plays, seed=0)
    assert (summary(round_, "Black Knight")["wounds_owed"], summary(round_, "Black Knight")["fatigue_owed"]) == (1, 1)
    knight = characters["Black Knight"]
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["FIGHT M5"], ["MOVE H5*"])
    after = state(knight)
    assert after["chits"] == {"FIGHT M5": "wounded", "MOVE H5*": "fatigued"}
    assert (after["wounds"], after["fatigue"]) == (1, 1)
    assert {"FIGHT M5 wounded", "MOVE H5* fatigued"} <= set(lines(knight))


def test_the_outcome_is_written_in_the_rounds_transaction_and_lost_with_it(gm, campaign, characters, monkeypatch):
    from combat import emails

    from .test_services import WorkerKilled

    battle = troll_on_the_amazon(campaign, characters)

    def die(*args, **kwargs):
        raise WorkerKilled

    monkeypatch.setattr(emails, "queue_round_emails", die)
    with pytest.raises(WorkerKilled):
        play(gm, battle, characters, TROLL_PLAYS, seed=0)
    assert state(characters["Amazon"])["killed"] is False and not CharacterChange.objects.exists()
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVING


# --- voiding the round undoes it ---------------------------------------------------------------------


def test_voiding_a_round_undoes_what_it_did_to_the_characters_and_the_battle(gm, campaign, characters):
    from combat.void import void_round

    battle = skirmish(gm, campaign, characters)
    knight = characters["Black Knight"]
    before_knight, before_amazon = state(knight), state(characters["Amazon"])
    state_before = Battle.objects.get(pk=battle.pk).state
    skirmish_round(gm, battle, characters, ARMOR_DAMAGED)
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["FIGHT M5"], [])
    assert state(knight) != before_knight

    round_ = void_round(gm, "test", battle.pk, 1)

    assert state(knight) == before_knight and state(characters["Amazon"]) == before_amazon
    assert not CharacterChange.objects.exists() and not ChitRecord.objects.exists()
    battle.refresh_from_db()
    assert battle.state == state_before and battle.status == Battle.Status.ACTIVE
    assert list(battle.rounds.values_list("number", "status")) == [(1, Round.Status.DRAFTING)]
    assert round_.result is None and round_.voided_count == 1 and round_.voided_at is not None
    assert not round_.sides.filter(locked=False).exists(), "the plays stay locked, ready to resolve again"


def test_a_voided_round_resolved_again_does_it_again_and_mails_the_new_result(gm, campaign, characters):
    from campaigns.mail.models import OutboxMessage
    from combat.void import void_round

    battle = troll_on_the_amazon(campaign, characters)
    play(gm, battle, characters, TROLL_PLAYS, seed=0)
    void_round(gm, "test", battle.pk, 1)
    assert state(characters["Amazon"])["killed"] is False
    voided = OutboxMessage.objects.filter(idempotency_key__contains="/voided-1/")
    assert sorted(voided.values_list("recipient", flat=True)) == ["alice@example.com", "bob@example.com"]
    assert "round 1 voided" in voided.first().subject

    assert services.request_resolve(gm, "test", battle.pk, 1)
    round_ = services.resolve_round(battle.rounds.get(number=1).pk)
    assert round_.status == Round.Status.RESOLVED and state(characters["Amazon"])["killed"] is True
    assert OutboxMessage.objects.filter(idempotency_key__startswith=f"combat/round-{round_.pk}/v1/").count() == 3


def test_only_the_last_resolved_round_can_be_voided(gm, campaign, characters):
    from combat.void import void_round

    battle = skirmish(gm, campaign, characters)
    with pytest.raises(services.BattleError, match="Only a resolved round"):
        void_round(gm, "test", battle.pk, 1)
    skirmish_round(gm, battle, characters, HIRELING_KILLS)
    Round.objects.filter(battle=battle, number=2).update(status=Round.Status.RESOLVED)
    with pytest.raises(services.BattleError, match="Only the last resolved round"):
        void_round(gm, "test", battle.pk, 1)
    assert CharacterChange.objects.exists()


def test_voiding_is_a_404_for_a_gm_of_another_campaign(gm, other_user, campaign, characters):
    from django.http import Http404

    from combat.void import void_round

    battle = troll_on_the_amazon(campaign, characters)
    play(gm, battle, characters, TROLL_PLAYS, seed=0)
    with pytest.raises(Http404):
        void_round(other_user, "test", battle.pk, 1)
    assert state(characters["Amazon"])["killed"] is True


def test_export_and_import_keep_the_history_and_the_state_a_void_needs(gm, campaign, characters):
    from campaigns import services as campaign_services
    from combat.void import void_round

    battle = troll_on_the_amazon(campaign, characters)
    play(gm, battle, characters, TROLL_PLAYS, seed=0)
    battle_conversion.convert_battle(battle)  # a file's battle begun before is carried over when imported
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
