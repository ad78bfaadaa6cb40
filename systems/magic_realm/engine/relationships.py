"""A character's relationships with the native groups, and the optional rules that change them.

Relationship levels run from -2 (Enemy) to +2 (Allied), as on the character's card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.ruleset import RuleSet

ENEMY, UNFRIENDLY, NEUTRAL, FRIENDLY, ALLIED = -2, -1, 0, 1, 2
RELATIONSHIP_NAMES: dict[int, str] = {
    ENEMY: "Enemy",
    UNFRIENDLY: "Unfriendly",
    NEUTRAL: "Neutral",
    FRIENDLY: "Friendly",
    ALLIED: "Allied",
}


class HasRelationships(Protocol):
    """What relationships_for needs of a character counter (systems.magic_realm.engine.catalogue.Character)."""

    name: str
    knight: bool
    relationships: dict[str, int]


@dataclass(frozen=True)
class CharacterRelationships:
    """A character as the Meeting table needs it (a HasRelationships): his id in the battle and his
    card's relationships; built by systems.magic_realm.engine.encounter_input."""

    name: str
    knight: bool
    relationships: dict[str, int]


def relationships_for(character: HasRelationships, rules: RuleSet) -> dict[str, int]:
    """The character's relationship with each native group it has one with (absent: Neutral).

    Knight's Adjustment (BIMR4 "Optional Abilities: Knight's Adjustment"; realmspeak-notes 2.3): with
    `rules.knights_adjustment`, a knight is Friendly, not Allied, with the group its card makes it
    Allied with: the Black Knight with the Company, the White Knight with the Order.
    """
    relationships = dict(character.relationships)
    if rules.knights_adjustment and character.knight:
        for group, level in relationships.items():
            if level == ALLIED:
                relationships[group] = FRIENDLY
    return relationships


def relationship_name(level: int) -> str:
    return RELATIONSHIP_NAMES[max(ENEMY, min(ALLIED, level))]


KNIGHTS_ADJUSTMENT_RULE = ("BIMR4 Knight's Adjustment", "Optional Abilities: Knight's Adjustment")


def relationship_with(
    character: HasRelationships, group: str, rules: RuleSet
) -> tuple[int, tuple[Event, ...]]:
    """The character's relationship with one native group, and an event when Knight's Adjustment
    changed it (so that every place a relationship is used can show why)."""
    level = relationships_for(character, rules).get(group, NEUTRAL)
    printed = character.relationships.get(group, NEUTRAL)
    if level == printed:
        return level, ()
    event = Event(
        "relationship",
        f"Knight's Adjustment: the {character.name} is {relationship_name(level)}, not "
        f"{relationship_name(printed)}, with the {group}",
        *KNIGHTS_ADJUSTMENT_RULE,
        actors=(character.name,),
        data={"group": group, "printed": printed, "level": level},
    )
    return level, (event,)
