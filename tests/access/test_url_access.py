"""Every URL of one GM's campaign, requested by another GM and by an anonymous client, with GET and POST,
plain and htmx (issue #12): the count tried and the count leaked, which must be zero. The URLs come from
the URL configuration, so a new view is requested as soon as it exists, and a URL keyword this test does
not know how to fill in fails it (teach tests/access/world.py the value)."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.test import Client

from campaigns import exchange
from campaigns.mail.models import OutboxMessage
from combat.models import Round
from tests.access.pages import forms_on
from tests.access.world import SECRETS, build_world, filled, ours, url_patterns

pytestmark = pytest.mark.django_db

# What another GM may get from a URL of the victim's campaign; an anonymous client may also be sent to sign in.
REFUSED = {404, 405, 429}


def url_for(route: str, kwargs: dict) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda match: str(kwargs[match.group(1)]), route)


def snapshot(world) -> str:
    """Everything saved about the victim's campaign (a write by someone else changes it)."""
    saved = []
    pairs = [(world.campaign, world.battle)]
    if getattr(world, "system_campaign", None) is not None:  # the fuzz tests' worlds have one campaign
        pairs.append((world.system_campaign, world.system_battle))
    for campaign, battle in pairs:
        campaign = type(campaign).objects.get(pk=campaign.pk)
        rounds = list(Round.objects.filter(battle=battle).values("status", "seed", "commitment", "encounter"))
        outbox = list(OutboxMessage.objects.filter(campaign=campaign).values("status", "attempts"))
        saved.append([exchange.export_campaign(campaign), rounds, outbox])
    return json.dumps(saved, default=str, sort_keys=True)


def victim_form_data(world, urls: list[str]) -> dict[str, dict]:
    """The data the victim's own pages would post to each URL: what another GM would need to guess."""
    client = Client()
    client.force_login(world.victim)
    data: dict[str, dict] = {}
    for url in urls:
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in forms_on(response.content.decode(), url):
            if form.method == "post":
                data.setdefault(form.action, form.fields)
    return data


def unfillable(world, patterns) -> list[str]:
    return sorted({f"{route} ({keyword})" for _, route, keywords in patterns for keyword in keywords
                   if keyword not in world.values})


def assert_the_victim_reaches_every_pattern(world, patterns) -> None:
    """The control: the campaign's own GM gets past the 404 on every URL pattern (with one of the values
    filled in), so the refusals counted below are refusals of access, not URLs filled in wrong."""
    client = Client()
    client.force_login(world.victim)
    unreached = []
    for name, route, keywords in patterns:
        if "token" in keywords:  # a player's link, not a GM's page: a forged token is refused to all
            continue
        statuses = [client.get(url_for(route, kwargs)).status_code for kwargs in filled(world, keywords)]
        if all(status == 404 for status in statuses):
            unreached.append(f"{name} {route}")
    assert not unreached, f"the victim's own GM gets 404 from: {unreached}"


def leak(response, who: str, campaign_bound: bool) -> str:
    """Why the response leaks (or fails), or "" when it is a proper refusal or harmless."""
    body = response.content.decode(errors="replace")
    if response.status_code >= 500:
        return f"server error {response.status_code}"
    shown = [secret for secret in SECRETS if secret in body or secret in response.get("Location", "")]
    if shown:
        return f"shows {shown}"
    if not campaign_bound:
        return ""
    if response.status_code in REFUSED:
        return ""
    if who == "anonymous" and response.status_code == 302 and response["Location"].startswith(resolve_url(settings.LOGIN_URL)):
        return ""
    return f"answers {response.status_code}"


def test_no_url_of_one_gms_campaign_leaks_to_another_gm_or_an_anonymous_client(make_user, capsys):
    world = build_world(make_user)
    patterns = [(name, route, keywords) for name, route, keywords in url_patterns() if ours(name)]
    unknown = unfillable(world, patterns)
    assert not unknown, f"URL keywords the access test cannot fill in (add them to tests/access/world.py): {unknown}"
    urls = [(url_for(route, kwargs), bool(keywords)) for _, route, keywords in patterns
            for kwargs in filled(world, keywords)]
    assert_the_victim_reaches_every_pattern(world, patterns)
    posted = victim_form_data(world, [url for url, _ in urls])
    before = snapshot(world)
    tried, leaks = 0, []
    for who in ("anonymous", "another GM"):
        client = Client()
        if who == "another GM":
            client.force_login(world.outsider)
        for url, campaign_bound in urls:
            for method in ("get", "post"):
                for htmx in (False, True):
                    headers = {"HX-Request": "true"} if htmx else {}
                    if method == "get":
                        response = client.get(url, headers=headers)
                    else:
                        response = client.post(url, posted.get(url, {}), headers=headers)
                    tried += 1
                    problem = leak(response, who, campaign_bound)
                    after = snapshot(world)
                    if after != before:
                        problem = (problem + "; " if problem else "") + "changed the victim's campaign"
                        before = after
                    if problem:
                        leaks.append(f"{who} {method.upper()}{' htmx' if htmx else ''} {url}: {problem}")
    with capsys.disabled():
        print(f"\nURL access: {len(patterns)} URL patterns, {len(urls)} URLs, {tried} requests tried, "
              f"{len(leaks)} leaked; {len(posted)} URLs posted with the victim's own form data")
    assert tried >= 4 * len(urls) and len(patterns) >= 25
    assert not leaks, "\n".join(leaks)


def test_a_url_keyword_it_cannot_fill_in_fails_the_access_test(make_user, settings):
    settings.ROOT_URLCONF = "tests.access.urls_with_a_new_view"
    world = build_world(make_user)
    patterns = [(name, route, keywords) for name, route, keywords in url_patterns() if ours(name)]
    assert unfillable(world, patterns) == ["campaigns/<slug:slug>/spells/<int:spell_id>/ (spell_id)"]
