"""A counter's own page: both sides, its parts, facts, notes and duplicates."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems.magic_realm.django_app.services import copy_original_to_house_counter


@pytest.fixture
def gm(make_user, client):
    user = make_user("gm")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_the_t_troll_page_draws_both_sides_and_lists_its_copies(client, gm):
    url = reverse("catalogue:detail", args=["monster/t-troll-1"])
    assert url == "/catalogue/monster/t-troll-1/"
    html = client.get(url).content.decode()
    assert "<h1>T Troll</h1>" in html
    assert "Light side" in html and "Dark side" in html and "pins its target" in html
    assert "monster/t-troll-2" in html and "Changes tactics" in html


@pytest.mark.django_db
def test_a_giant_page_shows_its_club(client, gm):
    html = client.get(reverse("catalogue:detail", args=["monster/giant-1"])).content.decode()
    assert "Giant Club" in html and "Giant Club, dark side, harm Tremendous at attack time 4" in html


@pytest.mark.django_db
def test_a_native_page_shows_its_horse_and_a_character_page_its_chits(client, gm):
    html = client.get(reverse("catalogue:detail", args=["native/order-3"])).content.decode()
    assert "Order Warhorse 3" in html and "Galloping" in html and "Wage" in html
    knight = client.get(reverse("catalogue:detail", args=["character/white-knight"])).content.decode()
    assert "FIGHT H4**" in knight and "Order ally" in knight


@pytest.mark.django_db
def test_an_unknown_key_or_a_part_is_not_found(client, gm):
    assert client.get("/catalogue/monster/jabberwock/").status_code == 404
    assert client.get("/catalogue/monster/giant-1/giant-club/").status_code == 404
    assert client.get("/catalogue/chit/white-knight-1/").status_code == 404


@pytest.mark.django_db
def test_a_house_counter_page_is_only_for_the_gms_of_its_campaigns(client, gm, make_user):
    campaign = Campaign.objects.create(slug="mine", name="Mine")
    house = copy_original_to_house_counter("monster/wolf-1", campaigns=[campaign])
    url = reverse("catalogue:detail", args=[f"monster/house-{house.pk}"])
    assert client.get(url).status_code == 404
    campaign.gms.add(gm)
    response = client.get(url)
    assert response.status_code == 200 and "House rule (Mine)" in response.content.decode()


@pytest.mark.django_db
def test_it_asks_anonymous_visitors_to_sign_in(client):
    assert client.get("/catalogue/monster/t-troll-1/").status_code == 302
