"""Denizens on a melee sheet: placement, repositioning and changing tactics; in a melee round, whom each
denizen attacks, denizen horses galloping (`arrange_sheets`), and each denizen's state after the round
(`denizens_after`: killed, its horse killed, its side, the target it keeps).

A sheet's "chits" are the counters standing in its boxes: a denizen (or hireling), a monster's head or
club, a native's horse. Each is named by (combatant id, part) with part "body", "weapon" or "horse".
The box a chit stands in is both its attack box and its maneuver box.

Die-roll modifiers never apply to these rolls (rule 22.5/2, 22.5/3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from systems.magic_realm.engine import attackers as build
from systems.magic_realm.engine import rulings
from systems.magic_realm.engine.catalogue import Monster, Native
from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.log import Event, section
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState, DenizenState, Position
from systems.magic_realm.engine.round_state import RoundState
from systems.magic_realm.engine.tremendous import pins, turn_red_side

ChitRef = tuple[str, str]  # (combatant id, part): part is "body", "weapon" or "horse"

PLACEMENT_RULE = (section("Melee sheets"), "Placing attackers on the melee sheet: as many boxes as possible")
REPOSITION_RULE = ("22.5/2", "Repositioning denizens")
TACTICS_RULE = ("22.5/3", "Changing tactics")

# Rule 22.5/2: the die sets which box's chits end up in boxes 1, 2 and 3 (A, B, C = boxes 1, 2, 3).
# Stored as old box → new box.
REPOSITION_TABLE: dict[int, dict[int, int]] = {
    1: {1: 1, 2: 3, 3: 2},  # box 1 stays, 2 and 3 swap
    2: {1: 3, 2: 2, 3: 1},  # box 2 stays, 1 and 3 swap
    3: {1: 2, 2: 1, 3: 3},  # box 3 stays, 1 and 2 swap
    4: {1: 1, 2: 2, 3: 3},  # no change
    5: {1: 2, 2: 3, 3: 1},  # every box moves down one: 1→2, 2→3, 3→1
    6: {1: 3, 2: 1, 3: 2},  # every box moves up one: 2→1, 3→2, 1→3
}
REPOSITION_WORDS: dict[int, str] = {
    1: "box 1 stays, boxes 2 and 3 swap",
    2: "box 2 stays, boxes 1 and 3 swap",
    3: "box 3 stays, boxes 1 and 2 swap",
    4: "no change",
    5: "every box moves one down (1→2, 2→3, 3→1)",
    6: "every box moves one up (2→1, 3→2, 1→3)",
}


@dataclass(frozen=True)
class Placement:
    """The boxes of one group of chits on a sheet, and the log of what happened to them."""

    boxes: dict[ChitRef, int]
    events: tuple[Event, ...] = ()


def chit_name(ref: ChitRef, names: Mapping[ChitRef, str] | None = None) -> str:
    """How the log names a chit: the combatant, or its head, club or horse ("Giant's Giant Club")."""
    if names and ref in names:
        return names[ref]
    combatant, part = ref
    return combatant if part == "body" else f"{combatant}'s {part}"


def _labels(refs: Iterable[ChitRef], names: Mapping[ChitRef, str] | None) -> dict[ChitRef, str]:
    """`chit_name` of each chit, worked out once: the log names each chit two or three times."""
    return {ref: chit_name(ref, names) for ref in refs}


def boxes_needed(count: int) -> int:
    """Attackers are spread over as many boxes as possible (basic rules, placing attackers): min(count, 3)."""
    return min(count, 3)


def is_spread(boxes: Mapping[ChitRef, int]) -> bool:
    return len(set(boxes.values())) >= boxes_needed(len(boxes))


def place(
    chits: Iterable[ChitRef], given: Mapping[ChitRef, int | None], sheet: str,
    names: Mapping[ChitRef, str] | None = None,
) -> Placement:
    """Basic rules, placing attackers: place every chit without a box into the emptiest box (lowest number
    on a tie), so that the chits cover as many boxes as possible; a denizen's head, club or horse avoids its
    own box when it can. Chits already placed stay where they are. One event lists what was placed."""
    order = list(chits)
    boxes: dict[ChitRef, int] = {ref: box for ref in order if (box := given.get(ref)) is not None}
    counts = {1: 0, 2: 0, 3: 0}
    for box in boxes.values():
        counts[box] += 1
    placed: list[ChitRef] = []
    for ref in order:
        if ref in boxes:
            continue
        own_boxes = {box for (combatant, _), box in boxes.items() if combatant == ref[0]}
        box = min((1, 2, 3), key=lambda b: (counts[b], b in own_boxes, b))
        boxes[ref] = box
        counts[box] += 1
        placed.append(ref)
    if not placed:
        return Placement(boxes)
    label = _labels(placed, names)
    event = Event(
        "placement",
        f"Placed on {sheet}'s sheet, each in the emptiest box: "
        + ", ".join([f"{label[ref]} in box {boxes[ref]}" for ref in placed]),
        *PLACEMENT_RULE,
        actors=tuple(dict.fromkeys([sheet, *(ref[0] for ref in placed)])),
        data={"sheet": sheet, "boxes": {label[ref]: boxes[ref] for ref in placed}},
    )
    return Placement(boxes, (event,))


def reposition(boxes: Mapping[ChitRef, int], die: int) -> dict[ChitRef, int]:
    """Rule 22.5/2: one die for the group moves the chits box by box."""
    moves = REPOSITION_TABLE[die]
    return {ref: moves[box] for ref, box in boxes.items()}


def roll_repositioning(
    boxes: Mapping[ChitRef, int], dice: Dice, sheet: str, group: str, names: Mapping[ChitRef, str] | None = None,
) -> Placement:
    """Rule 22.5/2: roll one die for a group of chits on a sheet and reposition them."""
    if not boxes:
        return Placement(dict(boxes))
    roll = dice.roll(1, f"Repositioning: {group} on {sheet}'s sheet")
    die = roll.dice[0]
    moved = reposition(boxes, die)
    label = _labels(boxes, names)
    moves = ", ".join([f"{label[ref]} {boxes[ref]}→{moved[ref]}" for ref in boxes if boxes[ref] != moved[ref]])
    actors = tuple(dict.fromkeys([sheet, *(ref[0] for ref in boxes)]))
    event = Event(
        "reposition",
        f"Repositioning {group} on {sheet}'s sheet: die {die} → {REPOSITION_WORDS[die]}"
        + (f" ({moves})" if moves else ""),
        *REPOSITION_RULE,
        actors=actors,
        data={"sheet": sheet, "group": group, "die": die, "boxes": {label[r]: b for r, b in moved.items()}},
    )
    return Placement(moved, (event,))


def roll_change_tactics(
    boxes: Mapping[ChitRef, int],
    can_turn_over: Callable[[ChitRef], bool],
    dice: Dice,
    sheet: str,
    group: str,
    names: Mapping[ChitRef, str] | None = None,
) -> tuple[frozenset[ChitRef], tuple[Event, ...]]:
    """Rule 22.5/3: for each box holding a chit that can turn over, roll two dice; on a 6 (the high die)
    every such chit in the box turns over. Red-side-up Tremendous monsters, native horses and the like
    never turn over, and no dice are rolled for a box holding only those."""
    turned: set[ChitRef] = set()
    events: list[Event] = []
    for box in (1, 2, 3):
        in_box = [ref for ref, b in boxes.items() if b == box and can_turn_over(ref)]
        if not in_box:
            continue
        roll = dice.roll(2, f"Change tactics: {group} in box {box} on {sheet}'s sheet")
        labels = [chit_name(ref, names) for ref in in_box]
        listed = ", ".join(labels)
        if roll.high == 6:
            turned.update(in_box)
            outcome = f"high die 6 → {listed} {'turns' if len(in_box) == 1 else 'turn'} over"
        else:
            outcome = f"high die {roll.high}, no 6 → {listed} {'stays' if len(in_box) == 1 else 'stay'} as before"
        events.append(
            Event(
                "tactics",
                f"Change tactics, box {box} of {sheet}'s sheet: dice {roll.dice[0]} and {roll.dice[1]}, {outcome}",
                *TACTICS_RULE,
                actors=tuple(dict.fromkeys([sheet, *(ref[0] for ref in in_box)])),
                data={"sheet": sheet, "box": box, "dice": list(roll.dice), "turned": roll.high == 6,
                      "chits": labels},
            )
        )
    return frozenset(turned), tuple(events)


def _chits_of(run: RoundState, denizen_id: str) -> list[tuple[str, str]]:
    refs = [(denizen_id, "body")]
    counter = run.counters.get(denizen_id)
    if isinstance(counter, Monster) and counter.weapon is not None:
        refs.append((denizen_id, "weapon"))
    if isinstance(counter, Native) and counter.horse is not None and not run.work.denizens[denizen_id].horse_dead:
        refs.append((denizen_id, "horse"))
    return refs


def _part_name(run: RoundState, ref: tuple[str, str]) -> str:
    denizen_id, part = ref
    counter = run.counters[denizen_id]
    piece = counter.weapon if part == "weapon" else getattr(counter, "horse", None)
    return f"{denizen_id}'s {piece.name}" if piece is not None else f"{denizen_id}'s {part}"


def _can_turn_over(run: RoundState, ref: tuple[str, str]) -> bool:
    denizen_id, part = ref
    counter = run.counters[denizen_id]
    if part == "horse":
        return False
    if part == "weapon":
        return build.weapon_can_turn_over(
            counter, run.sides[denizen_id], while_red=run.rules.weapon_turns_while_red,
        )
    return build.can_turn_over(counter, run.sides[denizen_id])


def arrange_sheets(run: RoundState) -> None:
    """Denizen horses gallop in melee; on every sheet each group is placed (basic rules: as many boxes
    as possible), repositioned (rule 22.5/2) and changes tactics (rule 22.5/3)."""
    mounted = [
        d.id for d in run.state.denizens
        if d.active and isinstance(run.counters[d.id], Native) and run.counters[d.id].horse is not None and not d.horse_dead
    ]
    if mounted:
        run.events.append(rule_event(
            "gallop", "setup", f"Denizen horses gallop in melee: {', '.join(mounted)}", mounted,
        ))
    # Whom each denizen attacks: the owner of the sheet it stands on; a denizen owning a sheet without
    # attacking from another one turns on `owner_target` (by default its most recent attacker).
    for sheet in run.input.sheets:
        for position in sheet.attackers:
            run.targets[position.combatant] = sheet.owner
    for sheet in run.input.sheets:
        owner = run.state.denizen(sheet.owner)
        if owner is not None and owner.id not in run.targets:
            chosen = sheet.owner_target or (sheet.attackers[-1].combatant if sheet.attackers else None)
            if chosen is not None:
                run.targets[owner.id] = chosen
    attacking_elsewhere = {p.combatant for sheet in run.input.sheets for p in sheet.attackers}
    for sheet in run.input.sheets:
        groups = [("attackers", list(sheet.attackers))]
        owner = run.state.denizen(sheet.owner)
        if owner is not None and owner.id not in attacking_elsewhere:
            groups.append(("owner", [sheet.owner_position or Position(sheet.owner)]))
        for group_name, positions in groups:
            _arrange_group(run, sheet.owner, "the attackers" if group_name == "attackers" else sheet.owner, positions)


def _arrange_group(run: RoundState, sheet_owner: str, label: str, positions: list[Position]) -> None:
    """Rule 22.5/2, 22.5/3: place, reposition and change the tactics of one group on one sheet."""
    refs: list[tuple[str, str]] = []
    given: dict[tuple[str, str], int | None] = {}
    for position in positions:
        for ref in _chits_of(run, position.combatant):
            refs.append(ref)
            given[ref] = {"body": position.box, "weapon": position.weapon_box, "horse": position.horse_box}[ref[1]]
    if not refs:
        return
    names = {ref: _part_name(run, ref) for ref in refs if ref[1] != "body"}
    placement = place(refs, given, sheet_owner, names)
    run.events.extend(placement.events)
    moved = roll_repositioning(placement.boxes, run.dice, sheet_owner, label, names)
    run.events.extend(moved.events)
    if run.rules.weapon_turns_while_red:
        for denizen_id, part in refs:
            if part == "weapon" and not build.weapon_can_turn_over(run.counters[denizen_id], run.sides[denizen_id]):
                run.events.append(rulings.weapon_while_red_event(run.rules, denizen_id, names[(denizen_id, part)]))
    turned, events = roll_change_tactics(
        moved.boxes, lambda ref: _can_turn_over(run, ref), run.dice, sheet_owner, label, names,
    )
    run.events.extend(events)
    for denizen_id, part in turned:
        sides = run.weapon_sides if part == "weapon" else run.sides
        sides[denizen_id] = "light" if sides[denizen_id] == "dark" else "dark"
    for ref, box in moved.boxes.items():
        run.boxes.setdefault(ref, box)


def denizens_after(run: RoundState, new_characters: dict[str, CharacterState]) -> tuple[list[DenizenState], bool]:
    """Each denizen's state after the round (a red-side-up Tremendous monster turned by
    systems.magic_realm.engine.tremendous), and whether a red-side-up monster still holds its target."""
    work = run.work
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
            side, holds = turn_red_side(run, denizen, target, side, target_alive)
            pinning = pinning or holds
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
    return new_denizens, pinning
