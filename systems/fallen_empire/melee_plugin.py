"""A Fallen Empire melee round (`"kind": "melee"`) behind the systems interface.

Who sees what (docs/systems/fallen-empire.md): plays are sealed until the round, then everything happens at
the table in the open (surprise, initiative, morale, every attack, save and bandage), so every event of the
log is seen by all. The plays form offers a combatant only what the round's own validation accepts for it now:
each action and target is tried against `validation.validate` before it is offered."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from systems.adapting import checked_input, combatant_names, combatants_in_battle, public, resolve_checked, schema_of
from systems.errors import FieldError
from systems.fallen_empire.model import ACTIONS, OUT, Play
from systems.fallen_empire.play_flags import flag_fields
from systems.fallen_empire.round_file import SCHEMA_PATH, read_round, resolve_file
from systems.fallen_empire.validation import validate as rule_errors
from systems.interface import GM, Choice, Field, PlaysForm, Resolution, SideSummary, no_gm_entries

LABELS = {"withdraw": "Fighting withdrawal", "surrender": "Surrender", "move": "Move", "retreat": "Full retreat",
          "charge": "Charge", "missile": "Missile fire", "melee": "Melee attack", "set_spear": "Set spear",
          "spell": "Cast a spell", "bandage": "Bandage", "other": "Something else", "none": "Nothing"}
TARGETED = {"melee": "target", "charge": "target", "missile": "target", "spell": "target", "bandage": "patient"}
DICE = schema_of(SCHEMA_PATH)["$defs"]["damage"]  # the pattern the round file checks a spell's damage with


def input_schema() -> dict[str, Any]:
    return schema_of(SCHEMA_PATH)


def validate(round_input: Any) -> list[FieldError]:
    return checked_input(round_input, SCHEMA_PATH, read_round, rule_errors)


sides = combatant_names  # each combatant's play is sealed apart: a side is a combatant (its team is `side`)
# Out of the battle: dead, fled or surrendered (FE 1); the down (dying, stable, unconscious) may still bandage or wake.
sides_in_battle = combatants_in_battle(lambda combatant: combatant.get("status", "fighting") in OUT)


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    output = resolve_checked(validate, resolve_file, round_input, seed, dice)
    state = output["state"]
    team = {c["name"]: c["side"] for c in state["combatants"]}
    owes, must_choose = {}, {}
    for name in sides(round_input):
        due = output["owes"][team[name]]
        owes[name] = tuple(
            (["is dying: a bandage this round, or the save at its end (FE 12)"] if name in due["dying"] else [])
            + (["is broken: may only withdraw, retreat, move, surrender or do nothing (FE 4.4)"]
               if name in due["broken"] else []))
        plays = name in due["plays"] and not output["combat_ends"]
        must_choose[name] = (f"a sealed play for round {state['round']}",) if plays else ()
    return Resolution(tuple(public(output["events"])), state, owes, must_choose, output, output["combat_ends"])


def _accepted(round_input, name: str, play: Play) -> bool:
    return not rule_errors(replace(round_input, plays={name: play}))


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    """The actions open to the combatant now (its status, weapons, engagement, bandages) and, for each, the
    targets it may take; a charge's distance is between half and all of its move (FE 8.2); then the play's
    optional flags where they apply (`play_flags`)."""
    if side == GM:  # the rules leave the GM nothing to enter before a round
        return no_gm_entries(round_input)
    parsed = read_round({key: value for key, value in round_input.items() if key != "plays"})
    me = parsed.combatant(side)
    title = f"{side} ({me.side}), round {parsed.round}"
    path = f"plays.{side}"
    names = [c.name for c in parsed.combatants]
    fields: list[Field] = []
    actions = []
    targets_of: dict[str, list[str]] = {}
    filler = {"distance": me.move, "spell": "a spell", "text": "what is done"}
    for action in ACTIONS:
        key = TARGETED.get(action)
        extra = {k: v for k, v in filler.items() if k in ("distance",) and action == "charge"
                 or k == "spell" and action == "spell" or k == "text" and action == "other"}
        if key is None:
            if _accepted(parsed, side, Play(action, **extra)):
                actions.append(action)
            continue
        targets = [n for n in names if _accepted(parsed, side, Play(action, **extra, **{key: n}))]
        targets_of[action] = targets
        untargeted = action == "spell" and _accepted(parsed, side, Play(action, **extra))  # a spell may aim at nobody
        if targets or untargeted:
            actions.append(action)
        if targets:
            fields.append(Field(f"{action}_{key}", "choice", "Target" if key == "target" else "Patient",
                                f"{path}.{key}", "", tuple(Choice(n, n) for n in targets),
                                required=action != "spell", shown_when=("action", (action,)),
                                carries=action in ("melee", "missile")))  # a fight or volley goes on at its target
    if actions == ["none"]:
        return PlaysForm(side, title, notes=(f"{side} is {me.status} and plays nothing",))
    form_fields = [Field("action", "choice", "This round", f"{path}.action", "sealed until the round (FE 2)",
                         tuple(Choice(a, LABELS[a]) for a in actions))]
    form_fields += fields
    least = -(-me.move // 2)
    if "charge" in actions:
        form_fields.append(Field("charge_distance", "number", "Charge distance", f"{path}.distance",
                                 f"{least} to {me.move} (FE 8.2)", minimum=least, maximum=me.move,
                                 shown_when=("action", ("charge",))))
    if "move" in actions:
        form_fields.append(Field("move_distance", "number", "Distance", f"{path}.distance", f"up to {me.move}",
                                 required=False, minimum=0, maximum=me.move, shown_when=("action", ("move",))))
    if "spell" in actions:
        form_fields.append(Field("spell", "text", "Spell", f"{path}.spell", shown_when=("action", ("spell",))))
        if targets_of["spell"]:
            form_fields.append(spell_damage(targets_of["spell"], path))
    if "other" in actions:
        form_fields.append(Field("text", "text", "What is done", f"{path}.text", "FE 10.1",
                                 shown_when=("action", ("other",))))
    form_fields += flag_fields(parsed, me, actions, targets_of, round_input.get("plays", {}), path)
    return PlaysForm(side, title, tuple(form_fields))


def spell_damage(targets: list[str], path: str) -> Field:
    """FE 9.1: the damage a spell deals its target without a roll, in dice (empty: the effect is the GM's),
    checked against the round file's dice pattern as it is typed."""
    return Field("spell_damage", "text", "Spell damage", f"{path}.damage",
                 f"FE 9.1: the dice the spell deals its target, no attack roll; {DICE['patternError']} (empty: "
                 "its effect is the GM's)", required=False, shown_when=("spell_target", tuple(targets)),
                 pattern=DICE["pattern"].removeprefix("^").removesuffix("$"))


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    before = {c["name"]: c for c in round_input["combatants"]}
    result = []
    for combatant in resolution.state["combatants"]:
        name = combatant["name"]
        was = before[name]
        line = f"{name}: hit points {was['hp']} → {combatant['hp']}"
        if combatant["status"] != was.get("status", "fighting"):
            line += f", now {combatant['status']}"
        lines = [line, *resolution.owes[name], *resolution.must_choose[name]]
        if resolution.finished:
            lines.append("the combat is over (FE 13.3)")
        result.append(SideSummary(name, tuple(lines)))
    return tuple(result)
