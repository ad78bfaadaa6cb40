"""Resolving a melee round's attacks, block by block, and the harm they do.

- An attack is cancelled when its attacker was killed in an earlier block, when its weapon is heavier than
  its FIGHT chit, or when its target is already dead (ruling `cancelled_attack_alerts`: its weapon is then
  alerted as if it had missed).
- Each attack is resolved by `systems.magic_realm.engine.attack.resolve_attack` against the body it hits
  (systems.magic_realm.engine.bodies); a Demon's or the Imp's magic attack by the GM's ruling (systems.magic_realm.engine.magic_attacks).
- Harm applied: armor damaged or destroyed (a damaged piece damaged again is destroyed; armor destroyed in a
  block still protects in that block), wounds owed, kills (simultaneous killers share one kill), weapons
  that hit or missed, and Tremendous monsters that hit without killing.
"""

from __future__ import annotations

from dataclasses import replace

from systems.magic_realm.engine import magic_attacks
from systems.magic_realm.engine.attack import Target, _resolve_attack
from systems.magic_realm.engine.bodies import Body, choose_body
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import ArmorState, CharacterState, Kill
from systems.magic_realm.engine.round_state import RoundState
from systems.magic_realm.engine.strikes import Strike
from systems.magic_realm.engine.tremendous import pins


def resolve(run: RoundState, blocks: list[list[Strike]], bodies: dict[str, Body]) -> None:
    """Every attack of the round, block by block, into the round's log and working state."""
    work = run.work
    for number, block in enumerate(blocks, start=1):
        for strike in block:
            actors = run.actors(strike.attacker, strike.target)
            if work.dead_before(strike.attacker, number):
                whose = "its" if strike.attack.attacker == strike.attacker else f"its {strike.attack.attacker.split(chr(39) + 's ', 1)[-1]}'s"
                run.events.append(rule_event(
                    "cancelled", "attack", f"{strike.attacker} was killed earlier this round: {whose} attack is cancelled", actors,
                ))
                continue
            if strike.attack.cancelled:
                run.events.append(rule_event(
                    "too_heavy", "attack", f"{strike.attack.attacker}'s attack is cancelled: {strike.attack.cancelled}", actors,
                ))
                _cancelled(run, strike)
                continue
            if work.dead_before(strike.target, number) or strike.target not in bodies:
                run.events.append(rule_event(
                    "cancelled", "attack", f"{strike.target} is already dead: {strike.attack.attacker}'s attack is cancelled", actors,
                ))
                _cancelled(run, strike)
                continue
            if strike.part == "magic":
                _magic(run, strike, number, actors)
                continue
            body_key, target, events = choose_body(run, strike, bodies[strike.target], number)
            run.events.extend(events)
            result = _resolve_attack(strike.attack, target, run.rules, run.dice, tuple(dict.fromkeys(actors)))
            # The attack's events are new objects made for this call: the block is written into their
            # data (last, as a copy of each would put it) rather than copying every event.
            for event in result.events:
                event.data["block"] = number
            run.events.extend(result.events)
            _apply(run, strike, body_key, target, result, number)


def _cancelled(run: RoundState, strike: Strike) -> None:
    """Ruling `cancelled_attack_alerts` (docs/rulings.md): with it on, the weapon of a character's
    cancelled attack is alerted as if it had missed."""
    if run.rules.cancelled_attack_alerts and strike.part == "attack" and strike.weapon:
        run.work.weapon_hit.setdefault((strike.attacker, strike.weapon), False)
        run.work.cancelled_weapons.add((strike.attacker, strike.weapon))


def _apply(run: RoundState, strike: Strike, body_key: str, target: Target, result, block: int) -> None:
    """Apply one AttackResult: armor damaged or destroyed (a damaged piece damaged again is destroyed),
    wounds owed, kills (simultaneous killers share one kill), and which weapons hit or missed; a
    Tremendous monster whose dark side pins notes a hit that did not kill (it turns red side up)."""
    work = run.work
    if strike.part == "attack" and strike.weapon:
        if result.is_hit:
            work.weapon_hit[(strike.attacker, strike.weapon)] = True
        elif result.hit == "miss":
            work.weapon_hit.setdefault((strike.attacker, strike.weapon), False)
    for name, change in result.armor_changes:
        key = (strike.target, name)
        current = work.armor.get(key, "intact")
        new = "destroyed" if change == "destroyed" or current == "damaged" else "damaged"
        work.armor[key] = new
        if new == "destroyed":
            work.killed_in_block.setdefault(f"armor:{strike.target}:{name}", block)
        work.harm_done = True
    if result.wounds and target.kind == "character":
        work.wounds[strike.target] += result.wounds
        work.harm_done = True
    if result.killed:
        work.harm_done = True
        horse_of = strike.target if target.kind == "horse" else None
        _kill(run, body_key, target.name if horse_of else body_key, strike.attacker, block, horse_of)
        if body_key == f"horse:{strike.target}" and strike.part in ("body", "weapon") and pins(run.counters[strike.attacker]):
            work.horse_killers.add(strike.attacker)
    elif result.is_hit and strike.part in ("body", "weapon") and pins(run.counters[strike.attacker]):
        if body_key in (strike.target, f"horse:{strike.target}"):
            work.hits_without_kill.add(strike.attacker)


def _kill(run: RoundState, body_key: str, victim: str, attacker: str, block: int, horse_of: str | None = None) -> None:
    """A kill in `block`: simultaneous killers share one kill."""
    work = run.work
    if body_key not in work.killed_in_block:
        work.killed_in_block[body_key] = block
        work.kills[body_key] = Kill(victim=victim, killers=(attacker,), credited_to=(), block=block, horse_of=horse_of)
    elif work.kills[body_key].block == block and attacker not in work.kills[body_key].killers:
        kill = work.kills[body_key]
        work.kills[body_key] = replace(kill, killers=kill.killers + (attacker,))


def _magic(run: RoundState, strike: Strike, block: int, actors) -> None:
    """A Demon's or the Imp's magic attack: the GM's ruling applied in its block, or the ruling the round
    waits for (systems.magic_realm.engine.magic_attacks). It counts as spellcasting either way."""
    work = run.work
    outcome = magic_attacks.resolve_magic_attack(
        strike.attack, attacker=strike.attacker, target=strike.target, block=block,
        ruling=run.input.ruling(strike.attacker, strike.target), actors=dict.fromkeys(actors),
    )
    run.events.extend(outcome.events)
    work.magic_attackers.append(strike.attacker)
    if outcome.needed is not None:
        work.rulings_needed.append(outcome.needed)
    if outcome.wounds:
        work.wounds[strike.target] += outcome.wounds
        work.harm_done = True
    if outcome.fatigue:
        work.ruled_fatigue[strike.target] += outcome.fatigue
    if outcome.killed:
        work.harm_done = True
        _kill(run, strike.target, strike.target, strike.attacker, block)


def armor_after(run: RoundState, character: CharacterState, summary: dict) -> list[ArmorState]:
    """The armor a character ends the round with, and its changes in his summary."""
    work = run.work
    armor = []
    changes = []
    for piece in character.armor:
        state = work.armor.get((character.id, piece.name), piece.state)
        if state != piece.state:
            changes.append((piece.name, state))
        armor.append(piece if state == piece.state else ArmorState(piece.name, state))
    summary["armor_changes"] = tuple(changes)
    return armor
