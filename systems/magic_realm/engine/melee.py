"""A melee round: validate each side's plays, then resolve the round.

`validate_round(round_input)` lists every play that breaks the rules, each naming its field
(systems.magic_realm.engine.melee_validation). `resolve_round(round_input, dice)` resolves the round in the order of the
rules, each step in the module named for it, all working on one `RoundState` (systems.magic_realm.engine.round_state):

1. denizen horses gallop in melee; denizens are placed, repositioned and change tactics (systems.magic_realm.engine.denizens);
2. every maneuver is fixed before any harm (Hamblen's ruling, optional-combat-rules.md; systems.magic_realm.engine.bodies);
3. attacks are ordered (first round by length then time, later rounds by time then length) into blocks of
   simultaneous attacks (equal length and time) (systems.magic_realm.engine.strikes);
4. each attack is resolved by `systems.magic_realm.engine.attack.resolve_attack`, against the body it hits, and its harm
   applied (systems.magic_realm.engine.harm);
5. after the round: fatigue owed (systems.magic_realm.engine.effort), weapons alerted or unalerted (systems.magic_realm.engine.alerts),
   wounds owed and death by wounds (systems.magic_realm.engine.wounds), kills and their bounty (systems.magic_realm.engine.scoring),
   red-side-up Tremendous monsters (systems.magic_realm.engine.tremendous, systems.magic_realm.engine.denizens), and whether combat
   ends (systems.magic_realm.engine.combat_end).

The rules each log line cites are in systems.magic_realm.engine.melee_log (`RULES`).
"""

from __future__ import annotations

from dataclasses import replace

from systems.magic_realm.engine.alerts import alert_weapons
from systems.magic_realm.engine.bodies import berserk, fix_maneuvers
from systems.magic_realm.engine.combat_end import end_of_round
from systems.magic_realm.engine.denizens import arrange_sheets, denizens_after
from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.effort import (
    asterisks_of,
    casting_chit,
    effort_chits,
    effort_limit_error,
    limit_chits,
    owe_fatigue,
)
from systems.magic_realm.engine.harm import armor_after, resolve
from systems.magic_realm.engine.lookups import catalogue_or_default
from systems.magic_realm.engine.melee_log import RULES
from systems.magic_realm.engine.melee_validation import (
    FIGHT_ACTIONS,
    MOVE_ACTIONS,
    RoundInvalid,
    blocking_errors,
    validate_round,
)
from systems.magic_realm.engine.model import (
    BattleState,
    CharacterState,
    CharacterSummary,
    RoundInput,
    RoundResult,
)
from systems.magic_realm.engine.round_state import RoundState
from systems.magic_realm.engine.scoring import score
from systems.magic_realm.engine.strikes import collect_strikes, order
from systems.magic_realm.engine.tremendous import pinning_monsters, run_errors
from systems.magic_realm.engine.wounds import owe_wounds

# What callers import from here (systems.magic_realm.engine.play, the plug-in, the resolve_round command, the tests).
__all__ = [
    "FIGHT_ACTIONS",
    "MOVE_ACTIONS",
    "RULES",
    "RoundInvalid",
    "asterisks_of",
    "blocking_errors",
    "casting_chit",
    "effort_chits",
    "effort_limit_error",
    "limit_chits",
    "pinning_monsters",
    "resolve_round",
    "run_errors",
    "validate_round",
]


def _finish(run: RoundState, seed) -> RoundResult:
    """After the round: fatigue (one free asterisk) and MAGIC chits fatigued, weapons alerted or unalerted,
    armor, wounds, kills scored (rule 43.4), Tremendous monsters red side up and pinning, and the end of
    combat (two consecutive rounds without harm, fatigue or spellcasting)."""
    work = run.work
    summaries: dict[str, dict] = {c.id: {"character": c.id} for c in run.state.characters}
    spell_cast = bool(work.magic_attackers)  # a Demon's or the Imp's magic attack is spellcasting
    fatigue_total = 0
    new_characters: dict[str, CharacterState] = {}
    for character in run.state.characters:
        summary = summaries[character.id]
        chits, owed, cast = owe_fatigue(run, character, run.input.play(character.id), summary)
        spell_cast = spell_cast or cast
        fatigue_total += owed
        weapons = alert_weapons(run, character, summary)
        armor = armor_after(run, character, summary)
        killed = owe_wounds(run, character, summary)
        horse = character.horse
        if horse is not None and f"horse:{character.id}" in work.killed_in_block:
            horse = replace(horse, dead=True)
        new_characters[character.id] = replace(
            character, chits=tuple(chits.values()), weapons=tuple(weapons), armor=tuple(armor), horse=horse,
            dead=killed,
        )
    kills = score(run, new_characters, summaries)
    new_denizens, pinning = denizens_after(run, new_characters)
    harm = work.harm_done or bool(kills)
    quiet, combat_ends = end_of_round(run, harm, fatigue_total, spell_cast, pinning, new_characters)
    new_state = BattleState(
        round_number=run.state.round_number + 1,
        characters=tuple(new_characters.values()),
        denizens=tuple(new_denizens),
        previous_round_quiet=quiet,
        dwelling=run.state.dwelling,
    )
    return RoundResult(
        round_number=run.state.round_number,
        rules=run.rules,
        events=tuple(run.events),
        state=new_state,
        summaries=tuple(CharacterSummary(**values) for values in summaries.values()),
        kills=kills,
        harm_done=harm,
        quiet=quiet,
        combat_ends=combat_ends,
        dice=tuple(getattr(run.dice, "history", ())),
        seed=seed,
    )


def resolve_round(round_input: RoundInput, dice: Dice, catalogue=None) -> RoundResult:
    """Resolve one melee round. Raises RoundInvalid (nothing resolved) when a play breaks the rules."""
    catalogue = catalogue_or_default(catalogue)
    problems = validate_round(round_input, catalogue)
    errors = blocking_errors(problems)
    if errors:
        raise RoundInvalid(errors)
    warnings = tuple(error for error in problems if error.severity != "error")
    run = RoundState(round_input, dice, catalogue)
    arrange_sheets(run)
    bodies = fix_maneuvers(run)
    berserk(run)
    blocks = order(run, collect_strikes(run))
    resolve(run, blocks, bodies)
    result = _finish(run, getattr(dice, "seed", None))
    return replace(result, warnings=warnings, rulings_needed=tuple(run.work.rulings_needed))
