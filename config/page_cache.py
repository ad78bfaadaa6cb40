"""Whole pages kept in each process's memory, keyed by the database's snapshot (issue #13, goal 2).

The GM's busiest pages (the dashboard, the round page) read a dozen tables. A key made of the rows they
read could never be shown complete (docs/performance.md, third pass). This key doesn't try: it is
PostgreSQL's own snapshot, `pg_current_snapshot()`, the list of transactions whose writes are visible
(xmin, xmax and those still in progress). Two statements with the same snapshot text see exactly the same
committed data in every table, so a page drawn after reading the snapshot shows that data or newer. A
commit anywhere in the database gives every later request another key, so nothing is ever invalidated.
A page cached under a snapshot is therefore never older than the data a request with that snapshot sees.

The rest of what a page depends on is in the key too, or the page is not cached:
- the user (access is decided by the view, and a cached page is only served to the user it was drawn
  for) and the path with its query string;
- the CSRF secret of the browser (the page's forms carry tokens made from it; another browser of the
  same GM gets its own copy); a request with no CSRF cookie yet is not cached;
- the time, to `TIME_STEP_SECONDS`: a deadline passing or a link expiring shows at most that late (the
  sweep that acts on a deadline runs once a minute anyway);
- never cached: an htmx request (it asks for a part of the page), a request with flash messages waiting,
  a request inside a transaction (its own uncommitted writes do not change the snapshot), anything but a
  plain 200 answer, and anything on SQLite, which has no snapshot to read (the embedded default draws
  every page).

The cache is `PAGE_CACHE`, local memory of each process like the fragments (config/fragments.py): a page
is made by the code as much as by the data, and dies with the process that drew it."""

from __future__ import annotations

import functools
import hashlib
import json
import time

from django.contrib import messages
from django.core.cache import caches
from django.db import connection
from django.http import HttpResponse
from django.middleware.csrf import get_token

PAGE_CACHE = "pages"
TIME_STEP_SECONDS = 10


def database_snapshot() -> str | None:
    """PostgreSQL's snapshot as text (`xmin:xmax:in-progress,...`), or None where there is none to read
    or a transaction is open on this connection."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_snapshot()::text")
        return cursor.fetchone()[0]


def page_key(request, view_name: str) -> str | None:
    """The cache key of the page `request` asks `view_name` for, or None if it is not to be cached."""
    if request.method != "GET" or getattr(request, "htmx", False):
        return None
    csrf_secret = request.META.get("CSRF_COOKIE")
    if not request.user.is_authenticated or not csrf_secret or len(messages.get_messages(request)):
        return None
    snapshot = database_snapshot()
    if snapshot is None:
        return None
    parts = [view_name, request.get_full_path(), request.user.pk, csrf_secret,
             int(time.time() // TIME_STEP_SECONDS), snapshot]
    return "page:" + hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def cached_on_snapshot(view):
    """Serve `view`'s page from the cache while the database, the user, the browser and the time step
    are those it was drawn for; else draw it and keep it."""
    view_name = f"{view.__module__}.{view.__qualname__}"

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        key = page_key(request, view_name)
        if key is None:
            return view(request, *args, **kwargs)
        cache = caches[PAGE_CACHE]
        kept = cache.get(key)
        if kept is not None:
            content, headers = kept
            get_token(request)  # as the drawn page did: the CSRF cookie is renewed
            return HttpResponse(content, headers=headers)
        response = view(request, *args, **kwargs)
        if _keepable(response):
            cache.set(key, (response.content, dict(response.headers)))
        return response

    return wrapper


def _keepable(response) -> bool:
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and not response.has_header("Cache-Control"))
