"""Fuzz of the forms on a player's own link page (issue #12), with a real link: the plays form (its checks
as the player types and its submit, of a Magic Realm battle and of a battle of another combat system), the
chits the player owes, and the choice a round waits for. Each is found in the page's HTML and posted with mutated data, plain and htmx. No 500 and no
traceback; a refusal puts each error on a field of its form (or, after a redirect, says why); a check
never saves anything and a refused post changes nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest
from django.contrib.messages import constants
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from combat import system_waiting
from players import links
from players.models import PlayerLink, Submission
from tests.access.pages import forms_on
from tests.access.test_url_access import snapshot
from tests.access.world import build_world
from tests.fuzz.mutate import EXAMPLES, FUZZ_SETTINGS
from tests.fuzz.test_fuzz_forms import context_of, forms_in, mutated_form
from tests.systems_app.waiting_battles import round_that_waits, waiting_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch):
    """The fuzz posts hundreds of times on one link: far above a player's allowance per minute."""
    cache.clear()
    monkeypatch.setattr("players.throttle.PER_MINUTE", 10**9)


def link_page(battle, player_name) -> str:
    return links.url_for(PlayerLink.objects.get(battle=battle, player__name=player_name, revoked_at__isnull=True))


def a_round_stopped_on_a_choice(gm, monkeypatch):
    """A battle of its own whose round 1 waits for the choice the player makes on his link (the form `1-0`,
    combat/system_waiting.py): Aldric's, in a campaign of the test-only system whose rounds wait
    (tests/systems_app/waiting_battles.py). A Magic Realm round asks its players' encounter choices on their
    plays forms, fuzzed above."""
    round_ = round_that_waits(gm, waiting_campaign(gm, monkeypatch))
    [waiting] = [w for w in system_waiting.forms_of(round_) if w.side == "Aldric"]
    assert waiting.key == "1-0"
    return SimpleNamespace(campaign=round_.battle.campaign, battle=round_.battle), link_page(round_.battle, "Alice")


def saved(world) -> tuple:
    return snapshot(world), list(Submission.objects.values_list("pk", flat=True))


def errors_shown(response) -> list[str]:
    return [str(message) for message in response.context.get("messages", []) if message.level == constants.ERROR] \
        if response.context else []


def fuzz(world, page_url, tally, expected_actions):
    page = Client().get(page_url)
    assert page.status_code == 200
    page_forms = {form.action: form for form in forms_on(page.content.decode(), page_url) if form.method == "post"}
    for form in list(page_forms.values()):
        for action in form.also_posted_to:
            page_forms.setdefault(action, replace(form, action=action))
    found = {action.rsplit("/", 2)[-2] for action in page_forms}
    assert expected_actions <= found, sorted(page_forms)
    for page_form in page_forms.values():

        @FUZZ_SETTINGS.__class__(FUZZ_SETTINGS, max_examples=max(EXAMPLES // 2, 5))
        @given(data=mutated_form(page_form), htmx=st.booleans())
        def check(data, htmx):
            savepoint = transaction.savepoint_create()
            try:
                before = saved(world)
                # A client of its own: a message an unfollowed redirect left would show on the next page.
                response = Client().post(page_form.action, data, headers={"HX-Request": "true"} if htmx else {},
                                       follow=not htmx)
                tally["posted"] += 1
                body = response.content.decode(errors="replace")
                assert response.status_code < 500 and "Traceback" not in body, (page_form.action, data)
                invalid = [form for context in context_of(response) for value in context.values()
                           for form in forms_in(value) if form.is_bound and form.errors]
                refused = bool(invalid) or response.status_code == 422 or bool(errors_shown(response))
                for form in invalid:
                    assert set(form.errors) <= set(form.fields) | {"__all__"}, (page_form.action, form.errors)
                if refused or page_form.action.endswith("/validate/"):
                    tally["refused" if refused else "checked"] += 1
                    assert saved(world) == before, (page_form.action, data, "a refused post or a check changed something")
                else:
                    tally["accepted"] += 1
            finally:
                transaction.savepoint_rollback(savepoint)

        check()
    return len(page_forms)


def test_every_form_of_a_real_player_link_refuses_mutated_data_naming_the_field_and_saving_nothing(make_user, monkeypatch,
                                                                                                  capsys):
    world = build_world(make_user)
    tally = Counter()
    # Round 1 wounded the Black Knight (he owes a chit), round 2 is open for his plays.
    count = fuzz(world, link_page(world.battle, world.player.name), tally,
                 {"validate", "submit", str(world.characters["Black Knight"].pk)})
    # A battle of another combat system: its side's questions drawn from the system (players/answers.py).
    count += fuzz(world, link_page(world.system_battle, world.player.name), tally, {"validate", "submit"})
    choice_world, choice_page = a_round_stopped_on_a_choice(world.victim, monkeypatch)
    count += fuzz(choice_world, choice_page, tally, {"1-0"})
    with capsys.disabled():
        print(f"\nfuzz player link forms: {count} forms, {dict(tally)}")
