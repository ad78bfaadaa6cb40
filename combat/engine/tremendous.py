"""Red-side-up Tremendous monsters (basic rules, "Tremendous monsters"): a Tremendous monster whose dark side
pins turns red side up after hitting its target without killing it (or, by ruling `red_after_killing_horse`,
after killing its horse); red side up it holds its target, who cannot run away (`pinning_monsters`,
`run_errors`); it turns light side up when its target is gone, or when HEAVENLY PROTECTION keeps it off
its target."""

from __future__ import annotations

from combat.engine.catalogue import Monster
from combat.engine.lookups import catalogue_or_default, lookup_denizen
from combat.engine.model import DenizenState, PlayError, RoundInput


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

