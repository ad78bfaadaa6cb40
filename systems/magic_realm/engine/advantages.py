"""Character advantages that change combat, read from the catalogue so the GM never types them
(issue #15.4). Each returns the attack or target changed, with the sentence the log shows.

- ARCHER (Woods Girl, Elf): roll one die instead of two on the Missile table.
- AIM (Black Knight, Captain, Amazon): subtract 1 from all Missile table die rolls.
- FEAR (Black Knight): roll one die instead of two on the Meeting table (systems/magic_realm/engine/meeting.py).
- HEAVENLY PROTECTION (Pilgrim): Demons and the Imp cannot attack him (systems/magic_realm/engine/magic_attacks.py).
- BERSERK (Berserker): his vulnerability is Tremendous for the melee of a round in which he plays his BERSERK
  chit, as the attack's FIGHT chit or in the encounter step (docs/rulings.md, "BERSERK")."""

from __future__ import annotations

from dataclasses import replace

from systems.magic_realm.engine.attack import Attack

ARCHER = "ARCHER"
AIM = "AIM"
FEAR = "FEAR"
BERSERK = "BERSERK"
AIM_MODIFIER = -1
BERSERK_VULNERABILITY = "T"


def has_advantage(counter, name: str) -> bool:
    """Whether a catalogue character has the advantage `name` (its text starts "NAME:")."""
    return any(text.split(":", 1)[0].strip().upper() == name for text in getattr(counter, "advantages", ()))


def missile_advantages(counter, attack: Attack) -> tuple[Attack, list[str]]:
    """The character's missile attack with ARCHER and AIM applied: (attack, what the log says)."""
    if not attack.missile or counter is None:
        return attack, []
    said = []
    if has_advantage(counter, ARCHER) and not attack.one_die:
        attack = replace(attack, one_die=True)
        said.append(f"{attack.attacker} is an ARCHER: one die instead of two on the Missile table")
    if has_advantage(counter, AIM):
        attack = replace(attack, die_modifier=attack.die_modifier + AIM_MODIFIER)
        said.append(f"{attack.attacker} has AIM: {AIM_MODIFIER} on the Missile table roll")
    return attack, said


def berserk_vulnerability(counter, character, play, encounter_chits: tuple[str, ...] = ()) -> tuple[str | None, str]:
    """BERSERK: (the Berserker's vulnerability this round, what the log says), or (None, "") when he has
    not played his BERSERK chit this round. `character` is his CharacterState, `play` his melee play and
    `encounter_chits` the labels of the chits he played in this round's encounter step."""
    if counter is None or not has_advantage(counter, BERSERK):
        return None, ""
    if play is not None and play.attack is not None and not play.attack.spell:
        chit = character.chit(play.attack.chit)
        if chit is not None and chit.action == BERSERK:
            where = f"played his {chit.id} as his FIGHT chit"
            return BERSERK_VULNERABILITY, _berserk_text(character.id, where, counter.vulnerability)
    for label in encounter_chits:
        chit = character.chit(label)
        if chit is not None and chit.action == BERSERK:
            where = f"played his {chit.id} in the encounter step"
            return BERSERK_VULNERABILITY, _berserk_text(character.id, where, counter.vulnerability)
    return None, ""


def _berserk_text(name: str, where: str, vulnerability: str) -> str:
    return (
        f"{name} {where}: BERSERK makes his vulnerability Tremendous this round "
        f"({vulnerability} → {BERSERK_VULNERABILITY})"
    )


# --- HEAVENLY PROTECTION (Pilgrim): "Demons and the Imp cannot attack you." -------------------------------

HEAVENLY_PROTECTION = "HEAVENLY PROTECTION"
DEMON_TAG = "demon"  # the catalogue's tag of the Demon, the Winged Demon and the Imp


def is_demon(counter) -> bool:
    """A Demon, Winged Demon or the Imp: a monster the catalogue tags "demon"."""
    return DEMON_TAG in getattr(counter, "tags", ())


def heavenly_protection(character_counter, denizen_counter, *, attacker: str, target: str) -> str | None:
    """What the log says when a demon may not attack the character (its every attack, on either side, is
    not made: docs/rulings.md "Demons, the Imp and Heavenly Protection"); None when it may."""
    if character_counter is None or not is_demon(denizen_counter) or not has_advantage(character_counter, HEAVENLY_PROTECTION):
        return None
    return (f"{attacker} makes no attack on {target}: {target} has HEAVENLY PROTECTION "
            "(Demons and the Imp cannot attack him); it stays on his sheet")
