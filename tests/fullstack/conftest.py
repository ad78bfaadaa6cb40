"""Fixtures for tests against the real stack: PostgreSQL, Redis, Celery worker processes, SMTP.

Run with `make test-fullstack` (DATABASE_URL=postgres://..., REDIS_URL=redis://.../5). Every test here
is marked `fullstack` (tests/conftest.py) and must use `@pytest.mark.django_db(transaction=True)`: the
worker is another process and only sees committed rows. When PostgreSQL or Redis do not answer, or
the settings still point at SQLite, every test here is skipped with the reason; with
HERALD_REQUIRE_SERVICES=1 that is a failure instead.

Fixtures:
- `smtp_server` (session): an aiosmtpd server on a free port on 127.0.0.1. `.messages` is the list of
  received `email.message.EmailMessage`s (with `.envelope_to`), `.wait_for(count, timeout=30)` waits
  until at least `count` arrived and returns them, `.clear()` empties it (done before each test by
  `celery_worker`), `.stall(seconds)` holds every RCPT so a sender is caught mid-send and
  `.wait_for_sender()` returns once one is.
- `start_worker(**env)` (function): starts `celery -A config worker --pool=solo` as its own process,
  pointed at the pytest test database, Redis and `smtp_server`; returns a `WorkerProcess` with
  `.wait_ready()`, `.log_lines()` (JSON log lines as dicts), `.kill()` (SIGKILL, for crash tests:
  the task it was running stays unacknowledged) and `.stop()`. Every worker started is stopped after
  the test. Extra keyword arguments become environment variables of the worker.
- `celery_worker` (function): one ready worker from `start_worker()`, the common case.
- `wait_until(predicate, timeout=30, interval=0.2, message=...)`: polls, fails the test on timeout.
- `start_worker(module="tests.fullstack.faulty_worker", HERALD_FAULT_...=...)` starts the worker through a
  wrapper that injects a fault from outside the product code (tests/fullstack/faulty_worker.py).
- `start_beat(**env)`: `celery -A config beat` as its own process (its sweeps enqueue what waits in the
  database); pass HERALD_SWEEP_SECONDS / HERALD_RESOLVE_STALE_SECONDS to make it quick.
- Outages, on services of the test's own (never the machine's shared Redis or PostgreSQL): `own_redis`
  (tests/fullstack/outages.py) is a throwaway `redis-server` on a free port that this process's Celery
  app and the workers started afterwards use as broker, with `.stop()` and `.start()`; `cuttable_proxy(host,
  port)` is a TCP proxy with `.cut()` (every connection dropped, new ones refused) and `.restore()`.

Queues: every test has a Celery queue of its own (herald-test-<pid>-<n>, the `own_queue` fixture), so a
task an earlier test left behind (a duplicate delivery, a killed worker's unacknowledged message that
Redis hands out again) never reaches a later test's worker. Each run also has its own PostgreSQL test
database (test_herald_<pid>), so runs sharing the services do not collide. The broker's visibility timeout is 5 s for workers started here, so a message whose
worker was killed is delivered again to the next worker within seconds (CELERY_VISIBILITY_TIMEOUT).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import app as celery_app
from tests.fullstack.outages import free_port

ROOT = Path(__file__).resolve().parents[2]
REQUIRE_SERVICES = os.environ.get("HERALD_REQUIRE_SERVICES") == "1"


def unavailable(reason: str):
    if REQUIRE_SERVICES:
        pytest.fail(f"HERALD_REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def services_problem() -> str | None:
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        return "full-stack tests need DATABASE_URL=postgres://... (run `make test-fullstack`)"
    if not settings.REDIS_URL:
        return "full-stack tests need REDIS_URL=redis://... (run `make test-fullstack`)"
    try:
        socket.create_connection((database.get("HOST") or "127.0.0.1", int(database.get("PORT") or 5432)), 2).close()
    except OSError as error:
        return f"PostgreSQL does not answer at {database.get('HOST')}:{database.get('PORT')}: {error}"
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2).ping()
    except Exception as error:  # redis raises several connection errors
        return f"Redis does not answer at {settings.REDIS_URL}: {error}"
    return None


@pytest.fixture(scope="session", autouse=True)
def full_stack_services():
    problem = services_problem()
    if problem:
        unavailable(problem)
    yield
    forget_queues(settings.REDIS_URL, f"{RUN_QUEUE}-")
    forget_run_keys(settings.REDIS_URL)


def forget_run_keys(redis_url: str) -> None:
    """Every key this run's prefix starts (the unacknowledged messages of workers a test killed too)."""
    import redis

    key_prefix = os.environ.get("HERALD_CELERY_KEY_PREFIX", "")
    if key_prefix:
        client = redis.Redis.from_url(redis_url)
        for key in client.scan_iter(match=f"{key_prefix}*"):
            client.delete(key)


# The run's queue name (tests/conftest.py); each test's queue is this plus "-<n>".
RUN_QUEUE = celery_app.conf.task_default_queue
_queue_numbers = itertools.count(1)


def forget_queues(redis_url: str, prefix: str) -> None:
    """Delete the queues whose names start with `prefix` and kombu's routing entries for them."""
    import redis

    client = redis.Redis.from_url(redis_url)
    key_prefix = os.environ.get("HERALD_CELERY_KEY_PREFIX", "")
    for key in client.scan_iter(match=f"{key_prefix}{prefix}*"):
        client.delete(key)
    for binding in client.scan_iter(match=f"{key_prefix}_kombu.binding.*"):
        stale = [member for member in client.smembers(binding) if prefix.encode() in member]
        if stale:
            client.srem(binding, *stale)


@pytest.fixture(autouse=True)
def own_queue(full_stack_services):
    """A Celery queue for this test alone: the web side publishes to it and the workers started in the
    test read it (HERALD_CELERY_QUEUE), whatever earlier tests left in theirs."""
    name = f"{RUN_QUEUE}-{next(_queue_numbers)}"
    celery_app.conf.task_default_queue = name
    os.environ["HERALD_CELERY_QUEUE"] = name
    yield name
    celery_app.conf.task_default_queue = RUN_QUEUE
    os.environ["HERALD_CELERY_QUEUE"] = RUN_QUEUE
    forget_queues(settings.REDIS_URL, name)


class CollectingHandler:
    def __init__(self):
        self.messages = []
        self.condition = threading.Condition()
        self.rcpt_delay = 0.0
        self.rcpt_seen = threading.Event()
        self.refusal = ""
        self.refusals_for: dict[str, str] = {}
        self.refused = 0
        self.sessions = 0

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.sessions += 1  # one per SMTP connection (a sender greets once per connection)
        session.host_name = hostname
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.rcpt_seen.set()
        refusal = self.refusal or self.refusals_for.get(address, "")
        if refusal:
            self.refused += 1
            return refusal
        if self.rcpt_delay:
            await asyncio.sleep(self.rcpt_delay)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.original_content, policy=policy.default)
        message.envelope_to = list(envelope.rcpt_tos)
        with self.condition:
            self.messages.append(message)
            self.condition.notify_all()
        return "250 Message accepted for delivery"


class SmtpServer:
    def __init__(self, controller, handler):
        self.controller = controller
        self.handler = handler
        self.host = controller.hostname
        self.port = controller.port

    @property
    def messages(self):
        return list(self.handler.messages)

    def clear(self):
        with self.handler.condition:
            self.handler.messages.clear()
        self.handler.rcpt_delay = 0.0
        self.handler.rcpt_seen.clear()
        self.handler.refusal = ""
        self.handler.refusals_for = {}
        self.handler.refused = 0
        self.handler.sessions = 0

    @property
    def sessions(self) -> int:
        """SMTP connections greeted since the last `clear()`."""
        return self.handler.sessions

    def refuse_recipient(self, address: str, reply: str = "451 4.2.1 Mailbox busy, try again later"):
        """Answer RCPT for `address` alone with `reply`; "" accepts it again."""
        if reply:
            self.handler.refusals_for[address] = reply
        else:
            self.handler.refusals_for.pop(address, None)

    def refuse(self, reply: str = "451 4.3.0 Try again later"):
        """Answer every RCPT with `reply` (a 4xx: the sender keeps the message and tries again); "" accepts."""
        self.handler.refusal = reply

    @property
    def refused(self) -> int:
        return self.handler.refused

    def stall(self, seconds: float):
        """Hold every RCPT for `seconds` (before any message is accepted): a sender is mid-send
        when `wait_for_sender()` returns, so a crash test can kill it there."""
        self.handler.rcpt_delay = seconds
        self.handler.rcpt_seen.clear()

    def wait_for_sender(self, timeout: float = 30):
        if not self.handler.rcpt_seen.wait(timeout):
            pytest.fail(f"no sender reached RCPT in {timeout}s")

    def wait_for(self, count: int, timeout: float = 30):
        deadline = time.monotonic() + timeout
        with self.handler.condition:
            while len(self.handler.messages) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    pytest.fail(f"the SMTP server received {len(self.handler.messages)} of {count} messages in {timeout}s")
                self.handler.condition.wait(remaining)
            return list(self.handler.messages)


@pytest.fixture(scope="session")
def smtp_server(full_stack_services):
    from aiosmtpd.controller import Controller

    handler = CollectingHandler()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield SmtpServer(controller, handler)
    controller.stop()


def wait_until(predicate, timeout: float = 30, interval: float = 0.2, message: str = "the condition", explain=None):
    """Poll `predicate` until it is true; on timeout fail with `message` and what `explain()` returns (logs)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {message}" + (f"\n{explain()}" if explain else ""))
        time.sleep(interval)


@pytest.fixture(name="wait_until")
def wait_until_fixture():
    return wait_until


class WorkerProcess:
    def __init__(self, env: dict, log_path: Path, module: str = "celery", command: list[str] | None = None):
        self.log_path = log_path
        self.log_file = open(log_path, "wb")
        command = command or [
            "worker", "--pool=solo", "--loglevel=INFO", "--without-gossip", "--without-mingle",
            "--hostname", f"test-{os.getpid()}-{id(self)}@%h", "--queues", celery_app.conf.task_default_queue,
        ]
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, "-A", "config", *command],
            cwd=ROOT, env=env, stdout=self.log_file, stderr=subprocess.STDOUT,
        )

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_lines(self) -> list[dict]:
        lines = []
        for line in self.log_text().splitlines():
            try:
                lines.append(json.loads(line))
            except ValueError:
                continue
        return lines

    def wait_ready(self, timeout: float = 60):
        def ready():
            if self.process.poll() is not None:
                pytest.fail(f"the Celery worker exited with {self.process.returncode}:\n{self.log_text()[-3000:]}")
            return "ready" in self.log_text()

        wait_until(ready, timeout, message="the Celery worker to be ready")
        return self

    def kill(self):
        """SIGKILL: no clean-up, no acknowledgement, like a machine losing power."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log_file.close()


def worker_database_url(host: str | None = None, port: int | None = None) -> str:
    """The pytest test database's URL (optionally reached through another host and port: a proxy)."""
    database = settings.DATABASES["default"]
    test_name = database["NAME"]  # pytest-django has switched NAME to the test database by now
    user = database.get("USER") or "postgres"
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    host = host or database.get("HOST") or "127.0.0.1"
    return f"postgres://{user}{password}@{host}:{port or database.get('PORT') or 5432}/{test_name}"


def worker_environment(smtp: SmtpServer, extra: dict) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": worker_database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "EMAIL_HOST": smtp.host,
        "EMAIL_PORT": str(smtp.port),
        "EMAIL_USE_TLS": "0",
        "LOG_FORMAT": "json",
        "CELERY_VISIBILITY_TIMEOUT": "5",
        "HERALD_VAR_DIR": tempfile.mkdtemp(prefix="herald-worker-"),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    env.update({key: str(value) for key, value in extra.items()})
    return env


@pytest.fixture
def start_worker(django_db_setup, smtp_server, tmp_path, own_queue):
    workers: list[WorkerProcess] = []

    def start(module: str = "celery", **env) -> WorkerProcess:
        worker = WorkerProcess(worker_environment(smtp_server, env), tmp_path / f"worker-{len(workers)}.log", module)
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


@pytest.fixture
def start_beat(django_db_setup, smtp_server, tmp_path, own_queue):
    """Beat as its own process, sending its sweeps to this test's queue; stopped after the test."""
    beats: list[WorkerProcess] = []

    def start(**env) -> WorkerProcess:
        command = ["beat", "--loglevel=INFO", "--schedule", str(tmp_path / f"beat-{len(beats)}-schedule")]
        beat = WorkerProcess(worker_environment(smtp_server, env), tmp_path / f"beat-{len(beats)}.log", command=command)
        beats.append(beat)
        return beat

    yield start
    for beat in beats:
        beat.stop()


@pytest.fixture
def celery_worker(start_worker, smtp_server):
    smtp_server.clear()
    return start_worker().wait_ready()


@pytest.fixture
def own_redis(full_stack_services, own_queue):
    """A throwaway redis-server that is this test's broker: the web side here and every worker or beat
    started afterwards use it; `.stop()` and `.start()` make the outage."""
    from tests.fullstack.outages import OwnRedis, use_broker

    if not shutil.which("redis-server"):
        unavailable("no redis-server on the PATH for the outage tests")
    server = OwnRedis().start()
    with use_broker(server.url):
        yield server
    server.close()


@pytest.fixture
def cuttable_proxy():
    """`cuttable_proxy(host, port)`: a TCP proxy to host:port with `.cut()` and `.restore()`; closed after."""
    from tests.fullstack.outages import CuttableProxy

    proxies = []

    def make(host: str, port: int) -> CuttableProxy:
        proxies.append(CuttableProxy(host, port))
        return proxies[-1]

    yield make
    for proxy in proxies:
        proxy.close()
