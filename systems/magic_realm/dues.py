"""What a Magic Realm character owes after a round, asked and settled through the interface (systems/interface.py,
`dues_form` and `settle`): the wounds and asterisks of fatigue of his summary, on chits he chooses (rule: end of
the round; Herald's ruling "Fatigue that no fresh chits add up to", docs/rulings.md). The rule itself, in the
sentences the dues form gives, is `chit_choice.py`.

Pure: `state` is the round's end state (`Resolution.state`, chits in the round file's short form or written
out), `output` the round's `Resolution.output`. Settling one character touches his chits alone, so the sides
settle in any order; the state comes back in its long form (`battle_state.long_form`), as a hand adjustment
writes it."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from systems.errors import FieldError, PlaysInvalid
from systems.interface import Choice, Field, PlaysForm, nothing_to_settle
from systems.magic_realm.battle_state import character_entry, long_form
from systems.magic_realm.chit_choice import (apply_chit_choice, choice_errors, fatigue_due, owed_for, pays_fatigue,
                                             plural)

BOXES = ("wounded", "fatigued")


def dues_form(state: dict[str, Any], output: dict[str, Any], side: str) -> PlaysForm | None:
    """The chits `side`'s character wounds and fatigues for what the round left him owing: a "wounded" field
    when he owes wounds (any chit not already wounded), a "fatigued" one when he owes fatigue and has a fresh
    chit with an asterisk to pay it. None when he owes nothing, is dead, or is no character of the battle."""
    entry, owed = _dues(state, output, side)
    if entry is None:
        return None
    chits = entry.get("chits", [])
    payers = [chit for chit in chits if pays_fatigue(chit)]
    fields, notes = [], []
    if owed["wounds"]:
        fields.append(Field(
            "wounded", "multi-choice", f"Chits to wound ({plural(owed['wounds'], 'wound')} owed)", None,
            help=f"{side} owes {plural(owed['wounds'], 'wound')}: tick exactly {plural(owed['wounds'], 'chit')} "
                 f"to wound, any chit not already wounded.",
            choices=tuple(Choice(chit["id"], _chit_label(chit)) for chit in chits if chit["state"] != "wounded")))
    if owed["fatigue"] and payers:
        fields.append(Field(
            "fatigued", "multi-choice", f"Chits to fatigue ({plural(owed['fatigue'], 'asterisk')} owed)", None,
            help=f"{side} owes {plural(owed['fatigue'], 'asterisk')} of fatigue: tick fresh chits whose asterisks "
                 f"add up to {owed['fatigue']}; a chit ticked to be wounded pays none.",
            choices=tuple(Choice(chit["id"], chit["id"]) for chit in payers),
            # Each wound may take one chit that would pay: with more payers than wounds, some fatigue is due.
            required=len(payers) > owed["wounds"]))
        notes += _ruling_notes(side, chits, owed)
    elif owed["fatigue"]:
        notes.append(_nothing_to_pay(side, owed))
    round_number = output.get("round")
    title = f"{side}: wounds and fatigue after round {round_number}" if round_number else f"{side}: wounds and fatigue"
    return PlaysForm(side, title, tuple(fields), tuple(notes))


def settle(state: dict[str, Any], output: dict[str, Any], side: str, answers: Mapping[str, Any]) -> dict[str, Any]:
    """A new state with `side`'s character's chosen chits wounded and fatigued (`state` is not changed).
    PlaysInvalid naming the box ("wounded", "fatigued", "__all__") of each problem, in the record form's
    sentences, when the choice does not pay exactly what he owes, and when he owes nothing."""
    settled = copy.deepcopy(dict(state))
    settled["state"] = long_form(settled.get("state") or {})
    entry, owed = _dues(settled, output, side)
    if entry is None:
        gone = choice_errors(settled, side, owed, [], [])  # not in the battle, or dead: its sentence
        if gone.get("__all__"):
            raise PlaysInvalid([FieldError("__all__", message) for message in gone["__all__"]])
        if owed["fatigue"]:
            raise PlaysInvalid([FieldError("__all__", _nothing_to_pay(side, owed))])
        return nothing_to_settle(state, output, side, answers)  # raises, in words
    wounded, fatigued = (_ticked(answers, box) for box in BOXES)
    errors = choice_errors(settled, side, owed, wounded, fatigued)
    if errors:
        raise PlaysInvalid([FieldError(box, message) for box, messages in errors.items() for message in messages])
    return apply_chit_choice(settled, side, wounded, fatigued)


def _dues(state: Mapping[str, Any], output: Mapping[str, Any],
          side: str) -> tuple[dict[str, Any] | None, dict[str, int]]:
    """The character's entry in the long form and what he owes, or (None, owed) when he has nothing to settle:
    no such living character, or no wound owed and no fresh asterisk to pay the fatigue with."""
    owed = owed_for(dict(output or {}), side)
    entry = character_entry({"state": long_form((state or {}).get("state") or {})}, side)
    if entry is None or entry.get("dead"):
        return None, owed
    if owed["wounds"] or (owed["fatigue"] and any(pays_fatigue(chit) for chit in entry.get("chits", []))):
        return entry, owed
    return None, owed


def _ticked(answers: Mapping[str, Any], box: str) -> list[str]:
    """The chit ids ticked in a box: a list of them, one alone, or nothing."""
    value = (answers or {}).get(box)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(chit_id, str) for chit_id in value):
        return list(value)
    raise PlaysInvalid([FieldError(box, "must be a list of chit ids")])


def _nothing_to_pay(side: str, owed: dict[str, int]) -> str:
    return (f"{side} owes {plural(owed['fatigue'], 'asterisk')} of fatigue but has no fresh chit with an asterisk: "
            f"nothing more is owed (docs/rulings.md).")


def _chit_label(chit: dict[str, Any]) -> str:
    return chit["id"] if chit["state"] == "fresh" else f"{chit['id']} ({chit['state']})"


def _ruling_notes(side: str, chits: list[dict[str, Any]], owed: dict[str, int]) -> list[str]:
    """Herald's ruling in a note when his fresh chits, before any is wounded, do not add up to the fatigue owed."""
    due = fatigue_due(chits, [], owed["fatigue"])
    if due == owed["fatigue"]:
        return []
    if due > owed["fatigue"]:
        ruling = (f"no fresh chits add up to exactly {owed['fatigue']}: tick chits showing {due}, the least above it, "
                  f"without change")
    else:
        ruling = f"his fresh chits show only {plural(due, 'asterisk')}: tick them all"
    after_wounds = "; a chit he wounds changes what is due" if owed["wounds"] else ""
    owes = f"{side} owes {plural(owed['fatigue'], 'asterisk')} of fatigue"
    return [f"{owes} and {ruling}{after_wounds} (docs/rulings.md)."]
