"""The working state of one encounter step (`EncounterState`), and the choices the player must make:
which of his unhidden hirelings takes a denizen when he is hidden or absent (8.3.5a.3, Watchful Natives
1.3). A choice needed and missing stops the step (`ChoicePending`); `with_choice` adds it to the input so
the GM resolves again with the same dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from systems.magic_realm.engine.dice import Dice, Roll
from systems.magic_realm.engine.encounter_model import (
    CastSpell,
    CharacterInClearing,
    Charge,
    ChoiceNeeded,
    Denizen,
    EncounterInput,
    Minion,
    Rebel,
    RunResult,
)
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.ruleset import RuleSet


class ChoicePending(Exception):
    def __init__(self, choice: ChoiceNeeded):
        self.choice = choice


@dataclass
class EncounterState:
    """The working state of one encounter step."""

    rules: RuleSet
    dice: Dice
    choices: Mapping[str, str]
    characters: dict[str, CharacterInClearing]
    minions: dict[str, Minion]
    owner: dict[str, str]  # minion → character
    denizens: dict[str, Denizen]  # unhired, including rebels
    targets: dict[str, str]
    hidden: set[str]
    absent: set[str]
    watchful: set[str]
    battling: set[tuple[str, str]]
    events: list[Event] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    rebels: list[Rebel] = field(default_factory=list)
    fame_lost: dict[str, int] = field(default_factory=dict)
    own_sheets: set[str] = field(default_factory=set)
    charges: dict[str, list[Charge]] = field(default_factory=dict)
    chargers: set[str] = field(default_factory=set)
    runs: list[RunResult] = field(default_factory=list)
    ran_away: list[str] = field(default_factory=list)
    alerted: list[tuple[str, str]] = field(default_factory=list)
    spells: list[CastSpell] = field(default_factory=list)
    chits_played: dict[str, list[str]] = field(default_factory=dict)

    def played(self, character: str, chit: str) -> None:
        if chit:
            self.chits_played.setdefault(character, []).append(chit)

    def log(self, kind: str, text: str, rule: tuple[str, str], actors: tuple[str, ...], **data) -> None:
        self.events.append(Event(kind, text, rule[0], rule[1], tuple(a for a in actors if a), data))

    def roll(self, count: int, purpose: str) -> Roll:
        result = self.dice.roll(count, purpose)
        self.rolls.append(result)
        return result

    # who is who

    def is_character(self, name: str) -> bool:
        return name in self.characters

    def unhired_native(self, name: str) -> Denizen | None:
        denizen = self.denizens.get(name)
        return denizen if denizen is not None and denizen.kind == "native" else None

    def group_of(self, name: str) -> str | None:
        if name in self.denizens:
            return self.denizens[name].group
        if name in self.minions:
            return self.minions[name].group
        return None

    def in_clearing(self, character: str) -> bool:
        return self.characters[character].present and character not in self.absent

    def unhidden_character(self, character: str) -> bool:
        return self.in_clearing(character) and character not in self.hidden

    def held_by_red_monster(self, name: str) -> bool:
        return any(d.red_side_up and self.targets.get(d.name) == name for d in self.denizens.values())

    def unhidden_minions(self, character: str) -> list[str]:
        return [
            name
            for name, owner in self.owner.items()
            if owner == character and name not in self.hidden and not self.held_by_red_monster(name)
        ]

    def assign(self, denizen: str, target: str) -> None:
        """A denizen is assigned to a melee sheet: it stops being watchful (Watchful Natives 1)."""
        self.targets[denizen] = target
        self.own_sheets.discard(denizen)
        if denizen in self.watchful:
            self.watchful.discard(denizen)

    def unhide(self, name: str, reason: str, rule: tuple[str, str]) -> None:
        if name in self.hidden:
            self.hidden.discard(name)
            self.log("unhide", f"{name} becomes unhidden: {reason}", rule, (name,))

    def mark_battling(self, group: str, character: str, why: str, rule: tuple[str, str]) -> None:
        if (group, character) not in self.battling:
            self.battling.add((group, character))
            self.log(
                "battling",
                f"The {group} battle {character} for the rest of the day: {why}",
                rule,
                (character,),
                group=group,
            )

    def pick_minion(self, denizen: str, character: str, options: list[str], rule: tuple[str, str]) -> str:
        """The player chooses which of his unhidden hirelings takes the denizen (8.3.5a.3, WN 1.3)."""
        if len(options) == 1:
            return options[0]
        chosen = self.choices.get(denizen)
        if chosen in options:
            return chosen
        problem = f"{chosen!r} is not one of them" if chosen else "no choice was given"
        raise ChoicePending(
            ChoiceNeeded(
                path=f"choices.{denizen}",
                denizen=denizen,
                character=character,
                options=tuple(options),
                rule=rule[0],
                message=(
                    f"{character} is hidden or absent: his player chooses which unhidden hireling takes "
                    f"{denizen} ({', '.join(options)}); {problem}"
                ),
            )
        )


def hidden_target(state: EncounterState, target: str) -> bool:
    """Hidden characters and hirelings, and characters gone from the clearing, cannot be attacked."""
    if target in state.characters:
        return not state.unhidden_character(target)
    return target in state.owner and target in state.hidden


def with_choice(encounter: EncounterInput, denizen: str, minion: str) -> EncounterInput:
    """The same encounter with one more of the player's choices."""
    return replace(encounter, choices={**encounter.choices, denizen: minion})
