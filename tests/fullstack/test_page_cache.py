"""Whole pages kept under PostgreSQL's snapshot (config/page_cache.py, issue #13 goal 2): the round page
and the dashboard are drawn once while nothing in the database changes, drawn again after any commit
(an `update()` that skips `updated_at` included), kept per user and per browser, and never kept for an
htmx request or when a clock step passes.

PostgreSQL's snapshot is the whole server's: a write to any database on it (another test run's, autovacuum
analysing a table) gives the next request a new key, as it should. So "kept" is checked on a pair of
requests that saw the same snapshot (`page_cache.database_snapshot` is watched, not replaced), and the
clock is held still so a 10-second step cannot fall between them."""

import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns import services as campaign_services
from combat.models import Battle
from config import page_cache
from tests.ambush import create_ambush

pytestmark = pytest.mark.django_db(transaction=True)


NOW = 1_800_000_000.0


@pytest.fixture(autouse=True)
def still_clock(monkeypatch):
    monkeypatch.setattr(page_cache.time, "time", lambda: NOW)


@pytest.fixture
def snapshots(monkeypatch):
    """Every snapshot the page cache read, in order."""
    seen = []
    read = page_cache.database_snapshot

    def watched():
        seen.append(read())
        return seen[-1]

    monkeypatch.setattr(page_cache, "database_snapshot", watched)
    return seen


@pytest.fixture(autouse=True)
def empty_page_cache():
    caches[page_cache.PAGE_CACHE].clear()
    yield
    caches[page_cache.PAGE_CACHE].clear()


@pytest.fixture
def battle(make_user):
    """The demo's Ambush in Cave 4 (tests/ambush.py), round 1 open on the interface's round page."""
    gm = make_user("gm")
    campaign = campaign_services.create_campaign(gm, "Cached", "cached", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    battle = create_ambush(campaign)
    battle.gm = gm
    return battle


def round_url(battle) -> str:
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/1/"


def signed_in(user, **options) -> Client:
    client = Client(**options)
    client.force_login(user)
    return client


def get(client, url):
    """The page and the queries it took (Django's health check aside)."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode(), [query["sql"] for query in queries.captured_queries]


def read_the_round(queries) -> bool:
    return any('FROM "combat_round"' in sql for sql in queries)


def kept_pair(client, url, snapshots, attempts=20):
    """Two requests in a row that saw the same snapshot: (first page, second page, the second's queries).
    The second must have been served from what the first kept."""
    for _ in range(attempts):
        first, _ = get(client, url)
        second, queries = get(client, url)
        if snapshots[-1] == snapshots[-2]:
            return first, second, queries
    pytest.fail(f"the database server never stood still between two requests in {attempts} tries")


def test_the_round_page_is_drawn_once_while_nothing_in_the_database_changes(battle, snapshots):
    client = signed_in(battle.gm)
    client.get(round_url(battle))  # the first visit sets the CSRF cookie, so it is not kept
    _, drawing = get(client, round_url(battle))
    drawn, kept, keeping = kept_pair(client, round_url(battle), snapshots)
    assert read_the_round(drawing) and not read_the_round(keeping)
    assert kept == drawn and battle.name in kept
    assert any("pg_current_snapshot" in sql for sql in keeping)


def test_a_commit_anywhere_draws_the_page_again_even_one_that_skips_updated_at(battle, make_user):
    client = signed_in(battle.gm)
    client.get(round_url(battle))
    get(client, round_url(battle))
    Battle.objects.filter(pk=battle.pk).update(name="The bridge at dusk")
    page, queries = get(client, round_url(battle))
    assert read_the_round(queries) and "The bridge at dusk" in page

    make_user("someone-unrelated")  # a commit to a table the page doesn't read draws it again too
    _, queries = get(client, round_url(battle))
    assert read_the_round(queries)


def test_the_dashboard_is_kept_too_and_shows_a_new_campaign_at_once(battle, snapshots):
    client = signed_in(battle.gm)
    client.get("/campaigns/")
    _, _, queries = kept_pair(client, "/campaigns/", snapshots)
    assert not any("campaigns_campaign" in sql for sql in queries)
    campaign_services.create_campaign(battle.gm, "A second campaign", "second", "bimr4")
    page, _ = get(client, "/campaigns/")
    assert "A second campaign" in page


def test_another_user_is_never_served_the_gms_page(battle, make_user):
    gm = signed_in(battle.gm)
    gm.get(round_url(battle))
    get(gm, round_url(battle))
    intruder = signed_in(make_user("intruder"))
    intruder.get("/campaigns/")
    for _ in range(2):
        assert intruder.get(round_url(battle)).status_code == 404


def test_each_browser_of_the_gm_gets_its_own_copy_whose_forms_it_can_post(battle, snapshots):
    first, second = (signed_in(battle.gm, enforce_csrf_checks=True) for _ in range(2))
    first.get(round_url(battle))
    kept_pair(first, round_url(battle), snapshots)
    second.get(round_url(battle))
    _, page, queries = kept_pair(second, round_url(battle), snapshots)
    assert not read_the_round(queries)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = second.post("/accounts/logout/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302  # a token for the first browser's cookie would be refused (403)


def test_an_htmx_request_is_always_drawn(battle):
    client = signed_in(battle.gm)
    client.get(round_url(battle))
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            client.get(round_url(battle), headers={"HX-Request": "true"})
        assert read_the_round([query["sql"] for query in queries.captured_queries])


def test_the_page_is_drawn_again_once_a_clock_step_has_passed(battle, monkeypatch, snapshots):
    client = signed_in(battle.gm)
    client.get(round_url(battle))
    kept_pair(client, round_url(battle), snapshots)
    monkeypatch.setattr(page_cache.time, "time", lambda: NOW + page_cache.TIME_STEP_SECONDS)
    _, queries = get(client, round_url(battle))
    assert read_the_round(queries)
