"""Scoring kills (rule 43.4): each character's kills of the round, highest notoriety first, each worth its fame
and notoriety times his running count of kills this combat (the kill multiplier); a bounty (fame,
notoriety, a native's gold) is divided among simultaneous killers; a hireling's kill is credited to its
owner with multiplier 1 (ruling `gold_only_to_leaders`: its gold only if a leader). Community fix
`fiery_blast_no_bounty_multiplier`: a Fiery Blast kill scores with multiplier 1."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from systems.magic_realm.engine import rulings
from systems.magic_realm.engine.catalogue import Native
from systems.magic_realm.engine.fiery_blast import casts_fiery_blast
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState, Kill
from systems.magic_realm.engine.round_state import RoundState, owner_of


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


def _share_text(share: float) -> str:
    if share == 1:
        return "1"
    return f"1/{round(1 / share)}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"
