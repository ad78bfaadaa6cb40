"""The attacks of a melee round and their order.

- `collect_strikes`: each character's play (weapon or attack spell, with ARCHER and AIM on the Missile
  table) and each denizen with a target: its own attack, a Demon's or the Imp's magic attack, and its head's
  or club's, a separate attacker; HEAVENLY PROTECTION keeps a demon off the Pilgrim.
- `order`: first round, longer weapons first, then faster attacks; later rounds, faster attacks first, then
  longer weapons; equal length and time make one block of simultaneous attacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from systems.magic_realm.engine import attackers as build
from systems.magic_realm.engine import magic_attacks
from systems.magic_realm.engine.advantages import missile_advantages
from systems.magic_realm.engine.attack import Attack
from systems.magic_realm.engine.catalogue import Monster
from systems.magic_realm.engine.lookups import find
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.round_state import RoundState


@dataclass
class Strike:
    """One attack of the round, with what the order of attacks needs."""

    attacker: str  # the combatant id (a monster for its own head or club)
    part: str  # "body", "weapon" or "attack" (a character's play)
    target: str
    attack: Attack
    aim: str = "horse"  # a character's choice: "horse" or "rider"
    weapon: str | None = None  # a character's weapon (for alerting)
    index: int = 0

    @property
    def length(self) -> int:
        return self.attack.length

    @property
    def time(self) -> int:
        return self.attack.time


def collect_strikes(run: RoundState) -> list[Strike]:
    """Every attack of the round: each character's play, each denizen with a target (its own attack and
    its head's or club's, a separate attacker)."""
    strikes: list[Strike] = []
    for play in run.input.plays:
        character = run.work.characters.get(play.character)
        if character is None or character.dead or character.fled or play.attack is None or play.target is None:
            continue
        chit = character.chit(play.attack.chit)
        if play.attack.spell:
            attack = build.spell_attack(
                find(run.catalogue, "spell", play.attack.spell), magic_time=0 if play.attack.alerted else chit.time,
                box=play.attack.box, attacker=character.id,
            )
        else:
            weapon_state = character.weapon(play.attack.weapon) if play.attack.weapon else None
            attack = build.weapon_attack(
                find(run.catalogue, "weapon", weapon_state.name) if weapon_state else None,
                alerted=bool(weapon_state and weapon_state.alerted),
                fight_strength=chit.strength, fight_time=chit.time, box=play.attack.box, attacker=character.id,
            )
        attack, said = missile_advantages(find(run.catalogue, "character", character.character), attack)
        for sentence in said:
            run.events.append(rule_event("advantage", "advantage", sentence, (character.id,)))
        strikes.append(Strike(
            character.id, "attack", play.target, attack, aim=play.target_part,
            weapon=weapon_state.name if not play.attack.spell and weapon_state else None,
        ))
    for denizen in run.state.denizens:
        target = run.targets.get(denizen.id)
        if not denizen.active or target is None:
            continue
        counter = run.counters[denizen.id]
        side = run.sides[denizen.id]
        box = run.boxes.get((denizen.id, "body"))
        if _protected(run, denizen.id, counter, target):
            continue
        magic = magic_attacks.magic_attack(counter, side, box=box, attacker=denizen.id, catalogue=run.catalogue)
        if magic is not None:
            strikes.append(Strike(denizen.id, "magic", target, magic))
        elif build.denizen_side(counter, side).harm is not None:
            strikes.append(Strike(denizen.id, "body", target, build.denizen_attack(counter, side, box=box, attacker=denizen.id)))
        if isinstance(counter, Monster) and counter.weapon is not None:
            weapon_side = run.weapon_sides[denizen.id]
            if build.denizen_side(counter.weapon, weapon_side).harm is not None:
                part = build.denizen_attack(
                    counter.weapon, weapon_side, box=run.boxes.get((denizen.id, "weapon"), box),
                    attacker=f"{denizen.id}'s {counter.weapon.name}",
                )
                strikes.append(Strike(denizen.id, "weapon", target, part))
    for index, strike in enumerate(strikes):
        strike.index = index
    return strikes


def _protected(run: RoundState, denizen_id: str, counter, target: str) -> bool:
    """HEAVENLY PROTECTION: a demon attacking the Pilgrim makes no attack on him (it stays on his sheet)."""
    character = run.work.characters.get(target)
    event = magic_attacks.protection_event(
        find(run.catalogue, "character", character.character) if character else None, counter,
        attacker=denizen_id, target=target, actors=run.actors(denizen_id, target),
    )
    if event is not None:
        run.events.append(event)
        run.work.protected.add(denizen_id)
    return event is not None


def order(run: RoundState, strikes: list[Strike]) -> list[list[Strike]]:
    """First round: longer length first, then faster time; later rounds: faster time first, then
    longer length. Equal length and time: one block of simultaneous attacks."""
    first = run.state.round_number <= 1
    key = (lambda s: (-s.length, s.time)) if first else (lambda s: (s.time, -s.length))
    ordered = sorted(strikes, key=lambda s: (key(s), s.index))
    blocks = [list(group) for _, group in groupby(ordered, key=key)]
    rule = "order_first" if first else "order_later"
    for number, block in enumerate(blocks, start=1):
        names = ", ".join(f"{s.attack.attacker} (length {s.length}, time {s.time})" for s in block)
        run.events.append(rule_event(
            rule, "order", f"Block {number}: {names}" + (" — simultaneous" if len(block) > 1 else ""),
            [s.attacker for s in block] + [s.target for s in block],
            block=number,
        ))
    return blocks
