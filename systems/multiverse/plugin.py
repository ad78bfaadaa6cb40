"""Multiverse tick combat behind the systems interface (systems/interface.py): a round is one tick cycle.

Who sees what (docs/systems/multiverse.md): an action is seen as it begins and resolves, so the log is seen
by all, except the line that a declared action was never begun this cycle: that plan stays its declarer's."""

from __future__ import annotations

from typing import Any

from systems.adapting import (check_no_options, checked_input, combatant_names, combatants_in_battle, head, input_as_it_is, no_options,
                              private_event, public, resolve_checked, schema_of)
from systems.errors import FieldError
from systems.events import Event
from systems.interface import GM, Choice, Field, PlaysForm, Resolution, SideSummary, no_gm_entries
from systems.multiverse.cycle_picture import cycle_picture
from systems.multiverse.cycle_file import SCHEMA_PATH, read_cycle, resolve_file
from systems.multiverse.model import ATTACK_ATTRIBUTES, FIRE_TICKS, PACES, Action, Combatant, CycleInput
from systems.multiverse.validation import COVERS, MAX_TICKS, longest_move
from systems.multiverse.validation import validate as rule_errors

KINDS = ("cycle",)
SLOTS = 3  # declared actions a form offers; the GM's round file may hold more
KIND_LABELS = {"attack": "Attack", "load": "Load a ranged weapon", "fire": "Fire", "cast": "Cast a spell",
               "move": "Move", "other": "Something else"}


options = no_options  # the text has no optional rules; its gaps are Herald's rulings R1-R7
check_options = check_no_options
with_options = input_as_it_is
sides = combatant_names
sides_in_battle = combatants_in_battle(lambda combatant: combatant.get("dead", False))  # the dead play no cycle (MV 5.3)


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return schema_of(SCHEMA_PATH)


def validate(round_input: Any) -> list[FieldError]:
    return checked_input(round_input, SCHEMA_PATH, read_cycle, rule_errors)



def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    output = resolve_checked(validate, resolve_file, round_input, seed, dice)
    unbegun = {f"{name} did not begin {Action(**entry).describe()} this cycle": name
               for name, entries in round_input.get("actions", {}).items() for entry in entries}
    events = []
    for event, resolved in zip(output["events"], public(output["events"])):
        name = unbegun.get(event["text"]) if event["kind"] == "idle" else None
        events.append(resolved if name is None else private_event(
            Event(event["kind"], event["text"], event["rule"], event["rule_name"], tuple(event["actors"])), name))
    state = {**head(round_input, ("format", "system", "title")), "cycle": output["cycle"] + 1, **output["state"]}
    finished = output["combat_ends"]
    must_choose = {c["name"]: () if finished or c["dead"] else
                   (f"the actions to declare for cycle {state['cycle']}",) for c in state["combatants"]}
    return Resolution(tuple(events), state, {name: () for name in must_choose}, must_choose, output, finished)


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    """Up to SLOTS declared actions in order: a fire only right after a load (or when the weapon is loaded
    already), a run or sprint only as long as Endurance allows (MV 4), targets among the living; a caster's
    first spell may be held as a counterspell (MV 7.2, `counter_fields`)."""
    if side == GM:  # the rules leave the GM nothing to enter before a round
        return no_gm_entries(round_input)
    cycle = read_cycle({key: value for key, value in round_input.items() if key != "actions"})
    me = cycle.combatant(side)
    title = f"{side}, cycle {cycle.cycle}"
    if me.dead:
        return PlaysForm(side, title, notes=(f"{side} is dead",))
    carried = cycle.in_progress.get(side)
    loaded = me.loaded or (carried is not None and carried.action.kind == "load")
    targets = tuple(Choice(c.name, f"{c.name} ({c.side})") for c in cycle.combatants if c.name != side and not c.dead)
    paces = tuple(pace for pace in PACES if longest_move(me, pace) != 0)
    fields: list[Field] = []
    for slot in range(SLOTS):
        kind, path = f"kind_{slot}", f"actions.{side}.{slot}"
        previous = (f"kind_{slot - 1}", tuple(KIND_LABELS)) if slot else None
        fire_when = (f"kind_{slot - 1}", ("load",)) if slot else None
        kinds = [Choice(k, label) for k, label in KIND_LABELS.items() if k != "fire" and (k != "attack" or targets)]
        if targets and (slot or loaded):
            kinds.append(Choice("fire", KIND_LABELS["fire"], fire_when))
        ordinal = ("First", "Then", "Then")[slot]
        fields += [
            Field(kind, "choice", f"{ordinal}: action", f"{path}.kind",
                  "after the action carried from the last cycle" if carried and not slot else "", tuple(kinds),
                  required=slot == 0 and carried is None, shown_when=previous),
            Field(f"ticks_{slot}", "number", "Ticks", f"{path}.ticks", "weapon Speed, loading time or mana cost (MV 2)",
                  minimum=1, maximum=MAX_TICKS, shown_when=(kind, ("attack", "load", "cast", "other"))),
            Field(f"fire_ticks_{slot}", "choice", "Ticks", f"{path}.ticks", "ruling R4",
                  (Choice(FIRE_TICKS, "1 tick"),), shown_when=(kind, ("fire",))),
            Field(f"target_{slot}", "choice", "Target", f"{path}.target", "", targets,
                  shown_when=(kind, ("attack", "fire")), carries=True),  # the slot's target last cycle, while standing
            Field(f"attribute_{slot}", "choice", "With", f"{path}.attribute", "MV 5",
                  tuple(Choice(a, a.title()) for a in ATTACK_ATTRIBUTES), shown_when=(kind, ("attack",))),
            Field(f"cover_{slot}", "choice", "The target's cover", f"{path}.cover", "MV 6.2",
                  tuple(Choice(c, c) for c in COVERS), required=False, shown_when=(kind, ("fire",))),
            Field(f"spell_{slot}", "text", "Spell", f"{path}.spell", shown_when=(kind, ("cast",))),
            *(counter_fields(cycle, me, path) if slot == 0 else ()),
            Field(f"pace_{slot}", "choice", "Pace", f"{path}.pace", "MV 4", tuple(Choice(p, p) for p in paces),
                  shown_when=(kind, ("move",))),
        ]
        for pace in paces:
            limit = longest_move(me, pace)
            fields.append(Field(f"ticks_{pace}_{slot}", "number", "Ticks", f"{path}.ticks",
                                f"at most {limit} (MV 4)" if limit else "", minimum=1,
                                maximum=limit or MAX_TICKS, shown_when=(f"pace_{slot}", (pace,))))
    return PlaysForm(side, title, tuple(fields))


def counter_fields(cycle: CycleInput, me: Combatant, path: str) -> tuple[Field, ...]:
    """MV 7.2: a caster (a combatant with colours to cast, `magic_high`) may hold the first spell he declares
    to counter another caster's spell as it resolves: one whose casting is under way (carried from the last
    cycle, seen at the table) or any other living caster's. One counterspell a cycle, so the first slot only;
    it waits apart from the actions in order."""
    if me.magic_high < 1:
        return ()
    carried = {name: entry.action for name, entry in cycle.in_progress.items() if entry.action.kind == "cast"}
    casters = tuple(Choice(c.name, f"{c.name}, casting {carried[c.name].spell}" if c.name in carried else c.name)
                    for c in cycle.combatants
                    if c.name != me.name and not c.dead and (c.magic_high > 0 or c.name in carried))
    if not casters:
        return ()
    return (Field("counter_0", "choice", "This spell", f"{path}.counter",
                  "MV 7.2: a counterspell goes off on the tick the other spell resolves, whatever its cost, after a "
                  "Difficulty 8 Acuity check; passed, that spell has no effect",
                  (Choice(False, "Cast it in its turn"), Choice(True, "Hold it to counter a spell")), required=False,
                  shown_when=("kind_0", ("cast",))),
            Field("counter_target_0", "choice", "Counter the spell of", f"{path}.target", "MV 7.2", casters,
                  shown_when=("counter_0", (True,))))


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    before = {c["name"]: c for c in round_input["combatants"]}
    carried = resolution.state["in_progress"]
    result = []
    for combatant in resolution.state["combatants"]:
        name = combatant["name"]
        dead = " (dead)" if combatant["dead"] else ""
        lines = [f"{name}: life {before[name]['life']} → {combatant['life']}{dead}"]
        if name in carried:
            lines.append(f"still at {Action(**carried[name]['action']).describe()}: "
                         f"{carried[name]['ticks_left']} more ticks")
        lines += list(resolution.must_choose[name])
        if resolution.finished:
            lines.append("the combat is over (MV 8)")
        result.append(SideSummary(name, tuple(lines)))
    return tuple(result)


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    """Each combatant's standing before the cycle (the state only); the cycle's ticks as a timeline after it."""
    return cycle_picture(round_input, resolution.output if resolution else None)
