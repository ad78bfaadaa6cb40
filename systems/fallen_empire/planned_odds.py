"""The odds of what a Fallen Empire side plans (systems/interface.py `planned_odds`), from the system's own
`odds`: a jouster's throw of the dice he chose, or a melee round's attack roll.

The Joust: the chance that the throw alone unhorses the opponent, injures him, or neither (FE J.6, J.8): what
the opponent throws is sealed, and it decides the pairs (FE J.3-J.5) and whether an unhorsing stands.

The melee: a melee attack, a charge or a missile, the attack roll against the target's Armour Class (FE 5),
each modifier as the round would count it from the state at its start, the side's play and the attacker
closing in (FE 6.1: a melee attacker or charger is engaged with his target when he strikes). What the plays
cannot know is said, not counted: surprise in a first round (FE 3.1), the target's own play (a charging target
is 2 AC worse, FE 8.2), whether the target is still there and in reach (FE 5.6), what stops a charge (FE 6.4,
8.3), and who a missile's hit lands on (FE 7.2, 7.3). A set spear or a spell rolls no attack of its own
choosing, and is left out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from systems.fallen_empire.attack import armour_class, melee_modifiers
from systems.fallen_empire.fight import Fight
from systems.fallen_empire.joust_file import read_state
from systems.fallen_empire.missiles import missile_modifiers
from systems.fallen_empire.model import TARGETED
from systems.fallen_empire.odds import odds
from systems.fallen_empire.round_file import read_play, read_round
from systems.fallen_empire.strikes import rear_allowed
from systems.interface import PlannedOdds, ask_planned

NAME = "fallen-empire"


def planned_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    if round_input.get("kind") == "joust":
        return joust_odds(round_input, side)
    return melee_odds(round_input, side)


def joust_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    """The jouster's throw, once he has chosen his dice; () before, and once the joust is over."""
    state = read_state({key: value for key, value in round_input.items() if key != "choices"})
    dice = (round_input.get("choices") or {}).get(side)
    if state.over or not isinstance(dice, int) or side not in {j.name for j in state.jousters}:
        return ()
    opponent = state.opponent(side).name
    assumed = (f"{side}'s throw of {dice} alone: {opponent}'s choice is sealed. If both unhorse, neither does "
               "(FE J.6); an injury stands over an unhorsing (FE J.8, rulings R3, R4); otherwise the pairs decide "
               "the dice each loses (FE J.3-J.5).")
    query = {"system": NAME, "joust": {"dice": dice}}
    return (ask_planned(side, opponent, query, odds, assumed),)


def melee_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    """The side's melee attack, charge or missile, once it names a target; () for any other play."""
    parsed = read_round({key: value for key, value in round_input.items() if key != "plays"})
    entry = (round_input.get("plays") or {}).get(side)
    names = {c.name for c in parsed.combatants}
    if side not in names or not isinstance(entry, dict):
        return ()
    try:
        play = read_play(entry)
    except TypeError:  # a key no play has: the round's validation names it
        return ()
    me = parsed.combatant(side)
    weapon = me.missile if play.action == "missile" else me.melee
    if play.action not in TARGETED or play.target not in names or weapon is None:
        return ()
    fight = Fight(replace(parsed, plays={side: play}), dice=None)
    target = play.target
    notes = []
    if play.action == "missile":
        modifiers, no_shield = missile_modifiers(fight, side), False
        notes.append(f"who a hit lands on: cover (FE 7.2) and the melee die when {target} is in a melee (FE 7.3)")
    else:
        fight.engage(side, target)
        no_shield = play.action == "melee" and play.rear and rear_allowed(fight, side, target)
        if play.rear and not no_shield:
            notes.append(f"from the rear only if {target} is surprised (FE 8.4, ruling R20): counted from the front")
        modifiers, _ = melee_modifiers(fight, side, target, charge=play.action == "charge", rear=no_shield,
                                       subdue=play.subdue)
        notes.append(f"whether {target} is still in reach when {side} strikes (FE 5.6)")
        if play.action == "charge":
            notes.append("a free attack or a set spear that stops the charge (FE 6.4, 8.3)")
    ac, ac_text = armour_class(fight, target, no_shield=no_shield)
    to_hit = me.to_hit + sum(modifier.value for modifier in modifiers)
    helpless = target in fight.helpless_at_start
    if parsed.round == 1 and parsed.options.surprise:
        notes.insert(0, "surprise (FE 3.1: +1 to hit for a side that surprises; a surprised side does nothing)")
    notes.append(f"{target}'s own play (a charge makes his AC 2 worse, FE 8.2)")
    bonuses = " ".join(f"{m.value:+d} {m.label}" for m in modifiers)
    assumed = (f"{side}'s {play.action} at {target} with {weapon.name}: to-hit {me.to_hit:+d}"
               f"{f' {bonuses} = {to_hit:+d}' if bonuses else ''} against AC {ac} ({ac_text}). "
               f"Not counted, not known yet: {'; '.join(notes)}.")
    query = {"system": NAME, "attack": {"to_hit": to_hit},
             "target": {"ac": ac, **({"helpless": True} if helpless else {})}}
    return (ask_planned(side, target, query, odds, assumed),)
