"""Rendered parts of a page kept in a cache, keyed by a fingerprint of everything that goes into them.

A fragment's key is the SHA-256 of its inputs (the rows and JSON it is drawn from), never of ids or
times alone: a change anywhere gives a different key, so a cached fragment is never stale, and nothing
has to be invalidated on write. The cache is `FRAGMENT_CACHE`, a local-memory alias of each process
(config/settings.py): a fragment is made by the code as much as by the data, and a process's memory dies
with the code that drew it, where the file or Redis cache would outlive a deploy. It also costs no
pickling or round trip: the round page reads about 100 KiB of fragments per view.

A fragment may hold forms: `{% csrf_token %}` inside `{% fragment %}` is drawn as a placeholder and
replaced by the request's own token when the page is written, so one fragment serves every GM and every
session (docs/performance.md, issue #13)."""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any, Callable

FRAGMENT_CACHE = "fragments"

# Per process, like the cache: no text a user typed can be mistaken for it.
CSRF_PLACEHOLDER = f"csrf{secrets.token_hex(24)}"


def fingerprint(*parts: Any) -> str:
    """The key of a fragment drawn from `parts` (JSON-able values; dates and the like as their text)."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Lazy:
    """A template context value worked out only if the template reads it (a cached fragment does not),
    and once: Django's templates call a callable they find in the context."""

    def __init__(self, make: Callable[[], Any]):
        self._make = make
        self._made = False
        self._value = None

    def __call__(self) -> Any:
        if not self._made:
            self._value, self._made = self._make(), True
        return self._value
