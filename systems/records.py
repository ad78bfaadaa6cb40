"""A campaign character's record between battles, and what a battle does to it: part of the systems interface
(systems/interface.py), pure Python.

A campaign keeps a record of each of its characters: a JSON object in its system's own words (Magic Realm: the
chits fatigued or wounded, armor damaged or destroyed, weapons alerted, the horse, fame, notoriety and gold;
another system: the hit points lost, the endurance spent). Keys a system does not know are left alone, so a
record may carry more than one system reads. Two functions of a system read and write it:

with_records(round_input, records) -> dict
    A battle's starting state (a round input without plays) with each side named in `records` (a campaign
    character's name -> its record) as its record says: what it carries from earlier battles. Sides not named,
    and what a record does not say, are as `round_input` has them; `round_input` is not changed.

record_changes(before, after, output) -> tuple[RecordChange, ...]
    What the battle did to each side's record between two of its states: `before` a round's input and `after`
    its `Resolution.state`, with `output` its `Resolution.output`; or `before` a round's end state and `after`
    the state `settle` returned for a side's dues, with `output` {} (what the round scored is counted once, with
    the round). One RecordChange per side whose record changes, in words (`lines`, the campaign's history) and
    as changes to the record (`changes`, which `apply` makes and `undo` takes back).

check_record(record) -> list[FieldError]
    What is wrong in a record a GM typed or a file brought, for the keys the system keeps (a path per key,
    "hp": "must be a whole number"); keys it does not keep are not its to judge.

new_record() -> dict
    A character's record before any battle (`killed` false, and the system's own keys at their start).

record_form(record, name="") -> PlaysForm
    The keys the system keeps, as the form a GM edits a record with (and reads on the character's card), for
    the character kept under `name` (`character_name`; "" for none in particular): a system whose records
    name a character's own items (Magic Realm: its chits) asks them by it. `killed` is every system's, and the
    app asks it itself. A field's `path` is where its answer goes in the record (`record_path`):
      None         the key named by the field's `name`;
      "key.item"   that item of the object at `key` (one question per chit, say); the item may hold dots;
      "key."       the answer is {item: value}, merged into the object at `key` (a piece of armor gained).
    An empty answer leaves the key (or the item) out and the battle's starting state decides, unless the field
    is `required` (a key the record always keeps: an empty answer is refused); a "multi-choice" answer is a
    list, [] when nothing is picked. A "number" field with `decimals` takes a share (2.5).

record_card(record) -> tuple[CardLine, ...]
    The record in words for the character's card, every key but `killed` (the app says alive or killed
    itself): a label and its text, with a `note` the page shows muted beside it (Magic Realm: "Wounds", "2",
    note "MOVE M4, FIGHT L3"). A system without its own exports `card_from_form(record_form)`: each field of
    its `record_form` by its label, with the record's value.

A change is one of
    {"op": "set", "key": K, "item": None, "value": V}   record[K] = V
    {"op": "set", "key": K, "item": I, "value": V}      record[K][I] = V (V None: the item is dropped)
    {"op": "add", "key": K, "amount": N}                record[K] += N, never below 0
    {"op": "remove", "key": K, "item": I}               the first I taken out of the list record[K]
A change that sets `killed` (KILLED) to True says the character died: a campaign takes a killed character into
no more battles.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from systems.errors import FieldError
from systems.interface import Field, PlaysForm

KILLED = "killed"


@dataclass
class RecordChange:
    """What a battle did to one side's record: `lines` in words, `changes` as `apply` makes them."""

    side: str
    lines: list[str] = field(default_factory=list)
    changes: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.lines or self.changes)

    def set(self, key: str, value: Any, item: str | None = None) -> None:
        self.changes.append({"op": "set", "key": key, "item": item, "value": value})

    def add(self, key: str, amount: float) -> None:
        if amount:
            self.changes.append({"op": "add", "key": key, "amount": number(amount)})

    def remove(self, key: str, item: str) -> None:
        self.changes.append({"op": "remove", "key": key, "item": item})

    @property
    def killed(self) -> bool:
        return any(change["key"] == KILLED and change.get("value") is True for change in self.changes)


@dataclass(frozen=True)
class CardLine:
    """One line of a character's card: `label` over `text`, and `note` beside it, muted (empty: none)."""

    label: str
    text: str
    note: str = ""

    @property
    def words(self) -> str:
        return f"{self.text} ({self.note})" if self.note else self.text


NOT_RECORDED = "as each battle's starting state says"


def card_from_form(record_form: Callable[[Mapping[str, Any]], PlaysForm]) -> Callable[[Mapping[str, Any]], tuple[CardLine, ...]]:
    """`record_card` of a system whose card shows its record as its form asks it: each field's label with the
    record's value (a key left out: what each battle's starting state says)."""

    def record_card(record: Mapping[str, Any]) -> tuple[CardLine, ...]:
        lines = []
        for asked in record_form(record).fields:
            value = record.get(asked.name)
            lines.append(CardLine(asked.label, NOT_RECORDED if value is None or value == "" else str(value)))
        return tuple(lines)

    return record_card


def number(value: float) -> int | float:
    """A whole number as an int; a share of a divided bounty to two decimals."""
    rounded = round(float(value), 2)
    return int(rounded) if rounded == int(rounded) else rounded


def typed_number(raw: Any, decimals: int = 0) -> int | float:
    """A number typed into a form's "number" field (`Field.decimals`): a whole number, or with `decimals` one
    with at most that many places, kept as an int when whole. ValueError for anything else ("1.5" where a whole
    number is asked, "inf", "nan", a word)."""
    text = str(raw).strip()
    if not decimals:
        return int(text)
    value = float(text)
    if not math.isfinite(value) or round(value, decimals) != value:
        raise ValueError(text)
    return int(value) if value == int(value) else value


def number_kind(decimals: int = 0) -> str:
    """What a "number" field with `decimals` takes, in words, for its error."""
    return (f"a number with at most {decimals} decimal place{'s' if decimals > 1 else ''}" if decimals
            else "a whole number")


def answers_a_number(value: Any, decimals: int = 0) -> bool:
    """Whether a kept answer is one a "number" field with `decimals` takes (a bool is not a number)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (bool(decimals) and isinstance(value, float) and math.isfinite(value)
                                      and round(value, decimals) == value)


def is_killed(record: Mapping[str, Any] | None) -> bool:
    return bool((record or {}).get(KILLED))


def records_ignored(round_input: Mapping[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """`with_records` of a system whose combatants carry nothing from one battle to the next."""
    return copy.deepcopy(dict(round_input))


def no_record_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                      output: Mapping[str, Any]) -> tuple[RecordChange, ...]:
    """`record_changes` of a system whose battles change no record."""
    return ()


def bare_record() -> dict[str, Any]:
    """`new_record` of a system that keeps no key of its own in a record."""
    return {KILLED: False}


def no_record_form(record: Mapping[str, Any], name: str = "") -> PlaysForm:
    """`record_form` of a system that keeps no key of its own in a record."""
    return PlaysForm(side="", title="The record")


def any_record(record: Mapping[str, Any]) -> list[FieldError]:
    """`check_record` of a system that keeps no key of its own in a record."""
    return []


def whole_number_errors(record: Mapping[str, Any], keys: tuple[str, ...], *, least: int | None = None) -> list[FieldError]:
    """The keys of `keys` in `record` whose value is not a whole number (of at least `least`)."""
    errors = []
    for key in keys:
        if key not in record:
            continue
        value = record[key]
        if not isinstance(value, int) or isinstance(value, bool) or (least is not None and value < least):
            kind = "a whole number" if least is None else f"a whole number of {least} or more"
            errors.append(FieldError(key, f"must be {kind}, not {value!r}"))
    return errors


def apply(record: Mapping[str, Any], changes: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The record with the changes made, and the ops to undo them (each with what it replaced)."""
    record = copy.deepcopy(dict(record))
    ops = []
    for change in changes:
        key, item = change["key"], change.get("item")
        if key not in record:  # taken out again by `undo`, so that a record gets back exactly what it had
            change = {**change, "absent": True}
        if change["op"] == "set":
            if item is None:
                before = record.get(key)
                record[key] = change["value"]
            else:
                mapping = record.setdefault(key, {})
                before = mapping.get(item)
                if change["value"] is None:
                    mapping.pop(item, None)
                else:
                    mapping[item] = change["value"]
            ops.append({**change, "before": before})
        elif change["op"] == "add":
            current = record.get(key) or 0
            new = number(max(0, current + change["amount"]))
            record[key] = new
            ops.append({**change, "amount": number(new - current)})
        elif change["op"] == "remove":
            items = list(record.get(key) or [])
            index = items.index(item) if item in items else None
            if index is not None:
                del items[index]
            record[key] = items
            ops.append({**change, "index": index})
        else:
            raise ValueError(f"no such change: {change['op']!r}")
    return record, ops


def undo(record: Mapping[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """The record with `ops` (from `apply`) undone, last first."""
    record = copy.deepcopy(dict(record))
    for op in reversed(ops):
        key, item = op["key"], op.get("item")
        if op["op"] == "set":
            if item is None:
                record[key] = op["before"]
            else:
                mapping = record.setdefault(key, {})
                if op["before"] is None:
                    mapping.pop(item, None)
                else:
                    mapping[item] = op["before"]
        elif op["op"] == "add":
            record[key] = number((record.get(key) or 0) - op["amount"])
        elif op["op"] == "remove" and op.get("index") is not None:
            items = list(record.get(key) or [])
            items.insert(op["index"], item)
            record[key] = items
        if op.get("absent"):
            record.pop(key, None)
    return record


# --- where a record form's answer goes --------------------------------------------------------------------


def record_path(form_field: Field) -> tuple[str, str | None]:
    """(key, item) of a record form field's `path`: item None for the whole key, "" for an item its answer names
    ("key."), else that item ("chits.FIGHT H5*": split at the first dot, so an item may hold dots)."""
    if form_field.path is None:
        return form_field.name, None
    key, _, item = form_field.path.partition(".")
    return key, item


def recorded_answer(record: Mapping[str, Any], form_field: Field) -> Any:
    """What the record says for a record form field (None: nothing; a field of a gained item: never anything)."""
    key, item = record_path(form_field)
    if item is None:
        return record.get(key)
    if not item:
        return None
    kept = record.get(key)
    return kept.get(item) if isinstance(kept, Mapping) else None


def with_answer(record: Mapping[str, Any], form_field: Field, answer: Any) -> dict[str, Any]:
    """A copy of `record` with a record form field's answer written at its path (`record_form`): an empty answer
    (None or "") leaves the key or the item out, and a gained item's ({item: value}) is merged in."""
    written = dict(record)
    key, item = record_path(form_field)
    empty = answer is None or answer == ""
    if item is None:
        if empty:
            written.pop(key, None)
        else:
            written[key] = answer
        return written
    kept = dict(written[key]) if isinstance(written.get(key), Mapping) else {}
    if not item:
        kept.update(answer if isinstance(answer, Mapping) else {})
    elif empty:
        kept.pop(item, None)
    else:
        kept[item] = answer
    written[key] = kept
    return written
