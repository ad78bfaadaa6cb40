"""Pages under load, as ratios to a bare Django page (issue #13, goal 2).

Makes a scratch PostgreSQL database with the demo campaign (`load_demo`) and a 10-player battle set up
through the systems interface whose sides hold saved, unlocked answers (the interface's round page with ten
sides' forms, each with its odds panel), signs the demo GM in with
a session cookie, starts gunicorn itself (2 sync workers, DEBUG off, static files collected, a free
port on 127.0.0.1), then in the same run puts each page under the same load one after the other:
the sign-in page (signed out), the dashboard and the 10-side round page (signed in). The load is
`wrk -t2 -c16 -d<seconds>s` when wrk is installed, else 16 keep-alive clients in threads (bounded by
`--seconds` and `--max-requests`). The last line is `ratio: X`, the round page's requests per second
over the sign-in page's.

    .venv/bin/python benchmarks/pages.py [--seconds 10] [--python]

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "herald_bench_pages"
CLIENTS = 16


def web_environment(database: str) -> dict:
    """gunicorn's environment (and this process's): a scratch PostgreSQL database, DEBUG off, no Redis
    and no SMTP (the pages measured send nothing), logs at warning. Also applied to os.environ."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.resolve_to_last_email import full_stack_environment, prepare_database

    env = full_stack_environment(database, "", 0)
    for name in ("REDIS_URL", "EMAIL_HOST", "EMAIL_PORT"):
        env.pop(name, None)
        os.environ.pop(name, None)
    env.update({"DEBUG": "0", "SECRET_KEY": "load-test-only-" + "x" * 40, "SECURE_SSL_REDIRECT": "0",
                "SECURE_HSTS_SECONDS": "0"})
    os.environ.update(env)
    prepare_database(database)
    return env


def session_cookie(user) -> str:
    """A `Cookie:` header value signing `user` in, as the login view would."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def csrf_cookie(port: int) -> str:
    """The CSRF cookie the sign-in page hands a browser, as `name=value`: a signed-in browser sends it
    with every request after its first page (config/page_cache.py keeps pages per browser by it)."""
    from django.conf import settings

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/accounts/login/")
    response = connection.getresponse()
    response.read()
    for header in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        if name.strip() == settings.CSRF_COOKIE_NAME:
            return f"{settings.CSRF_COOKIE_NAME}={rest.split(';', 1)[0]}"
    raise SystemExit("the sign-in page set no CSRF cookie")


def free_port() -> int:
    from benchmarks.resolve_to_last_email import free_port as port

    return port()


def fetch(port: int, path: str, cookie: str = "") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    response = connection.getresponse()
    return response.status, response.read()


@contextlib.contextmanager
def gunicorn(env: dict, workers: int, probe: str):
    """gunicorn on a free port of 127.0.0.1, started, waited for (GET `probe`) and stopped."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                fetch(port, probe)
                break
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        server.wait(20)


def python_load(port: int, path: str, cookie: str, clients: int, seconds: float, max_requests: int) -> tuple[int, int, float, list[float]]:
    """`clients` keep-alive connections in threads for `seconds` (at most `max_requests` requests):
    (ok, errors, wall seconds, latencies)."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    headers = {"Cookie": cookie} if cookie else {}
    stop_at = time.monotonic() + seconds

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop_at:
            with lock:
                if len(latencies) + len(errors) >= max_requests:
                    return
            started = time.perf_counter()
            try:
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                response.read()
                ok, failure = response.status == 200, str(response.status)
            except (OSError, http.client.HTTPException) as error:
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                ok, failure = False, str(error)
            elapsed = time.perf_counter() - started
            with lock:
                (latencies.append(elapsed) if ok else errors.append(failure))

    began = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies), len(errors), time.perf_counter() - began, latencies


def wrk_load(port: int, path: str, cookie: str, seconds: float) -> tuple[float, str]:
    """`wrk -t2 -c16` for `seconds`: (requests per second, wrk's summary lines)."""
    command = ["wrk", "-t2", f"-c{CLIENTS}", f"-d{max(1, round(seconds))}s", "--latency", "--timeout", "30s"]
    if cookie:
        command += ["-H", f"Cookie: {cookie}"]
    output = subprocess.run([*command, f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in output or "Socket errors" in output:
        raise SystemExit(f"errors under load on {path}:\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    summary = " ".join(line.split()[0] + " " + line.split()[1] for line in output.splitlines() if re.match(r"\s+(50|99)%", line))
    return rate, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--max-requests", type=int, default=20_000, help="per page, the Python load loop only")
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--python", action="store_true", help="the Python load loop even if wrk is installed")
    args = parser.parse_args()

    env = web_environment(DATABASE)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from benchmarks.battle_setup import make_battle
    from combat import system_battles

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))
    gm = get_user_model().objects.get(username="demo")
    battle = make_battle(gm, "load", args.players)
    for side in battle.rounds.get(number=1).sides.filter(locked=True):
        system_battles.unlock(gm, "load", battle.pk, 1, side.pk)
    session = session_cookie(gm)
    pages = [
        ("sign-in page", "/accounts/login/", False),
        ("dashboard", "/campaigns/", True),
        (f"{args.players}-side round page", f"/campaigns/load/battles/{battle.pk}/rounds/1/", True),
    ]
    use_wrk = shutil.which("wrk") and not args.python
    rates = {}
    with gunicorn(env, 2, "/accounts/login/") as port:
        cookie = f"{session}; {csrf_cookie(port)}"
        pages = [(name, path, cookie if signed_in else "") for name, path, signed_in in pages]
        for name, path, page_cookie in pages:
            status, body = fetch(port, path, page_cookie)
            if status != 200:
                raise SystemExit(f"{name} answered {status}: {body[:300]!r}")
            for _ in range(6):  # warm both workers' caches (catalogue, templates)
                fetch(port, path, page_cookie)
            if use_wrk:
                rate, summary = wrk_load(port, path, page_cookie, args.seconds)
                detail = f"wrk -t2 -c{CLIENTS}, latency {summary}"
            else:
                ok, errors, wall, latencies = python_load(port, path, page_cookie, CLIENTS, args.seconds, args.max_requests)
                if errors:
                    raise SystemExit(f"{errors} errors under load on {path}")
                rate = ok / wall
                detail = f"{CLIENTS} Python clients, {ok} requests, median {sorted(latencies)[len(latencies) // 2] * 1000:.0f} ms"
            rates[name] = rate
            print(f"{name} ({len(body) / 1024:.0f} KiB): {rate:.1f} requests/s ({detail})", flush=True)
    sign_in, dashboard, round_page = rates.values()
    print(f"load average {' '.join(f'{value:.2f}' for value in os.getloadavg())}; gunicorn 2 sync workers, DEBUG off, PostgreSQL")
    print(f"dashboard / sign-in page: {dashboard / sign_in:.3f}")
    print(f"ratio: {round_page / sign_in:.3f}")
    from django.db import connections

    connections.close_all()


if __name__ == "__main__":
    main()
