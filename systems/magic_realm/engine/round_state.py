"""The working state of one melee round: what the round is given (input, rules, dice, catalogue), the log it
writes, the denizens' counters, sides, boxes and targets, and `Working`, what the attacks change (armor,
wounds, kills, weapons that hit or missed) until the round's end writes the new state. The modules of the
round's steps are plain functions of this state (see systems.magic_realm.engine.melee)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.lookups import lookup_denizen
from systems.magic_realm.engine.model import CharacterState, DenizenState, Kill, RoundInput


@dataclass
class Working:
    """What the round's attacks change, until its end writes the new state."""

    characters: dict[str, CharacterState]
    denizens: dict[str, DenizenState]
    killed_in_block: dict[str, int] = field(default_factory=dict)
    armor: dict[tuple[str, str], str] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    weapon_hit: dict[tuple[str, str], bool] = field(default_factory=dict)
    kills: dict[str, Kill] = field(default_factory=dict)
    harm_done: bool = False
    hits_without_kill: set[str] = field(default_factory=set)  # monsters (T, pinning) that hit and did not kill
    # Magic attacks of Demons and the Imp (systems.magic_realm.engine.magic_attacks): who made one, the fatigue the GM
    # ruled, and the rulings still needed.
    magic_attackers: list[str] = field(default_factory=list)
    protected: set[str] = field(default_factory=set)  # demons kept off their target by HEAVENLY PROTECTION
    ruled_fatigue: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rulings_needed: list = field(default_factory=list)
    horse_killers: set[str] = field(default_factory=set)  # monsters (T, pinning) that killed their target's horse
    cancelled_weapons: set[tuple[str, str]] = field(default_factory=set)  # alerted by a cancelled attack (ruling)

    def dead_before(self, name: str, block: int) -> bool:
        return name in self.killed_in_block and self.killed_in_block[name] < block


def owner_of(denizen: DenizenState | None) -> str | None:
    return denizen.hired_by if denizen is not None else None


class RoundState:
    """One melee round being resolved."""

    def __init__(self, round_input: RoundInput, dice: Dice, catalogue):
        self.input = round_input
        self.rules = round_input.rules
        self.state = round_input.state
        self.dice = dice
        self.catalogue = catalogue
        self.events: list[Event] = []
        self.counters = {d.id: lookup_denizen(catalogue, d.counter) for d in self.state.denizens}
        self.sides: dict[str, str] = {d.id: d.side for d in self.state.denizens}
        self.weapon_sides: dict[str, str] = {d.id: d.weapon_side for d in self.state.denizens}
        self.boxes: dict[tuple[str, str], int] = {}
        self.targets: dict[str, str] = {}  # denizen → whom it attacks this round
        self.vulnerabilities: dict[str, str] = {}  # a character's vulnerability changed by an advantage (BERSERK)
        self.work = Working(
            characters={c.id: c for c in self.state.characters},
            denizens={d.id: d for d in self.state.denizens},
        )
        for character in self.state.characters:
            for armor in character.armor:
                self.work.armor[(character.id, armor.name)] = armor.state

    def actors(self, *names: str) -> list[str]:
        actors: list[str] = []
        for name in names:
            actors.append(name)
            owner = owner_of(self.work.denizens.get(name))
            if owner:
                actors.append(owner)
        return actors

    def dead_in_state(self, name: str) -> bool:
        combatant = self.state.combatant(name)
        return combatant is None or combatant.dead or combatant.fled
