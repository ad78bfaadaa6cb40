"""A side's plays form (systems/interface.py re-exports all of it, the names every system and the app import): its
fields and choices, the conditions under which each applies (`shown_when`: one pair, pairs that must all hold, or
an `AnyOf` of alternatives), and the answers written into a round input at each field's path (`fill`); the GM's
form where the rules leave the GM nothing to enter (`no_gm_entries`), a system's `asks_anything` built from its
form (`asks_from_form`), and the errors that concern one side (`side_errors`). Plain data, no Django."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal, Mapping

from systems.errors import FieldError
from systems.paths import set_path

GM: Literal["@gm"] = "@gm"  # the side of a form only the GM fills in (no side id starts with "@")


Condition = tuple[str, tuple[Any, ...]]  # (field name, values): that field's answer is one of the values
AllOf = tuple[Condition, ...]  # several conditions that must all hold (none: always)


@dataclass(frozen=True)
class AnyOf:
    """A `shown_when` met when any of its alternatives holds, each an all-of condition (a tuple of pairs): what a
    product of answers cannot say, such as a limit on a sum (an encounter chit beside a one-asterisk attack and
    no maneuver, or the other way round, but not beside both). With no alternatives it never holds."""

    alternatives: tuple[AllOf, ...]


ShownWhen = Condition | AllOf | AnyOf | None  # one condition, several that must all hold, or alternatives


def conditions(shown_when: ShownWhen) -> AllOf:
    """The (field name, values) pairs of an all-of `shown_when`, all of which must hold: none for None, one for
    the one-field form `(field, values)`, each of a tuple of pairs (`(("attack_chit", (...)), ("maneuver_chit",
    (...)))`). A pair's first item is a field's name, a tuple of pairs' is a pair, so the two never mix up. An
    `AnyOf` is no list of pairs: `alternatives` reads every shape."""
    if isinstance(shown_when, AnyOf):
        raise TypeError("an AnyOf condition has alternatives, not one list of pairs: read it with alternatives()")
    if shown_when is None:
        return ()
    if isinstance(shown_when[0], str):
        return (shown_when,)  # type: ignore[return-value]
    return tuple(shown_when)  # type: ignore[arg-type]


def alternatives(shown_when: ShownWhen) -> tuple[AllOf, ...]:
    """Any `shown_when` as alternatives, any of which may hold, each a tuple of pairs that must all hold: an
    `AnyOf`'s own, or the one all-of condition of every other shape."""
    return shown_when.alternatives if isinstance(shown_when, AnyOf) else (conditions(shown_when),)


def any_of(options: Any) -> ShownWhen:
    """The simplest `shown_when` met when any of `options` (each a `shown_when` of the all-of shapes) holds: None
    when one of them always holds, that one alone when there is one, else an `AnyOf` (with none: never)."""
    alls: tuple[AllOf, ...] = ()
    for option in options:  # a value may be a dict (a horse's side), so no set
        if conditions(option) not in alls:
            alls += (conditions(option),)
    if () in alls:
        return None
    if len(alls) == 1:
        return alls[0]
    return AnyOf(alls)


def rendered(shown_when: ShownWhen) -> Any:
    """A `shown_when` as JSON for a page's script: None, a pair `[field, values]`, a list of pairs that must
    all hold, or {"any_of": [[pair, ...], ...]} (alternatives, each a list of pairs)."""
    if isinstance(shown_when, AnyOf):
        return {"any_of": [[[name, list(values)] for name, values in alternative]
                           for alternative in shown_when.alternatives]}
    if shown_when is None:
        return None
    pairs = [[name, list(values)] for name, values in conditions(shown_when)]
    return pairs[0] if isinstance(shown_when[0], str) else pairs


@dataclass(frozen=True)
class Choice:
    """One value a field may take, with its label. `shown_when`: offered only when that other field of the form
    has one of those values (a fire after a load, say); with several pairs, only when each of those fields has
    one of its values; with an `AnyOf`, when any of its alternatives holds. `disabled`: why the rules will
    refuse it ("" for a choice that may be picked): shown, so the side sees it and why, but never open
    (`choices_open`), and refused if picked (`systems.answers.closed_choices`)."""

    value: Any
    label: str
    shown_when: ShownWhen = None
    disabled: str = ""


@dataclass(frozen=True)
class Field:
    """One question of a side's plays form.

    `kind`: "choice" (one of `choices`), "multi-choice" (any of them), "number" (`minimum`..`maximum`) or
    "text". `path` is where the answer goes in the round input ("plays.Aldric.attack.target"); None for a
    question that only steers the form (which action?) and is not written. `shown_when` (field name, values),
    a tuple of such pairs that must all hold, or an `AnyOf` of such tuples, any of which may hold: the field
    applies only when that other field has one of those values (a field not answered reads as None); a field
    that does not apply is neither asked nor written. `pattern` (a "text" field): a regular expression the
    whole answer must match,
    written in what Python's `re` and a browser's `pattern` attribute both read (no anchors); the page puts it
    on the input, and the system's `validate` gives the error in words when it does not match. `multiline` (a
    "text" field): the answer may run over several lines (a list typed one item a line), drawn as a textarea.
    `decimals` (a "number" field): the answer may have up to that many decimal places (a share of a divided
    bounty: 2), kept as an int when whole; 0, a whole number. `separator` (a "text" field): the answer is a list
    typed on one line, its items between that separator ("row 1 | row 2 | ... | row 6"), written by `fill` as the
    list of its items, each stripped (`written`): an empty item stays, for `validate` to name. `carries`: its last
    round's answer is this round's starting suggestion, when still open (the side's answer to the field of the
    same name in the battle's round before, while the side has saved nothing this round:
    `systems.answers.carried_answers`); for a question whose repeat is the natural default (a weapon, a target),
    never for what is chosen afresh each round."""

    name: str
    kind: Literal["choice", "multi-choice", "number", "text"]
    label: str
    path: str | None
    help: str = ""
    choices: tuple[Choice, ...] = ()
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    shown_when: ShownWhen = None
    pattern: str | None = None
    multiline: bool = False
    decimals: int = 0
    separator: str | None = None
    carries: bool = False

    @property
    def step(self) -> str:
        """The step of a "number" field's input on a page: "1", or "0.01" with 2 `decimals`."""
        return f"{10 ** -self.decimals:.{self.decimals}f}" if self.decimals else "1"


@dataclass(frozen=True)
class PlaysForm:
    """What `side` fills in for the round: the fields (in order) and notes (why a side has nothing to choose)."""

    side: str
    title: str
    fields: tuple[Field, ...] = ()
    notes: tuple[str, ...] = ()

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


def applies(shown_when: ShownWhen, answers: Mapping[str, Any]) -> bool:
    """Whether `shown_when` holds for the answers: every pair of one of its alternatives (a field not answered
    reads as None)."""
    return any(all(answers.get(name) in values for name, values in alternative)
               for alternative in alternatives(shown_when))


def choices_open(form_field: Field, answers: Mapping[str, Any]) -> tuple[Choice, ...]:
    """The field's choices that apply given the answers so far and may be picked (not `disabled`)."""
    return tuple(choice for choice in form_field.choices
                 if not choice.disabled and applies(choice.shown_when, answers))


def answers_that_apply(form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, Any]:
    """The answers of the fields that apply, in the form's order: a field applies when each field its `shown_when`
    names applies and has one of its values (so a stale answer behind a changed choice is dropped). Empty answers
    (None, "", []) are left out."""
    kept: dict[str, Any] = {}
    for form_field in form.fields:
        value = answers.get(form_field.name)
        if applies(form_field.shown_when, kept) and value is not None and value != "" and value != []:
            kept[form_field.name] = value
    return kept


def fill(round_input: Mapping[str, Any], form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of `round_input` with the side's answers written at their fields' paths (`answers_that_apply`).
    Dict values merge into what is already there."""
    data = copy.deepcopy(dict(round_input))
    fields = {form_field.name: form_field for form_field in form.fields}
    for name, value in answers_that_apply(form, answers).items():
        if fields[name].path is not None:
            set_path(data, fields[name].path, written(fields[name], value))
    return data


def written(form_field: Field, value: Any) -> Any:
    """An answer as `fill` writes it into the round input: a copy, and a text with a `separator` as the list of
    its items, each stripped ("a | b |" is ["a", "b", ""])."""
    if form_field.kind == "text" and form_field.separator and isinstance(value, str):
        return [item.strip() for item in value.split(form_field.separator)]
    return copy.deepcopy(value)


def asks_from_form(plays_form: Any):
    """A system's `asks_anything` when it has no cheaper answer: whether `plays_form(round_input, side)` has a
    field (the form built to learn it). A system whose form is costly (Magic Realm's tries many plays against its
    engine) answers from the state instead, exactly as its form would."""
    def asks_anything(round_input: Mapping[str, Any], side: str) -> bool:
        return bool(plays_form(round_input, side).fields)
    return asks_anything


def no_gm_entries(round_input: Mapping[str, Any]) -> PlaysForm:
    """`plays_form(round_input, GM)` of a system whose rules leave the GM nothing to enter before a round
    resolves: the GM's form, with no fields and a note saying so."""
    return PlaysForm(GM, "The GM's entries for the round",
                     notes=("The rules leave nothing for the GM to enter before this round resolves",))


def side_errors(errors: list[FieldError], form: PlaysForm) -> list[FieldError]:
    """The errors that concern the side's own plays (their path lies under one of its fields' owners,
    "plays.Aldric" or "choices.Sir Ash"): what the side is shown, while another side's missing plays are not
    its concern."""
    owners = {".".join(f.path.split(".")[:2]) for f in form.fields if f.path}
    return [error for error in errors if any(error.path == owner or error.path.startswith(owner + ".")
                                             for owner in owners)]
