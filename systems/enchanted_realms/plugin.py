"""Enchanted Realms behind the systems interface (systems/interface.py): its round file is the round input.

Who sees what (docs/systems/enchanted-realms.md): every turn is fought in the open, so every logged event is
seen by all; a reaction a combatant readied that no strike called for stays its own secret."""

from __future__ import annotations

from typing import Any

from systems.adapting import (check_no_options, checked_input, combatant_names, combatants_in_battle, head, input_as_it_is, no_options,
                              private_event, public, resolve_checked, schema_of)
from systems.enchanted_realms.model import MAX_POOL, METHODS, REACTIONS
from systems.enchanted_realms.round import validate as rule_errors
from systems.enchanted_realms.round_file import SCHEMA_PATH, read_round, resolve_file
from systems.enchanted_realms.standing_picture import standing_picture
from systems.errors import FieldError
from systems.events import Event
from systems.interface import GM, Choice, Field, PlaysForm, Resolution, SideSummary, no_gm_entries

KINDS = ("round",)


options = no_options  # the text has no optional rules; its gaps are Herald's rulings R1-R5
check_options = check_no_options
with_options = input_as_it_is
sides = combatant_names  # each combatant plays for itself
sides_in_battle = combatants_in_battle(lambda combatant: combatant.get("down", False))  # down: out of the fight (ER 8)


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return schema_of(SCHEMA_PATH)


def validate(round_input: Any) -> list[FieldError]:
    return checked_input(round_input, SCHEMA_PATH, read_round, rule_errors)



def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    output = resolve_checked(validate, resolve_file, round_input, seed, dice)
    events = public(output["events"])
    reacted = {event["actors"][1] for event in output["events"] if event["kind"] == "reaction"}
    for name, play in round_input.get("plays", {}).items():
        if play.get("reaction") and name not in reacted:
            events.append(private_event(Event("reaction", f"{name} had a {play['reaction']} ready; no strike called "
                                                          "for it", "ER 7", "Reactions", (name,)), name))
    attacks = {c["name"]: c["attacks"] for c in round_input["combatants"] if "attacks" in c}
    combatants = [{**c, **({"attacks": attacks[c["name"]]} if c["name"] in attacks else {})}
                  for c in output["state"]["combatants"]]
    state = {**head(round_input, ("format", "system", "title")), "round": output["round"] + 1, "combatants": combatants}
    standing_sides = {c["side"] for c in combatants if not c["down"]}
    finished = len(standing_sides) < 2
    must_choose = {c["name"]: () if finished or c["down"] else
                   (f"a play for round {state['round']}: an attack or another action, and a reaction",)
                   for c in combatants}
    return Resolution(tuple(events), state, {c["name"]: () for c in combatants}, must_choose, output, finished)


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    """The side's attacks (its `attacks`, else a method and a pool), the targets still standing, another
    action instead, and a reaction. The attack (or its method and pool) and the target carry (`Field.carries`):
    a side starts from last round's while they stand; the action and the reaction are chosen afresh."""
    if side == GM:  # the rules leave the GM nothing to enter before a round
        return no_gm_entries(round_input)
    me = next(c for c in round_input["combatants"] if c["name"] == side)
    title = f"{side}, round {round_input.get('round', 1)}"
    if me.get("down"):
        return PlaysForm(side, title, notes=(f"{side} is down and takes no turn (ER 8)",))
    path = f"plays.{side}"
    attacking = ("attack",)
    action = Field("action", "choice", "This round", None, "a turn is one action (ER 1)",
                   (Choice("attack", "Attack"), Choice("other", "Another action"), Choice("none", "Nothing")))
    targets = tuple(Choice(c["name"], f"{c['name']} ({c['side']})") for c in round_input["combatants"]
                    if c["name"] != side and not c.get("down"))
    fields = [action]
    if me.get("attacks"):
        fields.append(Field("attack", "choice", "Attack with", f"{path}.attack", "", tuple(
            Choice({key: value for key, value in attack.items() if key != "name"},
                   f"{attack['name']} ({attack['method']}, {attack['dice']}d20 +{attack.get('bonus', 0)})")
            for attack in me["attacks"]), shown_when=("action", attacking), carries=True))
    else:
        fields += [
            Field("method", "choice", "Method", f"{path}.attack.method", "", tuple(Choice(m, m) for m in METHODS),
                  shown_when=("action", attacking), carries=True),
            Field("dice", "number", "Dice in the pool", f"{path}.attack.dice", "from the skill (ER 4.1)",
                  minimum=1, maximum=MAX_POOL, shown_when=("action", attacking), carries=True),
            Field("bonus", "number", "Bonus to each die", f"{path}.attack.bonus", "attribute + magic (ER 4.2)",
                  required=False, minimum=-10, maximum=20, shown_when=("action", attacking), carries=True),
        ]
    fields += [
        Field("target", "choice", "Target", f"{path}.attack.target", "someone still standing", targets,
              shown_when=("action", attacking), carries=True),
        Field("other", "text", "What you do instead", f"{path}.other", shown_when=("action", ("other",))),
        Field("reaction", "choice", "Reaction if struck", f"{path}.reaction", "once a round (ER 7, ruling R3)",
              tuple(Choice(name, f"{name} (against {' and '.join(methods)})") for name, methods in REACTIONS.items()),
              required=False),
    ]
    if not targets:
        fields = [f for f in fields if f.shown_when != ("action", attacking)]
        fields[0] = Field("action", "choice", "This round", None, "nobody is left standing to attack",
                          tuple(c for c in action.choices if c.value != "attack"))
    return PlaysForm(side, title, tuple(fields))


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    before = {c["name"]: c for c in round_input["combatants"]}
    damage = resolution.output["damage_done"]
    lines = []
    for combatant in resolution.state["combatants"]:
        name = combatant["name"]
        was = before[name]["hp"]
        text = [f"{name}: hit points {was} → {combatant['hp']}" + (" (down)" if combatant["down"] else "")]
        if damage.get(name):
            text.append(f"took {damage[name]} damage this round")
        text += list(resolution.must_choose.get(name, ()))
        lines.append(SideSummary(name, tuple(text)))
    return tuple(lines)


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    """Each combatant's hit points and Protective Points as bars, the round's damage shaded once it resolved."""
    return standing_picture(round_input, resolution.output if resolution else None)
