import json
from unittest import mock

import pytest
from django.db import OperationalError
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def workers_answer():
    with mock.patch("config.views.celery_app.control.ping", return_value=[{"celery@worker-1": {"ok": "pong"}}]):
        yield


def test_healthz_reports_every_part_healthy(client, workers_answer):
    response = client.get(reverse("healthz"))
    body = json.loads(response.content)
    assert response.status_code == 200
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True
    assert body["workers"] == {"ok": True, "count": 1, "names": ["celery@worker-1"]}


def test_healthz_stays_200_but_degraded_without_workers(client):
    with mock.patch("config.views.celery_app.control.ping", return_value=[]):
        response = client.get(reverse("healthz"))
    body = json.loads(response.content)
    assert response.status_code == 200
    assert body["status"] == "degraded"
    assert body["workers"]["ok"] is False


def test_healthz_is_503_when_the_database_does_not_answer(client, workers_answer):
    with mock.patch("config.views.connection.cursor", side_effect=OperationalError("connection refused")):
        response = client.get(reverse("healthz"))
    body = json.loads(response.content)
    assert response.status_code == 503
    assert body["status"] == "down"
    assert body["database"] == {"ok": False, "vendor": "sqlite", "error": "OperationalError: connection refused"}


def test_healthz_reports_a_broker_that_does_not_answer(client):
    with mock.patch("config.views.celery_app.connection_for_write", side_effect=ConnectionError("no route")):
        response = client.get(reverse("healthz"))
    body = json.loads(response.content)
    assert response.status_code == 200
    assert body["broker"] == {"ok": False, "transport": "filesystem", "error": "ConnectionError: no route"}
    assert body["workers"]["ok"] is False


def test_healthz_needs_no_sign_in_and_takes_only_get(client, workers_answer):
    assert client.get("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405
