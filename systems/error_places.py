"""Where in a round an error's field lies, in the words a GM uses ("Aldric's plays", "the battle's state"), for the
line a round that could not be resolved shows (combat/messages.py): a system's `error_place(path)`. This is the
default every system takes (systems/campaign_defaults.py); one whose round has parts of its own (Magic Realm's
melee sheets and encounter step, systems/magic_realm/error_places.py) names them and falls back on this.

Pure Python: no Django."""

from __future__ import annotations


def round_part(path: str) -> str:
    """The part of the round an error path names: a side's plays (`plays.<side>...`; sides' names hold spaces and
    "#2", never a dot), the battle's state, the campaign's rules, else the round."""
    head, _, rest = (path or "").partition(".")
    if head == "plays" and rest:
        return f"{rest.partition('.')[0]}'s plays"
    if head == "state":
        return "the battle's state"
    if head == "rules":
        return "the campaign's rules"
    return "the round"
