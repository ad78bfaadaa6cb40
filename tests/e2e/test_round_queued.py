"""The GM presses Resolve while the task queue (Redis) does not answer: a plain message and a queued
round, not an error page; the round resolves on its own when beat's sweep finds the broker back."""

import pytest
from celery import Task
from kombu.exceptions import OperationalError
from playwright.sync_api import expect

from tests.e2e.conftest import AMAZON_STRIKES, KNIGHT_STRIKES, enter_plays


pytestmark = pytest.mark.e2e



@pytest.fixture
def locked_battle(gm_user, demo_battle):
    enter_plays(gm_user, demo_battle, "Black Knight", KNIGHT_STRIKES)
    enter_plays(gm_user, demo_battle, "Amazon", AMAZON_STRIKES)
    return demo_battle


def test_resolve_with_the_task_queue_down_shows_a_queued_round_that_resolves_when_it_is_back(
    signed_in_page, locked_battle, monkeypatch, screenshot
):
    from combat.models import Round
    from combat.tasks import sweep_waiting_rounds

    page = signed_in_page
    real_apply_async = Task.apply_async

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Task, "apply_async", refuse)
    page.goto(f"/campaigns/demo-realm/battles/{locked_battle.pk}/rounds/1/")
    page.get_by_role("button", name="Resolve round 1").click()
    expect(page.get_by_role("heading", name="Round 1 is queued")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="not answering")).to_have_count(1)
    screenshot(page, "battle-round-queued")
    assert Round.objects.get(battle=locked_battle, number=1).status == Round.Status.RESOLVING

    monkeypatch.setattr(Task, "apply_async", real_apply_async)
    sweep_waiting_rounds()  # what beat runs every 30 s: the broker answers again (tasks run eagerly here)
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible(timeout=20_000)
    assert Round.objects.get(battle=locked_battle, number=1).attempts == 1
