"""Moving in a round (FE 6, FE 8.2-8.3 the charge and the set spear, FE 10.3 surrender): the start of the
round, then a turn's movement phase: closing in, charges, full retreats and full moves, with the
opportunity attacks they draw."""

from __future__ import annotations

from systems.fallen_empire.attack import ENCIRCLED_BY, melee_modifiers, strike, surrounders
from systems.fallen_empire.fight import Fight


def flee(fight: Fight, name: str, how: str) -> None:
    """FE 4.4: a broken combatant who gets clear of melee has fled the battle."""
    fight.disengage(name)
    fight.update(name, status="fled")
    fight.log("flee", f"{name} is broken and, {how}, flees the battle", "FE 4.4", "Broken", [name])


def start_of_round(fight: Fight) -> None:
    """FE 3.3: surrenders (FE 10.3), then fighting withdrawals (FE 6.2), before any turn."""
    for name in fight.order:
        if fight.play(name).action == "surrender" and fight.can_act(name):
            former = fight.disengage(name)
            fight.update(name, status="surrendered")
            fight.log("surrender", f"{name} surrenders" + (f" to {', '.join(former)}" if former else "") +
                      ": out of the fight, not to be attacked", "FE 10.3", "Surrender (ruling R29)", [name, *former])
    for name in fight.order:
        if fight.play(name).action != "withdraw" or not fight.can_act(name):
            continue
        distance = fight[name].move // 3
        former = fight.disengage(name)
        fight.withdrew[name] = distance
        fight.log("withdraw", f"{name} makes a fighting withdrawal, backing {distance}\" away (a third of {fight[name].move}\") "
                              f"from {', '.join(former) or 'nobody'}: no free attack on him, full AC, no attack this "
                              "round", "FE 6.2", "Fighting withdrawal", [name, *former], inches=distance)
        if fight[name].broken:
            flee(fight, name, "clear of melee after withdrawing")


def opportunity_attack(fight: Fight, attacker: str, mover: str, why: str, *, bare: bool = False) -> int | None:
    """FE 6.4: one free attack a round; `bare` is the full retreat's AC without shield and DEX (FE 6.3).
    None when no attack is made, else the damage it dealt."""
    combatant = fight[attacker]
    if attacker in fight.opportunity_used or not fight.can_act(attacker) or combatant.melee is None:
        return None
    if not fight.play(attacker).opportunity:
        fight.log("opportunity", f"{attacker} lets {mover} go without a free attack (the play declines it)", "FE 6.4",
                  "Opportunity attacks (ruling R31)", [attacker, mover])
        return None
    fight.opportunity_used.add(attacker)
    modifiers, damage = melee_modifiers(fight, attacker, mover)
    return strike(fight, attacker, mover, combatant.melee, what=f"Free attack ({why})", rule="FE 6.4",
                  rule_name="Opportunity attacks", modifiers=modifiers, no_shield=bare, no_dex=bare,
                  damage_extra=damage).dealt


def run_past(fight: Fight, name: str) -> bool:
    """The free attacks of those a mover passes right by (FE 6.4); False when one stops him."""
    for passed in fight.play(name).passing:
        dealt = opportunity_attack(fight, passed, name, f"{name} moves right past {passed}")
        if not fight[name].fighting:
            return False
        if dealt:
            fight.log("move", f"{passed}'s free attack deals damage: {name} must stop moving", "FE 6.4",
                      "Opportunity attacks", [passed, name])
            return False
    return True


def movement_phase(fight: Fight, actors: list[str]) -> None:
    """FE 6 in the order closing in, charges, full retreats, full moves; each of the turn's combatants able
    to act at the start of the phase acts in it (FE 3.4)."""
    able = fight.begin_phase("movement", actors)
    for name in able:
        if fight.play(name).action == "melee":
            close_in(fight, name)
    for name in able:
        if fight.play(name).action == "charge":
            charge(fight, name)
    for name in able:
        if fight.play(name).action == "retreat":
            retreat(fight, name)
    movers = [name for name in actors if fight[name].status in ("fighting", "stable") and not fight.surprised_now(name)]
    for name in movers:
        if fight.play(name).action == "move":
            full_move(fight, name)


def reach(fight: Fight, name: str, target: str, *, charging: bool = False) -> str | None:
    """Why `name` cannot reach `target` in melee this round (FE 6.2, FE 6.3, FE 8.6), or None."""
    if gone := fight.gone(target):
        return gone
    if target in fight.got_away:
        return f"{target} has retreated at full speed (ruling R15)"
    if target in fight.withdrew and not charging:
        third = fight[name].move // 3
        if third < fight.withdrew[target]:
            return (f"{target} withdrew {fight.withdrew[target]}\" and {name}'s free move is only {third}\" "
                    "(ruling R14)")
    around = surrounders(fight, target)
    limit = ENCIRCLED_BY[fight[target].size]
    if fight[target].fighting and name not in around and len(around) >= limit:
        return f"{limit} enemies already surround {target} (FE 8.6)"
    return None


def close_in(fight: Fight, name: str) -> None:
    """FE 6.1: a melee attacker closes in on its target with the free third of a move."""
    target = fight.play(name).target
    if why := reach(fight, name, target):
        fight.unreached[name] = why
        return
    if not fight[target].fighting:
        return  # a helpless target is not engaged: it is simply hit (FE 5.5)
    follows = f", following his withdrawal of {fight.withdrew[target]}\" (ruling R14)" if target in fight.withdrew else ""
    if fight.engage(name, target):
        fight.log("engage", f"{name} closes in on {target}{follows}: engaged in melee", "FE 6.1", "Moving", [name, target])


def charge(fight: Fight, name: str) -> None:
    """FE 8.2: the charge's move, the free attacks of those it passes (FE 6.4) and a set spear (FE 8.3)."""
    play = fight.play(name)
    target = play.target
    if why := reach(fight, name, target, charging=True):
        fight.unreached[name] = why
        return
    fight.charging.add(name)
    fight.log("charge", f"{name} charges {target} over {play.distance}\" (half to all of a {fight[name].move}\" move): +2 to hit, "
                        "AC 2 worse to the end of the round, double damage dice", "FE 8.2", "The charge", [name, target])
    if not run_past(fight, name):
        fight.charge_stopped.add(name)
        if fight[name].fighting:
            fight.log("charge", f"{name}'s charge is stopped short of {target}: no charge attack", "FE 6.4",
                      "Opportunity attacks", [name, target])
        return
    if fight[target].fighting:
        fight.engage(name, target)
        if fight.play(target).action == "set_spear":
            set_spear(fight, target, name)


def set_spear(fight: Fight, setter: str, charger: str) -> None:
    """FE 8.3, ruling R19: the setter, aware and acting first, strikes the charger first with double dice;
    a hit negates the charge's attack."""
    fight.charged_at.setdefault(setter, []).append(charger)
    if setter in fight.set_struck or not fight[setter].fighting:
        return
    if fight.surprised_now(setter):
        why = f"{setter} is surprised"
    elif fight.side_turn.get(fight.side_of(setter), 99) >= fight.side_turn.get(fight.side_of(charger), 99):
        why = f"{setter}'s side does not act before {charger}'s"
    else:
        why = None
    if why:
        then = "" if fight.surprised_now(setter) else "; he fights the charger in his own melee phase"
        fight.log("set_spear", f"{setter} cannot set his spear against {charger}'s charge: {why}{then}", "FE 8.3",
                  "Setting the spear (ruling R19)", [setter, charger])
        return
    fight.set_struck.add(setter)
    modifiers, damage = melee_modifiers(fight, setter, charger)
    result = strike(fight, setter, charger, fight[setter].melee, what="Set spear", rule="FE 8.3",
                    rule_name="Setting the spear", modifiers=modifiers, double=True, damage_extra=damage)
    if result.hit:
        fight.charge_stopped.add(charger)
        fight.log("set_spear", f"The set spear hits: {charger}'s charge attack is negated", "FE 8.3", "Setting the spear",
                  [setter, charger])


def cover(fight: Fight, retreater: str, opponent: str) -> str | None:
    """FE 6.5, ruling R16: an ally who has closed in on `opponent` and names `retreater` in `covers`."""
    for ally in fight.order:
        play = fight.play(ally)
        if (ally != retreater and not fight.enemies(ally, retreater) and play.covers == retreater
                and play.target == opponent and opponent in fight.engaged[ally]):
            return ally
    return None


def retreat(fight: Fight, name: str) -> None:
    """FE 6.3: every engaged enemy not covered has a free attack without shield and DEX; any damage negates."""
    opponents = [other for other in fight.engaged_with(name) if fight.enemies(other, name)]
    fight.log("retreat", f"{name} attempts a full retreat at {fight[name].move}\" from {', '.join(opponents) or 'nobody'}",
              "FE 6.3", "Full retreat", [name, *opponents])
    dealt = 0
    for opponent in opponents:
        if ally := cover(fight, name, opponent):
            fight.log("retreat", f"{ally} has moved into melee with {opponent} to cover {name}'s retreat: no free attack "
                                 f"from {opponent}", "FE 6.5", "Covering a retreat (ruling R16)", [ally, opponent, name])
            continue
        dealt += opportunity_attack(fight, opponent, name, f"{name}'s full retreat", bare=True) or 0
        if not fight[name].fighting:
            return
    if dealt:
        fight.log("retreat", f"The free attacks dealt {dealt} damage: {name}'s retreat is negated, he is stuck in combat "
                             "for another round", "FE 6.3", "Full retreat", [name])
        return
    fight.disengage(name)
    fight.got_away.add(name)
    fight.log("retreat", f"{name} gets away at full speed: no longer engaged", "FE 6.3", "Full retreat (ruling R15)",
              [name])
    if fight[name].broken:
        flee(fight, name, "clear of melee after a full retreat")


def full_move(fight: Fight, name: str) -> None:
    """FE 6.1: a full move is the whole action; a stable character may move with the group (FE 12.4)."""
    play = fight.play(name)
    distance = f" {play.distance}\"" if play.distance is not None else ""
    rule, rule_name = ("FE 12.4", "Stable") if fight[name].status == "stable" else ("FE 6.1", "Moving")
    fight.log("move", f"{name} moves{distance} (a full move: no other action)", rule, rule_name, [name])
    if run_past(fight, name) and fight[name].broken and not fight.engaged[name]:
        flee(fight, name, "clear of melee")
