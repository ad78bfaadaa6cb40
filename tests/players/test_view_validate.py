"""htmx validation as the player types: the engine's errors beside the field, nothing saved."""

import pytest
from django.core.cache import cache

from combat.models import SidePlays
from players import links, services
from players.models import PlayerLink, RoundNote
from tests.combat.conftest import BLACK_KNIGHT_PLAYS, form_data
from tests.combat.encounter_battles import encounter_data, start

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def test_it_returns_the_side_with_the_error_beside_its_field_and_saves_nothing(client, tokens, characters):
    knight = characters["Black Knight"]
    data = form_data(knight, {**BLACK_KNIGHT_PLAYS, "maneuver": {"chit": "MOVE M5", "box": 1}})
    response = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/validate/", data, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and f'id="side-{knight.pk}"' in body
    assert f"id_side{knight.pk}-maneuver_engine_error" in body
    assert SidePlays.objects.get(character=knight).plays == {}


def test_it_shows_the_odds_of_the_players_attack(client, tokens, characters):
    knight = characters["Black Knight"]
    response = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/validate/", form_data(knight, BLACK_KNIGHT_PLAYS),
                           HTTP_HX_REQUEST="true")
    assert "Odds of Black Knight against H Troll" in response.content.decode()


def test_it_is_a_404_for_another_players_side(client, tokens, characters):
    amazon = characters["Amazon"]
    response = client.post(f"/play/{tokens['Alice']}/sides/{amazon.pk}/validate/", form_data(amazon, {}), HTTP_HX_REQUEST="true")
    assert response.status_code == 404


def test_the_errors_a_player_sees_never_depend_on_another_sides_plays(client, gm, campaign, characters):
    """Both characters lure the Giant Bat: the engine refuses the pair ("lured twice"), but telling the
    Black Knight's player so would reveal the Amazon's sealed plays. Each side is checked alone; the GM
    settles the clash (the round waits for them)."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(campaign, [knight, amazon], monsters=["Wolf", "Giant Bat"], attacks=[("Wolf", "Amazon")])
    token = {link.player.name: links.token_for(link) for link in PlayerLink.objects.filter(battle=battle)}
    lure = {"encounter": {"lures": ["Giant Bat"]}}
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Bob"), amazon.pk, lure)
    data = {**form_data(knight, {}), **encounter_data(knight, lures="Giant Bat")}
    body = client.post(f"/play/{token['Alice']}/sides/{knight.pk}/validate/", data, HTTP_HX_REQUEST="true").content.decode()
    assert "lured twice" not in body and "Giant Bat is lured" not in body
    campaign.auto_resolve = True
    campaign.save()
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), knight.pk, lure)
    page = client.get(f"/play/{token['Alice']}/").content.decode()
    assert "lured twice" not in page and "Sealed" in page
    assert battle.rounds.get(number=1).status == "drafting"
    assert RoundNote.objects.filter(round__battle=battle, text__contains="not legal together").exists()
