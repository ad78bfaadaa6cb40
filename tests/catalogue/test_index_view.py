"""The catalogue page: search (htmx and plain GET), kind filter, both sides drawn."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems.magic_realm.django_app.services import copy_original_to_house_counter

URL = "/catalogue/"


@pytest.fixture
def gm(make_user, client):
    user = make_user("gm")
    client.force_login(user)
    return user


def test_the_url_is_named_catalogue_index():
    assert reverse("catalogue:index") == URL


@pytest.mark.django_db
def test_it_asks_anonymous_visitors_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_a_plain_get_search_finds_the_trolls_with_both_sides(client, gm):
    response = client.get(URL, {"q": "troll"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and 'hx-trigger="input changed delay:200ms, search"' in html
    assert html.count('<article class="counter-card') == 2  # identical T Trolls and H Trolls are drawn once each
    assert "T Troll" in html and "H Troll" in html and "×2" in html
    assert "T Troll, light side, harm Heavy at attack time 4" in html
    assert "T Troll, dark side, harm Red (kills) at attack time 2" in html
    assert "tone-red" in html and ">RED2<" in html
    assert "Giant Bat" not in html


@pytest.mark.django_db
def test_an_htmx_search_returns_only_the_results(client, gm):
    response = client.get(URL, {"q": "giant bat"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="results"' in html
    assert "Giant Bat" in html and "×6" in html and "M2" in html and "M3" in html


@pytest.mark.django_db
def test_the_kind_filter_keeps_one_kind(client, gm):
    html = client.get(URL, {"q": "order", "kind": "native"}).content.decode()
    assert "Order 3" in html and "Order Warhorse 3" in html
    assert 'class="kind">Monster' not in html
    weapons = client.get(URL, {"kind": "weapon"}).content.decode()
    assert "Light Bow" in weapons and "T Troll" not in weapons


@pytest.mark.django_db
def test_an_unknown_kind_is_an_error_next_to_the_field(client, gm):
    response = client.get(URL, {"kind": "dragons"})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="kind-error"' in html and "dragons" in html


@pytest.mark.django_db
def test_no_match_says_so(client, gm):
    html = client.get(URL, {"q": "jabberwock"}).content.decode()
    assert "No counter matches “jabberwock”" in html


@pytest.mark.django_db
def test_a_gm_sees_the_house_counters_of_their_campaigns_only(client, gm, make_user):
    mine = Campaign.objects.create(slug="mine", name="Mine")
    mine.gms.add(gm)
    theirs = Campaign.objects.create(slug="theirs", name="Theirs")
    ours = copy_original_to_house_counter("monster/wolf-1", campaigns=[mine])
    ours.name = "Dire Wolf"
    ours.save()
    other = copy_original_to_house_counter("monster/wolf-1", campaigns=[theirs])
    other.name = "Hell Hound"
    other.save()
    html = client.get(URL, {"q": "wolf"}).content.decode()
    assert "Dire Wolf" in html and "House rule" in html and "(Mine)" in html
    hounds = client.get(URL, {"q": "hound"}).content.decode()
    assert "Hell Hound" not in hounds


@pytest.mark.django_db
def test_the_page_asks_as_many_queries_for_four_house_counters_as_for_one(client, gm, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    campaigns = [Campaign.objects.create(name=f"Campaign {n}", slug=f"campaign-{n}") for n in range(4)]
    for campaign in campaigns:
        campaign.gms.add(gm)
    copy_original_to_house_counter("monster/wolf-1", campaigns=campaigns[:1])
    with CaptureQueriesContext(connection) as with_one:
        assert client.get(URL).status_code == 200
    for key in ("monster/wolf-2", "monster/giant-bat-1", "native/order-3"):
        copy_original_to_house_counter(key, campaigns=campaigns)
    with django_assert_max_num_queries(len(with_one.captured_queries)):
        response = client.get(URL, {"q": "wolf"})
    assert response.status_code == 200
