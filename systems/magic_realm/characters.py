"""Magic Realm's characters in a campaign (systems/characters.py says what each function is for): a character is
one of the catalogue's character counters, spelled as the catalogue spells it; it may start with the equipment of
one of the catalogue's native groups; and its card shows its relationships with the native groups, Knight's
Adjustment applied when the campaign's options have it (BIMR4 "Optional Abilities: Knight's Adjustment")."""

from __future__ import annotations

from typing import Any, Mapping

from systems.characters import Badge, CharacterFact
from systems.magic_realm.engine.catalogue import UnknownCounter
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.magic_realm.engine.relationships import ALLIED, relationship_name, relationships_for
from systems.magic_realm.engine.ruleset import rules_from


def character_name(name: str) -> str:
    """The catalogue's spelling of a character counter's name, matched case-insensitively."""
    try:
        return get_catalogue().character(str(name or "").strip()).name
    except UnknownCounter as error:
        raise ValueError(str(error)) from None


def character_names() -> tuple[str, ...]:
    """Every character counter of the catalogue, in its order."""
    return tuple(counter.name for counter in get_catalogue().characters)


def native_groups() -> tuple[str, ...]:
    """The catalogue's native groups, sorted."""
    return tuple(sorted({native.group for native in get_catalogue().natives}))


def character_facts(name: str, record: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[CharacterFact, ...]:
    """The character's relationships under the campaign's options, as badges, and for a knight under Knight's
    Adjustment what it changes on his card (the card shows the levels the rules use, so the GM sees why they differ
    from the printed card). `record` changes nothing here: relationships are the counter's and the rules'."""
    counter = get_catalogue().character(name)
    rules = rules_from(dict(options))
    levels = sorted(relationships_for(counter, rules).items())
    badges = tuple(Badge(group, relationship_name(level), level) for group, level in levels)
    facts = [CharacterFact("Relationships", ", ".join(f"{b.name}: {b.value}" for b in badges)
                           or "Neutral with every group", badges)]
    allied = sorted(group for group, level in counter.relationships.items() if level == ALLIED)
    if rules.knights_adjustment and counter.knight and allied:
        facts.append(CharacterFact("Knight's Adjustment", f"On: Friendly, not Allied, with the {' and the '.join(allied)}."))
    return tuple(facts)
