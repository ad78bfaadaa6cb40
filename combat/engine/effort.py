"""Effort: the chits whose asterisks are effort, and the effort limit (at most two asterisks a round)."""

from __future__ import annotations

from combat.engine.model import CharacterState, Chit, PlayError


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
