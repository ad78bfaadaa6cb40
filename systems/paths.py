"""Dotted paths into a round input (issue #11): where a plays form's field writes its answer
("actions.Ash.0.kind", "encounter.deployments[hireling=Rogue 6].target"), written by `set_path` and read back
by `get_path`. A part `name[key=value]` (one or more keys) is the entry of the list `name` that has those keys.

Pure Python: no Django."""

from __future__ import annotations

import re
from typing import Any, Mapping

MISSING = object()  # what `get_path` returns where the path leads nowhere

KEYED = re.compile(r"(?P<name>[^\[\]]+)(?P<keys>(?:\[\w+=[^\[\]]+\])+)")
KEY = re.compile(r"\[(?P<key>\w+)=(?P<value>[^\[\]]+)\]")


def set_path(data: dict[str, Any], path: str, value: Any) -> None:
    """Write `value` at a dotted path, making objects and lists on the way ("actions.Ash.0.kind"). A part
    `name[key=value]` is the entry of the list `name` whose `key` is `value`, appended when there is none
    ("encounter.deployments[hireling=Rogue 6].target"): sides that share a list each write their own entry.
    Several keys name the entry that has every one of them ("gm_rulings[attacker=Demon][target=Amazon].outcome":
    a GM's ruling is on one attacker's attack on one target), appended with them in that order. A keyed value
    holds no ".", "[" or "]". As the last part it takes a dict value, merged into that entry
    ("encounter.charges[character=Amazon]" with {"chit": "MOVE M3"} or {"horse": "galloping"}: one answer that
    is either of two keys)."""
    parts = path.split(".")
    node: Any = data
    for part, following in zip(parts, parts[1:]):
        keyed = KEYED.fullmatch(part)
        if keyed and isinstance(node, dict):
            node = _keyed_entry(node, keyed)
            continue
        key: Any = int(part) if isinstance(node, list) else part
        if isinstance(node, list):
            while len(node) <= key:
                node.append({})
            child = node[key]
        else:
            child = node.get(key)
        if not isinstance(child, (dict, list)):
            child = [] if following.isdigit() else {}
            node[key] = child
        node = child
    keyed = KEYED.fullmatch(parts[-1])
    if keyed and isinstance(node, dict) and isinstance(value, dict):
        _keyed_entry(node, keyed).update(value)
        return
    last: Any = int(parts[-1]) if isinstance(node, list) else parts[-1]
    if isinstance(node, list):
        while len(node) <= last:
            node.append(None)
    if isinstance(value, dict) and isinstance(node[last] if isinstance(node, list) else node.get(last), dict):
        node[last].update(value)
    else:
        node[last] = value


def _keyed_entry(node: dict[str, Any], keyed: re.Match) -> dict[str, Any]:
    """The entry of the list `keyed["name"]` that has every key=value of the part, appended (and the list made)
    when there is none."""
    keys = {match["key"]: match["value"] for match in KEY.finditer(keyed["keys"])}
    entries = node.get(keyed["name"])
    if not isinstance(entries, list):
        entries = node[keyed["name"]] = []
    entry = next((entry for entry in entries
                  if isinstance(entry, dict) and all(entry.get(key) == value for key, value in keys.items())), None)
    if entry is None:
        entry = dict(keys)
        entries.append(entry)
    return entry


def get_path(data: Any, path: str) -> Any:
    """The value at a dotted path as `set_path` writes it (a part `name[key=value]` is the
    entry of the list `name` with those keys), or MISSING."""
    node = data
    for part in path.split("."):
        keyed = KEYED.fullmatch(part)
        if keyed and isinstance(node, Mapping):
            keys = {match["key"]: match["value"] for match in KEY.finditer(keyed["keys"])}
            entries = node.get(keyed["name"])
            node = next((entry for entry in entries if isinstance(entry, Mapping)
                         and all(entry.get(key) == value for key, value in keys.items())), MISSING) \
                if isinstance(entries, list) else MISSING
        elif isinstance(node, list) and part.isdigit():
            node = node[int(part)] if int(part) < len(node) else MISSING
        elif isinstance(node, Mapping):
            node = node.get(part, MISSING)
        else:
            return MISSING
        if node is MISSING:
            return MISSING
    return node
