"""When a whole page may be kept (config/page_cache.py): the cases that must always be drawn. The pages kept
on PostgreSQL are tested against it in tests/fullstack/test_page_cache.py."""

import pytest
from django.contrib import messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.db import connection

from config import page_cache

pytestmark = pytest.mark.django_db


def a_request(user, path="/campaigns/", csrf="x" * 32, **headers):
    request = RequestFactory().get(path, headers=headers)
    request.user = user
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    request.htmx = bool(headers.get("HX-Request"))
    if csrf:
        request.META["CSRF_COOKIE"] = csrf
    return request


def test_sqlite_has_no_snapshot_so_every_page_is_drawn(make_user, client):
    gm = make_user("gm")
    assert connection.vendor == "sqlite"
    assert page_cache.database_snapshot() is None
    assert page_cache.page_key(a_request(gm), "dashboard") is None
    client.force_login(gm)
    client.get("/campaigns/")
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/campaigns/").status_code == 200
        assert any("campaigns_campaign" in query["sql"] for query in queries.captured_queries)


def test_a_page_with_a_flash_message_waiting_is_never_kept(make_user):
    request = a_request(make_user("gm"))
    messages.success(request, "Campaign created.")
    assert page_cache.page_key(request, "dashboard") is None


def test_a_browser_without_its_csrf_cookie_yet_is_never_kept(make_user):
    assert page_cache.page_key(a_request(make_user("gm"), csrf=""), "dashboard") is None


def test_an_htmx_request_or_a_visitor_signed_out_is_never_kept(make_user):
    from django.contrib.auth.models import AnonymousUser

    assert page_cache.page_key(a_request(make_user("gm"), **{"HX-Request": "true"}), "dashboard") is None
    assert page_cache.page_key(a_request(AnonymousUser()), "dashboard") is None
