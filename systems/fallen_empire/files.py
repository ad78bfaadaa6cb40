"""Fallen Empire's round files: a `"kind": "melee"` round (round_file.py) or a `"kind": "joust"` pass
(joust_file.py). The plug-in's `resolve` (and so `manage.py resolve_round`) reaches `resolve_file`."""

from __future__ import annotations

from systems.errors import RoundFileError
from systems.fallen_empire import joust_file, round_file

KINDS = {"melee": round_file.resolve_file, "joust": joust_file.resolve_file}


def resolve_file(data: dict, seed: int | None = None, dice=None) -> dict:
    if not isinstance(data, dict):
        raise RoundFileError([("(file)", "a round file is a JSON object")])
    kind = data.get("kind")
    if kind not in KINDS:
        raise RoundFileError([("kind", f"must be one of {', '.join(sorted(KINDS))} (a melee round or a joust pass), "
                                       f"not {kind!r}")])
    return KINDS[kind](data, seed, dice)
