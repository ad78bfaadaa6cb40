"""Where in a Magic Realm round an error's field lies, as the GM calls it (issue #14.6): "Black Knight's attack
chit", "Black Knight's melee sheet", "the encounter step (a charge)"; the interface's `error_place`. What no part
of its own names is the default's (systems/error_places.py).

Pure Python: no Django."""

from __future__ import annotations

import re

from systems.error_places import round_part

# What each part of a side's plays is called on the form.
PLAY_PARTS = {
    "target": "target", "target_part": "aim (horse or rider)", "attack": "attack", "attack.chit": "attack chit",
    "attack.weapon": "weapon", "attack.spell": "spell", "attack.box": "attack box", "attack.alerted": "attack",
    "maneuver": "maneuver", "maneuver.chit": "maneuver", "maneuver.horse": "horse", "maneuver.boots": "Boots card",
    "maneuver.box": "maneuver box", "rider_maneuver": "rider's own maneuver", "rider_maneuver.chit": "rider's own maneuver",
    "rider_maneuver.box": "rider's box", "shield_box": "shield box", "effort": "effort",
}
# What each list of the encounter step holds.
ENCOUNTER_PARTS = {
    "lures": "a lure", "deployments": "a hireling's deployment", "charges": "a charge", "actions": "an encounter action",
    "battling": "the native groups battling", "meetings": "a Meeting table roll", "choices": "a player's choice",
    "meeting_table": "the Meeting table", "watchful": "the watchful natives",
}
_INDEXED = re.compile(r"^(\w+)\[\d+\](?:\.(.*))?$")


def error_place(path: str) -> str:
    """The part of the round an error path names (`plays.<character>.attack.chit`, `sheets.<owner>.owner`,
    `encounter.actions[0].run.chit`), as the GM calls it."""
    head, _, rest = (path or "").partition(".")
    if head == "plays" and rest:
        name, _, field = rest.partition(".")  # combatants' names hold spaces and "#2", never a dot
        return f"{name}'s {PLAY_PARTS.get(field, PLAY_PARTS.get(field.split('.')[0], 'plays'))}"
    if head == "sheets" and rest:
        owner, _, field = rest.partition(".")
        if field.startswith("attackers"):
            return f"the attackers on {owner}'s melee sheet"
        return f"{owner}'s melee sheet"
    if head == "encounter":
        match = _INDEXED.match(rest)
        key = match.group(1) if match else rest.split(".")[0]
        return f"the encounter step ({ENCOUNTER_PARTS[key]})" if key in ENCOUNTER_PARTS else "the encounter step"
    return round_part(path)
