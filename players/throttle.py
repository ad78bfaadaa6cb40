"""Rate limits on the players' links (Django's cache, a fixed window per minute):

- wrong tokens per client address: after `FAILURES_PER_MINUTE` 404s, that address gets 429 on every
  link for the rest of the minute, so tokens cannot be guessed by the thousand;
- requests per token: `PER_MINUTE`, far above a player typing fast (one validation per change).

Counting per token rather than per address keeps players behind one proxy or one home router from
sharing a single allowance.
"""

from __future__ import annotations

import hashlib
import time

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


def _client(request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def blocked(request) -> bool:
    """Too many wrong tokens from this address this minute."""
    return _count(f"players:rate:fail:{_client(request)}:{_window()}", 0) >= FAILURES_PER_MINUTE


def failed(request) -> None:
    _count(f"players:rate:fail:{_client(request)}:{_window()}", 1)


def allowed(token: str) -> bool:
    """One more request on this (live) link is within its allowance."""
    digest = hashlib.sha256(token.encode()).hexdigest()[:24]
    return _count(f"players:rate:token:{digest}:{_window()}", 1) <= PER_MINUTE
