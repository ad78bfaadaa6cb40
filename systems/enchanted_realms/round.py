"""One Enchanted Realms round (docs/systems/enchanted-realms.md): guard rolls, initiative, then each
combatant's turn in order, with at most one reaction each. Pure: dice injected, no I/O.

The dice are thrown in this order, so a round replays from its seed or its list of dice: each combatant's
2d4 guard rolls (in the order listed), each combatant's initiative d10 (in the order listed), the d20
roll-offs of ties, then each turn's attack dice (the pool, then award d20s and their d3s)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from systems.dice import Dice
from systems.enchanted_realms.damage import Strike, damage_text, modifiers, roll_strike
from systems.enchanted_realms.initiative import initiative_order
from systems.enchanted_realms.model import MAX_POOL, METHODS, REACTIONS, Combatant, RoundInput
from systems.enchanted_realms.protection import Guard, roll_guards
from systems.errors import FieldError, PlaysInvalid, duplicate_names
from systems.events import Event


@dataclass(frozen=True)
class RoundResult:
    order: tuple[str, ...]
    guards: dict[str, Guard]
    events: tuple[Event, ...]
    combatants: tuple[Combatant, ...]
    damage_done: dict[str, int]


def validate(round_input: RoundInput) -> list[FieldError]:
    names = [combatant.name for combatant in round_input.combatants]
    errors = duplicate_names(names)
    for name, play in round_input.plays.items():
        path = f"plays.{name}"
        if name not in names:
            errors.append(FieldError(path, f"{name} is not in this battle"))
            continue
        if round_input.combatant(name).down:
            errors.append(FieldError(path, f"{name} is down and takes no turn (ER 8)"))
        if play.attack and play.other:
            errors.append(FieldError(path, "a turn is one action: an attack or another action, not both (ER 1)"))
        if play.reaction is not None and play.reaction not in REACTIONS:
            errors.append(FieldError(f"{path}.reaction", f"Herald plays the reactions {', '.join(REACTIONS)} "
                                                         f"(ruling R3), not {play.reaction!r}"))
        attack = play.attack
        if attack is None:
            continue
        if attack.target not in names:
            errors.append(FieldError(f"{path}.attack.target", f"{attack.target!r} is not in this battle"))
        elif attack.target == name:
            errors.append(FieldError(f"{path}.attack.target", f"{name} cannot attack themselves"))
        if attack.method not in METHODS:
            errors.append(FieldError(f"{path}.attack.method", f"must be one of {', '.join(METHODS)}"))
        if not 1 <= attack.dice <= MAX_POOL:
            errors.append(FieldError(f"{path}.attack.dice", f"a pool is 1 to {MAX_POOL} d20 (ER 4.1), not {attack.dice}"))
        if not 0 <= attack.weight <= 2:
            errors.append(FieldError(f"{path}.attack.weight", f"a weapon weighs 0 to 2 (ER 5.2), not {attack.weight}"))
    return errors


def resolve_round(round_input: RoundInput, dice: Dice) -> RoundResult:
    errors = validate(round_input)
    if errors:
        raise PlaysInvalid(errors)
    events: list[Event] = []
    standing = [combatant for combatant in round_input.combatants if not combatant.down]
    guards = {}
    for combatant in standing:
        guards[combatant.name], event = roll_guards(combatant, dice)
        events.append(event)
    order, initiative_events = initiative_order(standing, dice, round_input.round)
    events += initiative_events
    state = {combatant.name: combatant for combatant in round_input.combatants}
    reactions_used: set[str] = set()
    damage_done: dict[str, int] = {}
    for name in order:
        if state[name].down:
            events.append(Event("turn", f"{name} is down and takes no turn", "ER 8", "Down", (name,)))
            continue
        play = round_input.plays.get(name)
        if play is None or (play.attack is None and play.other is None):
            events.append(Event("turn", f"{name} takes no action this round", "ER 1", "The round", (name,)))
            continue
        if play.other is not None:
            events.append(Event("turn", f"{name}: {play.other}", "ER 1", "The round", (name,)))
            continue
        attack = play.attack
        target = state[attack.target]
        if target.down:
            events.append(Event("turn", f"{name}'s attack on {target.name} is lost: {target.name} is already down",
                                "ER 1", "The round (ruling R5)", (name, target.name)))
            continue
        pp = guards[target.name].against(attack.method) if target.name in guards else target.static_pp
        strike, strike_events = roll_strike(name, attack, pp, dice)
        events += strike_events
        if not strike.struck:
            continue
        reaction = round_input.plays.get(target.name).reaction if target.name in round_input.plays else None
        if reaction and attack.method in REACTIONS[reaction] and target.name not in reactions_used:
            reactions_used.add(target.name)
            strike, reaction_event = _react(name, target.name, reaction, strike, attack)
            events.append(reaction_event)
            if not strike.struck:
                continue
        hp = target.hp - strike.damage
        damage_done[target.name] = damage_done.get(target.name, 0) + strike.damage
        events.append(Event("damage", f"{name} strikes {target.name}: {damage_text(strike, attack)} damage; "
                                      f"hit points {target.hp} - {strike.damage} = {hp}", "ER 5.1", "Damage",
                            (name, target.name), {"damage": strike.damage}))
        state[target.name] = replace(target, hp=hp, down=hp <= 0)
        if hp <= 0:
            events.append(Event("down", f"{target.name} is down ({hp} hit points)", "ER 8", "Down (ruling R4)",
                                (name, target.name)))
    return RoundResult(tuple(order), guards, tuple(events), tuple(state[c.name] for c in round_input.combatants),
                       damage_done)


def _react(attacker: str, defender: str, reaction: str, strike: Strike, attack) -> tuple[Strike, Event]:
    """Ruling R3 (house default): the reaction cancels the striking die worth the most."""
    if strike.award_damage:
        dropped = max(strike.award_damage)
        awards = list(strike.award_damage)
        awards.remove(dropped)
        cancelled = f"the crit die worth {dropped}"
        striking, award_damage = strike.striking, tuple(awards)
    else:
        cancelled = f"the striking {max(strike.striking)}"
        striking = tuple(sorted(strike.striking)[:-1])
        award_damage = ()
    left = bool(striking) or bool(award_damage)
    damage = len(striking) + sum(award_damage) + modifiers(attack) if left else 0
    after = replace(strike, striking=striking, award_damage=award_damage, damage=damage)
    text = f"{defender} reacts ({reaction}) and cancels {cancelled} of {attacker}'s strike" + (
        "" if left else ": no striking die is left, the attack misses")
    return after, Event("reaction", text, "ER 7", "Reactions (ruling R3)", (attacker, defender))
