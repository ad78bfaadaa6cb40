"""The campaign's character cards show what battles did to the characters, with the battle and round of each
change (issue #14): nothing the GM has to retype."""

import re

import pytest

from campaigns.models import Character

from .outcome_battles import TROLL_PLAYS, play, troll_on_the_amazon
from .test_services import resolve_first_round

pytestmark = pytest.mark.django_db


def card(page: str, character) -> str:
    match = re.search(rf'<article class="card" id="character-{character.pk}">(.*?)</article>', page, re.S)
    assert match, f"no card for {character}"
    return match.group(1)


def test_a_killed_characters_card_says_killed_and_where(gm_client, gm, campaign, characters):
    battle = troll_on_the_amazon(gm, campaign)
    play(gm, battle, TROLL_PLAYS, seed=0)
    page = gm_client.get("/campaigns/test/characters/").content.decode()
    amazon = card(page, characters["Amazon"])
    assert "<dd class=\"character-status\">Killed</dd>" in amazon and "badge status-failed\">killed" in amazon
    assert f'href="/campaigns/test/battles/{battle.pk}/rounds/1/">Encounter test, round 1</a>: Amazon: KILLED' in amazon
    assert "Record: Killed by T Troll" in amazon
    assert "<dd class=\"character-status\">Alive</dd>" in card(page, characters["Black Knight"])
    detail = gm_client.get("/campaigns/test/").content.decode()
    assert re.search(r">Amazon</a> <span class=\"badge status-failed\">killed</span>", detail)


def test_the_card_shows_armor_notoriety_and_the_wound_settled(gm_client, gm, campaign, battle, characters, valid_plays,
                                                             first_round):
    from players import dues

    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)  # the H Troll wounds the Knight
    side = round_.sides.get(side="Black Knight")
    dues.settle_by_gm(gm, "test", battle.pk, 1, side.pk, {"wounded": ["FIGHT M5"]})
    page = gm_client.get("/campaigns/test/characters/").content.decode()
    knight, amazon = card(page, characters["Black Knight"]), card(page, characters["Amazon"])
    assert "Armor (damaged)" in knight
    assert "FIGHT M5" in knight and "Dues settled" in knight
    assert "<dt>Notoriety</dt><dd>1</dd>" in amazon


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
