"""Deadlines and reminders through the real stack: Celery beat (sweeping every second) and a worker over
Redis, on PostgreSQL, to the SMTP server. Each reminder and the deadline happen exactly once, also when
the worker is killed and another started in between. Time moves by editing the stored deadline, as a GM
moving it would (players.RoundDeadline.due_at); nothing in the product waits on a clock."""

import subprocess
import sys
from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat.models import Round
from players import services
from players.models import PlayerLink, PlaySettings, Reminder, RoundDeadline, RoundNote, Submission
from tests.ambush import KNIGHT_ANSWERS, WOUNDING_SEED, commit_seed, create_ambush
from tests.fullstack.conftest import ROOT, worker_environment

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def battle(make_user):
    """The demo's Ambush in Cave 4 (tests/ambush.py), fought through the interface, with Alice's Black Knight's
    answers sealed on her link and Bob's Amazon's not."""
    gm = make_user("gm")
    campaign = campaign_services.create_campaign(gm, "Deadlines", "deadlines", "bimr4")
    campaign.auto_resolve = True
    campaign.save()
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[24, 2])
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    battle = create_ambush(campaign)
    commit_seed(battle.rounds.get(number=1), WOUNDING_SEED)  # a seed after which combat goes on
    knight = battle.characters.get(catalogue_name="Black Knight")
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), knight.pk, dict(KNIGHT_ANSWERS))
    battle.gm = gm
    return battle


@pytest.fixture
def beat(smtp_server, tmp_path):
    env = worker_environment(smtp_server, {"HERALD_DEADLINE_SWEEP_SECONDS": "1"})
    log = open(tmp_path / "beat.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
         "--schedule", str(tmp_path / "celerybeat-schedule")],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    yield process
    process.terminate()
    process.wait(20)
    log.close()


def sweeps_done(worker) -> int:
    lines = worker.log_lines()
    started = {line["task_id"] for line in lines if line.get("event") == "task_started" and line.get("task") == "players.sweep_deadlines"}
    return sum(1 for line in lines if line.get("event") == "task_succeeded" and line.get("task_id") in started)


def subjects_to(smtp_server, address, containing):
    return [m["Subject"] for m in smtp_server.messages if m.envelope_to == [address] and containing in m["Subject"]]


def move_deadline(round_, due_at):
    RoundDeadline.objects.filter(round=round_).update(due_at=due_at, opened_at=timezone.now() - timedelta(hours=30))


def test_reminders_and_the_deadline_happen_once_each_across_a_worker_restart(
    battle, start_worker, smtp_server, beat, wait_until
):
    smtp_server.clear()
    round_ = battle.rounds.get(number=1)
    worker = start_worker().wait_ready()

    # 23 h 59 min before the deadline: the 24 h reminder is due, for Bob only (Alice has submitted).
    move_deadline(round_, timezone.now() + timedelta(hours=23, minutes=59))
    wait_until(lambda: subjects_to(smtp_server, "bob@example.com", "plays due in 24 h"), timeout=60, message="the 24 h reminder")
    swept = sweeps_done(worker)
    wait_until(lambda: sweeps_done(worker) >= swept + 3, message="three more sweeps")
    assert len(subjects_to(smtp_server, "bob@example.com", "plays due in 24 h")) == 1
    assert not subjects_to(smtp_server, "alice@example.com", "plays due in")

    # The worker dies; another takes over. 1 h 59 min before the deadline: the 2 h reminder, once.
    worker.kill()
    worker = start_worker().wait_ready()
    move_deadline(round_, timezone.now() + timedelta(hours=1, minutes=59))
    wait_until(lambda: subjects_to(smtp_server, "bob@example.com", "plays due in 2 h"), timeout=60, message="the 2 h reminder")
    swept = sweeps_done(worker)
    wait_until(lambda: sweeps_done(worker) >= swept + 3, message="three more sweeps")
    assert len(subjects_to(smtp_server, "bob@example.com", "plays due in 2 h")) == 1
    assert len(subjects_to(smtp_server, "bob@example.com", "plays due in 24 h")) == 1
    assert Reminder.objects.count() == 2

    # The deadline passes, once: Bob's side is defaulted (it plays nothing: every Magic Realm question may be left
    # empty), the round resolves by itself, each result email once.
    worker.kill()
    worker = start_worker().wait_ready()
    move_deadline(round_, timezone.now() - timedelta(seconds=1))
    passed = RoundNote.objects.filter(round=round_, kind=RoundNote.Kind.DEADLINE, text__startswith="The deadline passed")
    wait_until(lambda: Round.objects.get(pk=round_.pk).status == Round.Status.RESOLVED, timeout=60, message="the round resolved")
    assert list(passed.values_list("text", flat=True)) == ["The deadline passed; defaulted: Amazon."]
    wait_until(lambda: all(any(s.endswith(": round 1") for s in subjects_to(smtp_server, address, ""))
                           for address in ("alice@example.com", "bob@example.com")), timeout=60, message="the result emails")
    swept = sweeps_done(worker)
    wait_until(lambda: sweeps_done(worker) >= swept + 3, message="three more sweeps")
    wait_until(lambda: not OutboxMessage.objects.exclude(status="sent").exists(), message="every email sent")
    assert Submission.objects.filter(round=round_, source=Submission.Source.DEFAULT).count() == 1
    assert passed.count() == 1
    for address in ("alice@example.com", "bob@example.com"):
        results = [s for s in subjects_to(smtp_server, address, "") if s == "[Deadlines] Ambush in Cave 4: round 1"]
        assert len(results) == 1
    [alice] = [m for m in smtp_server.messages if m.envelope_to == ["alice@example.com"] and m["Subject"].endswith(": round 1")]
    text = alice.get_body(preferencelist=("plain",)).get_content()
    assert "What comes next: round 2" in text and "/play/" in text
