"""Services a test may break without touching the machine's shared Redis and PostgreSQL (other runs use
them): a throwaway redis-server of the test's own, and a TCP proxy that can be cut.

- `OwnRedis(port)`: `redis-server` on 127.0.0.1:`port` with no persistence; `.stop()` shuts it down (a
  client then gets "connection refused"), `.start()` brings it back, empty, on the same port.
- `CuttableProxy(host, port)`: listens on a free port and forwards every connection to host:port.
  `.cut()` drops every open connection and closes the listening socket (new connections are refused);
  `.restore()` listens again on the same port.
- `use_broker(url)`: points this process's Celery app (the web side of the test) at another broker.
"""

from __future__ import annotations

import contextlib
import select
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), 0.5).close()
    except OSError:
        return False
    return True


def _wait(predicate, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.05)


class OwnRedis:
    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = tempfile.mkdtemp(prefix="herald-redis-")
        self.process: subprocess.Popen | None = None

    def start(self) -> OwnRedis:
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", self.directory],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        _wait(lambda: _answers("127.0.0.1", self.port), f"redis-server on port {self.port}")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        _wait(lambda: not _answers("127.0.0.1", self.port), f"redis-server on port {self.port} to stop")

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


class CuttableProxy:
    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.port = free_port()
        self.connections: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener: socket.socket | None = None
        self.cuts = 0
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        self.cuts += 1
        listener, self.listener = self.listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self.lock:
            connections, self.connections = self.connections, []
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()

    def close(self) -> None:
        self.cut()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                upstream = socket.create_connection(self.target, 5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.connections += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, client: socket.socket, upstream: socket.socket) -> None:
        pair = {client: upstream, upstream: client}
        try:
            while True:
                readable, _, _ = select.select(list(pair), [], [], 1.0)
                for sock in readable:
                    data = sock.recv(65536)
                    if not data:
                        return
                    pair[sock].sendall(data)
        except (OSError, ValueError):
            return
        finally:
            for sock in pair:
                with contextlib.suppress(OSError):
                    sock.close()


@contextlib.contextmanager
def use_broker(url: str):
    """Point this process's Celery app at `url` (its connection and producer pools are built again)."""
    from django.conf import settings

    from config.celery import app

    saved = (app.conf.broker_url, settings.REDIS_URL, settings.CELERY_BROKER_URL)

    def point_at(broker_url, redis_url, celery_url):
        app.conf.broker_url = broker_url
        settings.REDIS_URL, settings.CELERY_BROKER_URL = redis_url, celery_url
        app._pool = None  # kombu's pools are per URL: the next publish takes (or makes) the one for `url`
        app.amqp._producer_pool = None

    point_at(url, url, url)
    try:
        yield
    finally:
        point_at(*saved)
