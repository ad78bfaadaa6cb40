"""A Magic Realm character's record in words for its campaign card (systems/records.py `record_card`): wounds and
fatigue with the chits they fall on, gold, fame, notoriety, the horse, the hirelings, and the armor and weapons by
state (those two only when the record names any). Pure Python."""

from __future__ import annotations

from typing import Any, Mapping

from systems.magic_realm.records import new_record
from systems.records import CardLine


def record_card(record: Mapping[str, Any]) -> tuple[CardLine, ...]:
    start = new_record()

    def value(key: str) -> Any:
        return record.get(key, start[key])

    def chits(state: str) -> str:
        return ", ".join(name for name, current in (record.get("chits") or {}).items() if current == state)

    def by_state(key: str) -> str:
        return ", ".join(f"{name} ({state})" for name, state in sorted((record.get(key) or {}).items()))

    lines = [
        CardLine("Wounds", str(value("wounds")), chits("wounded")),
        CardLine("Fatigue", str(value("fatigue")), chits("fatigued")),
        CardLine("Gold", str(value("gold"))),
        CardLine("Fame", str(value("fame"))),
        CardLine("Notoriety", str(value("notoriety"))),
        CardLine("Horse", value("horse") or "none"),
        CardLine("Hirelings", ", ".join(value("hirelings") or []) or "none"),
    ]
    lines += [CardLine(label, text) for label, text in (("Armor", by_state("armor")), ("Weapons", by_state("weapons")))
              if text]
    return tuple(lines)
