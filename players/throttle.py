"""Rate limits on the players' links (Django's cache, a fixed window per minute):

- requests per live token: `PER_MINUTE`, far above a player typing fast (one validation per change);
- wrong tokens per client address: after `FAILURES_PER_MINUTE` 404s, that address gets 429 instead of
  404 for every wrong token for the rest of the minute, so tokens cannot be guessed by the thousand.

A live token is only ever counted against its own allowance: wrong tokens from an address (a guesser
behind the same proxy or home router) can never lock the owner of a valid link out. The client's
address is `REMOTE_ADDR`, or, behind `HERALD_TRUSTED_PROXY_COUNT` reverse proxies, the entry of
`X-Forwarded-For` that the outermost trusted proxy appended (entries further left are the client's
own claim and are ignored).
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

PER_MINUTE = 120
FAILURES_PER_MINUTE = 20


def _window() -> int:
    return int(time.time() // 60)


def _count(key: str, add: int) -> int:
    cache.add(key, 0, timeout=120)
    if not add:
        return cache.get(key, 0)
    try:
        return cache.incr(key, add)
    except ValueError:  # expired between add and incr
        cache.set(key, add, timeout=120)
        return add


def client_address(request) -> str:
    """The client's address: REMOTE_ADDR, or the X-Forwarded-For entry appended by the outermost of
    HERALD_TRUSTED_PROXY_COUNT proxies (the leftmost entry when the header is shorter than that)."""
    trusted = getattr(settings, "HERALD_TRUSTED_PROXY_COUNT", 0)
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if trusted and forwarded:
        return forwarded[-min(trusted, len(forwarded))]
    return request.META.get("REMOTE_ADDR", "unknown")


def _failures_key(request) -> str:
    return f"players:rate:fail:{client_address(request)}:{_window()}"


def blocked(request) -> bool:
    """Too many wrong tokens from this client this minute."""
    return _count(_failures_key(request), 0) >= FAILURES_PER_MINUTE


def failed(request) -> None:
    _count(_failures_key(request), 1)


def allowed(token: str) -> bool:
    """One more request on this (live) link is within its allowance."""
    digest = hashlib.sha256(token.encode()).hexdigest()[:24]
    return _count(f"players:rate:token:{digest}:{_window()}", 1) <= PER_MINUTE
