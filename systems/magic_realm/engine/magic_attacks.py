"""Magic attacks of Demons, Winged Demons and the Imp, and the GM's ruling on them (issue #15.5).

Their light side attacks with a spell, not a harm letter: Power of the Pit (Demon: magic V, time 2;
Winged Demon: magic V, time 3) and Curse (Imp: magic VIII, time 2), length 17 (realmspeak-notes.md 3.3;
the catalogue's `attack_spell`). The project's sources (optional-combat-rules.md, realmspeak-notes.md,
bimr4-campaign-rules.txt) give no table for either, so the engine invents none:

- the attack takes its place in the order of attacks (its time and length) like any other;
- its outcome is the GM's, from the round file's `gm_rulings` (docs/round-format.md): no effect, the
  target killed, N wounds, N asterisks of fatigue, or another outcome in words that changes nothing the
  engine keeps (a curse...). It is applied in the attack's block and cited "GM ruling";
- without a ruling the log says plainly that the GM must rule (the monster, the target, the spell, its
  time and block) and the result lists what is needed (`RoundResult.rulings_needed`): the round waits
  (`systems.magic_realm.engine.play.GmRulingPending`) instead of passing over the attack;
- a magic attack counts as spellcasting: the round is not quiet and combat does not end on it.

The Pilgrim's HEAVENLY PROTECTION (systems.magic_realm.engine.advantages) keeps these monsters from attacking him at
all; docs/rulings.md "Demons, the Imp and Heavenly Protection" records both decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from systems.events import GM_RULING
from systems.magic_realm.engine.advantages import heavenly_protection
from systems.magic_realm.engine.attack import Attack
from systems.magic_realm.engine.attackers import DEFAULT_MONSTER_MOVE_TIME, denizen_side
from systems.magic_realm.engine.log import Event, section
from systems.magic_realm.engine.model import RULING_OUTCOMES, GmRuling, PlayError, RoundInput, RulingNeeded

NO_TABLE = "magic attacks of Demons and the Imp: the sources give no table, the GM rules"
KIND = "magic"


def _squash(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def spell_name(table: str, catalogue) -> str:
    """The spell the catalogue's table key names ("powerofthepit" → "Power of the Pit")."""
    for spell in getattr(catalogue, "spells", ()):
        if _squash(spell.name) == _squash(table):
            return spell.name
    return table


def magic_attack(counter, side: str, *, box: int | None, attacker: str, catalogue) -> Attack | None:
    """The magic attack of a denizen's side that attacks with a spell and no harm letter, or None."""
    face = denizen_side(counter, side)
    if face.harm is not None or not face.attack_spell:
        return None
    time = face.attack_time if face.attack_time is not None else DEFAULT_MONSTER_MOVE_TIME
    return Attack(
        attacker=attacker, harm=None, sharpness=0, time=time, box=box, length=face.length,
        spell=spell_name(face.attack_spell, catalogue),
        notes=(f"magic {face.magic_type}" if face.magic_type else "magic",),
    )


def has_magic_attack(counter) -> bool:
    return any(
        getattr(side, "harm", 0) is None and getattr(side, "attack_spell", None)
        for side in (getattr(counter, "light", None), getattr(counter, "dark", None))
    )


@dataclass
class MagicOutcome:
    """What one magic attack does, for the melee to apply: the target killed, wounds or fatigue owed,
    or a ruling still needed."""

    events: list[Event] = field(default_factory=list)
    killed: bool = False
    wounds: int = 0
    fatigue: int = 0
    needed: RulingNeeded | None = None


def _what_ruled(ruling: GmRuling, target: str, spell: str) -> str:
    return {
        "no_effect": f"{spell} has no effect on {target}",
        "killed": f"{target} is killed by {spell}",
        "wounds": f"{target} takes {ruling.amount} wound(s) from {spell}",
        "fatigue": f"{target} owes {ruling.amount} asterisk(s) of fatigue from {spell}",
        "other": f"{spell} on {target}: {ruling.note or 'an outcome the engine keeps no state for'}",
    }[ruling.outcome]


def resolve_magic_attack(
    attack: Attack, *, attacker: str, target: str, block: int, ruling: GmRuling | None, actors,
) -> MagicOutcome:
    """One magic attack in block `block`: the GM's ruling applied, or the ruling the round waits for."""
    magic = attack.notes[0] if attack.notes else "magic"
    actors = tuple(actors)
    outcome = MagicOutcome()
    outcome.events.append(Event(
        KIND,
        f"{attacker} attacks {target} with {attack.spell} ({magic}, attack time {attack.time}, length "
        f"{attack.length}, block {block}): the sources give no table for it, so the GM rules its outcome",
        GM_RULING, NO_TABLE, actors,
        {"block": block, "attacker": attacker, "target": target, "spell": attack.spell, "time": attack.time},
    ))
    if ruling is None:
        path = f"gm_rulings.{attacker}"
        message = (
            f"The GM must rule on {attacker}'s {attack.spell} against {target} ({magic}, attack time "
            f"{attack.time}, block {block}): give it in {path} (no effect, killed, wounds N, fatigue N, or "
            "another outcome in words). The round waits for it."
        )
        outcome.needed = RulingNeeded(
            path=path, attacker=attacker, target=target, spell=attack.spell or "", magic_type=magic.removeprefix("magic ") or None,
            time=attack.time, length=attack.length, block=block, message=message,
        )
        outcome.events.append(Event(
            "ruling_needed", message, GM_RULING, NO_TABLE, actors,
            {"block": block, "attacker": attacker, "target": target, "spell": attack.spell, "ruling_needed": path},
        ))
        return outcome
    text = f"GM ruling: {_what_ruled(ruling, target, attack.spell or 'the spell')}"
    if ruling.note and ruling.outcome != "other":
        text += f" ({ruling.note})"
    outcome.events.append(Event(
        "ruling", text, GM_RULING, f"{attack.spell} has no table in the sources", actors,
        {"block": block, "attacker": attacker, "target": target, "spell": attack.spell, "outcome": ruling.outcome,
         "amount": ruling.amount, "gm_ruling": True},
    ))
    outcome.killed = ruling.outcome == "killed"
    outcome.wounds = ruling.amount if ruling.outcome == "wounds" else 0
    outcome.fatigue = ruling.amount if ruling.outcome == "fatigue" else 0
    return outcome


def ruling_errors(round_input: RoundInput, lookup_denizen) -> list[PlayError]:
    """Each `gm_rulings` entry that cannot apply, naming its field: an attacker that is not a denizen with a
    magic attack, a target not in the battle, wounds or fatigue for a denizen or without an amount, two
    rulings on one attack. `lookup_denizen(counter)` is the melee's catalogue lookup."""
    errors: list[PlayError] = []
    seen: set[tuple[str, str]] = set()
    state = round_input.state
    for ruling in round_input.gm_rulings:
        path = f"gm_rulings.{ruling.attacker}"
        denizen = state.denizen(ruling.attacker)
        if denizen is None:
            errors.append(PlayError(f"{path}.attacker", f"{ruling.attacker!r} is not a denizen in the battle"))
            continue
        if not has_magic_attack(lookup_denizen(denizen.counter)):
            errors.append(PlayError(
                f"{path}.attacker",
                f"{ruling.attacker} has no magic attack: a GM ruling is only for the magic attacks the sources give no table for",
            ))
        if (ruling.attacker, ruling.target) in seen:
            errors.append(PlayError(f"{path}.target", f"{ruling.attacker} against {ruling.target} is ruled twice"))
        seen.add((ruling.attacker, ruling.target))
        if state.combatant(ruling.target) is None:
            errors.append(PlayError(f"{path}.target", f"{ruling.target!r} is not a combatant in the battle"))
        if ruling.outcome not in RULING_OUTCOMES:
            errors.append(PlayError(f"{path}.outcome", f"must be one of {', '.join(RULING_OUTCOMES)}"))
        elif ruling.outcome in ("wounds", "fatigue"):
            if ruling.amount < 1:
                errors.append(PlayError(f"{path}.amount", f"how many {ruling.outcome}: at least 1"))
            if state.character(ruling.target) is None:
                errors.append(PlayError(f"{path}.outcome", f"only a character owes {ruling.outcome}; {ruling.target} is not one"))
        elif ruling.outcome == "other" and not ruling.note.strip():
            errors.append(PlayError(f"{path}.note", "say in words what the GM ruled"))
    return errors


HEAVENLY_RULE = (section("Character advantages"), "HEAVENLY PROTECTION: Demons and the Imp cannot attack the Pilgrim")


def protection_event(character_counter, denizen_counter, *, attacker: str, target: str, actors) -> Event | None:
    """The log line of a demon that may not attack its target (HEAVENLY PROTECTION), or None."""
    said = heavenly_protection(character_counter, denizen_counter, attacker=attacker, target=target)
    if said is None:
        return None
    return Event("advantage", said, *HEAVENLY_RULE, tuple(dict.fromkeys(actors)), {"heavenly_protection": attacker})


def protected_turns_light(attacker: str, target: str, actors) -> Event:
    """A red-side-up demon on the sheet of a character it cannot attack holds no one: it turns light side up."""
    return Event(
        "tactics", f"{attacker} is red side up but cannot attack {target} (HEAVENLY PROTECTION): it holds no one "
        "and turns light side up", *HEAVENLY_RULE, tuple(dict.fromkeys(actors)), {"heavenly_protection": attacker},
    )


def ruled_fatigue_event(character: str, owed: int, ruled: int) -> Event:
    """Fatigue the GM ruled, added to what the character's effort owes."""
    return Event(
        "fatigue", f"{character} owes {owed} + {ruled} asterisk(s) of fatigue the GM ruled = {owed + ruled} to fatigue",
        GM_RULING, "fatigue from a magic attack, as the GM ruled", (character,), {"fatigue_owed": owed + ruled, "gm_ruling": True},
    )
