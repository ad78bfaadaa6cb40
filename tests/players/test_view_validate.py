"""htmx validation as the player types: the engine's errors beside the field, nothing saved."""

import pytest
from django.core.cache import cache

from combat.models import SidePlays
from tests.combat.conftest import BLACK_KNIGHT_PLAYS, form_data

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
