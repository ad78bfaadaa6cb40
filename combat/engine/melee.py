"""A melee round: validate each side's plays, then resolve the round.

`validate_round(round_input)` lists every play that breaks the rules, each naming its field.
`resolve_round(round_input, dice)` resolves the round in the order of the rules:

1. denizen horses gallop in melee; denizens are placed, repositioned and change tactics (combat.engine.denizens);
2. every maneuver is fixed before any harm (Hamblen's ruling, optional-combat-rules.md; combat.engine.bodies);
3. attacks are ordered (first round by length then time, later rounds by time then length) into blocks of
   simultaneous attacks (equal length and time) (combat.engine.strikes);
4. each attack is resolved by `combat.engine.attack.resolve_attack`, against the body it hits, and its harm
   applied (combat.engine.harm);
5. after the round: weapons alerted or unalerted, fatigue and wounds owed, kills and their bounty, red-side-up
   Tremendous monsters, and whether combat ends.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from combat.engine import magic_attacks, rulings
from combat.engine.bodies import berserk, fix_maneuvers
from combat.engine.catalogue import Native
from combat.engine.denizens import arrange_sheets
from combat.engine.dice import Dice
from combat.engine.effort import asterisks_of, casting_chit, effort_chits, effort_limit_error, limit_chits
from combat.engine.fiery_blast import casts_fiery_blast
from combat.engine.harm import resolve
from combat.engine.log import Event
from combat.engine.lookups import catalogue_or_default
from combat.engine.melee_log import RULES, rule_event
from combat.engine.melee_validation import FIGHT_ACTIONS, MOVE_ACTIONS, RoundInvalid, blocking_errors, validate_round
from combat.engine.model import (
    ArmorState,
    BattleState,
    CharacterState,
    CharacterSummary,
    DenizenState,
    Kill,
    RoundInput,
    RoundResult,
    WeaponState,
)
from combat.engine.round_state import RoundState, owner_of
from combat.engine.strikes import collect_strikes, order
from combat.engine.tremendous import pinning_monsters, pins, run_errors

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


def _finish(run: RoundState, seed) -> RoundResult:
    """After the round: weapons alerted or unalerted, fatigue (one free asterisk), wounds, MAGIC chits
    fatigued, kills scored (rule 43.4), Tremendous monsters red side up and pinning, and the end of
    combat (two consecutive rounds without harm, fatigue or spellcasting)."""
    work = run.work
    rules = run.rules
    summaries: dict[str, dict] = {c.id: {"character": c.id} for c in run.state.characters}
    spell_cast = bool(work.magic_attackers)  # a Demon's or the Imp's magic attack is spellcasting
    fatigue_total = 0
    new_characters: dict[str, CharacterState] = {}
    for character in run.state.characters:
        play = run.input.play(character.id)
        summary = summaries[character.id]
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
                    run.events.append(rulings.ruling_event(
                        "cancelled_attack_alerts", "weapon",
                        f"{character.id}'s {name}: its attack was cancelled, it is alerted as if it had missed "
                        f"({rulings.setting_text(rules, 'cancelled_attack_alerts')})", [character.id],
                    ))
                    continue
                run.events.append(rule_event("alert", "weapon", f"{character.id}'s {name} {word}", [character.id]))
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
            run.events.append(rule_event(
                "wounds", "wound", f"{character.id} owes {wounds} wound(s), to be put on chits of the player's choice", [character.id],
                wounds=wounds,
            ))
            if wounds >= unwounded:
                killed = True
                work.killed_in_block.setdefault(character.id, len(run.events))
                run.events.append(wound_death(character.id, wounds, unwounded, which, rules))
        summary["killed"] = killed
        horse = character.horse
        if horse is not None and f"horse:{character.id}" in work.killed_in_block:
            horse = replace(horse, dead=True)
        new_characters[character.id] = replace(
            character, chits=tuple(chits.values()), weapons=tuple(weapons), armor=tuple(armor), horse=horse,
            dead=killed,
        )
    kills = score(run, new_characters, summaries)
    # denizens
    new_denizens = []
    pinning = False
    for denizen in run.state.denizens:
        counter = run.counters[denizen.id]
        dead = denizen.dead or denizen.id in work.killed_in_block
        horse_dead = denizen.horse_dead or f"horse:{denizen.id}" in work.killed_in_block
        side = run.sides[denizen.id]
        target = run.targets.get(denizen.id, denizen.target)
        target_alive = target is not None and target not in work.killed_in_block and not run.dead_in_state(target)
        if pins(counter) and not dead:
            if denizen.id in work.hits_without_kill and side != "dark" and target_alive:
                side = "dark"
                run.events.append(rule_event(
                    "red_side", "tactics", f"{denizen.id} hit {target} without killing: it turns red side up and holds {target}",
                    run.actors(denizen.id, target), monster=denizen.id, turned_red_side_up=True,
                ))
            elif denizen.id in work.horse_killers and side != "dark" and target_alive:
                turns = rules.red_after_killing_horse
                side = "dark" if turns else side
                run.events.append(rulings.ruling_event(
                    "red_after_killing_horse", "tactics",
                    f"{denizen.id} killed {target}'s horse without killing {target}: "
                    + (f"it turns red side up and holds {target}" if turns else "it keeps its side")
                    + f" ({rulings.setting_text(rules, 'red_after_killing_horse')})",
                    run.actors(denizen.id, target), monster=denizen.id, turned_red_side_up=turns,
                ))
            elif side == "dark" and not target_alive:
                side = "light"
                run.events.append(rule_event(
                    "red_back", "tactics", f"{denizen.id}'s target is gone: it turns light side up", run.actors(denizen.id),
                ))
            elif side == "dark" and denizen.id in work.protected:
                side = "light"  # it holds no one it cannot attack (docs/rulings.md)
                run.events.append(magic_attacks.protected_turns_light(denizen.id, target, run.actors(denizen.id, target)))
            if side == "dark" and target_alive:
                pinning = True
                run.events.append(rule_event(
                    "pinned", "tactics", f"{denizen.id} is red side up and holds {target}: {target} cannot run away",
                    run.actors(denizen.id, target),
                ))
        keep = target_alive and (
            (denizen.hired_by is None and target in new_characters) or (pins(counter) and side == "dark")
        )
        changed = (side, run.weapon_sides[denizen.id], dead, horse_dead, target if keep and not dead else None)
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
    combat_ends = no_character_left or (quiet and run.state.previous_round_quiet and not pinning_alive)
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
            "; a red-side-up monster still holds its target: combat goes on" if pinning_alive and run.state.previous_round_quiet
            else ": one more such round ends combat"
        )
    else:
        text = f"Combat goes on: {', '.join(reasons)} this round"
    run.events.append(rule_event("combat_ends", "end", text, (), quiet=quiet, combat_ends=combat_ends))
    new_state = BattleState(
        round_number=run.state.round_number + 1,
        characters=tuple(new_characters.values()),
        denizens=tuple(new_denizens),
        previous_round_quiet=quiet,
        dwelling=run.state.dwelling,
    )
    return RoundResult(
        round_number=run.state.round_number,
        rules=rules,
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


def _victim_values(run: RoundState, victim: str) -> tuple[int, int, int]:
    """(fame, notoriety, gold bounty) of a victim; horses and characters carry no bounty here."""
    counter = run.counters.get(victim)
    if counter is None:
        return 0, 0, 0
    if isinstance(counter, Native):
        return counter.fame, counter.notoriety, counter.wage
    return counter.fame, counter.notoriety, 0


def score(run: RoundState, characters: dict[str, CharacterState], summaries: dict[str, dict]) -> tuple[Kill, ...]:
    """Rule 43.4: each character's kills this round, highest notoriety first, each worth its fame and
    notoriety times the character's running count of kills this combat; a bounty is divided among
    simultaneous killers; a hireling's kill is credited to its owner (multiplier 1).

    Community fix `fiery_blast_no_bounty_multiplier` (off by default): a character's kill made by his
    Fiery Blast scores fame and notoriety with multiplier 1, but it still advances his kill count, so a
    later kill this combat (by any attack) has the count's multiplier as usual."""
    work = run.work
    kills: list[Kill] = []
    shares: dict[str, list[tuple[Kill, str, float]]] = defaultdict(list)
    for kill in work.kills.values():
        victim = kill.victim
        fame, notoriety, gold = _victim_values(run, victim) if kill.horse_of is None else (0, 0, 0)
        credited = []
        for killer in kill.killers:
            if killer in characters:
                credited.append(killer)
                shares[killer].append((kill, "own", 1 / len(kill.killers), killer))
            else:
                owner = owner_of(work.denizens.get(killer))
                if owner is not None:
                    credited.append(owner)
                    shares[owner].append((kill, "hireling", 1 / len(kill.killers), killer))
        kills.append(replace(kill, credited_to=tuple(dict.fromkeys(credited)), fame=fame, notoriety=notoriety, gold=gold))
        run.events.append(rule_event(
            "kill_credit", "kill",
            f"{victim} is killed by {' and '.join(kill.killers)}" + (" (simultaneous)" if len(kill.killers) > 1 else ""),
            run.actors(*kill.killers, kill.horse_of or victim),
        ))
    by_victim = {kill.victim: kill for kill in kills}
    for character_id, entries in shares.items():
        summary = summaries.get(character_id)
        character = characters[character_id]
        running = character.kills
        entries.sort(key=lambda entry: (-_victim_values(run, entry[0].victim)[1], entry[0].block))
        total_fame = total_notoriety = total_gold = 0.0
        names = []
        for kill, how, share, killer in entries:
            fame, notoriety, gold = _victim_values(run, kill.victim)
            unpaid = how == "hireling" and gold and not rulings.hireling_earns_gold(run.rules, run.counters.get(killer))
            if unpaid:
                gold = 0
            bounty_victim = kill.horse_of is None and kill.victim not in characters
            flat_fiery_blast = False
            if how == "own" and bounty_victim:
                running += 1
                multiplier = running
                if run.rules.fiery_blast_no_bounty_multiplier and casts_fiery_blast(run.input.play(character_id)):
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
                    run.events.append(rulings.ruling_event(
                        "gold_only_to_leaders", "bounty",
                        f"{killer} is not a leader: {kill.victim}'s gold bounty is not paid to {character_id} "
                        f"({rulings.setting_text(run.rules, 'gold_only_to_leaders')})",
                        [character_id, killer], victim=kill.victim,
                    ))
                if flat_fiery_blast:
                    rule_key = "fiery_blast_no_bounty_multiplier"
                    text += f" (a Fiery Blast kill: multiplier 1 instead of {running}; it still counts: {running} kills this combat)"
                run.events.append(rule_event(rule_key, "bounty", text, [character_id], victim=kill.victim, multiplier=multiplier))
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


def wound_death(character_id: str, wounds: int, woundable: int, which: str, rules) -> Event:
    text = f"{character_id} owes {wounds} wound(s) and has {woundable} {which} chit(s): he is killed"
    if rules.fatigued_chits_take_wounds:
        return rule_event("wound_death", "kill", text, [character_id])
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
