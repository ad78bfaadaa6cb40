"""A Magic Realm character's record as a GM edits it between battles (systems/records.py `record_form`): the
counts, gold, fame and notoriety (a divided bounty leaves shares), the horse, the hirelings by name, each of the
character's chits, armor and weapons by name with its state, and a piece of armor or a weapon gained, the names
drawn from the catalogue. Pure Python; `check_record` (records.py) judges what it writes.

A chit is fresh, fatigued or wounded, the states a battle reads: a MAGIC chit is never offered "enchanted", which the
engine has no state for (docs/rulings.md); a record that keeps one shows it as a choice not possible
(`Choice.disabled`), with the check's own words, which `closed_choices` and `check_record` both refuse it with.

A record keeps what differs from a fresh character (records.py `with_records`): a chit left fresh, the counter's
own armor intact and its own weapons unalerted are not written, so each of those questions' empty answer says
so. Armor or a weapon beside the counter's is kept by its state; its empty answer ("not carried") drops it."""

from __future__ import annotations

from typing import Any, Mapping

from systems.interface import Choice, Field, PlaysForm
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.model import ARMOR_STATES, CHIT_STATES
from systems.magic_realm.records import WEAPON_STATES, chit_ids, owned, state_error


def record_form(record: Mapping[str, Any], name: str = "") -> PlaysForm:
    """The questions of the record of the character kept under `name` (its catalogue counter's chits, armor and
    weapons; "" or a name the catalogue does not know: those the record names)."""
    counter = _counter(name)
    fields = [
        Field("wounds", "number", "Wounds", None, minimum=0),
        Field("fatigue", "number", "Fatigue", None, minimum=0),
        Field("gold", "number", "Gold", None, "A share of a divided bounty is kept to 2 decimals.", minimum=0,
              decimals=2),
        Field("fame", "number", "Fame", None, decimals=2),
        Field("notoriety", "number", "Notoriety", None, decimals=2),
        Field("horse", "text", "Horse", None, "The active horse (Pony, Horse, Warhorse or a native's horse), or "
              "empty.", required=False),
        Field("hirelings", "multi-choice", "Hirelings", None, "The natives hired.", required=False,
              choices=_names([native.name for native in get_catalogue().natives], record.get("hirelings"))),
    ]
    chits = record.get("chits") if isinstance(record.get("chits"), Mapping) else {}
    ids = [chit_id for chit_id, _ in chit_ids(counter.chits if counter else ())]
    ids += [chit_id for chit_id in chits if chit_id not in ids]
    for number, chit_id in enumerate(ids, start=1):
        fields.append(Field(f"chit_{number}", "choice", f"Chit {chit_id}", f"chits.{chit_id}", required=False,
                            choices=_states("fresh", CHIT_STATES, chits.get(chit_id))))
    fields += _items("armor", "Armor", counter.armor if counter else (), record, ARMOR_STATES,
                     [piece.name for piece in get_catalogue().armor])
    fields += _items("weapons", "Weapon", counter.weapons if counter else (), record, WEAPON_STATES,
                     [weapon.name for weapon in get_catalogue().weapons])
    return PlaysForm(side="", title="Between battles", fields=tuple(fields))


def _counter(name: str) -> Any:
    if not name:
        return None
    try:
        return get_catalogue().character(name)
    except LookupError:
        return None


def _names(catalogue: list[str], recorded: Any) -> tuple[Choice, ...]:
    """The catalogue's names, once each, and any the record keeps beside them (a hireling the GM typed before)."""
    kept = [str(name) for name in recorded] if isinstance(recorded, list) else []
    return tuple(Choice(name, name) for name in dict.fromkeys([*catalogue, *kept]))


def _states(empty: str, states: tuple[str, ...], recorded: Any) -> tuple[Choice, ...]:
    """An item's states, its empty answer first under its own words, and a state the record keeps that is none
    of them: shown as it is, not possible, with why the check refuses it (`state_error`)."""
    offered = [state for state in states if state != empty]
    kept = ()
    if isinstance(recorded, str) and recorded not in (empty, *offered):
        kept = (Choice(recorded, recorded, disabled=state_error(states, recorded)),)
    return (Choice(None, empty), *(Choice(state, state) for state in offered), *kept)


def _items(key: str, label: str, starting: tuple[str, ...], record: Mapping[str, Any], states: tuple[str, ...],
           catalogue: list[str]) -> list[Field]:
    """One question per piece the character has (the counter's and those the record keeps), and one for a piece
    gained: any other of the catalogue, in each of its states but the last (armor gained destroyed, a weapon
    gained alerted, is no piece to add)."""
    recorded = record.get(key) if isinstance(record.get(key), Mapping) else {}
    fields = []
    pieces = owned(starting, recorded)
    for number, name in enumerate(pieces, start=1):
        empty = states[0] if name in starting else "not carried"
        fields.append(Field(f"{key}_{number}", "choice", f"{label}: {name}", f"{key}.{name}", required=False,
                            choices=_states(empty, states, recorded.get(name))))
    gained = [name for name in dict.fromkeys(catalogue) if name not in pieces]
    fields.append(Field(f"{key}_gained", "choice", f"{label} gained", f"{key}.", "Any other of the catalogue, "
                        "added to what the character has.", required=False,
                        choices=(Choice(None, "none"), *(Choice({name: state}, f"{name}, {state}")
                                                         for name in gained for state in states[:-1]))))
    return fields
