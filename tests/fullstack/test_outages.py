"""Faults, measured on the real stack (docs/reliability.md records the counts over repeated runs).

Each outage is made on a service of the test's own, never on the machine's shared Redis or PostgreSQL:
a throwaway redis-server (`own_redis`) that is stopped and started again, and TCP proxies (`cuttable_proxy`)
in front of PostgreSQL and the SMTP server that are cut and restored. After each outage the test checks
that every result and every email arrived exactly once and that nothing half-written was kept.
"""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns.mail import services as mail_services
from campaigns.mail.models import OutboxMessage
from combat.models import Round
from tests.fullstack.conftest import worker_database_url
from tests.fullstack.test_battle_round import (  # noqa: F401 (locked_round is a fixture)
    RECIPIENTS,
    locked_round,
    recipients,
    resolve,
    round_mail,
)

pytestmark = pytest.mark.django_db(transaction=True)


def round_url(round_, suffix=""):
    battle = round_.battle
    return reverse("combat:round", args=[battle.campaign.slug, battle.pk, round_.number]) + suffix


def logs(*processes) -> str:
    """The end of each process's log, for a failure to explain itself."""
    return "\n".join(f"--- {process.log_path.name}\n{process.log_text()[-4000:]}" for process in processes)


def every_email_sent():
    return round_mail().exists() and not OutboxMessage.objects.exclude(status="sent").exists()


def test_redis_stopped_while_the_gm_presses_resolve_and_mail_is_due_then_everything_arrives_once(
    own_redis, locked_round, staff_user, start_worker, start_beat, smtp_server, wait_until
):
    smtp_server.clear()
    worker = start_worker().wait_ready()
    beat = start_beat(HERALD_SWEEP_SECONDS="1")
    gm, staff = Client(raise_request_exception=False), Client(raise_request_exception=False)
    gm.force_login(locked_round.gm)
    staff.force_login(staff_user)
    # Beat and the worker are both connected before the outage, as in production, whatever the machine's
    # speed: a beat process still starting up when Redis stops never sees the outage this test is about.
    wait_until(lambda: "Task combat.sweep_waiting_rounds[" in worker.log_text(), timeout=90,
               message="beat's first sweep to reach the worker", explain=lambda: logs(worker, beat))

    own_redis.stop()
    pressed = gm.post(round_url(locked_round, "resolve-answers/"), follow=True)
    mailed = staff.post(reverse("mail:send_test"), {"to": "outage@example.com"})
    assert pressed.status_code == 200, "a plain message, not a 500"
    assert "The task queue is not answering right now" in pressed.content.decode()
    assert "Round 1 is queued" in gm.get(round_url(locked_round)).content.decode()
    assert mailed.status_code == 302
    waiting = Round.objects.get(pk=locked_round.pk)
    assert waiting.status == Round.Status.RESOLVING and waiting.task_id == ""
    assert round_mail().get().status == OutboxMessage.Status.PENDING

    wait_until(lambda: "Couldn't apply scheduled task" in beat.log_text(), message="beat to find the broker down",
               explain=lambda: logs(beat))

    own_redis.start()  # empty: whatever was in the broker is gone, the database still has every request
    wait_until(lambda: Round.objects.get(pk=locked_round.pk).status == Round.Status.RESOLVED, timeout=90,
               message="the queued round to resolve on its own", explain=lambda: logs(worker, beat))
    smtp_server.wait_for(4, timeout=60)
    wait_until(every_email_sent, timeout=60, message="every email sent")
    assert Round.objects.get(pk=locked_round.pk).attempts == 1
    assert recipients(smtp_server.messages) == sorted([*RECIPIENTS, "outage@example.com"])
    assert round_mail().count() == 4 and locked_round.battle.rounds.count() == 2
    assert "Round 1's result" in gm.get(round_url(locked_round)).content.decode()


@pytest.fixture
def database_through(cuttable_proxy):
    """This process's database connection, re-made through a proxy to PostgreSQL that the test can cut."""
    database = connection.settings_dict
    saved = database["HOST"], database["PORT"]
    proxy = cuttable_proxy(database.get("HOST") or "127.0.0.1", int(database.get("PORT") or 5432))
    connection.close()
    database["HOST"], database["PORT"] = "127.0.0.1", proxy.port
    yield proxy
    if proxy.listener is None:
        proxy.restore()
    connection.close()
    database["HOST"], database["PORT"] = saved


def test_postgresql_unreachable_during_a_request_gives_a_clear_page_and_healthz_503_and_saves_nothing(
    locked_round, database_through
):
    gm = Client(raise_request_exception=False)
    gm.force_login(locked_round.gm)
    battle = locked_round.battle
    side = locked_round.sides.first()
    rounds_before = battle.rounds.count()
    seed_before = locked_round.seed  # committed when the round opened (docs/fair-dice.md)

    database_through.cut()
    pressed = gm.post(round_url(locked_round, "resolve-answers/"))
    unlocked = gm.post(reverse("combat:unlock_answers", args=[battle.campaign.slug, battle.pk, 1, side.pk]))
    health = Client().get("/healthz")  # as the load balancer asks: no session
    database_through.restore()

    for response in (pressed, unlocked):
        assert response.status_code == 503 and response["Retry-After"] == "60"
        assert "Herald cannot reach its database right now" in response.content.decode()
    assert health.status_code == 503 and health.json()["database"]["ok"] is False
    connection.close()
    after = Round.objects.get(pk=locked_round.pk)
    assert after.status == Round.Status.DRAFTING and after.seed == seed_before and after.task_id == ""
    assert all(after.sides.values_list("locked", flat=True))
    assert battle.rounds.count() == rounds_before and not round_mail().exists()
    assert Client().get("/healthz").json()["database"]["ok"] is True


def test_postgresql_cut_while_a_worker_resolves_keeps_nothing_half_written_and_the_round_resolves_once(
    locked_round, start_worker, start_beat, smtp_server, cuttable_proxy, wait_until
):
    smtp_server.clear()
    database = connection.settings_dict
    proxy = cuttable_proxy(database.get("HOST") or "127.0.0.1", int(database.get("PORT") or 5432))
    worker = start_worker(module="tests.fullstack.faulty_worker", HERALD_FAULT_PAUSE_RESOLVE="3",
                          DATABASE_URL=worker_database_url("127.0.0.1", proxy.port)).wait_ready()
    battle = locked_round.battle
    resolve(locked_round)
    wait_until(lambda: any(line.get("event") == "round_resolve_started" for line in worker.log_lines()),
               message="the worker to start resolving")
    proxy.cut()  # inside the resolve transaction: the engine runs, then every write fails
    wait_until(lambda: any(line.get("event") == "task_failed" for line in worker.log_lines()), timeout=60,
               message="the resolve task to fail")
    halfway = Round.objects.get(pk=locked_round.pk)
    assert halfway.status == Round.Status.RESOLVING and halfway.result is None
    assert battle.rounds.count() == 1 and not round_mail().exists()

    proxy.restore()
    start_beat(HERALD_SWEEP_SECONDS="1", HERALD_RESOLVE_STALE_SECONDS="3")
    wait_until(lambda: Round.objects.get(pk=locked_round.pk).status == Round.Status.RESOLVED, timeout=90,
               message="the sweep to have the round resolved")
    smtp_server.wait_for(3)
    wait_until(every_email_sent, message="every email sent")
    assert Round.objects.get(pk=locked_round.pk).attempts == 1
    assert recipients(smtp_server.messages) == RECIPIENTS
    assert round_mail().count() == 3 and battle.rounds.count() == 2


def test_smtp_refusing_then_down_then_back_delivers_every_message_once_and_the_mail_page_shows_the_state(
    staff_user, smtp_server, start_worker, start_beat, cuttable_proxy, wait_until
):
    from django.db import transaction

    smtp_server.clear()
    smtp = cuttable_proxy(smtp_server.host, smtp_server.port)
    start_worker(EMAIL_PORT=str(smtp.port)).wait_ready()
    start_beat(HERALD_SWEEP_SECONDS="1")
    staff = Client()
    staff.force_login(staff_user)

    def attempts_made(count):
        return lambda: all(row.attempts >= count and row.status == "pending" for row in OutboxMessage.objects.all())

    def due_now():  # the backoff waits 30 s, then 1 min: the test brings the next attempt forward
        OutboxMessage.objects.filter(status="pending").update(next_attempt_at=timezone.now() - timedelta(seconds=1))

    smtp_server.refuse("451 4.3.0 Mailbox busy, try again later")
    with transaction.atomic():
        for number in range(3):
            mail_services.queue_email(to=f"player{number}@example.com", subject=f"Round results {number}",
                                      text="You hit the Giant.", idempotency_key=f"outage-{number}")
    wait_until(attempts_made(1), timeout=60, message="a first, refused attempt at each message")
    page = staff.get(reverse("mail:index")).content.decode()
    assert page.count("Pending") >= 3
    detail = staff.get(reverse("mail:detail", args=[OutboxMessage.objects.first().pk])).content.decode()
    assert "451" in detail and "Mailbox busy" in detail

    smtp_server.refuse("")
    smtp.cut()  # the SMTP server is down: connections are refused
    due_now()
    wait_until(attempts_made(2), timeout=60, message="a second attempt at each message, to a server that is down")
    assert "refused" in OutboxMessage.objects.first().last_error.lower()

    smtp.restore()
    due_now()
    smtp_server.wait_for(3, timeout=60)
    wait_until(every_email_sent, timeout=60, message="every email sent")
    assert sorted(m.envelope_to[0] for m in smtp_server.messages) == [f"player{n}@example.com" for n in range(3)]
    assert smtp_server.refused >= 3
    assert set(OutboxMessage.objects.values_list("attempts", flat=True)) == {3}
    assert settings.HERALD_MAIL_MAX_ATTEMPTS > 3
