"""The campaign's character cards show what battles did to the characters, with the battle and round of each
change (issue #14): nothing the GM has to retype."""

import re

import pytest

from campaigns.models import Character

from .outcome_battles import ARMOR_DAMAGED, TROLL_PLAYS, play, skirmish, skirmish_round, troll_on_the_amazon

pytestmark = pytest.mark.django_db


def card(page: str, character) -> str:
    match = re.search(rf'<article class="card" id="character-{character.pk}">(.*?)</article>', page, re.S)
    assert match, f"no card for {character}"
    return match.group(1)


def test_a_killed_characters_card_says_killed_and_where(gm_client, gm, campaign, characters):
    battle = troll_on_the_amazon(campaign, characters)
    play(gm, battle, characters, TROLL_PLAYS, seed=0)
    page = gm_client.get("/campaigns/test/characters/").content.decode()
    amazon = card(page, characters["Amazon"])
    assert "<dd class=\"character-status\">Killed</dd>" in amazon and "badge status-failed\">killed" in amazon
    assert f'href="/campaigns/test/battles/{battle.pk}/rounds/1/">Encounter test, round 1</a>: Killed by T Troll' in amazon
    assert "<dd class=\"character-status\">Alive</dd>" in card(page, characters["Black Knight"])
    detail = gm_client.get("/campaigns/test/").content.decode()
    assert re.search(r">Amazon</a> <span class=\"badge status-failed\">killed</span>", detail)


def test_the_card_shows_armor_weapons_horse_notoriety_and_the_wound_chosen(gm_client, gm, campaign, characters):
    from combat import services

    battle = skirmish(gm, campaign, characters)
    skirmish_round(gm, battle, characters, ARMOR_DAMAGED)
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, characters["Black Knight"].pk, ["FIGHT M5"], [])
    knight = card(gm_client.get("/campaigns/test/characters/").content.decode(), characters["Black Knight"])
    assert "<dt>Armor</dt><dd>Armor (damaged)</dd>" in knight
    assert "<dt>Weapons</dt><dd>Mace (alerted)</dd>" in knight
    assert "<dt>Horse</dt><dd>none</dd>" in knight and "<dt>Notoriety</dt><dd>1</dd>" in knight
    assert "<dt>Wounds</dt><dd>1 <span class=\"muted\">(FIGHT M5)</span></dd>" in knight
    assert "(wounds and fatigue chosen)</span>: FIGHT M5 wounded" in knight


def test_the_state_form_keeps_killed_and_a_shared_bounty(gm_client, gm, campaign, characters):
    from campaigns import services as campaign_services

    amazon = characters["Amazon"]
    campaign_services.change_character_state(amazon.pk, lambda state: {**state, "killed": True, "fame": 2.5})
    form = gm_client.get(f"/campaigns/test/characters/{amazon.pk}/").content.decode()
    assert re.search(r'name="killed"[^>]*checked', form) and 'value="2.5"' in form
    data = {"wounds": 0, "fatigue": 0, "gold": 10, "fame": 2.5, "notoriety": 0, "killed": "on",
            "horse": "", "hirelings": "", "chits": "", "armor": "", "weapons": ""}
    assert gm_client.post(f"/campaigns/test/characters/{amazon.pk}/", data).status_code == 302
    state = Character.objects.get(pk=amazon.pk).state
    assert state["killed"] is True and state["fame"] == 2.5 and state["gold"] == 10 and isinstance(state["gold"], int)
    del data["killed"]
    gm_client.post(f"/campaigns/test/characters/{amazon.pk}/", data)
    assert Character.objects.get(pk=amazon.pk).state["killed"] is False
