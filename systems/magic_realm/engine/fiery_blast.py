"""Community fixes on Fiery Blast (optional-combat-rules.md, "Community fixes"), each a RuleSet setting off by
default: whom a Fiery Blast may target (validation). The fix on its bounty multiplier is applied where kills
are scored (systems.magic_realm.engine.scoring), which asks `casts_fiery_blast`."""

from __future__ import annotations

from systems.magic_realm.engine.catalogue import Native, UnknownCounter
from systems.magic_realm.engine.lookups import lookup_denizen
from systems.magic_realm.engine.melee_log import community
from systems.magic_realm.engine.model import DenizenState, PlayError, RoundInput


def casts_fiery_blast(play) -> bool:
    return play is not None and play.attack is not None and (play.attack.spell or "").strip().casefold() == "fiery blast"


def fiery_blast_target_errors(round_input: RoundInput, catalogue, play, target, path: str) -> list[PlayError]:
    """Community fixes on a Fiery Blast's target (each off by default):

    - `fiery_blast_no_riders`: Fiery Blast may not target riders; the play must aim at the horse
      (`target_part` "horse"), reported at `plays.<character>.target_part`.
    - `fiery_blast_no_dwelling_natives`: Fiery Blast may not target an unhired native when the clearing holds
      a dwelling (`state.dwelling`), reported at `plays.<character>.target`.
    - `fiery_blast_single_target`: always holds here, so it refuses nothing: a play has exactly one
      `target` (the round file cannot name several), so every spell is cast at one individual.
    """
    rules = round_input.rules
    if not casts_fiery_blast(play) or target is None:
        return []
    errors = []
    if rules.fiery_blast_no_riders and play.target_part == "rider":
        errors.append(PlayError(
            f"{path}.target_part",
            f"{community('fiery_blast_no_riders')}: aim it at {play.target}'s horse (target_part \"horse\"), not the rider",
        ))
    if rules.fiery_blast_no_dwelling_natives and round_input.state.dwelling and isinstance(target, DenizenState):
        try:
            native = isinstance(lookup_denizen(catalogue, target.counter), Native)
        except UnknownCounter:
            native = False
        if native and target.hired_by is None:
            errors.append(PlayError(
                f"{path}.target",
                f"{community('fiery_blast_no_dwelling_natives')}: {play.target} is an unhired native and this "
                f"clearing holds the {round_input.state.dwelling}",
            ))
    return errors
