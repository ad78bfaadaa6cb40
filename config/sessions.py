"""Sessions read from the cache and written through to the database (`SESSION_ENGINE`, issue #13).

Django's `cached_db` engine spares every signed-in request its session query. Three changes make it keep
what the database engine promised (docs/performance.md):

- The cache being down is not an error: a failed read is a read from the database, a failed write is
  logged and the database still has the session. Redis down, pages keep working (docs/deployment.md).
- A session is kept in the cache for at most `CACHED_SECONDS`, not for the whole session age. Signing
  out deletes the database row, then the cached copy; if the cache could not be reached to delete it
  and comes back with its data (a network cut, not a restart), the signed-out session would be read
  from there again, for at most that long.
- The cache key's prefix is this module's, so sessions cached by another engine are never read.

The async methods (`aload`, `asave`…) are Django's own: Herald runs under WSGI and never calls them."""

from __future__ import annotations

import structlog
from django.contrib.sessions.backends import cached_db

events = structlog.get_logger("config.sessions")

CACHED_SECONDS = 300


class SessionStore(cached_db.SessionStore):
    cache_key_prefix = "herald.sessions"

    def _cache_seconds(self, expiry=None) -> int:
        return min(self.get_expiry_age(expiry=expiry), CACHED_SECONDS)

    def load(self):
        try:
            data = self._cache.get(self.cache_key)
        except Exception as error:  # the cache is down (or refused the key): the database answers
            events.warning("session_cache_unavailable", operation="get", error=str(error))
            data = None
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        self._cache_quietly(data, self._cache_seconds(stored.expire_date))
        return data

    def save(self, must_create=False):
        super(cached_db.SessionStore, self).save(must_create)  # the database's save, then the cache's
        self._cache_quietly(self._session, self._cache_seconds())

    def delete(self, session_key=None):
        session_key = session_key or self.session_key
        super(cached_db.SessionStore, self).delete(session_key)
        if session_key is None:
            return
        try:
            self._cache.delete(self.cache_key_prefix + session_key)
        except Exception as error:
            events.warning("session_cache_unavailable", operation="delete", error=str(error))

    def exists(self, session_key):
        # A new session key must be new to the database, whatever the cache holds.
        return super(cached_db.SessionStore, self).exists(session_key)

    def _cache_quietly(self, data, seconds: int) -> None:
        try:
            self._cache.set(self.cache_key, data, seconds)
        except Exception as error:
            events.warning("session_cache_unavailable", operation="set", error=str(error))
