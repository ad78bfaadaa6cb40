"""The end of combat (basic rules, "End of combat"): a round is quiet without harm, fatigue or spellcasting;
combat ends after two consecutive quiet rounds, unless a red-side-up monster still holds its target, or
when no character is left fighting in the clearing."""

from __future__ import annotations

from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState
from systems.magic_realm.engine.round_state import RoundState


def end_of_round(
    run: RoundState, harm: bool, fatigue_total: int, spell_cast: bool, pinning: bool,
    new_characters: dict[str, CharacterState],
) -> tuple[bool, bool]:
    """Whether the round was quiet and whether combat ends, with the log line that says so."""
    quiet = not harm and fatigue_total == 0 and not spell_cast
    pinning_alive = pinning
    no_character_left = not any(not c.dead and not c.fled for c in new_characters.values())
    combat_ends = no_character_left or (quiet and run.state.previous_round_quiet and not pinning_alive)
    reasons = []
    if harm:
        reasons.append("harm was done")
    if fatigue_total:
        reasons.append("fatigue is owed")
    if spell_cast:
        reasons.append("a spell was cast")
    if no_character_left:
        text = "No character is left fighting in the clearing: combat ends"
    elif combat_ends:
        text = "No harm, fatigue or spellcasting this round or the one before: combat ends"
    elif quiet:
        text = "No harm, fatigue or spellcasting this round" + (
            "; a red-side-up monster still holds its target: combat goes on" if pinning_alive and run.state.previous_round_quiet
            else ": one more such round ends combat"
        )
    else:
        text = f"Combat goes on: {', '.join(reasons)} this round"
    run.events.append(rule_event("combat_ends", "end", text, (), quiet=quiet, combat_ends=combat_ends))
    return quiet, combat_ends
