"""The base template: htmx from django-htmx, CSRF on every htmx request, messages, accessible layout."""

import json
import re
from pathlib import Path

import django_htmx
import pytest
from django.contrib import messages
from django.contrib.staticfiles import finders
from django.template import engines
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_htmx_is_served_from_the_django_htmx_package(client):
    body = client.get(reverse("login")).content.decode()
    [src] = re.findall(r'<script src="([^"]*htmx[^"]*)"', body)[:1]
    assert src.startswith("/static/django_htmx/")
    found = finders.find(src.removeprefix("/static/"))
    assert found and Path(found).is_relative_to(Path(django_htmx.__file__).parent)


def test_every_htmx_request_carries_the_csrf_token_of_the_session(client, make_user):
    client.force_login(make_user("gm"))
    response = client.get(reverse("mail:index"))
    match = re.search(r"<body hx-headers='([^']*)'", response.content.decode())
    token = json.loads(match.group(1))["X-CSRFToken"]
    csrf_client_token = response.context["csrf_token"]
    assert token == str(csrf_client_token)

    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(make_user("gm2"))
    page = strict.get(reverse("mail:index"))
    header_token = json.loads(re.search(r"hx-headers='([^']*)'", page.content.decode()).group(1))["X-CSRFToken"]
    refused = strict.post(reverse("mail:retry", args=[1]), HTTP_HX_REQUEST="true")
    accepted = strict.post(reverse("mail:retry", args=[1]), HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=header_token)
    assert refused.status_code == 403
    assert accepted.status_code == 404, "past the CSRF check: only the message is missing"


def test_messages_are_shown_in_a_status_region(rf, make_user):
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.contrib.sessions.backends.db import SessionStore

    request = rf.get("/")
    request.user = make_user("gm")
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    messages.success(request, "Round 3 resolved")
    html = engines["django"].from_string('{% extends "base.html" %}').render({}, request)
    assert '<ul class="messages" role="status">' in html
    assert "Round 3 resolved" in html


def test_the_layout_fits_a_phone_and_offers_a_skip_link(client):
    body = client.get(reverse("login")).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in body
    assert '<a class="skip-link" href="#main">' in body
    assert '<main id="main" tabindex="-1">' in body
    assert '<html lang="en">' in body


def test_signed_in_pages_offer_the_main_navigation_and_sign_out(client, make_user, staff_user):
    client.force_login(make_user("gm"))
    body = client.get(reverse("mail:index")).content.decode()
    assert 'aria-label="Main"' in body
    assert f'href="{reverse("mail:index")}" aria-current="page"' in body
    assert f'action="{reverse("logout")}"' in body
    assert 'href="/admin/"' not in body
    client.force_login(staff_user)
    assert 'href="/admin/"' in client.get(reverse("mail:index")).content.decode()


def test_the_main_navigation_links_the_pages_the_systems_django_parts_list(client, make_user):
    """Each link an app's `nav_links` gives (a system's Django part: Magic Realm's catalogue), current on its page."""
    from django.apps import apps

    links = [link for config in apps.get_app_configs() for link in getattr(config, "nav_links", ())]
    assert ("Catalogue", "catalogue:index") in links
    client.force_login(make_user("gm"))
    elsewhere = client.get(reverse("mail:index")).content.decode()
    for title, url_name in links:
        assert f'<a href="{reverse(url_name)}">{title}</a>' in elsewhere
        here = client.get(reverse(url_name)).content.decode()
        assert f'<a href="{reverse(url_name)}" aria-current="page">{title}</a>' in here
