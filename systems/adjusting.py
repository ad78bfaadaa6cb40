"""What the systems share to offer and make a GM's hand adjustments (systems/interface.py `adjustments` and
`adjust`): a change's token is "kind|name" (the kind of change, then whom it changes: a combatant, a side,
a jouster), and each kind of change says itself whether it is open to that one now, so what `adjustments`
offers and what `adjust` accepts can never drift apart."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from systems.interface import Adjustment, AdjustmentRefused

SEPARATOR = "|"

Entry = dict[str, Any]  # one combatant's (side's, jouster's) object in the state, changed in place on a copy


@dataclass(frozen=True)
class Change:
    """One kind of hand change. `why_not(state, entry)`: None when it is open to that entry now, else why not
    in words ("has no hit points left to lose"); `label(state, entry)`: the change in words, naming whom it
    changes; `apply(state, entry)`: makes it (on the copy `adjust` made) and returns the sentence the round's
    history keeps."""

    kind: str
    why_not: Callable[[dict, Entry], str | None]
    label: Callable[[dict, Entry], str]
    apply: Callable[[dict, Entry], str]


@dataclass(frozen=True)
class Group:
    """The changes made to one kind of thing in a state: `noun` names it in a refusal ("combatant", "side");
    `entries(state)` lists (name, entry) of those the state holds now."""

    noun: str
    entries: Callable[[dict], Iterable[tuple[str, Entry]]]
    changes: tuple[Change, ...]


def token(kind: str, name: str) -> str:
    return f"{kind}{SEPARATOR}{name}"


def offered(state: dict, groups: Iterable[Group]) -> tuple[Adjustment, ...]:
    """Every change open now, grouped by whom it changes, in the order the state lists them."""
    return tuple(Adjustment(token(change.kind, name), change.label(state, entry), name)
                 for group in groups for name, entry in group.entries(state) for change in group.changes
                 if change.why_not(state, entry) is None)


def adjusted(state: dict, change: Any, groups: Iterable[Group]) -> tuple[dict, str]:
    """The state after `change` (a deep copy; `state` is left as it was) and its sentence; AdjustmentRefused
    naming what is wrong: an unknown kind of change, nobody of that name, or nothing left to change."""
    groups = tuple(groups)
    kinds = {c.kind: (group, c) for group in groups for c in group.changes}
    kind, _, name = change.partition(SEPARATOR) if isinstance(change, str) else ("", "", "")
    if kind not in kinds or not name:
        raise AdjustmentRefused(f"{change!r} is not a change Herald knows here: a change is written kind|name, "
                                f"the kind one of {', '.join(sorted(kinds))}")
    group, chosen = kinds[kind]
    new_state = copy.deepcopy(state)
    entry = next((entry for entry_name, entry in group.entries(new_state) if entry_name == name), None)
    if entry is None:
        raise AdjustmentRefused(f"there is no {group.noun} called {name!r} in this battle")
    why_not = chosen.why_not(new_state, entry)
    if why_not is not None:
        raise AdjustmentRefused(f"{name} {why_not}")
    return new_state, chosen.apply(new_state, entry)


def arrow(before: Any, after: Any) -> str:
    return f"({before} → {after})"
