"""e2e: a GM finds the T Troll on the catalogue page by typing "troll" and sees both of its sides."""

import pytest

pytestmark = pytest.mark.e2e

LIGHT_SIDE = "T Troll, light side, harm Heavy at attack time 4, move time 4, armored"
DARK_SIDE = "T Troll, dark side, harm Red (kills) at attack time 2, move time 6, armored, pins its target"


def test_a_gm_finds_the_t_troll_by_typing_troll_and_sees_both_sides(signed_in_page, screenshot):
    from playwright.sync_api import expect

    page = signed_in_page
    page.goto("/catalogue/")
    expect(page.get_by_role("heading", name="Catalogue", exact=True)).to_be_visible()
    page.get_by_label("Search").press_sequentially("troll", delay=40)

    troll = page.locator("article.counter-card", has=page.get_by_role("heading", name="T Troll"))
    expect(troll).to_be_visible()
    expect(page.locator("article.counter-card")).to_have_count(2)  # T Troll x2 and H Troll x2
    expect(page).to_have_url("/catalogue/?q=troll&kind=")
    expect(troll.get_by_role("img", name=LIGHT_SIDE)).to_be_visible()
    expect(troll.get_by_role("img", name=DARK_SIDE)).to_be_visible()
    expect(troll.get_by_text("Light side", exact=True)).to_be_visible()
    expect(troll.get_by_text("Dark side", exact=True)).to_be_visible()
    screenshot(page, "catalogue-troll")

    troll.get_by_role("link", name="T Troll").click()
    expect(page.get_by_role("heading", name="T Troll", level=1)).to_be_visible()
    expect(page.get_by_role("img", name=LIGHT_SIDE)).to_be_visible()
    expect(page.get_by_role("img", name=DARK_SIDE)).to_be_visible()
    screenshot(page, "catalogue-troll-detail")


@pytest.mark.phone
def test_on_a_phone_the_kind_filter_narrows_the_search(signed_in_page, screenshot):
    from playwright.sync_api import expect

    page = signed_in_page
    page.goto("/catalogue/?q=dragon")
    expect(page.locator("article.counter-card")).to_have_count(5)  # four dragons and the Control Dragon spell
    page.get_by_label("Kind").select_option("monster")
    expect(page).to_have_url("/catalogue/?q=dragon&kind=monster")
    expect(page.locator("article.counter-card")).to_have_count(4)
    head = "Flying Dragon Head, dark side, harm Tremendous at attack time 3, length 7, " \
        "or breathes fire as a missile with length 13"
    expect(page.get_by_role("img", name=head)).to_be_visible()
    screenshot(page, "catalogue-dragons-phone")


def test_without_javascript_the_search_form_still_works(browser, live_server, gm_user, screenshot):
    from playwright.sync_api import expect

    from tests.e2e.conftest import GM_PASSWORD, sign_in

    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        sign_in(page, gm_user.username, GM_PASSWORD)
        page.goto("/catalogue/")
        page.get_by_label("Search").fill("light bow")
        page.get_by_role("button", name="Search").click()
        expect(page).to_have_url("/catalogue/?q=light+bow&kind=")
        expect(page.get_by_role("img", name="Light Bow, alerted, harm Light, 2 sharpness stars, attack time 1, "
                                            "length 14, missile")).to_be_visible()
    finally:
        context.close()


def test_staff_copy_the_t_troll_into_a_house_counter_for_a_campaign(page, gm_user, screenshot):
    from playwright.sync_api import expect

    from campaigns.models import Campaign
    from systems.magic_realm.django_app.models import HouseCounter
    from systems.magic_realm.django_app.services import sync_original_counters
    from tests.e2e.conftest import GM_PASSWORD, sign_in

    sync_original_counters()  # a transactional test's database starts empty: no migration data
    gm_user.is_staff = gm_user.is_superuser = True
    gm_user.save()
    sign_in(page, gm_user.username, GM_PASSWORD)
    page.goto("/admin/catalogue/originalcounter/?q=t-troll-1")
    page.get_by_role("checkbox", name="Select this object for an action - T Troll (monster/t-troll-1)").check()
    page.get_by_label("Action:").select_option("copy_as_house_counter")
    page.get_by_role("button", name="Run").click()

    expect(page.get_by_role("img", name=DARK_SIDE)).to_be_visible()
    page.get_by_label("Name:").fill("Cave Troll")
    data = page.get_by_label("Data:")
    data.fill(data.input_value().replace('"move_time": 6', '"move_time": 5'))
    page.get_by_label("Available campaigns", exact=True).select_option(label="Demo Realm")
    page.locator(".selector-add").click()
    page.get_by_role("button", name="Save and continue editing").click()

    expect(page.get_by_role("img", name=DARK_SIDE.replace("T Troll", "Cave Troll").replace("6", "5"))).to_be_visible()
    screenshot(page, "catalogue-admin-house-counter")
    house = HouseCounter.objects.get(name="Cave Troll")
    assert list(house.campaigns.all()) == [Campaign.objects.get(slug="demo-realm")]

    page.goto("/catalogue/?q=cave")
    expect(page.get_by_text("House rule")).to_be_visible()
