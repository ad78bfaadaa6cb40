"""Character advantages that change combat, read from the catalogue so the GM never types them
(issue #15.4). Each returns the attack or target changed, with the sentence the log shows.

- ARCHER (Woods Girl, Elf): roll one die instead of two on the Missile table.
- AIM (Black Knight, Captain, Amazon): subtract 1 from all Missile table die rolls.
- FEAR (Black Knight): roll one die instead of two on the Meeting table (combat/engine/meeting.py).
- HEAVENLY PROTECTION (Pilgrim): Demons and the Imp cannot attack him (combat/engine/magic_attacks.py)."""

from __future__ import annotations

from dataclasses import replace

from combat.engine.attack import Attack

ARCHER = "ARCHER"
AIM = "AIM"
FEAR = "FEAR"
AIM_MODIFIER = -1


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
