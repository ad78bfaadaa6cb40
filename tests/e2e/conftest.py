"""Fixtures for browser tests: Playwright (sync API) driving Debian's Chromium against live_server.

Every test here is marked `e2e` (tests/conftest.py). Playwright cannot download browsers on our
machines, so it launches /usr/bin/chromium (CHROMIUM_PATH overrides). Without it the tests are
skipped with the reason; with HERALD_REQUIRE_SERVICES=1 that is a failure instead.

Fixtures:
- `browser` (session): a headless Chromium.
- `page` (function): a fresh context (390x844 when the test is marked `@pytest.mark.phone`, else
  1280x900) and page whose base URL is pytest-django's `live_server`; `page.goto("/mail/")` works.
  Default timeouts are 10 s.
- `gm_user`: a GM named "gm" (password `GM_PASSWORD`) who runs the campaign "Demo Realm" (slug
  "demo-realm") when campaigns.Campaign exists; `gm_user.campaign` is that campaign.
- `signed_in_page`: `page` after signing in as `gm_user` through the sign-in form.
- `sign_in(page, username, password)`: fills and submits the sign-in form.
- `demo_battle`: the demo battle in Demo Realm, set up as the GM sets one up on the new battle page and fought
  on the interface's pages: Alice's Black Knight and Bob's Amazon against an H Troll (on the Black Knight) and
  a Wolf (on the Amazon), round 1 open for plays. `DEMO_ANSWERS` are its set-up form's answers.
- `screenshot(page, name)`: saves `test-results/screenshots/<name>.png` (full page) and returns the path.

Celery runs eagerly in e2e (tasks run inside the live server's request), and
DJANGO_ALLOW_ASYNC_UNSAFE=1 lets test code use the ORM while Playwright's event loop is running.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from unittest import mock

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "1")

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-results" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GM_PASSWORD = "gm-e2e-pass-4821"


def pytest_configure(config):
    config.addinivalue_line("markers", "phone: run the e2e test in a 390 px wide viewport")


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        reason = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("HERALD_REQUIRE_SERVICES") == "1":
            pytest.fail(f"HERALD_REQUIRE_SERVICES=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def eager_celery(settings):
    from config.celery import app

    app.conf.task_always_eager = True
    settings.CELERY_TASK_ALWAYS_EAGER = True
    yield
    app.conf.task_always_eager = False


class OneRequestAtATimeServer(ThreadedWSGIServer):
    """Django's threaded test server, answering one request at a time. The tests' SQLite database is in
    memory with a shared cache, where two connections writing at once fail at once with "database table
    is locked" (shared-cache table locks do not wait for the busy timeout): a 500 that no deployment can
    see, since a file database (the embedded default, WAL) and PostgreSQL make a writer wait. Connections
    are still accepted in parallel, so a browser's keep-alive connection never holds up another one; only
    the application is serialized."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._one_at_a_time = threading.Lock()

    def get_app(self):
        application = super().get_app()

        def serialized(environ, start_response):
            with self._one_at_a_time:
                return application(environ, start_response)

        return serialized


@pytest.fixture(scope="session")
def live_server(request):
    """pytest-django's live server; on SQLite (the tests' database is in memory) it answers one request
    at a time. It starts before the test database exists, so the engine is what tells."""
    from django.db import connection
    from django.test.testcases import LiveServerThread
    from pytest_django.live_server_helper import LiveServer

    server_class = OneRequestAtATimeServer if connection.vendor == "sqlite" else LiveServerThread.server_class
    with mock.patch.object(LiveServerThread, "server_class", server_class):
        server = LiveServer(request.config.getvalue("liveserver") or os.getenv("DJANGO_LIVE_TEST_SERVER_ADDRESS") or "localhost")
    yield server
    server.stop()


@pytest.fixture
def page(browser, live_server, request):
    phone = request.node.get_closest_marker("phone") is not None
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def gm_user(transactional_db, django_user_model):
    user = django_user_model.objects.create_user(username="gm", email="gm@example.com", password=GM_PASSWORD)
    user.campaign = None
    try:
        from campaigns.models import Campaign
    except ImportError:
        return user
    user.campaign = Campaign.objects.create(slug="demo-realm", name="Demo Realm")
    user.campaign.gms.add(user)
    return user


def sign_in(page, username: str, password: str):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


@pytest.fixture(name="sign_in")
def sign_in_fixture():
    return sign_in


@pytest.fixture
def signed_in_page(page, gm_user):
    sign_in(page, gm_user.username, GM_PASSWORD)
    assert not re.search(r"/accounts/login/", page.url), "signing in failed"
    return page


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture(name="screenshot")
def screenshot_fixture():
    return screenshot


DEMO_ANSWERS = {"characters": ["Black Knight", "Amazon"], "monsters": "H Troll\nWolf",
                "attacks": "H Troll -> Black Knight\nWolf -> Amazon"}


def demo_party(gm, campaign):
    """Alice's Black Knight and Bob's Amazon in `campaign`."""
    from campaigns import services as campaign_services

    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})


def set_up_input(campaign, answers) -> dict:
    """Round 1's input of a Magic Realm battle set up from `answers` to the new battle page's form (its system's
    `setup_form`, the campaign's living characters offered by name), for a test to change before it starts."""
    from combat import system_battles

    living = tuple(c.catalogue_name for c in system_battles.living_characters(campaign))
    return campaign.combat_system.set_up(answers, living)


def set_up_battle(campaign, name: str, clearing: str, answers, change=None):
    """A battle set up from `answers` as on the new battle page, fought on the interface's pages, round 1 open
    for plays; `change(state)`, when given, first changes the starting state (what the form does not ask)."""
    from combat import system_battles

    round_input = set_up_input(campaign, answers)
    if change is not None:
        change(round_input["state"])
    return system_battles.create_battle(campaign, name, clearing, round_input)


@pytest.fixture
def demo_battle(gm_user):
    """The demo battle (Black Knight and Amazon against an H Troll and a Wolf) in `gm_user`'s campaign,
    with Alice and Bob as the players."""
    from combat.demo import create_set_up_battle

    demo_party(gm_user, gm_user.campaign)
    return create_set_up_battle(gm_user.campaign, "demo", "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)


def side_of(battle, name: str, number: int = 1):
    """The side `name` of round `number` (a SidePlays: its pk is in the round page's ids)."""
    return battle.rounds.get(number=number).sides.get(side=name)


# Plays of the demo battle as its form's answers (values, not labels): each side strikes its own attacker.
KNIGHT_STRIKES = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
                  "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}
AMAZON_STRIKES = {"encounter_play": "none", "attack_chit": "FIGHT M5", "target": "Wolf", "weapon": "Short Sword",
                  "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3}


def enter_plays(gm, battle, name: str, answers, number: int = 1, lock: bool = True):
    """The GM's answers for the side `name` of round `number`, saved (and locked) as the round page saves them."""
    from combat import system_battles

    side = side_of(battle, name, number)
    _, errors = system_battles.save_answers(gm, battle.campaign.slug, battle.pk, number, side.pk, answers)
    assert not errors, errors
    if lock:
        system_battles.lock(gm, battle.campaign.slug, battle.pk, number, side.pk)


def resolve_round(gm, battle, number: int = 1):
    """Resolve the round whose sides are all locked (the task runs eagerly here); the round, resolved."""
    from combat import services
    from combat.models import Round

    services.request_resolve(gm, battle.campaign.slug, battle.pk, number)
    return Round.objects.get(battle=battle, number=number)


PHONE = {"width": 375, "height": 812}


@pytest.fixture
def phone(browser, live_server):
    """A player's phone: a browser of their own, 375 px wide, signed in as nobody (their link is their access)."""
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
