"""A melee round: validate each side's plays, then resolve the round.

`validate_round(round_input)` lists every play that breaks the rules, each naming its field.
`resolve_round(round_input, dice)` resolves the round in the order of the rules:

1. denizen horses gallop in melee; denizens are placed, repositioned and change tactics (combat.engine.denizens);
2. every maneuver is fixed before any harm (Hamblen's ruling, optional-combat-rules.md);
3. attacks are ordered (first round by length then time, later rounds by time then length) into blocks of
   simultaneous attacks (equal length and time);
4. each attack is resolved by `combat.engine.attack.resolve_attack`, against the body it hits;
5. after the round: weapons alerted or unalerted, fatigue and wounds owed, kills and their bounty, red-side-up
   Tremendous monsters, and whether combat ends.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from itertools import groupby

from combat.engine import attackers as build
from combat.engine.advantages import berserk_vulnerability, missile_advantages
from combat.engine import rulings
from combat.engine import magic_attacks
from combat.engine import denizens as sheet_rules
from combat.engine.attack import Attack, Maneuver, Target, _resolve_attack
from combat.engine.catalogue import Monster, Native
from combat.engine.dice import Dice
from combat.engine.effort import asterisks_of, casting_chit, effort_chits, effort_limit_error, limit_chits
from combat.engine.fiery_blast import casts_fiery_blast as _casts_fiery_blast
from combat.engine.log import Event
from combat.engine.lookups import catalogue_or_default as _catalogue
from combat.engine.lookups import find as _find
from combat.engine.lookups import lookup_denizen as _lookup_denizen
from combat.engine.lookups import lookup_horse as _lookup_horse
from combat.engine.melee_log import RULES, rule_event as _event
from combat.engine.melee_validation import FIGHT_ACTIONS, MOVE_ACTIONS, RoundInvalid, blocking_errors, validate_round
from combat.engine.model import (
    ArmorState,
    WeaponState,
    BattleState,
    CharacterState,
    CharacterSummary,
    DenizenState,
    Kill,
    Position,
    RoundInput,
    RoundResult,
)
from combat.engine.tremendous import pinning_monsters, run_errors
from combat.engine.tremendous import pins as _pins

# What callers import from here (combat.engine.play, combat.rounds, the resolve_round command, the tests).
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


# --- resolution --------------------------------------------------------------------------------------


@dataclass
class _Strike:
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


@dataclass
class _Body:
    """Who can be hit, with the maneuvers fixed at hit determination."""

    name: str
    maneuver: Maneuver  # the maneuver an attack must intercept or undercut (a rider's: his horse's)
    own_maneuver: Maneuver | None = None  # a rider's own maneuver
    horse: str | None = None  # the horse's display name when mounted
    horse_vulnerability: str | None = None
    horse_armored: bool = False


@dataclass
class _Working:
    characters: dict[str, CharacterState]
    denizens: dict[str, DenizenState]
    killed_in_block: dict[str, int] = field(default_factory=dict)
    armor: dict[tuple[str, str], str] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    weapon_hit: dict[tuple[str, str], bool] = field(default_factory=dict)
    kills: dict[str, Kill] = field(default_factory=dict)
    harm_done: bool = False
    hits_without_kill: set[str] = field(default_factory=set)  # monsters (T, pinning) that hit and did not kill
    # Magic attacks of Demons and the Imp (combat.engine.magic_attacks): who made one, the fatigue the GM
    # ruled, and the rulings still needed.
    magic_attackers: list[str] = field(default_factory=list)
    protected: set[str] = field(default_factory=set)  # demons kept off their target by HEAVENLY PROTECTION
    ruled_fatigue: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rulings_needed: list = field(default_factory=list)
    horse_killers: set[str] = field(default_factory=set)  # monsters (T, pinning) that killed their target's horse
    cancelled_weapons: set[tuple[str, str]] = field(default_factory=set)  # alerted by a cancelled attack (ruling)

    def dead_before(self, name: str, block: int) -> bool:
        return name in self.killed_in_block and self.killed_in_block[name] < block


def _owner_of(denizen: DenizenState | None) -> str | None:
    return denizen.hired_by if denizen is not None else None


class _Round:
    def __init__(self, round_input: RoundInput, dice: Dice, catalogue):
        self.input = round_input
        self.rules = round_input.rules
        self.state = round_input.state
        self.dice = dice
        self.catalogue = catalogue
        self.events: list[Event] = []
        self.counters = {d.id: _lookup_denizen(catalogue, d.counter) for d in self.state.denizens}
        self.sides: dict[str, str] = {d.id: d.side for d in self.state.denizens}
        self.weapon_sides: dict[str, str] = {d.id: d.weapon_side for d in self.state.denizens}
        self.boxes: dict[tuple[str, str], int] = {}
        self.targets: dict[str, str] = {}  # denizen → whom it attacks this round
        self.vulnerabilities: dict[str, str] = {}  # a character's vulnerability changed by an advantage (BERSERK)
        self.work = _Working(
            characters={c.id: c for c in self.state.characters},
            denizens={d.id: d for d in self.state.denizens},
        )
        for character in self.state.characters:
            for armor in character.armor:
                self.work.armor[(character.id, armor.name)] = armor.state

    # 1. Sheets: placement, repositioning, change tactics --------------------------------------------

    def _chits_of(self, denizen_id: str) -> list[tuple[str, str]]:
        refs = [(denizen_id, "body")]
        counter = self.counters.get(denizen_id)
        if isinstance(counter, Monster) and counter.weapon is not None:
            refs.append((denizen_id, "weapon"))
        if isinstance(counter, Native) and counter.horse is not None and not self.work.denizens[denizen_id].horse_dead:
            refs.append((denizen_id, "horse"))
        return refs

    def _part_name(self, ref: tuple[str, str]) -> str:
        denizen_id, part = ref
        counter = self.counters[denizen_id]
        piece = counter.weapon if part == "weapon" else getattr(counter, "horse", None)
        return f"{denizen_id}'s {piece.name}" if piece is not None else f"{denizen_id}'s {part}"

    def _can_turn_over(self, ref: tuple[str, str]) -> bool:
        denizen_id, part = ref
        counter = self.counters[denizen_id]
        if part == "horse":
            return False
        if part == "weapon":
            return build.weapon_can_turn_over(
                counter, self.sides[denizen_id], while_red=self.rules.weapon_turns_while_red,
            )
        return build.can_turn_over(counter, self.sides[denizen_id])

    def arrange_sheets(self) -> None:
        """Denizen horses gallop in melee; on every sheet each group is placed (basic rules: as many boxes
        as possible), repositioned (rule 22.5/2) and changes tactics (rule 22.5/3)."""
        mounted = [
            d.id for d in self.state.denizens
            if d.active and isinstance(self.counters[d.id], Native) and self.counters[d.id].horse is not None and not d.horse_dead
        ]
        if mounted:
            self.events.append(_event(
                "gallop", "setup", f"Denizen horses gallop in melee: {', '.join(mounted)}", mounted,
            ))
        # Whom each denizen attacks: the owner of the sheet it stands on; a denizen owning a sheet without
        # attacking from another one turns on `owner_target` (by default its most recent attacker).
        for sheet in self.input.sheets:
            for position in sheet.attackers:
                self.targets[position.combatant] = sheet.owner
        for sheet in self.input.sheets:
            owner = self.state.denizen(sheet.owner)
            if owner is not None and owner.id not in self.targets:
                chosen = sheet.owner_target or (sheet.attackers[-1].combatant if sheet.attackers else None)
                if chosen is not None:
                    self.targets[owner.id] = chosen
        attacking_elsewhere = {p.combatant for sheet in self.input.sheets for p in sheet.attackers}
        for sheet in self.input.sheets:
            groups = [("attackers", list(sheet.attackers))]
            owner = self.state.denizen(sheet.owner)
            if owner is not None and owner.id not in attacking_elsewhere:
                groups.append(("owner", [sheet.owner_position or Position(sheet.owner)]))
            for group_name, positions in groups:
                self._arrange_group(sheet.owner, "the attackers" if group_name == "attackers" else sheet.owner, positions)

    def _arrange_group(self, sheet_owner: str, label: str, positions: list[Position]) -> None:
        """Rule 22.5/2, 22.5/3: place, reposition and change the tactics of one group on one sheet."""
        refs: list[tuple[str, str]] = []
        given: dict[tuple[str, str], int | None] = {}
        for position in positions:
            for ref in self._chits_of(position.combatant):
                refs.append(ref)
                given[ref] = {"body": position.box, "weapon": position.weapon_box, "horse": position.horse_box}[ref[1]]
        if not refs:
            return
        names = {ref: self._part_name(ref) for ref in refs if ref[1] != "body"}
        placement = sheet_rules.place(refs, given, sheet_owner, names)
        self.events.extend(placement.events)
        moved = sheet_rules.roll_repositioning(placement.boxes, self.dice, sheet_owner, label, names)
        self.events.extend(moved.events)
        if self.rules.weapon_turns_while_red:
            for denizen_id, part in refs:
                if part == "weapon" and not build.weapon_can_turn_over(self.counters[denizen_id], self.sides[denizen_id]):
                    self.events.append(rulings.weapon_while_red_event(self.rules, denizen_id, names[(denizen_id, part)]))
        turned, events = sheet_rules.roll_change_tactics(
            moved.boxes, self._can_turn_over, self.dice, sheet_owner, label, names,
        )
        self.events.extend(events)
        for denizen_id, part in turned:
            sides = self.weapon_sides if part == "weapon" else self.sides
            sides[denizen_id] = "light" if sides[denizen_id] == "dark" else "dark"
        for ref, box in moved.boxes.items():
            self.boxes.setdefault(ref, box)

    # 2. Maneuvers, fixed before any harm (Hamblen's ruling) ------------------------------------------

    def fix_maneuvers(self) -> dict[str, _Body]:
        """Hamblen's ruling (optional-combat-rules.md, 5.4/1): every maneuver, and so every table modifier,
        is fixed before any harm. A character's horse maneuvers for him (5.2); a native maneuvers with his
        galloping horse and his own counter (5.2); no maneuver counts as time 8 (5.4/4)."""
        bodies: dict[str, _Body] = {}
        catalogue = self.catalogue
        for character in self.state.characters:
            if character.dead or character.fled:
                continue
            play = self.input.play(character.id)
            maneuver = play.maneuver if play else None
            body = _Body(character.id, Maneuver(None, None))
            if maneuver is not None:
                if maneuver.horse:
                    horse = _lookup_horse(catalogue, character.horse.counter)
                    side = horse.galloping if maneuver.horse == "galloping" else horse.walking
                    body.maneuver = Maneuver(maneuver.box, side.move_time)
                elif maneuver.boots:
                    body.maneuver = Maneuver(maneuver.box, maneuver.boots_time)
                else:
                    body.maneuver = Maneuver(maneuver.box, character.chit(maneuver.chit).time)
            if character.rides and (self.rules.riding_horses or (maneuver is not None and maneuver.horse)):
                horse = _lookup_horse(catalogue, character.horse.counter)
                body.horse = f"{character.id}'s {horse.name}"
                body.horse_vulnerability = horse.vulnerability
                body.horse_armored = horse.armored
                rider = play.rider_maneuver if play else None
                if rider is not None:
                    time = rider.boots_time if rider.boots else character.chit(rider.chit).time
                    body.own_maneuver = Maneuver(rider.box, time)
            bodies[character.id] = body
        for denizen in self.state.denizens:
            if not denizen.active:
                continue
            counter = self.counters[denizen.id]
            box = self.boxes.get((denizen.id, "body"))
            own = Maneuver(box, build.denizen_move_time(counter, self.sides[denizen.id])) if box is not None else Maneuver(None, None)
            body = _Body(denizen.id, own)
            if isinstance(counter, Native) and counter.horse is not None and not denizen.horse_dead:
                horse_box = self.boxes.get((denizen.id, "horse"), box)
                body.maneuver = Maneuver(horse_box, counter.horse.galloping.move_time) if horse_box else Maneuver(None, None)
                body.own_maneuver = own
                body.horse = f"{denizen.id}'s {counter.horse.name}"
                body.horse_vulnerability = counter.horse.vulnerability
                body.horse_armored = counter.horse.armored
            bodies[denizen.id] = body
        self.events.append(_event(
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

    # 3. The attacks and their order ---------------------------------------------------------------

    def collect_strikes(self) -> list[_Strike]:
        """Every attack of the round: each character's play, each denizen with a target (its own attack and
        its head's or club's, a separate attacker)."""
        strikes: list[_Strike] = []
        self._berserk()
        for play in self.input.plays:
            character = self.work.characters.get(play.character)
            if character is None or character.dead or character.fled or play.attack is None or play.target is None:
                continue
            chit = character.chit(play.attack.chit)
            if play.attack.spell:
                attack = build.spell_attack(
                    _find(self.catalogue, "spell", play.attack.spell), magic_time=0 if play.attack.alerted else chit.time,
                    box=play.attack.box, attacker=character.id,
                )
            else:
                weapon_state = character.weapon(play.attack.weapon) if play.attack.weapon else None
                attack = build.weapon_attack(
                    _find(self.catalogue, "weapon", weapon_state.name) if weapon_state else None,
                    alerted=bool(weapon_state and weapon_state.alerted),
                    fight_strength=chit.strength, fight_time=chit.time, box=play.attack.box, attacker=character.id,
                )
            attack, said = missile_advantages(_find(self.catalogue, "character", character.character), attack)
            for sentence in said:
                self.events.append(_event("advantage", "advantage", sentence, (character.id,)))
            strikes.append(_Strike(
                character.id, "attack", play.target, attack, aim=play.target_part,
                weapon=weapon_state.name if not play.attack.spell and weapon_state else None,
            ))
        for denizen in self.state.denizens:
            target = self.targets.get(denizen.id)
            if not denizen.active or target is None:
                continue
            counter = self.counters[denizen.id]
            side = self.sides[denizen.id]
            box = self.boxes.get((denizen.id, "body"))
            if self._protected(denizen.id, counter, target):
                continue
            magic = magic_attacks.magic_attack(counter, side, box=box, attacker=denizen.id, catalogue=self.catalogue)
            if magic is not None:
                strikes.append(_Strike(denizen.id, "magic", target, magic))
            elif build.denizen_side(counter, side).harm is not None:
                strikes.append(_Strike(denizen.id, "body", target, build.denizen_attack(counter, side, box=box, attacker=denizen.id)))
            if isinstance(counter, Monster) and counter.weapon is not None:
                weapon_side = self.weapon_sides[denizen.id]
                if build.denizen_side(counter.weapon, weapon_side).harm is not None:
                    part = build.denizen_attack(
                        counter.weapon, weapon_side, box=self.boxes.get((denizen.id, "weapon"), box),
                        attacker=f"{denizen.id}'s {counter.weapon.name}",
                    )
                    strikes.append(_Strike(denizen.id, "weapon", target, part))
        for index, strike in enumerate(strikes):
            strike.index = index
        return strikes

    def _protected(self, denizen_id: str, counter, target: str) -> bool:
        """HEAVENLY PROTECTION: a demon attacking the Pilgrim makes no attack on him (it stays on his sheet)."""
        character = self.work.characters.get(target)
        event = magic_attacks.protection_event(
            _find(self.catalogue, "character", character.character) if character else None, counter,
            attacker=denizen_id, target=target, actors=self._actors(denizen_id, target),
        )
        if event is not None:
            self.events.append(event)
            self.work.protected.add(denizen_id)
        return event is not None

    def _berserk(self) -> None:
        """BERSERK (docs/rulings.md): a Berserker who played his BERSERK chit this round, in the melee or the
        encounter step, is Tremendous to every attack of the round, before any attack strikes."""
        for character in self.state.characters:
            if character.dead or character.fled:
                continue
            played = tuple(chit for name, chit in self.input.encounter_chits if name == character.id)
            vulnerability, said = berserk_vulnerability(
                _find(self.catalogue, "character", character.character), character, self.input.play(character.id), played,
            )
            if vulnerability is not None:
                self.vulnerabilities[character.id] = vulnerability
                self.events.append(_event("berserk", "advantage", said, (character.id,), vulnerability=vulnerability))

    def order(self, strikes: list[_Strike]) -> list[list[_Strike]]:
        """First round: longer length first, then faster time; later rounds: faster time first, then
        longer length. Equal length and time: one block of simultaneous attacks."""
        first = self.state.round_number <= 1
        key = (lambda s: (-s.length, s.time)) if first else (lambda s: (s.time, -s.length))
        ordered = sorted(strikes, key=lambda s: (key(s), s.index))
        blocks = [list(group) for _, group in groupby(ordered, key=key)]
        rule = "order_first" if first else "order_later"
        for number, block in enumerate(blocks, start=1):
            names = ", ".join(f"{s.attack.attacker} (length {s.length}, time {s.time})" for s in block)
            self.events.append(_event(
                rule, "order", f"Block {number}: {names}" + (" — simultaneous" if len(block) > 1 else ""),
                [s.attacker for s in block] + [s.target for s in block],
                block=number,
            ))
        return blocks

    # 4. Resolution --------------------------------------------------------------------------------

    def _actors(self, *names: str) -> list[str]:
        actors: list[str] = []
        for name in names:
            actors.append(name)
            owner = _owner_of(self.work.denizens.get(name))
            if owner:
                actors.append(owner)
        return actors

    def _character_target(self, character: CharacterState, body: _Body, strike: _Strike, block: int, on_rider: bool, through: bool) -> Target:
        """A character hit in the attack's box: the armor protecting that box, outermost first. Armor
        destroyed earlier in this block still protects (simultaneous attacks)."""
        play = self.input.play(character.id)
        pieces = []
        for armor in character.armor:
            state = self.work.armor.get((character.id, armor.name), armor.state)
            if state == "destroyed":
                if self.work.killed_in_block.get(f"armor:{character.id}:{armor.name}") != block:
                    continue
                state = "damaged"
            pieces.append((_find(self.catalogue, "armor_piece", armor.name), state))
        layers = build.armor_for_box(pieces, strike.attack.box, play.shield_box if play else None)
        rider_maneuver = body.own_maneuver if (on_rider and not through and strike.aim == "rider") else None
        return build.character_target(
            _find(self.catalogue, "character", character.character), maneuver=body.maneuver, armor=layers,
            rider_maneuver=rider_maneuver, name=character.id, vulnerability=self.vulnerabilities.get(character.id),
        )

    def _choose_body(self, strike: _Strike, body: _Body, block: int) -> tuple[str, Target, list[Event]]:
        """Which body the attack hits (rule 5.3): a horse takes the hit unless a character aims at the
        rider or the attacker is a red-side-up Tremendous monster; a horse killed earlier this round
        still lends its maneuver and passes the hit to its rider (Hamblen's ruling)."""
        events: list[Event] = []
        target_id = strike.target
        red = strike.attack.harm == "RED"
        aims_rider = strike.part == "attack" and strike.aim == "rider" and self.rules.riding_horses
        hits_horse = body.horse is not None and not red and not aims_rider
        through = False
        if hits_horse and self.work.dead_before(f"horse:{target_id}", block):
            hits_horse = False
            through = True
            events.append(_event(
                "hamblen", "target",
                f"{body.horse} was killed earlier this round: the hit passes through to {target_id}, and the "
                f"horse's maneuver (box {body.maneuver.box}, time {body.maneuver.time}) still counts",
                self._actors(strike.attacker, target_id),
            ))
        elif body.horse is not None:
            if red:
                why = f"{strike.attack.attacker} is red side up: it attacks the rider {target_id}, not {body.horse}"
            elif aims_rider:
                why = f"{strike.attack.attacker} aims at the rider {target_id}: it must still intercept or undercut {body.horse}'s maneuver"
            else:
                why = f"{body.horse} takes the hit aimed at {target_id}"
            key = "denizen_horse" if strike.part != "attack" else "horse_hit"
            events.append(_event(key, "target", why, self._actors(strike.attacker, target_id)))
        if hits_horse:
            return f"horse:{target_id}", Target(
                name=body.horse, kind="horse", vulnerability=body.horse_vulnerability, maneuver=body.maneuver,
                armored=body.horse_armored,
            ), events
        character = self.work.characters.get(target_id)
        if character is not None:
            return target_id, self._character_target(character, body, strike, block, body.horse is not None, through), events
        counter = self.counters[target_id]
        rider_maneuver = body.own_maneuver if (aims_rider and body.horse is not None) else None
        return target_id, Target(
            name=target_id, kind="denizen", vulnerability=counter.vulnerability, maneuver=body.maneuver,
            armored=counter.armored, rider_maneuver=rider_maneuver,
        ), events

    def resolve(self, blocks: list[list[_Strike]], bodies: dict[str, _Body]) -> None:
        work = self.work
        for number, block in enumerate(blocks, start=1):
            for strike in block:
                actors = self._actors(strike.attacker, strike.target)
                if work.dead_before(strike.attacker, number):
                    whose = "its" if strike.attack.attacker == strike.attacker else f"its {strike.attack.attacker.split(chr(39) + 's ', 1)[-1]}'s"
                    self.events.append(_event(
                        "cancelled", "attack", f"{strike.attacker} was killed earlier this round: {whose} attack is cancelled", actors,
                    ))
                    continue
                if strike.attack.cancelled:
                    self.events.append(_event(
                        "too_heavy", "attack", f"{strike.attack.attacker}'s attack is cancelled: {strike.attack.cancelled}", actors,
                    ))
                    self._cancelled(strike)
                    continue
                if work.dead_before(strike.target, number) or strike.target not in bodies:
                    self.events.append(_event(
                        "cancelled", "attack", f"{strike.target} is already dead: {strike.attack.attacker}'s attack is cancelled", actors,
                    ))
                    self._cancelled(strike)
                    continue
                if strike.part == "magic":
                    self._magic(strike, number, actors)
                    continue
                body_key, target, events = self._choose_body(strike, bodies[strike.target], number)
                self.events.extend(events)
                result = _resolve_attack(strike.attack, target, self.rules, self.dice, tuple(dict.fromkeys(actors)))
                # The attack's events are new objects made for this call: the block is written into their
                # data (last, as a copy of each would put it) rather than copying every event.
                for event in result.events:
                    event.data["block"] = number
                self.events.extend(result.events)
                self._apply(strike, body_key, target, result, number)

    def _cancelled(self, strike: _Strike) -> None:
        """Ruling `cancelled_attack_alerts` (docs/rulings.md): with it on, the weapon of a character's
        cancelled attack is alerted as if it had missed."""
        if self.rules.cancelled_attack_alerts and strike.part == "attack" and strike.weapon:
            self.work.weapon_hit.setdefault((strike.attacker, strike.weapon), False)
            self.work.cancelled_weapons.add((strike.attacker, strike.weapon))

    def _apply(self, strike: _Strike, body_key: str, target: Target, result, block: int) -> None:
        """Apply one AttackResult: armor damaged or destroyed (a damaged piece damaged again is destroyed),
        wounds owed, kills (simultaneous killers share one kill), and which weapons hit or missed; a
        Tremendous monster whose dark side pins notes a hit that did not kill (it turns red side up)."""
        work = self.work
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
            self._kill(body_key, target.name if horse_of else body_key, strike.attacker, block, horse_of)
            if body_key == f"horse:{strike.target}" and strike.part in ("body", "weapon") and _pins(self.counters[strike.attacker]):
                work.horse_killers.add(strike.attacker)
        elif result.is_hit and strike.part in ("body", "weapon") and _pins(self.counters[strike.attacker]):
            if body_key in (strike.target, f"horse:{strike.target}"):
                work.hits_without_kill.add(strike.attacker)

    def _kill(self, body_key: str, victim: str, attacker: str, block: int, horse_of: str | None = None) -> None:
        """A kill in `block`: simultaneous killers share one kill."""
        work = self.work
        if body_key not in work.killed_in_block:
            work.killed_in_block[body_key] = block
            work.kills[body_key] = Kill(victim=victim, killers=(attacker,), credited_to=(), block=block, horse_of=horse_of)
        elif work.kills[body_key].block == block and attacker not in work.kills[body_key].killers:
            kill = work.kills[body_key]
            work.kills[body_key] = replace(kill, killers=kill.killers + (attacker,))

    def _magic(self, strike: _Strike, block: int, actors) -> None:
        """A Demon's or the Imp's magic attack: the GM's ruling applied in its block, or the ruling the round
        waits for (combat.engine.magic_attacks). It counts as spellcasting either way."""
        work = self.work
        outcome = magic_attacks.resolve_magic_attack(
            strike.attack, attacker=strike.attacker, target=strike.target, block=block,
            ruling=self.input.ruling(strike.attacker, strike.target), actors=dict.fromkeys(actors),
        )
        self.events.extend(outcome.events)
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
            self._kill(strike.target, strike.target, strike.attacker, block)

    # 5. After the round ---------------------------------------------------------------------------

    def finish(self, seed) -> RoundResult:
        """After the round: weapons alerted or unalerted, fatigue (one free asterisk), wounds, MAGIC chits
        fatigued, kills scored (rule 43.4), Tremendous monsters red side up and pinning, and the end of
        combat (two consecutive rounds without harm, fatigue or spellcasting)."""
        work = self.work
        rules = self.rules
        summaries: dict[str, dict] = {c.id: {"character": c.id} for c in self.state.characters}
        spell_cast = bool(work.magic_attackers)  # a Demon's or the Imp's magic attack is spellcasting
        fatigue_total = 0
        new_characters: dict[str, CharacterState] = {}
        for character in self.state.characters:
            play = self.input.play(character.id)
            summary = summaries[character.id]
            chits = {chit.id: chit for chit in character.chits}
            asterisks = 0
            if play is not None and not character.dead and not character.fled:
                if play.attack is not None and play.attack.spell:
                    chit = character.chit(play.attack.chit)
                    spell_cast = True
                    chits[chit.id] = replace(chit, state="fatigued")
                    self.events.append(_event(
                        "magic_fatigue", "fatigue", f"{character.id}'s {chit.id} cast {play.attack.spell}: it is fatigued",
                        [character.id],
                    ))
                asterisks = asterisks_of(chit for _, chit in effort_chits(character, play))
            owed = max(0, asterisks - 1)
            if asterisks:
                self.events.append(_event(
                    "fatigue", "fatigue",
                    f"{character.id} played {asterisks} asterisk(s): 1 is free, {asterisks} - 1 = {owed} to fatigue"
                    if owed else f"{character.id} played {asterisks} asterisk: it is free",
                    [character.id], asterisks=asterisks, owed=owed,
                ))
            if work.ruled_fatigue.get(character.id):
                self.events.append(magic_attacks.ruled_fatigue_event(character.id, owed, work.ruled_fatigue[character.id]))
                owed += work.ruled_fatigue[character.id]
            fatigue_total += owed
            summary["asterisks_played"] = asterisks
            summary["fatigue_owed"] = owed
            # weapons
            weapons = []
            alerted, unalerted = [], []
            for weapon in character.weapons:
                hit = work.weapon_hit.get((character.id, weapon.name))
                if hit is True and weapon.alerted:
                    unalerted.append(weapon.name)
                elif hit is False and not weapon.alerted:
                    alerted.append(weapon.name)
                weapons.append(weapon if hit is None or weapon.alerted == (not hit) else WeaponState(weapon.name, not hit))
            for names, word in ((unalerted, "hit: unalerted"), (alerted, "missed: alerted")):
                for name in names:
                    if (character.id, name) in work.cancelled_weapons:
                        self.events.append(rulings.ruling_event(
                            "cancelled_attack_alerts", "weapon",
                            f"{character.id}'s {name}: its attack was cancelled, it is alerted as if it had missed "
                            f"({rulings.setting_text(rules, 'cancelled_attack_alerts')})", [character.id],
                        ))
                        continue
                    self.events.append(_event("alert", "weapon", f"{character.id}'s {name} {word}", [character.id]))
            summary["weapons_alerted"] = tuple(alerted)
            summary["weapons_unalerted"] = tuple(unalerted)
            armor = []
            changes = []
            for piece in character.armor:
                state = work.armor.get((character.id, piece.name), piece.state)
                if state != piece.state:
                    changes.append((piece.name, state))
                armor.append(piece if state == piece.state else ArmorState(piece.name, state))
            summary["armor_changes"] = tuple(changes)
            wounds = work.wounds.get(character.id, 0)
            summary["wounds_owed"] = wounds
            killed = character.id in work.killed_in_block or character.dead
            if wounds and not killed:
                unwounded, which = rulings.woundable_chits(character, rules)
                self.events.append(_event(
                    "wounds", "wound", f"{character.id} owes {wounds} wound(s), to be put on chits of the player's choice", [character.id],
                    wounds=wounds,
                ))
                if wounds >= unwounded:
                    killed = True
                    work.killed_in_block.setdefault(character.id, len(self.events))
                    self.events.append(_wound_death(character.id, wounds, unwounded, which, rules))
            summary["killed"] = killed
            horse = character.horse
            if horse is not None and f"horse:{character.id}" in work.killed_in_block:
                horse = replace(horse, dead=True)
            new_characters[character.id] = replace(
                character, chits=tuple(chits.values()), weapons=tuple(weapons), armor=tuple(armor), horse=horse,
                dead=killed,
            )
        kills = self._score(new_characters, summaries)
        # denizens
        new_denizens = []
        pinning = False
        for denizen in self.state.denizens:
            counter = self.counters[denizen.id]
            dead = denizen.dead or denizen.id in work.killed_in_block
            horse_dead = denizen.horse_dead or f"horse:{denizen.id}" in work.killed_in_block
            side = self.sides[denizen.id]
            target = self.targets.get(denizen.id, denizen.target)
            target_alive = target is not None and target not in work.killed_in_block and not self._dead_in_state(target)
            if _pins(counter) and not dead:
                if denizen.id in work.hits_without_kill and side != "dark" and target_alive:
                    side = "dark"
                    self.events.append(_event(
                        "red_side", "tactics", f"{denizen.id} hit {target} without killing: it turns red side up and holds {target}",
                        self._actors(denizen.id, target), monster=denizen.id, turned_red_side_up=True,
                    ))
                elif denizen.id in work.horse_killers and side != "dark" and target_alive:
                    turns = rules.red_after_killing_horse
                    side = "dark" if turns else side
                    self.events.append(rulings.ruling_event(
                        "red_after_killing_horse", "tactics",
                        f"{denizen.id} killed {target}'s horse without killing {target}: "
                        + (f"it turns red side up and holds {target}" if turns else "it keeps its side")
                        + f" ({rulings.setting_text(rules, 'red_after_killing_horse')})",
                        self._actors(denizen.id, target), monster=denizen.id, turned_red_side_up=turns,
                    ))
                elif side == "dark" and not target_alive:
                    side = "light"
                    self.events.append(_event(
                        "red_back", "tactics", f"{denizen.id}'s target is gone: it turns light side up", self._actors(denizen.id),
                    ))
                elif side == "dark" and denizen.id in work.protected:
                    side = "light"  # it holds no one it cannot attack (docs/rulings.md)
                    self.events.append(magic_attacks.protected_turns_light(denizen.id, target, self._actors(denizen.id, target)))
                if side == "dark" and target_alive:
                    pinning = True
                    self.events.append(_event(
                        "pinned", "tactics", f"{denizen.id} is red side up and holds {target}: {target} cannot run away",
                        self._actors(denizen.id, target),
                    ))
            keep = target_alive and (
                (denizen.hired_by is None and target in new_characters) or (_pins(counter) and side == "dark")
            )
            changed = (side, self.weapon_sides[denizen.id], dead, horse_dead, target if keep and not dead else None)
            if changed == (denizen.side, denizen.weapon_side, denizen.dead, denizen.horse_dead, denizen.target):
                new_denizens.append(denizen)
            else:
                new_denizens.append(DenizenState(
                    id=denizen.id, counter=denizen.counter, side=side, group=denizen.group, hired_by=denizen.hired_by,
                    horse_dead=horse_dead, weapon_side=changed[1], target=changed[4], dead=dead, fled=denizen.fled,
                ))
        harm = work.harm_done or bool(kills)
        quiet = not harm and fatigue_total == 0 and not spell_cast
        pinning_alive = pinning
        no_character_left = not any(not c.dead and not c.fled for c in new_characters.values())
        combat_ends = no_character_left or (quiet and self.state.previous_round_quiet and not pinning_alive)
        reasons = []
        if harm:
            reasons.append("harm was done")
        if fatigue_total:
            reasons.append("fatigue is owed")
        if spell_cast:
            reasons.append("a spell was cast")
        if no_character_left:
            text = "No character is left fighting in the clearing: combat ends"
        elif combat_ends:
            text = "No harm, fatigue or spellcasting this round or the one before: combat ends"
        elif quiet:
            text = "No harm, fatigue or spellcasting this round" + (
                "; a red-side-up monster still holds its target: combat goes on" if pinning_alive and self.state.previous_round_quiet
                else ": one more such round ends combat"
            )
        else:
            text = f"Combat goes on: {', '.join(reasons)} this round"
        self.events.append(_event("combat_ends", "end", text, (), quiet=quiet, combat_ends=combat_ends))
        new_state = BattleState(
            round_number=self.state.round_number + 1,
            characters=tuple(new_characters.values()),
            denizens=tuple(new_denizens),
            previous_round_quiet=quiet,
            dwelling=self.state.dwelling,
        )
        return RoundResult(
            round_number=self.state.round_number,
            rules=rules,
            events=tuple(self.events),
            state=new_state,
            summaries=tuple(CharacterSummary(**values) for values in summaries.values()),
            kills=kills,
            harm_done=harm,
            quiet=quiet,
            combat_ends=combat_ends,
            dice=tuple(getattr(self.dice, "history", ())),
            seed=seed,
        )

    def _dead_in_state(self, name: str) -> bool:
        combatant = self.state.combatant(name)
        return combatant is None or combatant.dead or combatant.fled

    def _victim_values(self, victim: str) -> tuple[int, int, int]:
        """(fame, notoriety, gold bounty) of a victim; horses and characters carry no bounty here."""
        counter = self.counters.get(victim)
        if counter is None:
            return 0, 0, 0
        if isinstance(counter, Native):
            return counter.fame, counter.notoriety, counter.wage
        return counter.fame, counter.notoriety, 0

    def _score(self, characters: dict[str, CharacterState], summaries: dict[str, dict]) -> tuple[Kill, ...]:
        """Rule 43.4: each character's kills this round, highest notoriety first, each worth its fame and
        notoriety times the character's running count of kills this combat; a bounty is divided among
        simultaneous killers; a hireling's kill is credited to its owner (multiplier 1).

        Community fix `fiery_blast_no_bounty_multiplier` (off by default): a character's kill made by his
        Fiery Blast scores fame and notoriety with multiplier 1, but it still advances his kill count, so a
        later kill this combat (by any attack) has the count's multiplier as usual."""
        work = self.work
        kills: list[Kill] = []
        shares: dict[str, list[tuple[Kill, str, float]]] = defaultdict(list)
        for kill in work.kills.values():
            victim = kill.victim
            fame, notoriety, gold = self._victim_values(victim) if kill.horse_of is None else (0, 0, 0)
            credited = []
            for killer in kill.killers:
                if killer in characters:
                    credited.append(killer)
                    shares[killer].append((kill, "own", 1 / len(kill.killers), killer))
                else:
                    owner = _owner_of(work.denizens.get(killer))
                    if owner is not None:
                        credited.append(owner)
                        shares[owner].append((kill, "hireling", 1 / len(kill.killers), killer))
            kills.append(replace(kill, credited_to=tuple(dict.fromkeys(credited)), fame=fame, notoriety=notoriety, gold=gold))
            self.events.append(_event(
                "kill_credit", "kill",
                f"{victim} is killed by {' and '.join(kill.killers)}" + (" (simultaneous)" if len(kill.killers) > 1 else ""),
                self._actors(*kill.killers, kill.horse_of or victim),
            ))
        by_victim = {kill.victim: kill for kill in kills}
        for character_id, entries in shares.items():
            summary = summaries.get(character_id)
            character = characters[character_id]
            running = character.kills
            entries.sort(key=lambda entry: (-self._victim_values(entry[0].victim)[1], entry[0].block))
            total_fame = total_notoriety = total_gold = 0.0
            names = []
            for kill, how, share, killer in entries:
                fame, notoriety, gold = self._victim_values(kill.victim)
                unpaid = how == "hireling" and gold and not rulings.hireling_earns_gold(self.rules, self.counters.get(killer))
                if unpaid:
                    gold = 0
                bounty_victim = kill.horse_of is None and kill.victim not in characters
                flat_fiery_blast = False
                if how == "own" and bounty_victim:
                    running += 1
                    multiplier = running
                    if self.rules.fiery_blast_no_bounty_multiplier and _casts_fiery_blast(self.input.play(character_id)):
                        flat_fiery_blast, multiplier = True, 1
                else:
                    multiplier = 1
                if bounty_victim:
                    got_fame, got_notoriety, got_gold = fame * multiplier * share, notoriety * multiplier * share, gold * share
                    total_fame += got_fame
                    total_notoriety += got_notoriety
                    total_gold += got_gold
                    text = (
                        f"{character_id} scores {kill.victim}"
                        + (" (by a hireling)" if how == "hireling" else "")
                        + f": fame {fame} × {multiplier} × {_share_text(share)} = {_number(got_fame)}, notoriety "
                        f"{notoriety} × {multiplier} × {_share_text(share)} = {_number(got_notoriety)}"
                        + (f", gold {gold} × {_share_text(share)} = {_number(got_gold)}" if gold else "")
                    )
                    rule_key = "kill_credit"
                    if unpaid:
                        self.events.append(rulings.ruling_event(
                            "gold_only_to_leaders", "bounty",
                            f"{killer} is not a leader: {kill.victim}'s gold bounty is not paid to {character_id} "
                            f"({rulings.setting_text(self.rules, 'gold_only_to_leaders')})",
                            [character_id, killer], victim=kill.victim,
                        ))
                    if flat_fiery_blast:
                        rule_key = "fiery_blast_no_bounty_multiplier"
                        text += f" (a Fiery Blast kill: multiplier 1 instead of {running}; it still counts: {running} kills this combat)"
                    self.events.append(_event(rule_key, "bounty", text, [character_id], victim=kill.victim, multiplier=multiplier))
                    stored = by_victim[kill.victim]
                    by_victim[kill.victim] = replace(stored, multipliers={**stored.multipliers, character_id: multiplier})
                names.append(kill.victim)
            characters[character_id] = replace(character, kills=running)
            if summary is not None:
                summary["fame"] = total_fame
                summary["notoriety"] = total_notoriety
                summary["gold"] = total_gold
                summary["kills"] = tuple(names)
        return tuple(by_victim[kill.victim] for kill in kills)


def _wound_death(character_id: str, wounds: int, woundable: int, which: str, rules) -> Event:
    text = f"{character_id} owes {wounds} wound(s) and has {woundable} {which} chit(s): he is killed"
    if rules.fatigued_chits_take_wounds:
        return _event("wound_death", "kill", text, [character_id])
    return rulings.ruling_event(
        "fatigued_chits_take_wounds", "kill", f"{text} ({rulings.setting_text(rules, 'fatigued_chits_take_wounds')})",
        [character_id],
    )


def _share_text(share: float) -> str:
    if share == 1:
        return "1"
    return f"1/{round(1 / share)}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def resolve_round(round_input: RoundInput, dice: Dice, catalogue=None) -> RoundResult:
    """Resolve one melee round. Raises RoundInvalid (nothing resolved) when a play breaks the rules."""
    catalogue = _catalogue(catalogue)
    problems = validate_round(round_input, catalogue)
    errors = blocking_errors(problems)
    if errors:
        raise RoundInvalid(errors)
    warnings = tuple(error for error in problems if error.severity != "error")
    run = _Round(round_input, dice, catalogue)
    run.arrange_sheets()
    bodies = run.fix_maneuvers()
    blocks = run.order(run.collect_strikes())
    run.resolve(blocks, bodies)
    result = run.finish(getattr(dice, "seed", None))
    return replace(result, warnings=warnings, rulings_needed=tuple(run.work.rulings_needed))
