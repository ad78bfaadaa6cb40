"""Red-side-up Tremendous monsters (basic rules, "Tremendous monsters"): a Tremendous monster whose dark side
pins turns red side up after hitting its target without killing it (or, by ruling `red_after_killing_horse`,
after killing its horse); red side up it holds its target, who cannot run away (`pinning_monsters`,
`run_errors`); it turns light side up when its target is gone, or when HEAVENLY PROTECTION keeps it off
its target."""

from __future__ import annotations

from systems.magic_realm.engine import magic_attacks, rulings
from systems.magic_realm.engine.catalogue import Monster
from systems.magic_realm.engine.lookups import catalogue_or_default, lookup_denizen
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import DenizenState, PlayError, RoundInput
from systems.magic_realm.engine.round_state import RoundState


def red_side_up(catalogue, denizen: DenizenState) -> bool:
    counter = lookup_denizen(catalogue, denizen.counter)
    return isinstance(counter, Monster) and denizen.side == "dark" and counter.dark.pins


def pins(counter) -> bool:
    return isinstance(counter, Monster) and counter.dark.pins


def pinning_monsters(round_input: RoundInput, catalogue, character_id: str) -> list[str]:
    """The red-side-up Tremendous monsters on a character's sheet (they pin him)."""
    catalogue = catalogue_or_default(catalogue)
    sheet = next((s for s in round_input.sheets if s.owner == character_id), None)
    if sheet is None:
        return []
    found = []
    for position in sheet.attackers:
        denizen = round_input.state.denizen(position.combatant)
        if denizen is not None and denizen.active and red_side_up(catalogue, denizen):
            found.append(denizen.id)
    return found


def run_errors(round_input: RoundInput, character_id: str, path: str, catalogue=None) -> list[PlayError]:
    """Running away needs no red-side-up Tremendous monster on the runner's sheet (rule 5.1, basic
    rules): the encounter step calls this before accepting a MOVE chit, Boots card or horse to run."""
    pinned_by = pinning_monsters(round_input, catalogue, character_id)
    if pinned_by:
        return [PlayError(path, f"{character_id} is held by {', '.join(pinned_by)} (red side up): he cannot run away")]
    return []


def turn_red_side(run: RoundState, denizen: DenizenState, target: str | None, side: str, target_alive: bool) -> tuple[str, bool]:
    """After the round, a living Tremendous monster whose dark side pins: the side it ends the round on, and
    whether it holds its target (red side up, its target alive)."""
    work = run.work
    rules = run.rules
    pinning = False
    if denizen.id in work.hits_without_kill and side != "dark" and target_alive:
        side = "dark"
        run.events.append(rule_event(
            "red_side", "tactics", f"{denizen.id} hit {target} without killing: it turns red side up and holds {target}",
            run.actors(denizen.id, target), monster=denizen.id, turned_red_side_up=True,
        ))
    elif denizen.id in work.horse_killers and side != "dark" and target_alive:
        turns = rules.red_after_killing_horse
        side = "dark" if turns else side
        run.events.append(rulings.ruling_event(
            "red_after_killing_horse", "tactics",
            f"{denizen.id} killed {target}'s horse without killing {target}: "
            + (f"it turns red side up and holds {target}" if turns else "it keeps its side")
            + f" ({rulings.setting_text(rules, 'red_after_killing_horse')})",
            run.actors(denizen.id, target), monster=denizen.id, turned_red_side_up=turns,
        ))
    elif side == "dark" and not target_alive:
        side = "light"
        run.events.append(rule_event(
            "red_back", "tactics", f"{denizen.id}'s target is gone: it turns light side up", run.actors(denizen.id),
        ))
    elif side == "dark" and denizen.id in work.protected:
        side = "light"  # it holds no one it cannot attack (docs/rulings.md)
        run.events.append(magic_attacks.protected_turns_light(denizen.id, target, run.actors(denizen.id, target)))
    if side == "dark" and target_alive:
        pinning = True
        run.events.append(rule_event(
            "pinned", "tactics", f"{denizen.id} is red side up and holds {target}: {target} cannot run away",
            run.actors(denizen.id, target),
        ))
    return side, pinning
