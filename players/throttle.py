"""Rate limits on the players' links (Django's cache), so that nobody can guess tokens by the thousand
or hammer one page: a fixed window per minute, counted per client address and per token."""

from __future__ import annotations

import hashlib
import time

from django.core.cache import cache

PER_MINUTE = 120  # a player typing fast sends one validation per change: far below this


def allowed(request, token: str) -> bool:
    window = int(time.time() // 60)
    client = request.META.get("REMOTE_ADDR", "unknown")
    keys = [f"players:rate:ip:{client}:{window}",
            f"players:rate:token:{hashlib.sha256(token.encode()).hexdigest()[:24]}:{window}"]
    for key in keys:
        cache.add(key, 0, timeout=120)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=120)
            count = 1
        if count > PER_MINUTE:
            return False
    return True
