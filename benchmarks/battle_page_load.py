"""The battle page under load: a small, bounded load generator against gunicorn on 127.0.0.1.

Sets up a scratch PostgreSQL database with a 10-player battle set up through the systems interface whose
sides hold saved, unlocked answers (so the interface's round page renders ten sides' forms, each with its odds
panel: the GM's heaviest page), starts
gunicorn as the Procfile does (3 sync workers, DEBUG off, static files collected), signs a GM session
in, then keeps `--clients` keep-alive connections busy for `--seconds` (at most `--max-requests`
requests) on the round page, and reports throughput and latency percentiles.

    .venv/bin/python benchmarks/battle_page_load.py [--clients 8] [--seconds 20] [--path round|status]
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "herald_bench_load"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--max-requests", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--path", choices=["round", "status"], default="round")
    args = parser.parse_args()

    var_dir = tempfile.mkdtemp(prefix="herald-load-")
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
        "DEBUG": "0",
        "SECRET_KEY": "load-test-only-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "warning",
        "HERALD_VAR_DIR": var_dir,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    for name in ("REDIS_URL", "EMAIL_HOST", "CELERY_TASK_ALWAYS_EAGER"):
        env.pop(name, None)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))

    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DATABASE}")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    from benchmarks.battle_setup import make_battle
    from combat import system_battles

    gm = get_user_model().objects.create_user("load-gm", email="gm@example.com", password="load-pass-1234")
    battle = make_battle(gm, "load", args.players)
    for side in battle.rounds.get(number=1).sides.filter(locked=True):
        system_battles.unlock(gm, "load", battle.pk, 1, side.pk)
    session = SessionStore()
    session[SESSION_KEY] = str(gm.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = gm.get_session_auth_hash()
    session.create()
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
    path = f"/campaigns/load/battles/{battle.pk}/rounds/1/" + ("status/" if args.path == "status" else "")

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                probe = http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # a cold worker draws its first round page slowly
                probe.request("GET", path, headers={"Cookie": cookie})
                response = probe.getresponse()
                body = response.read()
                if response.status != 200:
                    raise SystemExit(f"the page answered {response.status}: {body[:300]!r}")
                size = len(body)
                break
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.2)
        for _ in range(args.workers * 3):  # warm every worker's caches (catalogue, templates)
            probe.request("GET", path, headers={"Cookie": cookie})
            probe.getresponse().read()

        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        stop_at = time.monotonic() + args.seconds

        def client() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            while time.monotonic() < stop_at:
                with lock:
                    if len(latencies) + len(errors) >= args.max_requests:
                        return
                started = time.perf_counter()
                try:
                    connection.request("GET", path, headers={"Cookie": cookie})
                    response = connection.getresponse()
                    response.read()
                    ok = response.status == 200
                except (OSError, http.client.HTTPException) as error:
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    ok, response = False, error
                elapsed = time.perf_counter() - started
                with lock:
                    if ok:
                        latencies.append(elapsed)
                    else:
                        errors.append(str(getattr(response, "status", response)))

        began = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        print(f"GET {args.path} page ({size / 1024:.0f} KiB, {args.players} sides with forms and odds), "
              f"gunicorn {args.workers} sync workers, {args.clients} clients, {wall:.1f} s")
        print(f"{len(latencies)} ok, {len(errors)} errors: {len(latencies) / wall:.1f} requests/s; latency "
              f"median {statistics.median(latencies) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
              f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")
    finally:
        server.terminate()
        server.wait(20)
        from django.db import connections

        connections.close_all()


if __name__ == "__main__":
    main()
