"""Catalogue lookups for a melee round: the catalogue in use (the reference one by default) and lookups by
name or key, memoised per catalogue (a round looks up the same counters many times)."""

from __future__ import annotations

import weakref
from weakref import WeakKeyDictionary

from systems.magic_realm.engine import catalogue_data
from systems.magic_realm.engine.catalogue import Monster, Native, UnknownCounter


def catalogue_or_default(catalogue):
    """The catalogue given, or the reference catalogue."""
    if catalogue is not None:
        return catalogue
    return catalogue_data.get_catalogue()


_LOOKUPS: WeakKeyDictionary = WeakKeyDictionary()
_last_lookups: tuple = (lambda: None, {})  # (weak reference to the last catalogue, its memo)


def _lookups_of(catalogue) -> dict:
    """The memo of one catalogue; the last one used is kept at hand, since a round uses one catalogue
    some two hundred times and a WeakKeyDictionary lookup costs as much as the memo's."""
    global _last_lookups
    reference, cache = _last_lookups
    if reference() is catalogue:
        return cache
    try:
        cache = _LOOKUPS[catalogue]
    except (KeyError, TypeError):
        cache = {}
        try:
            _LOOKUPS[catalogue] = cache
        except TypeError:
            return cache
    _last_lookups = (weakref.ref(catalogue), cache)
    return cache


def find(catalogue, kind: str, name: str):
    """A catalogue lookup by name ("weapon", "armor_piece", ...), memoised per catalogue: a round looks up
    the same counters many times, and name normalisation dominates an uncached lookup."""
    cache = _lookups_of(catalogue)
    key = (kind, name)
    found = cache.get(key)
    if found is None:
        found = getattr(catalogue, kind)(name) if kind != "by_key" else catalogue.by_key(name)
        cache[key] = found
    return found


def lookup_denizen(catalogue, counter: str) -> Monster | Native:
    if "/" in counter:
        found = find(catalogue, "by_key", counter)
        if not isinstance(found, Monster | Native):
            raise UnknownCounter(counter, "denizen", [])
        return found
    return find(catalogue, "denizen", counter)


def lookup_horse(catalogue, counter: str):
    return find(catalogue, "by_key", counter) if "/" in counter else find(catalogue, "horse", counter)
