"""The engine's errors in the game's words (issue #14.6): a GM reads "Black Knight's melee sheet: Black
Knight is dead", never "RoundInvalid: sheets.Black Knight.owner". Each error names its field by a path
(`plays.<character>.attack.chit`, `sheets.<owner>.owner`, `encounter.actions[0].run.chit`); `where` says
which part of the round that is, `failure` says why a round could not be resolved.

Pure functions, no Django."""

from __future__ import annotations

import re

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


def where(path: str) -> str:
    """The part of the round an error path names, as the GM calls it."""
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
    if head == "state":
        return "the battle's state"
    if head == "rules":
        return "the campaign's rules"
    return "the round"


def failure(error: Exception) -> str:
    """Why a round could not be resolved, in the game's words: each rule the round breaks with the part
    of the round it is in, or, for anything else, what went wrong without the program's names for it."""
    errors = getattr(error, "errors", None)
    if isinstance(errors, (list, tuple)) and errors:
        lines = []
        for item in errors:
            path, message = str(getattr(item, "path", "") or ""), str(getattr(item, "message", item))
            lines.append(f"{where(path)[:1].upper()}{where(path)[1:]}: {message}." if path else f"{message}.")
        return "The round breaks the rules: " + " ".join(dict.fromkeys(lines))
    return f"Herald could not resolve the round: {error}."
