"""Requests that overlap, as a browser sends them (a check still on its way when Save and lock is pressed,
issue #12: "a flaky test is a failing test"), each get a proper answer: none fails with a server error.
Twelve saves and twelve checks of one side's plays leave the page at once."""

import pytest

from combat.models import Round

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
    knight = demo_battle.characters.get(catalogue_name="Black Knight")
    base = f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/sides/{knight.pk}"
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    page.locator(f"#id_side{knight.pk}-target").select_option("H Troll")
    page.wait_for_function("!document.querySelector('.htmx-request')")

    statuses = page.evaluate(SEND_AT_ONCE, [{"form": f"#side-{knight.pk} form.plays-form", "save": f"{base}/",
                                             "check": f"{base}/validate/"}, OVERLAPPING])

    assert statuses == [200] * (2 * OVERLAPPING)
    side = Round.objects.get(battle=demo_battle, number=1).sides.get(character=knight)
    assert side.plays["target"] == "H Troll" and not side.locked
