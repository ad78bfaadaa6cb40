"""Who can be hit in a melee round, and as what target.

- Hamblen's ruling (optional-combat-rules.md, 5.4/1): every maneuver, and so every table modifier, is fixed
  before any harm (`fix_maneuvers`); a character's horse maneuvers for him, a native with his galloping
  horse and his own counter (5.2); no maneuver counts as time 8 (5.4/4).
- FLY chits as maneuvers (docs/rulings.md): a FLY chit played as a maneuver is logged with its strength
  against the heaviest item carried (`fly_maneuver_event`).
- BERSERK (docs/rulings.md): a Berserker who played his BERSERK chit is Tremendous this round (`berserk`).
- Which body an attack hits (rule 5.3, `choose_body`): the horse, unless a character aims at the rider or a
  red-side-up Tremendous monster attacks; a horse killed earlier this round passes the hit to its rider.
- A character hit: the armor protecting the attack's box, outermost first.
"""

from __future__ import annotations

from dataclasses import dataclass

from systems.magic_realm.engine import attackers as build
from systems.magic_realm.engine.advantages import berserk_vulnerability
from systems.magic_realm.engine.attack import BOX_MANEUVER_NAMES, Maneuver, Target
from systems.magic_realm.engine.catalogue import Native
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.lookups import find, lookup_horse
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.melee_validation import heaviest_item
from systems.magic_realm.engine.model import CharacterState
from systems.magic_realm.engine.round_state import RoundState
from systems.magic_realm.engine.strikes import Strike


@dataclass
class Body:
    """Who can be hit, with the maneuvers fixed at hit determination."""

    name: str
    maneuver: Maneuver  # the maneuver an attack must intercept or undercut (a rider's: his horse's)
    own_maneuver: Maneuver | None = None  # a rider's own maneuver
    horse: str | None = None  # the horse's display name when mounted
    horse_vulnerability: str | None = None
    horse_armored: bool = False


def fix_maneuvers(run: RoundState) -> dict[str, Body]:
    """Hamblen's ruling (optional-combat-rules.md, 5.4/1): every maneuver, and so every table modifier,
    is fixed before any harm. A character's horse maneuvers for him (5.2); a native maneuvers with his
    galloping horse and his own counter (5.2); no maneuver counts as time 8 (5.4/4)."""
    bodies: dict[str, Body] = {}
    catalogue = run.catalogue
    for character in run.state.characters:
        if character.dead or character.fled:
            continue
        play = run.input.play(character.id)
        maneuver = play.maneuver if play else None
        body = Body(character.id, Maneuver(None, None))
        if maneuver is not None:
            if maneuver.horse:
                horse = lookup_horse(catalogue, character.horse.counter)
                side = horse.galloping if maneuver.horse == "galloping" else horse.walking
                body.maneuver = Maneuver(maneuver.box, side.move_time)
            elif maneuver.boots:
                body.maneuver = Maneuver(maneuver.box, maneuver.boots_time)
            else:
                chit = character.chit(maneuver.chit)
                body.maneuver = Maneuver(maneuver.box, chit.time)
                if chit.action == "FLY":
                    run.events.append(fly_maneuver_event(catalogue, character, chit, maneuver.box))
        if character.rides and (run.rules.riding_horses or (maneuver is not None and maneuver.horse)):
            horse = lookup_horse(catalogue, character.horse.counter)
            body.horse = f"{character.id}'s {horse.name}"
            body.horse_vulnerability = horse.vulnerability
            body.horse_armored = horse.armored
            rider = play.rider_maneuver if play else None
            if rider is not None:
                time = rider.boots_time if rider.boots else character.chit(rider.chit).time
                body.own_maneuver = Maneuver(rider.box, time)
        bodies[character.id] = body
    for denizen in run.state.denizens:
        if not denizen.active:
            continue
        counter = run.counters[denizen.id]
        box = run.boxes.get((denizen.id, "body"))
        own = Maneuver(box, build.denizen_move_time(counter, run.sides[denizen.id])) if box is not None else Maneuver(None, None)
        body = Body(denizen.id, own)
        if isinstance(counter, Native) and counter.horse is not None and not denizen.horse_dead:
            horse_box = run.boxes.get((denizen.id, "horse"), box)
            body.maneuver = Maneuver(horse_box, counter.horse.galloping.move_time) if horse_box else Maneuver(None, None)
            body.own_maneuver = own
            body.horse = f"{denizen.id}'s {counter.horse.name}"
            body.horse_vulnerability = counter.horse.vulnerability
            body.horse_armored = counter.horse.armored
        bodies[denizen.id] = body
    run.events.append(rule_event(
        "hamblen", "setup",
        "Maneuvers are fixed now, before any harm: "
        + "; ".join(
            f"{b.name} box {b.maneuver.box or '-'} time {b.maneuver.time if b.maneuver.time is not None else 8}"
            + (f" on {b.horse}" if b.horse else "")
            for b in bodies.values()
        ),
        (),
    ))
    return bodies


def fly_maneuver_event(catalogue, character: CharacterState, chit, box: int) -> Event:
    """FLY chits as maneuvers (docs/rulings.md): the FLY chit maneuvers like a MOVE chit, its strength
    against the heaviest item the character carries (validation refused it were it weaker)."""
    heaviest = heaviest_item(catalogue, [weapon.name for weapon in character.weapons],
                             [(armor.name, armor.state) for armor in character.armor])
    carries = (f"strength {chit.strength} ≥ weight {heaviest[1]} of {heaviest[0]}, the heaviest item carried"
               if heaviest else f"strength {chit.strength}, and nothing carried has a weight")
    return rule_event(
        "fly_maneuver", "setup",
        f"{character.id} maneuvers with {chit.id} in box {box} ({BOX_MANEUVER_NAMES.get(box, box)}), time "
        f"{chit.time}: {carries}",
        (character.id,), chit=chit.id, strength=chit.strength, heaviest=list(heaviest) if heaviest else None,
    )


def berserk(run: RoundState) -> None:
    """BERSERK (docs/rulings.md): a Berserker who played his BERSERK chit this round, in the melee or the
    encounter step, is Tremendous to every attack of the round, before any attack strikes."""
    for character in run.state.characters:
        if character.dead or character.fled:
            continue
        played = tuple(chit for name, chit in run.input.encounter_chits if name == character.id)
        vulnerability, said = berserk_vulnerability(
            find(run.catalogue, "character", character.character), character, run.input.play(character.id), played,
        )
        if vulnerability is not None:
            run.vulnerabilities[character.id] = vulnerability
            run.events.append(rule_event("berserk", "advantage", said, (character.id,), vulnerability=vulnerability))


def _character_target(run: RoundState, character: CharacterState, body: Body, strike: Strike, block: int, on_rider: bool, through: bool) -> Target:
    """A character hit in the attack's box: the armor protecting that box, outermost first. Armor
    destroyed earlier in this block still protects (simultaneous attacks)."""
    play = run.input.play(character.id)
    pieces = []
    for armor in character.armor:
        state = run.work.armor.get((character.id, armor.name), armor.state)
        if state == "destroyed":
            if run.work.killed_in_block.get(f"armor:{character.id}:{armor.name}") != block:
                continue
            state = "damaged"
        pieces.append((find(run.catalogue, "armor_piece", armor.name), state))
    layers = build.armor_for_box(pieces, strike.attack.box, play.shield_box if play else None)
    rider_maneuver = body.own_maneuver if (on_rider and not through and strike.aim == "rider") else None
    return build.character_target(
        find(run.catalogue, "character", character.character), maneuver=body.maneuver, armor=layers,
        rider_maneuver=rider_maneuver, name=character.id, vulnerability=run.vulnerabilities.get(character.id),
    )


def choose_body(run: RoundState, strike: Strike, body: Body, block: int) -> tuple[str, Target, list[Event]]:
    """Which body the attack hits (rule 5.3): a horse takes the hit unless a character aims at the
    rider or the attacker is a red-side-up Tremendous monster; a horse killed earlier this round
    still lends its maneuver and passes the hit to its rider (Hamblen's ruling)."""
    events: list[Event] = []
    target_id = strike.target
    red = strike.attack.harm == "RED"
    aims_rider = strike.part == "attack" and strike.aim == "rider" and run.rules.riding_horses
    hits_horse = body.horse is not None and not red and not aims_rider
    through = False
    if hits_horse and run.work.dead_before(f"horse:{target_id}", block):
        hits_horse = False
        through = True
        events.append(rule_event(
            "hamblen", "target",
            f"{body.horse} was killed earlier this round: the hit passes through to {target_id}, and the "
            f"horse's maneuver (box {body.maneuver.box}, time {body.maneuver.time}) still counts",
            run.actors(strike.attacker, target_id),
        ))
    elif body.horse is not None:
        if red:
            why = f"{strike.attack.attacker} is red side up: it attacks the rider {target_id}, not {body.horse}"
        elif aims_rider:
            why = f"{strike.attack.attacker} aims at the rider {target_id}: it must still intercept or undercut {body.horse}'s maneuver"
        else:
            why = f"{body.horse} takes the hit aimed at {target_id}"
        key = "denizen_horse" if strike.part != "attack" else "horse_hit"
        events.append(rule_event(key, "target", why, run.actors(strike.attacker, target_id)))
    if hits_horse:
        return f"horse:{target_id}", Target(
            name=body.horse, kind="horse", vulnerability=body.horse_vulnerability, maneuver=body.maneuver,
            armored=body.horse_armored,
        ), events
    character = run.work.characters.get(target_id)
    if character is not None:
        return target_id, _character_target(run, character, body, strike, block, body.horse is not None, through), events
    counter = run.counters[target_id]
    rider_maneuver = body.own_maneuver if (aims_rider and body.horse is not None) else None
    return target_id, Target(
        name=target_id, kind="denizen", vulnerability=counter.vulnerability, maneuver=body.maneuver,
        armored=counter.armored, rider_maneuver=rider_maneuver,
    ), events
