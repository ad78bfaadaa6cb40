"""A Multiverse campaign character's record between battles (systems/records.py; docs/systems/multiverse.md,
"Between battles" and ruling R8). Pure.

The record keeps, in the system's own words, the life the character has left (`life`: a blow's damage and
mana burn stay taken, MV 5.2, MV 7.1) and whether the character died (`killed`, MV 5.3, ruling R6). Nothing
else a battle does lasts: attributes changed by hand are a spell's effect for the battle, a readied shot, an
action carried over and initiative end with it, Endurance is not spent (it caps a run, MV 4) and the battle
holds no pool of mana to burn down.

`life` is the life left, not the damage taken, so that a battle's end state read in again with the record it
wrote is that same state (a tally of damage would be taken from it twice)."""

from __future__ import annotations

import copy
import re
from typing import Any, Mapping

from systems.errors import FieldError
from systems.interface import Field, PlaysForm
from systems.records import KILLED, RecordChange, is_killed, whole_number_errors

LIFE = "life"
MANA_BURN = "mana burn"
TICK = re.compile(r"Tick \d+:")


def record_form(record: Mapping[str, Any], name: str = "") -> PlaysForm:
    """The life left, as the GM edits it between battles (the rules have no healing: the GM's word is)."""
    return PlaysForm(side="", title="Between battles", fields=(
        Field(LIFE, "number", "Life", None, "The life the character has left (ruling R8). Empty: as each "
              "battle's starting state says.", required=False, minimum=-100, maximum=999),
    ))


def check_record(record: Mapping[str, Any]) -> list[FieldError]:
    """The life left is a whole number."""
    return whole_number_errors(record, (LIFE,))


def with_records(round_input: Mapping[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The starting state with each combatant named in `records` at the life its record keeps, and dead (with
    nothing carried into the cycle) when its record says it was killed; the rest as `round_input` has it."""
    state = copy.deepcopy(dict(round_input))
    for combatant in state.get("combatants", []):
        record = records.get(combatant.get("name")) or {}
        life = record.get(LIFE)
        if isinstance(life, int) and not isinstance(life, bool):
            combatant["life"] = life
        if is_killed(record):
            combatant["dead"] = True
            if isinstance(state.get("in_progress"), dict):
                state["in_progress"].pop(combatant["name"], None)
    return state


def record_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                   output: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """For each combatant whose life or death changed between `before` and `after`: the life it has left
    (who took the rest, from `output`'s events when it has them) and whether it was killed, and by whom."""
    old = {combatant["name"]: combatant for combatant in before.get("combatants", [])}
    events = list((output or {}).get("events", []))
    changes = []
    for combatant in after.get("combatants", []):
        name, was = combatant["name"], old.get(combatant["name"])
        if was is None:
            continue
        change = RecordChange(name)
        if combatant["life"] != was["life"]:
            change.lines.append(life_line(was["life"], combatant["life"], hurt_by(name, events)))
            change.set(LIFE, combatant["life"])
        dead = bool(combatant.get("dead"))
        if dead != bool(was.get("dead")):
            change.lines.append(killed_line(name, events) if dead else "Back from the dead")
            change.set(KILLED, dead)
        if change:
            changes.append(change)
    return tuple(changes)


def hurt_by(name: str, events: list[Mapping[str, Any]], tick: str | None = None) -> dict[str, int]:
    """The life `name` lost in a round's events (those of one `tick`, "Tick 6:", when given), by who took it:
    an attacker's name (MV 5.2, MV 6.2) or MANA_BURN (MV 7.1), in the order they first did."""
    sources: dict[str, int] = {}
    for event in events:
        if tick is not None and not event.get("text", "").startswith(tick):
            continue
        data, actors = event.get("data") or {}, list(event.get("actors") or [])
        if event.get("kind") == "attack" and data.get("damage") and actors[1:2] == [name]:
            sources[actors[0]] = sources.get(actors[0], 0) + data["damage"]
        elif event.get("kind") == "spell" and data.get("burn") and actors[:1] == [name]:
            sources[MANA_BURN] = sources.get(MANA_BURN, 0) + data["burn"]
    return sources


def life_line(before: int, after: int, sources: dict[str, int]) -> str:
    """"Took 3 damage from Goblin 1 (life 6 → 3)"; the sources only when they account for all of it."""
    lost, change = before - after, f"(life {before} → {after})"
    if lost < 0:
        return f"Regained {-lost} life {change}"
    if not sources or sum(sources.values()) != lost:
        return f"Took {lost} damage {change}"
    if len(sources) == 1:
        return f"Took {lost} damage from {next(iter(sources))} {change}"
    parts = [f"{amount} {source}" if source == MANA_BURN else f"{amount} from {source}"
             for source, amount in sources.items()]
    return f"Took {lost} damage: {', '.join(parts)} {change}"


def killed_line(name: str, events: list[Mapping[str, Any]]) -> str:
    """"Killed by Goblin 1" (and whatever else took life on the tick of death, R1: "Killed by Goblin 1 and mana
    burn"), or "Killed" when the events do not say (the GM's ruling, or no events)."""
    death = next((event for event in events if event.get("kind") == "death" and event.get("actors") == [name]), None)
    tick = TICK.match(death.get("text", "")) if death else None
    killers = list(hurt_by(name, events, tick.group()) if tick else ())
    return f"Killed by {' and '.join(killers)}" if killers else "Killed"
