import pytest

from combat import services
from tests.combat.conftest import round_url
from tests.combat.test_services import enter_and_lock


@pytest.mark.django_db
def test_the_status_partial_keeps_polling_while_the_round_resolves(gm_client, gm, battle, characters, valid_plays,
                                                                   django_capture_on_commit_callbacks, monkeypatch):
    from celery import Task

    # The broker takes the task (and no worker of a later test should find it in a queue).
    monkeypatch.setattr(Task, "apply_async", lambda task, args=None, kwargs=None, **options: type("Sent", (), {"id": "t-1"}))
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks(execute=True):
        services.request_resolve(gm, "test", battle.pk, 1)
    partial = gm_client.get(round_url(battle, suffix="status/"), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in partial and "Resolving round 1" in partial
    assert "<html" not in partial
    assert 'id="players-loop"' not in partial  # a ruling being typed in the players' card stays while it polls


@pytest.mark.django_db
def test_the_status_partial_stops_polling_and_shows_the_results_once_resolved(gm_client, gm, battle, characters,
                                                                             valid_plays, first_round):
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    services.resolve_round(first_round.pk)
    partial = gm_client.get(round_url(battle, suffix="status/"), HTTP_HX_REQUEST="true").content.decode()
    assert "every 1s" not in partial and "Round 1's result" in partial
    # The players' card below the status is redrawn with it (out of band): the sides are no longer open.
    players_card = partial.split('id="players-loop"')[1].split("</section>")[0]
    assert 'hx-swap-oob="true"' in players_card and "locked" in players_card


@pytest.mark.django_db
def test_the_full_round_page_draws_the_players_card_once(gm_client, battle):
    page = gm_client.get(round_url(battle)).content.decode()
    assert page.count('id="players-loop"') == 1 and "hx-swap-oob" not in page


@pytest.mark.django_db
def test_the_status_partial_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.get(round_url(battle, suffix="status/")).status_code == 404
