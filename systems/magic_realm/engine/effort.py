"""Effort and fatigue: the chits whose asterisks are effort, the effort limit (at most two asterisks a round),
and the fatigue a character owes after the round (one asterisk is free; a MAGIC chit that casts a spell is
fatigued; fatigue the GM ruled for a Demon's or the Imp's magic attack is added)."""

from __future__ import annotations

from dataclasses import replace

from systems.magic_realm.engine import magic_attacks
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState, Chit, PlayError
from systems.magic_realm.engine.round_state import RoundState


def effort_chits(character: CharacterState, play) -> list[tuple[str, Chit]]:
    """The chits of a character's melee plays whose asterisks are effort, each with its field under
    `plays.<character>.`: the attack's FIGHT chit (a MAGIC chit casting a spell is fatigued instead)
    and the MOVE chits of his maneuver and rider's own maneuver. Chits he does not have are left out
    (validation reports them)."""
    named = []
    if play.attack is not None and not play.attack.spell:
        named.append(("attack.chit", play.attack.chit))
    for path, maneuver in (("maneuver.chit", play.maneuver), ("rider_maneuver.chit", play.rider_maneuver)):
        if maneuver is not None and maneuver.chit:
            named.append((path, maneuver.chit))
    return [(field, character.chit(chit_id)) for field, chit_id in named if character.chit(chit_id) is not None]


def casting_chit(character: CharacterState, play):
    """The MAGIC chit a character casts an attack spell with in the melee, or None."""
    if play is None or play.attack is None or not play.attack.spell or not play.attack.chit:
        return None
    return character.chit(play.attack.chit)


def limit_chits(character: CharacterState, play) -> list[tuple[str, Chit]]:
    """The chits whose asterisks count toward the two-asterisk limit: the effort chits and a casting MAGIC
    chit (which fatigues itself, so it is never owed as fatigue too)."""
    chits = effort_chits(character, play)
    magic = casting_chit(character, play)
    return chits + ([("attack.chit", magic)] if magic is not None else [])


def asterisks_of(chits) -> int:
    """The effort of the chits played (rule of effort): one asterisk for each star on a chit."""
    return sum(chit.effort for chit in chits)


def effort_limit_error(path: str, chits_used) -> PlayError | None:
    """Effort limit (realmspeak-notes 1.2): at most two asterisks a round. `chits_used` are
    (field, Chit) pairs, each chit once; the error names `path`."""
    asterisks = asterisks_of(chit for _, chit in chits_used)
    if asterisks <= 2:
        return None
    return PlayError(
        path,
        f"{asterisks} asterisks played ({' + '.join(c.id for _, c in chits_used if c.effort)}); at most "
        "two asterisks a round (Effort limit)",
    )


def owe_fatigue(run: RoundState, character: CharacterState, play, summary: dict) -> tuple[dict[str, Chit], int, bool]:
    """After the round, a character's chits (a MAGIC chit that cast a spell fatigued), the fatigue he owes
    (one asterisk is free, plus fatigue ruled for a magic attack), in his summary, and whether he cast a
    spell."""
    work = run.work
    spell_cast = False
    chits = {chit.id: chit for chit in character.chits}
    asterisks = 0
    if play is not None and not character.dead and not character.fled:
        if play.attack is not None and play.attack.spell:
            chit = character.chit(play.attack.chit)
            spell_cast = True
            chits[chit.id] = replace(chit, state="fatigued")
            run.events.append(rule_event(
                "magic_fatigue", "fatigue", f"{character.id}'s {chit.id} cast {play.attack.spell}: it is fatigued",
                [character.id],
            ))
        asterisks = asterisks_of(chit for _, chit in effort_chits(character, play))
    owed = max(0, asterisks - 1)
    if asterisks:
        run.events.append(rule_event(
            "fatigue", "fatigue",
            f"{character.id} played {asterisks} asterisk(s): 1 is free, {asterisks} - 1 = {owed} to fatigue"
            if owed else f"{character.id} played {asterisks} asterisk: it is free",
            [character.id], asterisks=asterisks, owed=owed,
        ))
    if work.ruled_fatigue.get(character.id):
        run.events.append(magic_attacks.ruled_fatigue_event(character.id, owed, work.ruled_fatigue[character.id]))
        owed += work.ruled_fatigue[character.id]
    summary["asterisks_played"] = asterisks
    summary["fatigue_owed"] = owed
    return chits, owed, spell_cast
