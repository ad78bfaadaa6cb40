"""Structured logs carry a request id from a request into the Celery tasks it enqueues."""

import io
import json
import logging
import runpy
import time

import pytest
import structlog
from celery.contrib.testing.worker import start_worker
from django.urls import reverse

from config.celery import app as celery_app
from tests.foundation.test_settings import PRODUCTION, SETTINGS_FILE


class Collector(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def events(collector, name):
    return [r.msg for r in collector.records if isinstance(r.msg, dict) and r.msg.get("event") == name]


@pytest.mark.django_db(transaction=True)
def test_a_task_enqueued_from_a_request_logs_that_requests_id(client, staff_user):
    """A worker thread in this process over the in-memory broker; the full-stack suite does it for real."""
    client.force_login(staff_user)
    collector = Collector()
    root = logging.getLogger()
    # The in-memory broker lives as long as the process: start from an empty queue, whatever earlier tests
    # enqueued on commit without a worker to take it.
    celery_app.control.purge()
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        # Added after the worker configured logging, which replaces the root handlers.
        root.addHandler(collector)
        try:
            run_one_request_and_wait(client, collector)
        finally:
            root.removeHandler(collector)
    [request_finished] = [e for e in events(collector, "request_finished") if e["request"].startswith("POST")]
    [enqueued] = events(collector, "task_enqueued")
    [started] = [e for e in events(collector, "task_started") if e["task_id"] == enqueued["child_task_id"]]
    [sent] = events(collector, "mail_sent")
    request_id = request_finished["request_id"]
    assert enqueued["request_id"] == request_id
    assert started["request_id"] == request_id and started["task"] == "mail.send_outbox_batch"
    assert sent["request_id"] == request_id
    assert sent["task_id"] == enqueued["child_task_id"]


def run_one_request_and_wait(client, collector):
    response = client.post(reverse("mail:send_test"), {"to": "gm@example.com"})
    assert response.status_code == 302
    deadline = time.monotonic() + 20
    while not events(collector, "mail_sent") and time.monotonic() < deadline:
        time.sleep(0.05)


def test_production_logs_are_json_lines(monkeypatch, tmp_path):
    for name, value in {**PRODUCTION, "HERALD_VAR_DIR": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)
    settings = runpy.run_path(str(SETTINGS_FILE))
    formatter_settings = dict(settings["LOGGING"]["formatters"]["structured"])
    factory = formatter_settings.pop("()")
    formatter = factory(**formatter_settings)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    stdlib_logger = logging.getLogger("herald.json-test")
    stdlib_logger.addHandler(handler)
    stdlib_logger.propagate = False
    structlog.get_logger("herald.json-test").info("mail_sent", request_id="r-1")
    logging.getLogger("herald.json-test").warning("plain %s", "stdlib")
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first["event"] == "mail_sent" and first["request_id"] == "r-1" and first["level"] == "info"
    assert second["event"] == "plain stdlib" and second["level"] == "warning" and "timestamp" in second
