"""Hostile versions of a valid document for the fuzz tests: one to three changes at random places (a value
replaced by a value of another type or a nasty string, a key removed or added, a list emptied or
turned into an object), drawn by hypothesis so that a failure shrinks to the smallest change."""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# How many examples each fuzz test tries; HERALD_FUZZ_EXAMPLES raises it for a long run (docs/reliability.md).
EXAMPLES = int(os.environ.get("HERALD_FUZZ_EXAMPLES", "40"))
# The same examples on every run (no flaky test), unless HERALD_FUZZ_RANDOM asks for new ones.
FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("HERALD_FUZZ_RANDOM"), database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

NASTY_STRINGS = ["", " ", "\x00", "Evil\r\nBcc: x@y.z", "\u2028", "nan", "-1", "0", "1e309", "99999999999999999999",
                 "<script>alert(1)</script>", "'; DROP TABLE x; --", "x" * 3000, "Giant Bat", "light", "T", "🐉"]

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 1, 6, 7, 2**63, -(2**63) - 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(NASTY_STRINGS),
    st.text(max_size=20),
)
hostile_values = st.one_of(
    scalars,
    st.lists(scalars, max_size=3),
    st.dictionaries(st.sampled_from(["side", "name", "x", "denizen", "0"]), scalars, max_size=3),
)


def _paths(value: Any, prefix: tuple = (), opaque: frozenset = frozenset()) -> list[tuple]:
    """Every place in the document: a path of keys and indexes. Keys in `opaque` hold JSON that is kept
    as it is (a battle's state, a round's log): they are replaced whole, not searched inside."""
    found = [prefix]
    if prefix and prefix[-1] in opaque:
        return found
    if isinstance(value, dict):
        for key, inner in value.items():
            found.extend(_paths(inner, prefix + (key,), opaque))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):  # the first few items of long lists are enough
            found.extend(_paths(inner, prefix + (index,), opaque))
    return found


def _parent(document: Any, path: tuple) -> Any:
    for step in path[:-1]:
        document = document[step]
    return document


@st.composite
def mutated(draw, base: Any, max_changes: int = 3, opaque: frozenset = frozenset()) -> Any:
    document = copy.deepcopy(base)
    vocabulary = sorted(set(map(json.dumps, _scalars(base))))
    vocabulary = [json.loads(item) for item in vocabulary]
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        paths = [path for path in _paths(document, opaque=opaque) if path]
        if not paths:
            return draw(hostile_values)
        # A depth first, then a place at that depth: the few top-level fields are hit as often as the
        # thousands of places deep inside a battle's state.
        depth = draw(st.sampled_from(sorted({len(path) for path in paths})))
        path = draw(st.sampled_from([path for path in paths if len(path) == depth]))
        parent = _parent(document, path)
        action = draw(st.sampled_from(["replace", "replace", "borrow", "borrow", "delete", "add", "wrap"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["side", "name", "extra", "player", "0"]))] = draw(hostile_values)
        elif action == "wrap":
            parent[path[-1]] = draw(st.sampled_from([[parent[path[-1]]], {"side": parent[path[-1]]}]))
        elif action == "borrow" and vocabulary:
            # A value from elsewhere in the same document: well typed, often wrong in its place, so it
            # gets past the schema to the rules.
            parent[path[-1]] = draw(st.sampled_from(vocabulary))
        else:
            parent[path[-1]] = draw(hostile_values)
    return document


def _scalars(value: Any) -> list:
    if isinstance(value, dict):
        return [item for inner in value.values() for item in _scalars(inner)]
    if isinstance(value, list):
        return [item for inner in value[:6] for item in _scalars(inner)]
    return [value]
