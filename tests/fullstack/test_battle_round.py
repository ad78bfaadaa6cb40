"""A battle round through the real stack: the resolve task runs in a separate Celery worker over Redis
against PostgreSQL, and the SMTP server receives exactly one email per participant (two players and
the GM) even when the task is delivered twice or the worker dies halfway through resolving."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat import services
from combat.models import Round
from tests.ambush import WOUNDING_SEED, commit_seed, create_ambush, enter_and_lock

pytestmark = pytest.mark.django_db(transaction=True)

RECIPIENTS = ["alice@example.com", "bob@example.com", "gm@example.com"]


@pytest.fixture
def locked_round(make_user):
    """Round 1 of the demo's Ambush in Cave 4 (tests/ambush.py), fought through the interface: both
    characters' answers entered and locked by the GM."""
    gm = make_user("gm")
    campaign = campaign_services.create_campaign(gm, "Full stack", "full-stack", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon"),
                                   ("Carol", "carol@example.com", None)):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        if character:
            campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    battle = create_ambush(campaign)
    enter_and_lock(gm, battle)
    round_ = battle.rounds.get(number=1)
    commit_seed(round_, WOUNDING_SEED)  # a seed after which the battle goes on to round 2
    round_.gm = gm
    return round_


def resolve(round_):
    battle = round_.battle
    assert services.request_resolve(round_.gm, battle.campaign.slug, battle.pk, round_.number)


def resolve_tasks_finished(worker) -> int:
    lines = worker.log_lines()
    ids = {line["task_id"] for line in lines if line.get("event") == "task_started" and line.get("task") == "combat.resolve_round_task"}
    return sum(1 for line in lines if line.get("event") == "task_succeeded" and line.get("task_id") in ids)


def results(messages):
    """The round's result emails (not the players' plays-due emails, issue #10)."""
    return [message for message in messages if "plays due" not in message["Subject"]]


def round_mail():
    """The outbox without the players' plays-due emails (issue #10): the round's result emails and the rest."""
    return OutboxMessage.objects.exclude(idempotency_key__startswith="players/")


def recipients(messages):
    return sorted(address for message in results(messages) for address in message.envelope_to)


def test_the_round_is_resolved_by_the_worker_and_each_participant_gets_one_email_even_if_delivered_twice(
    locked_round, celery_worker, smtp_server, wait_until
):
    from combat.tasks import resolve_round_task

    resolve(locked_round)  # enqueued on commit
    resolve_round_task.delay(locked_round.pk)  # and delivered a second time
    wait_until(lambda: Round.objects.get(pk=locked_round.pk).status == Round.Status.RESOLVED, message="the round resolved")
    wait_until(lambda: len(results(smtp_server.messages)) >= 3, message="three result emails")
    wait_until(lambda: resolve_tasks_finished(celery_worker) >= 2, message="both deliveries of the resolve task to finish")
    wait_until(lambda: not OutboxMessage.objects.exclude(status="sent").exists(), message="every email sent")
    assert recipients(smtp_server.messages) == RECIPIENTS  # Carol is not in the battle
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 3
    resolved = Round.objects.get(pk=locked_round.pk)
    assert resolved.attempts == 1 and resolved.log
    assert locked_round.battle.rounds.count() == 2
    [alice] = [m for m in results(smtp_server.messages) if m.envelope_to == ["alice@example.com"]]
    assert "Black Knight" in alice.get_body(preferencelist=("plain",)).get_content()
    assert alice["In-Reply-To"]


def test_a_worker_killed_while_resolving_leaves_the_round_resolvable_and_nothing_duplicated(
    locked_round, start_worker, smtp_server, wait_until
):
    smtp_server.clear()
    # The worker sleeps inside the resolve transaction (a fault injected by its start-up wrapper).
    doomed = start_worker(module="tests.fullstack.faulty_worker", HERALD_FAULT_PAUSE_RESOLVE="60").wait_ready()
    resolve(locked_round)
    wait_until(lambda: any(line.get("event") == "round_resolve_started" for line in doomed.log_lines()),
               message="the worker to start resolving")
    doomed.kill()
    halfway = Round.objects.get(pk=locked_round.pk)
    assert halfway.status == Round.Status.RESOLVING and halfway.result is None and halfway.log == []
    assert not OutboxMessage.objects.filter(idempotency_key__startswith="combat/").exists()
    assert locked_round.battle.rounds.count() == 1

    # Redis hands the unacknowledged task out again only after its visibility timeout; the GM need not
    # wait: once the round has sat in `resolving` past the stuck limit, Resolve claims it again (same seed).
    # The survivor's visibility timeout is an hour, so only that press brings the round back, however long
    # the survivor takes to start (with the tests' 5 s it took the dead worker's message itself on a
    # loaded machine, and the press then found the round resolved).
    survivor = start_worker(CELERY_VISIBILITY_TIMEOUT="3600").wait_ready()
    seed = halfway.seed
    Round.objects.filter(pk=locked_round.pk).update(
        resolve_requested_at=timezone.now() - timedelta(seconds=services.STUCK_RESOLVING_SECONDS + 1)
    )
    resolve(locked_round)
    wait_until(lambda: Round.objects.get(pk=locked_round.pk).status == Round.Status.RESOLVED, timeout=60,
               message="the round to be resolved again")
    assert Round.objects.get(pk=locked_round.pk).seed == seed
    wait_until(lambda: len(results(smtp_server.messages)) >= 3, message="three result emails")
    wait_until(lambda: not OutboxMessage.objects.exclude(status="sent").exists(), message="every email sent")
    assert recipients(smtp_server.messages) == RECIPIENTS
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 3 and locked_round.battle.rounds.count() == 2
    assert any(line.get("event") == "round_resolved" for line in survivor.log_lines())


def test_a_round_a_killed_worker_left_is_taken_up_again_by_the_sweep_with_no_one_pressing_resolve(
    locked_round, start_worker, start_beat, smtp_server, wait_until
):
    smtp_server.clear()
    doomed = start_worker(module="tests.fullstack.faulty_worker", HERALD_FAULT_PAUSE_RESOLVE="60").wait_ready()
    resolve(locked_round)
    wait_until(lambda: any(line.get("event") == "round_resolve_started" for line in doomed.log_lines()),
               message="the worker to start resolving")
    doomed.kill()
    seed = Round.objects.get(pk=locked_round.pk).seed

    # Beat sweeps every second and takes a round `resolving` for 3 s without result as stranded
    # (production: every 30 s, after 60 s). The survivor's visibility timeout is an hour, so only the
    # sweep can bring the round back here.
    survivor = start_worker(CELERY_VISIBILITY_TIMEOUT="3600").wait_ready()
    start_beat(HERALD_SWEEP_SECONDS="1", HERALD_RESOLVE_STALE_SECONDS="3")
    wait_until(lambda: Round.objects.get(pk=locked_round.pk).status == Round.Status.RESOLVED, timeout=90,
               message="the sweep to have the round resolved")
    smtp_server.wait_for(3)
    wait_until(lambda: not OutboxMessage.objects.exclude(status="sent").exists(), message="every email sent")
    resolved = Round.objects.get(pk=locked_round.pk)
    assert resolved.seed == seed and resolved.attempts == 1
    assert recipients(smtp_server.messages) == RECIPIENTS
    assert round_mail().count() == 3 and locked_round.battle.rounds.count() == 2
    assert any(line.get("event") == "round_resolve_swept" for line in survivor.log_lines())
