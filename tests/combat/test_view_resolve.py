import pytest
from django.test import Client

from campaigns.mail.models import OutboxMessage
from combat.models import Round
from tests.combat.conftest import round_url
from tests.combat.test_services import enter_and_lock


@pytest.mark.django_db
def test_resolve_returns_the_polling_progress_partial_and_enqueues_once(gm_client, gm, battle, characters, valid_plays,
                                                                       django_capture_on_commit_callbacks):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks() as callbacks:
        first = gm_client.post(round_url(battle, suffix="resolve-answers/"), HTTP_HX_REQUEST="true").content.decode()
        gm_client.post(round_url(battle, suffix="resolve-answers/"), HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in first
    assert len(callbacks) == 1


@pytest.mark.django_db
def test_resolve_runs_the_task_and_the_page_shows_the_results(gm_client, gm, battle, characters, valid_plays,
                                                             celery_eager, django_capture_on_commit_callbacks):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(round_url(battle, suffix="resolve-answers/"))
    assert response.status_code == 302
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.RESOLVED
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 3
    assert "Round 1's result" in gm_client.get(round_url(battle)).content.decode()


@pytest.mark.django_db
def test_resolve_with_a_side_unlocked_says_so(gm_client, battle):
    response = gm_client.post(round_url(battle, suffix="resolve-answers/"), follow=True)
    assert "Every side must be locked" in response.content.decode()
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.DRAFTING


@pytest.mark.django_db
def test_resolve_is_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.post(round_url(battle, suffix="resolve-answers/")).status_code == 404


@pytest.mark.django_db
def test_resolve_without_the_csrf_token_is_forbidden(gm, battle):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    assert client.post(round_url(battle, suffix="resolve-answers/"), HTTP_HX_REQUEST="true").status_code == 403


@pytest.mark.django_db
def test_resolve_by_htmx_with_a_side_unlocked_says_so_in_place(gm_client, battle):
    partial = gm_client.post(round_url(battle, suffix="resolve-answers/"), HTTP_HX_REQUEST="true").content.decode()
    assert 'role="alert">Every side must be locked' in partial


@pytest.mark.django_db
def test_a_round_that_breaks_the_rules_says_why_in_the_games_words(gm_client, gm, battle, characters, valid_plays,
                                                                  monkeypatch):
    from combat import services, system_battles
    from systems.errors import FieldError, PlaysInvalid

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)

    def refused(*args, **kwargs):
        raise PlaysInvalid([FieldError("sheets.Black Knight.owner", "Black Knight is dead")])

    monkeypatch.setattr(system_battles, "resolve_locked", refused)
    with pytest.raises(PlaysInvalid):
        services.resolve_round(Round.objects.get(battle=battle, number=1).pk)
    page = gm_client.get(round_url(battle)).content.decode().replace("&#x27;", "'")
    assert "The round breaks the rules: Black Knight's melee sheet: Black Knight is dead." in page
    assert "PlaysInvalid" not in page and "sheets.Black Knight" not in page
