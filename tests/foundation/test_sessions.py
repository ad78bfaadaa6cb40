"""Sessions read from the cache, written through to the database (config/sessions.py, issue #13)."""

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config import sessions
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


class UnreachableCache(BaseCache):
    """A cache whose server does not answer, as Redis stopped."""

    def __init__(self, location, params):
        super().__init__(params)

    def _down(self, *args, **kwargs):
        raise ConnectionError("Connection refused")

    add = get = set = touch = delete = has_key = clear = _down


UNREACHABLE = {
    "default": {"BACKEND": "tests.foundation.test_sessions.UnreachableCache"},
    "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "sessions-test"},
}


def sign_in(client, username="gm"):
    response = client.post(reverse("login"), {"username": username, "password": TEST_PASSWORD})
    assert response.status_code == 302
    return response


def session_queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return [query["sql"] for query in captured.captured_queries if "django_session" in query["sql"]]


def test_a_signed_in_page_reads_its_session_from_the_cache_and_not_the_database(client, make_user):
    make_user("gm")
    sign_in(client)
    assert session_queries(client, "/campaigns/") == []
    assert Session.objects.filter(session_key=client.session.session_key).exists(), "written through"


def test_a_session_the_cache_lost_is_read_from_the_database_and_cached_again(client, make_user):
    make_user("gm")
    sign_in(client)
    caches["default"].delete(sessions.SessionStore.cache_key_prefix + client.cookies["sessionid"].value)
    assert len(session_queries(client, "/campaigns/")) == 1
    assert session_queries(client, "/campaigns/") == []


def test_signing_out_ends_a_cached_session_for_its_cookie(client, make_user):
    make_user("gm")
    sign_in(client)
    cookie = client.cookies["sessionid"].value
    assert client.get("/campaigns/").status_code == 200
    client.post(reverse("logout"))
    assert not Session.objects.filter(session_key=cookie).exists()
    client.cookies["sessionid"] = cookie  # the old cookie, kept by someone
    assert client.get("/campaigns/").status_code == 302


def test_a_session_is_cached_for_at_most_five_minutes(client, make_user, monkeypatch):
    make_user("gm")
    timeouts = []
    cache = caches["default"]
    real_set = cache.set
    monkeypatch.setattr(cache, "set", lambda key, value, timeout=None: timeouts.append(timeout) or real_set(key, value, timeout))
    sign_in(client)
    assert timeouts and max(timeouts) <= sessions.CACHED_SECONDS == 300


@override_settings(CACHES=UNREACHABLE)
def test_with_the_cache_down_a_gm_signs_in_sees_pages_and_signs_out(client, make_user):
    make_user("gm")
    sign_in(client)
    cookie = client.cookies["sessionid"].value
    assert len(session_queries(client, "/campaigns/")) == 1, "read from the database"
    client.post(reverse("logout"))
    assert not Session.objects.filter(session_key=cookie).exists()
    client.cookies["sessionid"] = cookie
    assert client.get("/campaigns/").status_code == 302
