"""Who acts when (FE 3.1 surprise, FE 3.2 initiative, FE 8.5 the lance's reach)."""

from __future__ import annotations

from systems.fallen_empire.fight import Fight

SURPRISE_ON = 5  # FE 3.1: 5 or 6 on 1d6


def roll_surprise(fight: Fight) -> dict[str, int] | None:
    """FE 3.1 and ruling R10: in the first round each side throws 1d6; a side is surprised when any other
    side throws 5 or 6. Returns each side's throw, or None when there is no surprise check."""
    if fight.input.round != 1 or not fight.input.options.surprise:
        return None
    throws = {}
    for side in fight.sides:
        throws[side] = fight.dice.throw(1, 6, f"Surprise: {side}").faces[0]
    achieved = {side for side, face in throws.items() if face >= SURPRISE_ON}
    fight.surprised = {side for side in fight.sides if achieved - {side}}
    fight.surprisers = achieved - fight.surprised
    for side, face in throws.items():
        if side in fight.surprisers:
            outcome = "surprise: the other side may not act this round, and this side is at +1 to hit"
        elif side in achieved:
            outcome = "surprise, but so does another side: every side is surprised (ruling R10)"
        elif side in fight.surprised:
            outcome = "no surprise; this side is surprised and does not act this round"
        else:
            outcome = "no surprise"
        fight.log("surprise", f"Surprise throw of {side}: 1d6 {face} ({'5 or 6' if face >= SURPRISE_ON else 'under 5'}): "
                              f"{outcome}", "FE 3.1", "Surprise", [], side=side, face=face)
    for side in sorted(fight.surprised, key=list(fight.sides).index):
        lost = [name for name in fight.order if fight.side_of(name) == side and fight.play(name).action != "none"]
        if lost:
            verb = "does" if len(lost) == 1 else "do"
            fight.log("surprise", f"{side}: the side is surprised, {', '.join(lost)} {verb} nothing this round", "FE 3.1",
                      "Surprise", lost)
    return throws


def roll_initiative(fight: Fight) -> tuple[dict[str, int], list[list[str]]]:
    """FE 3.2: each side that can act throws 1d6; the higher acts first and equal throws act together.
    No throw when only one side can act. Sides whose only members are down (a dying man bandaging himself)
    act last. Returns the throws and the turns (lists of sides)."""
    acting = [side for side in fight.sides if side not in fight.surprised]
    rolling = [side for side in acting if any(fight[n].fighting for n in fight.order if fight.side_of(n) == side)]
    rest = [side for side in acting if side not in rolling]
    throws: dict[str, int] = {}
    if len(rolling) <= 1:
        turns = [rolling] if rolling else []
        if rolling and len(fight.sides) > 1:
            fight.log("initiative", f"Only {rolling[0]} can act: no initiative is thrown", "FE 3.2", "Initiative", [])
    else:
        for side in rolling:
            throws[side] = fight.dice.throw(1, 6, f"Initiative: {side}").faces[0]
        turns = [[side for side in rolling if throws[side] == face] for face in sorted(set(throws.values()), reverse=True)]
        text = ", ".join(f"{side} {face}" for side, face in throws.items())
        order = "; then ".join(" and ".join(turn) + (" together" if len(turn) > 1 else "") for turn in turns)
        fight.log("initiative", f"Initiative, 1d6 a side: {text}: {order}", "FE 3.2", "Initiative", [], throws=throws)
    if rest:
        turns.append(rest)
    side_turn = {side: index for index, turn in enumerate(turns) for side in turn}
    fight.side_turn = side_turn
    for name in fight.order:
        fight.turn_of[name] = side_turn.get(fight.side_of(name))
    lance_first(fight)
    return throws, turns


def lance_first(fight: Fight) -> None:
    """FE 8.5, ruling R18: a mounted combatant attacking with a lance acts in the first turn."""
    for name in fight.order:
        combatant, play = fight[name], fight.play(name)
        turn = fight.turn_of[name]
        if (turn and combatant.fighting and combatant.mounted and combatant.melee and combatant.melee.type == "lance"
                and play.action in ("melee", "charge")):
            fight.turn_of[name] = 0
            fight.log("initiative", f"{name} attacks with a lance from horseback: its reach gives him the first turn",
                      "FE 8.5", "Mounted combat (ruling R18)", [name])
