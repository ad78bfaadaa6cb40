import sys
from urllib.parse import urlsplit

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app as celery_app


@require_GET
def home(request):
    return redirect("campaigns:dashboard")


def database_state() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure means the database does not answer
        return {"ok": False, "vendor": connection.vendor, "error": f"{type(error).__name__}: {error}"}
    return {"ok": True, "vendor": connection.vendor}


def broker_state() -> dict:
    transport = urlsplit(settings.CELERY_BROKER_URL).scheme
    if celery_app.conf.task_always_eager:
        return {"ok": True, "transport": "eager"}
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as error:  # kombu raises transport-specific errors
        return {"ok": False, "transport": transport, "error": f"{type(error).__name__}: {error}"}
    return {"ok": True, "transport": transport}


def workers_state(broker_ok: bool) -> dict:
    if celery_app.conf.task_always_eager:
        return {"ok": True, "count": 0, "note": "tasks run in the web process (eager)"}
    if not broker_ok:
        return {"ok": False, "count": 0, "error": "the broker does not answer"}
    try:
        replies = celery_app.control.ping(timeout=1.0)
    except Exception as error:  # a broken broker connection mid-ping
        return {"ok": False, "count": 0, "error": f"{type(error).__name__}: {error}"}
    names = sorted(name for reply in replies for name in reply)
    return {"ok": bool(names), "count": len(names), "names": names}


@never_cache
@require_GET
def healthz(request):
    """Liveness for load balancers and compose: 200 while the database answers, 503 when it does not.

    The broker and workers are reported but do not fail the check: the web app still serves pages
    (and the outbox keeps mail) while they are down.
    """
    database = database_state()
    broker = broker_state()
    workers = workers_state(broker["ok"])
    healthy = database["ok"] and broker["ok"] and workers["ok"]
    body = {
        "status": "ok" if healthy else ("degraded" if database["ok"] else "down"),
        "database": database,
        "broker": broker,
        "workers": workers,
    }
    return JsonResponse(body, status=200 if database["ok"] else 503)


def server_error(request):
    """handler500: a plain page, 503 with Retry-After when the database does not answer (an outage the
    GM can wait out), else 500. Rendered without the request's context: it may be the database that failed."""
    error = sys.exc_info()[1]
    database_down = isinstance(error, DatabaseError) and not database_state()["ok"]
    html = loader.get_template("500.html").render({"database_down": database_down})
    response = HttpResponse(html, status=503 if database_down else 500)
    if database_down:
        response["Retry-After"] = "60"
    return response
