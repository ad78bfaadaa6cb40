"""Requests that overlap, as a browser sends them (a check still on its way when Save and lock is pressed,
issue #12: "a flaky test is a failing test"), each get a proper answer: none fails with a server error.
Twelve saves and twelve checks of one side's plays leave the page at once."""

import pytest

from tests.e2e.conftest import side_of

pytestmark = pytest.mark.e2e

OVERLAPPING = 12

SEND_AT_ONCE = """async ([urls, count]) => {
  const form = document.querySelector(urls.form);
  const body = () => new FormData(form);
  const requests = [];
  for (let i = 0; i < count; i++) {
    requests.push(fetch(urls.save, {method: "POST", body: body(), headers: {"HX-Request": "true"}}));
    requests.push(fetch(urls.check, {method: "POST", body: body(), headers: {"HX-Request": "true"}}));
  }
  return (await Promise.all(requests)).map((response) => response.status);
}"""


def test_overlapping_saves_and_checks_of_a_side_all_get_an_answer(signed_in_page, demo_battle):
    page = signed_in_page
    knight = side_of(demo_battle, "Black Knight")
    base = f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/answers/{knight.pk}"
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    page.locator(f"#side{knight.pk}-attack_chit").select_option(label="FIGHT H6")
    page.locator(f"#side{knight.pk}-target").select_option(label="H Troll")
    page.wait_for_function("!document.querySelector('.htmx-request')")

    statuses = page.evaluate(SEND_AT_ONCE, [{"form": f"#side-{knight.pk} form.plays-form", "save": f"{base}/",
                                             "check": f"{base}/check/"}, OVERLAPPING])

    assert statuses == [200] * (2 * OVERLAPPING)
    knight.refresh_from_db()
    assert knight.plays["target"] == "H Troll" and not knight.locked
