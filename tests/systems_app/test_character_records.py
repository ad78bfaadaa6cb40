"""A campaign character's record in battles fought through the systems interface (systems/records.py): a battle
starts each character as its record leaves it, refuses one killed before, writes what each round did to the
record with a history line, and voiding the round takes it back."""

import pytest

from campaigns.models import Character
from combat import services, void
from combat.models import CharacterChange, Round
from tests.systems_app.battles import resolve_first_round
from tests.systems_app.conftest import start

pytestmark = pytest.mark.django_db


def record_of(campaign, name):
    return Character.objects.get(campaign=campaign, catalogue_name=name).state


def set_record(campaign, name, **keys):
    character = Character.objects.get(campaign=campaign, catalogue_name=name)
    character.state = {**character.state, **keys}
    character.save(update_fields=["state"])


def entry(battle, name):
    return next(c for c in battle.state["combatants"] if c["name"] == name)


def test_it_starts_a_character_at_the_hit_points_its_record_keeps(gm, make_campaign):
    campaign = make_campaign("enchanted-realms")
    set_record(campaign, "Aldric", hp=3)
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    assert entry(battle, "Aldric")["hp"] == 3
    opened = battle.rounds.get(number=1).input
    assert next(c for c in opened["combatants"] if c["name"] == "Aldric")["hp"] == 3


def test_it_refuses_a_character_killed_in_an_earlier_battle_naming_him(gm, make_campaign):
    campaign = make_campaign("multiverse")
    set_record(campaign, "Astaroth", killed=True)
    with pytest.raises(services.BattleError, match="Astaroth was killed in an earlier battle") as refused:
        start(gm, campaign, "multiverse-astaroth-and-the-goblins")
    assert "state" in refused.value.errors
    assert not campaign.battles.exists()


def test_a_round_writes_what_it_did_on_the_characters_record_with_a_history_line(gm, make_campaign):
    campaign = make_campaign("multiverse")
    battle, round_ = resolve_first_round(gm, campaign, "multiverse-astaroth-and-the-goblins")
    assert round_.status == Round.Status.RESOLVED
    change = CharacterChange.objects.get(round=round_)
    assert change.character.catalogue_name == "Astaroth" and change.source == CharacterChange.Source.ROUND
    assert change.lines == ["Took 7 damage: 3 from Goblin 1, 4 from Goblin 2 (life 6 → -1)", "Killed by Goblin 2"]
    assert record_of(campaign, "Astaroth")["life"] == -1 and record_of(campaign, "Astaroth")["killed"] is True


def test_the_round_page_says_what_the_round_did_to_the_characters(gm, gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    battle, _ = resolve_first_round(gm, campaign, "multiverse-astaroth-and-the-goblins")
    page = gm_client.get(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/").content.decode()
    assert "What this round did to the characters" in page
    assert "Killed by Goblin 2" in page and "Void this round" in page


def test_voiding_the_round_takes_its_changes_back_and_it_resolves_again_the_same(gm, make_campaign):
    campaign = make_campaign("multiverse")
    before = record_of(campaign, "Astaroth")
    battle, round_ = resolve_first_round(gm, campaign, "multiverse-astaroth-and-the-goblins")
    first_log = round_.log
    void.void_round(gm, campaign.slug, battle.pk, 1)
    round_.refresh_from_db()
    battle.refresh_from_db()
    assert record_of(campaign, "Astaroth") == before
    assert not CharacterChange.objects.filter(round=round_).exists()
    assert round_.status == Round.Status.DRAFTING and round_.input["combatants"] == battle.state["combatants"]
    assert services.request_resolve(gm, campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.RESOLVED and round_.log == first_log
    assert record_of(campaign, "Astaroth")["killed"] is True


def test_a_record_typed_wrong_for_the_campaigns_system_is_refused_naming_the_key(gm, make_campaign):
    from django.core.exceptions import ValidationError

    from campaigns import services as campaign_services

    campaign = make_campaign("multiverse")
    character = Character.objects.get(campaign=campaign, catalogue_name="Astaroth")
    with pytest.raises(ValidationError) as refused:
        campaign_services.update_character(gm, character, {"player": character.player_id, "catalogue_name": "Astaroth",
                                                           "state": {**character.state, "life": "ten"}})
    assert "state.life" in refused.value.message_dict
    assert "life" not in record_of(campaign, "Astaroth")


def adjust(gm, battle, change, number=1):
    from players import adjusting

    return adjusting.adjust(gm, battle.campaign.slug, battle.pk, number, change, "a ruling")


def test_a_gms_adjustment_between_rounds_is_written_on_the_characters_record_too(gm, gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    battle = start(gm, campaign, "multiverse-astaroth-and-the-goblins")
    adjust(gm, battle, "life-1|Astaroth")
    assert record_of(campaign, "Astaroth")["life"] == 5
    change = CharacterChange.objects.get(battle=battle)
    assert change.source == CharacterChange.Source.ADJUSTED and change.round.number == 1
    adjust(gm, battle, "life-1|Goblin 1")  # not a campaign character: no record to change
    assert CharacterChange.objects.filter(battle=battle).count() == 1
    cards = gm_client.get(f"/campaigns/{campaign.slug}/characters/").content.decode()
    assert "<dt>Life</dt><dd>5</dd>" in cards


def test_voiding_a_round_takes_back_the_adjustments_made_after_it_too(gm, make_campaign):
    campaign = make_campaign("multiverse")
    set_record(campaign, "Astaroth", life=20)
    battle, round_ = resolve_first_round(gm, campaign, "multiverse-astaroth-and-the-goblins")
    left = record_of(campaign, "Astaroth")["life"]
    adjust(gm, battle, "life+1|Astaroth", number=2)
    assert record_of(campaign, "Astaroth")["life"] == left + 1
    void.void_round(gm, campaign.slug, battle.pk, 1)
    assert record_of(campaign, "Astaroth")["life"] == 20
    assert not CharacterChange.objects.filter(battle=battle).exists()


def test_the_characters_history_adds_what_each_round_did_to_his_record(gm, gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    battle, _ = resolve_first_round(gm, campaign, "multiverse-astaroth-and-the-goblins")
    astaroth = Character.objects.get(campaign=campaign, catalogue_name="Astaroth")
    page = gm_client.get(f"/campaigns/{campaign.slug}/characters/{astaroth.pk}/history/").content.decode()
    assert "Record: Took 7 damage: 3 from Goblin 1, 4 from Goblin 2 (life 6 → -1); Killed by Goblin 2" in page
    cards = gm_client.get(f"/campaigns/{campaign.slug}/characters/").content.decode()
    assert "Record: Took 7 damage" in cards


# With these dice the Giant and the Wolf kill the Black Knight in round 1 (the Amazon, unattacked, owes nothing)
# and the Amazon fights on alone in round 2.
KNIGHT_FALLS_SEED = 12


def test_a_round_after_a_characters_death_writes_no_history_entry_for_him(gm, gm_client, monkeypatch):
    from combat import character_history
    from combat.demo import create_set_up_battle
    from tests.systems_app.battles import play_round
    from tests.systems_app.conftest import knight_and_amazon

    monkeypatch.setattr("combat.fairness.draw_seed", lambda: KNIGHT_FALLS_SEED)
    campaign = knight_and_amazon(gm)
    battle = create_set_up_battle(campaign, "demo", "At the ford", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "Giant\nWolf",
        "attacks": "Giant -> Black Knight\nWolf -> Black Knight"})
    play_round(gm, battle, 1)
    assert record_of(campaign, "Black Knight")["killed"] is True
    assert play_round(gm, battle, 2).status == Round.Status.RESOLVED
    knight = Character.objects.get(campaign=campaign, catalogue_name="Black Knight")
    amazon = Character.objects.get(campaign=campaign, catalogue_name="Amazon")
    assert not CharacterChange.objects.filter(character=knight, round__number=2).exists()
    assert [entry.round.number for entry in character_history.entries_of(knight)[0:10]] == [1]
    assert [entry.round.number for entry in character_history.entries_of(amazon)[0:10]] == [2, 1]
    assert character_history.counts_for([knight, amazon]) == {knight.pk: 1, amazon.pk: 2}
    assert [entry.round.number for entry in character_history.latest_for([knight])[knight.pk]] == [1]
    page = gm_client.get(f"/campaigns/{campaign.slug}/characters/{knight.pk}/history/").content.decode()
    assert page.count("Black Knight: KILLED") == 1 and "Killed by" in page
