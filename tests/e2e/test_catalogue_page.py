"""e2e: a GM finds the T Troll on the catalogue page by typing "troll" and sees both of its sides.

Uses pytest-django's `live_server` and a local Chromium page fixture; switch to tests/e2e/conftest.py's
shared page fixture once it exists (the foundation engineer's).
"""

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
LIGHT_SIDE = "T Troll, light side, harm Heavy at attack time 4, move time 4, armored"
DARK_SIDE = "T Troll, dark side, harm Red (kills) at attack time 2, move time 6, armored, pins its target"
SCREENSHOT_DIR = Path(os.environ.get("HERALD_SCREENSHOTS", Path(settings.BASE_DIR) / "var" / "screenshots"))


@pytest.fixture
def gm_session_cookie(django_user_model):
    user = django_user_model.objects.create_user("gm", "gm@example.com", "pw-for-tests")
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.fixture
def catalogue_browser_page(live_server, gm_session_cookie):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": gm_session_cookie,
                              "url": live_server.url}])
        page = context.new_page()
        yield page
        browser.close()


def test_a_gm_finds_the_t_troll_by_typing_troll_and_sees_both_sides(live_server, catalogue_browser_page):
    from playwright.sync_api import expect

    page = catalogue_browser_page
    page.goto(f"{live_server.url}/catalogue/")
    expect(page.get_by_role("heading", name="Catalogue", exact=True)).to_be_visible()
    page.get_by_label("Search").press_sequentially("troll", delay=40)

    troll = page.locator("article.counter-card", has=page.get_by_role("heading", name="T Troll"))
    expect(troll).to_be_visible()
    expect(page.locator("article.counter-card")).to_have_count(2)  # T Troll x2 and H Troll x2
    expect(page).to_have_url(f"{live_server.url}/catalogue/?q=troll&kind=")
    light = troll.get_by_role("img", name=LIGHT_SIDE)
    dark = troll.get_by_role("img", name=DARK_SIDE)
    expect(light).to_be_visible()
    expect(dark).to_be_visible()
    expect(troll.get_by_text("Light side", exact=True)).to_be_visible()
    expect(troll.get_by_text("Dark side", exact=True)).to_be_visible()

    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / "catalogue-troll.png"), full_page=True)

    troll.get_by_role("link", name="T Troll").click()
    expect(page.get_by_role("heading", name="T Troll", level=1)).to_be_visible()
    expect(page.get_by_role("img", name=DARK_SIDE)).to_be_visible()
    expect(page.get_by_role("img", name=LIGHT_SIDE)).to_be_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / "catalogue-troll-detail.png"), full_page=True)
