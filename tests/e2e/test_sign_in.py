"""A GM signs in through the form in a real Chromium and reaches the dashboard."""

import os
import shutil

import pytest
from django.core.management import call_command

from tests.e2e.conftest import GM_PASSWORD, ROOT

README_SCREENSHOT = ROOT / "docs" / "screenshots" / "dashboard.png"


@pytest.fixture
def demo(transactional_db):
    """The demo campaign and its GM exactly as `make run` creates them."""
    try:
        call_command("load_catalogue", verbosity=0)
    except Exception:  # the dashboard does not need the catalogue; load_demo may
        pass
    call_command("load_demo", verbosity=0)
    return {"username": "demo", "password": "demo-gm-pass"}


def test_the_demo_gm_signs_in_and_reaches_the_dashboard(page, demo, sign_in, screenshot):
    page.goto("/")
    assert "/accounts/login/" in page.url, "an anonymous visitor is asked to sign in"
    sign_in(page, demo["username"], demo["password"])
    assert page.url.rstrip("/").endswith("/campaigns")
    assert page.get_by_role("heading", level=1).first.is_visible()
    assert page.get_by_text("BIMR4 demo").first.is_visible()
    nav = page.get_by_role("navigation", name="Main")
    for link in ("Dashboard", "Catalogue", "Mail"):
        assert nav.get_by_role("link", name=link).is_visible()
    path = screenshot(page, "dashboard")
    if os.environ.get("HERALD_README_SCREENSHOTS") == "1":  # a test run leaves the checkout as it found it
        shutil.copyfile(path, README_SCREENSHOT)


def test_a_wrong_password_keeps_the_gm_on_the_form_with_the_error(page, gm_user, sign_in):
    sign_in(page, "gm", "not-the-password")
    assert "/accounts/login/" in page.url
    assert page.get_by_role("alert").is_visible()
    assert page.get_by_label("Username").input_value() == "gm"


def test_a_gm_signs_in_and_out_with_the_keyboard_alone(page, gm_user):
    page.goto("/accounts/login/")
    assert page.evaluate("document.activeElement.id") == "id_username", "the username field has focus"
    page.keyboard.type("gm")
    page.keyboard.press("Tab")
    page.keyboard.type(GM_PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url("**/campaigns/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    page.get_by_role("button", name="Sign out").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/accounts/login/")


def test_htmx_requests_from_the_page_pass_the_csrf_check(signed_in_page):
    page = signed_in_page
    page.goto("/mail/")
    with page.expect_response("**/mail/999999/retry/") as response_info:
        page.evaluate("htmx.ajax('POST', '/mail/999999/retry/', {target: 'main', swap: 'none'})")
    assert response_info.value.status == 404, "403 would mean the CSRF header was missing"


@pytest.mark.phone
def test_the_pages_fit_a_phone_without_sideways_scrolling(signed_in_page, screenshot):
    page = signed_in_page
    for path in ("/campaigns/", "/mail/", "/accounts/login/"):
        page.goto(path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    page.goto("/campaigns/")
    screenshot(page, "dashboard-phone")
    font_size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert font_size >= 16
