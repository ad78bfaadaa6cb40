"""The round page (and its polled status) of a battle fought through the systems interface."""

import pytest
from django.core.cache import caches

from combat import services, system_battles
from combat.models import Round
from tests.systems_app.conftest import gm_plays, round_url, start

pytestmark = pytest.mark.django_db


def test_it_draws_each_sides_form_from_the_systems_fields_and_says_who_plays_it(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    page = gm_client.get(round_url(battle)).content.decode()
    astaroth = battle.rounds.get().sides.get(side="Astaroth")
    assert "Astaroth <span class=\"muted\">(Alice)</span>" in page
    assert "Goblin 1 <span class=\"muted\">(GM)</span>" in page
    assert f'<select id="side{astaroth.pk}-kind_0" name="kind_0"' in page
    assert f'id="side{astaroth.pk}-ticks_0" name="ticks_0" value="" inputmode="numeric" min="1" max="30"' in page
    assert "weapon Speed, loading time or mana cost (MV 2)" in page
    assert 'data-shown-when="[&quot;kind_0&quot;, [&quot;attack&quot;' in page
    assert 'id="fair-dice"' in page and "Rounds:" in page


def test_it_hides_a_field_that_does_not_apply_to_the_saved_answers(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    side = battle.rounds.get().sides.get(side="Astaroth")
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, {"kind_0": "move", "pace_0": "run"})
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'data-field="ticks_run_0" data-shown-when="[&quot;pace_0&quot;, [&quot;run&quot;]]">' in page
    assert f'data-field="ticks_walk_0" data-shown-when="[&quot;pace_0&quot;, [&quot;walk&quot;]]" hidden>' in page
    assert 'data-field="target_0" data-shown-when="[&quot;kind_0&quot;, [&quot;attack&quot;, &quot;fire&quot;]]" hidden>' in page


def test_it_shows_a_saved_drafts_errors_beside_its_fields(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    side = battle.rounds.get().sides.get(side="Astaroth")
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, {"kind_0": "attack"})
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'<p class="error" id="side{side.pk}-ticks_0-error">Ticks: required</p>' in page


def test_the_status_partial_polls_while_the_round_is_resolving(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    Round.objects.filter(battle=battle).update(status=Round.Status.RESOLVING, task_id="a-task")
    response = gm_client.get(round_url(battle, tail="status/"), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="round-status"') and 'hx-trigger="every 1s"' in page
    assert "Resolving round 1" in page


def test_a_failed_round_shows_its_error_and_lets_the_gm_unlock_a_side(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    round_ = battle.rounds.get()
    for side in round_.sides.all():
        system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, {"dice": 1})
        system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, side.pk)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FAILED, error="The lances broke.")
    page = gm_client.get(round_url(battle)).content.decode()
    side = round_.sides.get(side="Sir Ash")
    assert "could not be resolved" in page and "The lances broke." in page
    assert f"/answers/{side.pk}/unlock/" in page and "Resolve round 1 again" in page
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/unlock/"))
    assert response.status_code == 302
    round_.refresh_from_db()
    side.refresh_from_db()
    assert round_.status == Round.Status.DRAFTING and not side.locked


def resolved_joust(gm, campaign):
    """A Joust whose first pass both jousters played with two dice, resolved (with the known seed)."""
    battle = start(gm, campaign, "joust-first-pass")
    for side in battle.rounds.get().sides.all():
        system_battles.save_answers(gm, campaign.slug, battle.pk, 1, side.pk, {"dice": 2})
        system_battles.lock(gm, campaign.slug, battle.pk, 1, side.pk)
    services.request_resolve(gm, campaign.slug, battle.pk, 1)
    return battle, services.resolve_round(battle.rounds.get(number=1).pk)


def test_a_resolved_joust_shows_each_sides_summary_the_pools_and_the_log(gm, gm_client, make_campaign):
    campaign = make_campaign("fallen-empire")
    battle, round_ = resolved_joust(gm, campaign)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "Round 1's result" in page
    for line in round_.result["summaries"]["Sir Ash"]:
        assert line.replace("'", "&#x27;") in page
    assert "aria-label=\"the jousters&#x27; pools\"" in page or "the jousters' pools" in page
    assert round_.log[0]["rule"] in page
    assert "Go to round 2" in page and "round.json" in page


def test_a_resolved_rounds_picture_is_drawn_once_however_often_the_page_is_viewed(gm, gm_client, make_campaign, monkeypatch):
    campaign = make_campaign("fallen-empire")
    battle, _ = resolved_joust(gm, campaign)
    caches["fragments"].clear()  # another test may have drawn this same round (the same file, the known seed)
    system = campaign.combat_system
    replays = []
    resolve = system.resolve
    monkeypatch.setattr(system, "resolve", lambda *args, **kwargs: replays.append(1) or resolve(*args, **kwargs))
    pages = [gm_client.get(round_url(battle)).content.decode() for _ in range(3)]
    assert len(replays) == 1
    assert all("The table after round 1." in page for page in pages)


def test_it_404s_for_a_user_who_is_not_the_campaigns_gm(gm, client, make_campaign, make_user):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    client.force_login(make_user("intruder"))
    assert client.get(round_url(battle)).status_code == 404
    assert client.get(round_url(battle, tail="status/")).status_code == 404


def test_it_shows_the_players_card_with_the_deadline_the_links_and_the_adjustments(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    page = gm_client.get(round_url(battle)).content.decode()
    assert 'id="players-loop"' in page and "Move the deadline" in page and "Send a fresh link" in page
    assert "Goblin 1 (the GM&#x27;s)" in page or "Goblin 1 (the GM's)" in page
    assert "adjust a combatant" in page  # the system's own (tests/systems_app/test_view_adjust.py)


def test_the_players_card_says_a_gm_side_is_the_gms_to_enter_until_locked_never_waiting(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    goblin = battle.rounds.get().sides.get(side="Goblin 2")
    card = lambda: gm_client.get(round_url(battle)).content.decode().split('id="players-loop"')[1].split("</ul>")[0]  # noqa: E731
    line = lambda: card().split(f'id="side-status-gm-{goblin.pk}"')[1].split("</li>")[0]  # noqa: E731
    assert "yours to enter" in line() and "waiting" not in line()
    gm_plays(gm, battle.rounds.get(), "Goblin 2", {"action": "other", "other": "Hides"})
    assert "locked" in line() and "yours to enter" not in line() and "waiting" not in line()
    assert "waiting" in card()  # Aldric's player has not sent plays yet
