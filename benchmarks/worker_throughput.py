"""Rounds resolved per second by one Celery worker process on PostgreSQL (issue #13, goal 4).

Makes a scratch database, then `--rounds` battles of 15 characters each with one monster on each (30
combatants, as `docs/examples/thirty-combatants.json`), every side locked, and asks each to resolve
while no worker runs. Then one worker (`--pool=solo`) starts and takes them all: the time from its
first round's start to the last round's commit gives rounds per second, with their outbox rows (the
11-16 result emails and the next round's "plays due" emails of each round, written in the same
transaction; their send tasks queue up behind the waiting rounds, so the span measured is resolving).

The engine's share is the time the round's system's `resolve` takes for the same round files and seeds, run
again in this process after the worker is done, over the worker's time per round. The last line is
`ratio: X`, that share.

    .venv/bin/python benchmarks/worker_throughput.py [--rounds 20]

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and Redis on 127.0.0.1:6379.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "herald_bench_worker"
REDIS_URL = "redis://127.0.0.1:6379/8"
COMBATANTS = 30


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()

    from aiosmtpd.controller import Controller

    sys.path.insert(0, str(ROOT))
    from benchmarks.resolve_to_last_email import Counter, free_port, full_stack_environment, prepare_database

    counter = Counter()
    smtp = Controller(counter, hostname="127.0.0.1", port=free_port())
    smtp.start()
    env = full_stack_environment(DATABASE, REDIS_URL, smtp.port)
    prepare_database(DATABASE)
    import django

    django.setup()
    import redis
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from benchmarks.battle_setup import make_battle
    from combat import services
    from combat.models import Round
    from systems import get_system, system_of

    call_command("migrate", verbosity=0)
    redis.Redis.from_url(REDIS_URL).flushdb()
    gm = get_user_model().objects.create_user("bench-gm", email="gm@example.com", password="bench-pass-1234")
    battles = []
    for number in range(args.rounds):
        battle = make_battle(gm, f"throughput-{number}", COMBATANTS // 2)
        battles.append(battle)
    for battle in battles:  # every round waits in the queue before the worker starts
        assert services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    waiting = Round.objects.filter(battle__in=battles, number=1)
    load = os.getloadavg()
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
         "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 600
        while waiting.exclude(status=Round.Status.RESOLVED).exists():
            if time.monotonic() > deadline:
                raise TimeoutError("the worker did not resolve every round in 10 minutes")
            time.sleep(0.05)
    finally:
        worker.terminate()
        worker.wait(20)
        smtp.stop()
    resolved = list(waiting.order_by("resolved_at"))
    # The first round's start is its stamp minus its engine time; the span runs to the last commit.
    span = (resolved[-1].resolved_at - resolved[0].resolved_at).total_seconds()
    per_round = span / (len(resolved) - 1)
    engine_times = []
    for round_ in resolved:
        started = time.perf_counter()
        get_system(system_of(round_.input)).resolve(round_.input, seed=round_.seed)
        engine_times.append(time.perf_counter() - started)
    engine = statistics.median(engine_times)
    from campaigns.mail.models import OutboxMessage

    rows = OutboxMessage.objects.count()
    combatants = len(resolved[0].input["state"]["characters"]) + len(resolved[0].input["state"]["denizens"])
    print(f"{len(resolved)} rounds of {combatants} combatants, {rows} outbox rows, one worker (--pool=solo), "
          f"load average before {load[0]:.2f}")
    print(f"worker: {per_round * 1000:.0f} ms a round, {1 / per_round:.1f} rounds/s (stamp to stamp over "
          f"{len(resolved) - 1} rounds; their mail waits in the queue behind them)")
    print(f"engine (the system's resolve, same files and seeds, in-process): median {engine * 1000:.1f} ms")
    print(f"ratio: {engine / per_round:.2f}")
    from django.db import connections

    connections.close_all()


if __name__ == "__main__":
    main()
