"""The melee round's data: combatants and their state, the melee sheets, each side's plays, the round's
input and its result.

Everything here is a frozen dataclass, so a round's input can be shared, hashed into caches and replayed.
`systems.magic_realm.engine.round_format` turns these to and from the JSON round file (docs/round-format.md).

The melee input holds only melee-step concerns: who stands on which sheet (in which box) and what each
character played. The encounter step (luring, random assignment, running away) is a separate input that
produces these sheets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from systems.magic_realm.engine.dice import Roll
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.ruleset import RuleSet

CHIT_STATES: tuple[str, ...] = ("fresh", "fatigued", "wounded")
ARMOR_STATES: tuple[str, ...] = ("intact", "damaged", "destroyed")
SIDES: tuple[str, ...] = ("light", "dark")
HORSE_SIDES: tuple[str, ...] = ("walking", "galloping")
BOXES: tuple[int, ...] = (1, 2, 3)
LEVELS: dict[str, int] = {"N": 0, "L": 1, "M": 2, "H": 3, "T": 4}

_CHIT_LABEL = re.compile(
    r"^(?P<action>[A-Z]+)\s+(?P<strength>[NLMHT])?(?P<magic>[IVX]+)?(?P<time>\d)(?P<stars>\**)$"
)


class ChitLabelError(ValueError):
    pass


@dataclass(frozen=True)
class Chit:
    """One action chit of a character: "FIGHT H5*" is action FIGHT, strength H, time 5, one asterisk.

    `id` is unique within the character: the label, with " #2" for a second chit of the same label.
    """

    id: str
    action: str
    strength: str | None
    time: int | None
    effort: int = 0
    magic_type: str | None = None
    state: str = "fresh"

    @property
    def label(self) -> str:
        value = (self.strength or "") + (self.magic_type or "") + ("" if self.time is None else str(self.time))
        return f"{self.action} {value}{'*' * self.effort}"

    @property
    def usable(self) -> bool:
        return self.state == "fresh"


def parse_chit(label: str, state: str = "fresh", chit_id: str | None = None) -> Chit:
    """Read a chit as players write it: "FIGHT H5*", "MOVE M4**", "MAGIC III3", "DUCK T3*"."""
    match = _CHIT_LABEL.match(label.strip().upper())
    if not match:
        raise ChitLabelError(
            f"{label!r} is not a chit; write it as on the counter, e.g. 'FIGHT H5*', 'MOVE M4', 'MAGIC III2'"
        )
    return Chit(
        id=chit_id or label.strip(),
        action=match["action"],
        strength=match["strength"],
        time=int(match["time"]),
        effort=len(match["stars"]),
        magic_type=match["magic"],
        state=state,
    )


@dataclass(frozen=True)
class WeaponState:
    name: str
    alerted: bool = False


@dataclass(frozen=True)
class ArmorState:
    name: str
    state: str = "intact"  # intact, damaged or destroyed


@dataclass(frozen=True)
class HorseState:
    """A character's active horse: a catalogue key ("horse/warhorse-2") or name."""

    counter: str
    dead: bool = False


@dataclass(frozen=True)
class CharacterState:
    id: str  # how plays and sheets name this character, usually the character's name
    character: str  # the catalogue character
    chits: tuple[Chit, ...]
    weapons: tuple[WeaponState, ...] = ()
    armor: tuple[ArmorState, ...] = ()
    horse: HorseState | None = None
    hidden: bool = False
    dead: bool = False
    fled: bool = False
    kills: int = 0  # kills this combat: the next kill's multiplier is kills + 1 (rule 43.4)
    # The spells he knows, by catalogue name; None when the round file does not say, and then any attack
    # spell of a MAGIC chit's type is his to cast (docs/rulings.md, "Spells a character knows").
    spells: tuple[str, ...] | None = None

    def chit(self, chit_id: str) -> Chit | None:
        for chit in self.chits:
            if chit.id == chit_id:
                return chit
        for chit in self.chits:
            if chit.label == chit_id:
                return chit
        return None

    def weapon(self, name: str) -> WeaponState | None:
        for weapon in self.weapons:
            if weapon.name.lower() == name.lower():
                return weapon
        return None

    @property
    def rides(self) -> bool:
        return self.horse is not None and not self.horse.dead

    def knows(self, spell: str) -> bool:
        """Whether he may cast `spell` (a catalogue name): any spell when his spells are not given."""
        return self.spells is None or spell.casefold() in {name.casefold() for name in self.spells}


@dataclass(frozen=True)
class DenizenState:
    """A native or monster in the battle, hired or not.

    `side` is the counter's side up; `weapon_side` the side of a monster's head or club; `target` whom it
    fights (kept from round to round while it fights a character).
    """

    id: str
    counter: str  # catalogue name or key: "Wolf", "monster/t-troll-2", "Order HQ"
    side: str = "light"
    group: str | None = None
    hired_by: str | None = None
    horse_dead: bool = False  # a native's horse (from the catalogue) was killed
    weapon_side: str = "light"
    target: str | None = None
    dead: bool = False
    fled: bool = False

    @property
    def active(self) -> bool:
        return not self.dead and not self.fled


@dataclass(frozen=True)
class BattleState:
    """Everything that carries over from one round to the next in one clearing."""

    round_number: int
    characters: tuple[CharacterState, ...]
    denizens: tuple[DenizenState, ...] = ()
    previous_round_quiet: bool = False  # the previous round had no harm, fatigue or spellcasting
    dwelling: str | None = None  # the clearing's dwelling ("Inn", "Chapel"...), None: no dwelling

    @cached_property
    def _by_id(self) -> dict[str, CharacterState | DenizenState]:
        index: dict[str, CharacterState | DenizenState] = {}
        for combatant in (*self.characters, *self.denizens):
            index.setdefault(combatant.id, combatant)
        return index

    def combatant(self, combatant_id: str) -> CharacterState | DenizenState | None:
        return self._by_id.get(combatant_id)

    def character(self, combatant_id: str) -> CharacterState | None:
        combatant = self.combatant(combatant_id)
        return combatant if isinstance(combatant, CharacterState) else None

    def denizen(self, combatant_id: str) -> DenizenState | None:
        combatant = self.combatant(combatant_id)
        return combatant if isinstance(combatant, DenizenState) else None


@dataclass(frozen=True)
class Position:
    """Where a combatant stands on a melee sheet: its box is both its attack and maneuver box.

    A monster's head or club and a native's horse stand in boxes of their own. None: not yet placed
    (the engine places it, spreading over as many boxes as possible).
    """

    combatant: str
    box: int | None = None
    weapon_box: int | None = None
    horse_box: int | None = None


@dataclass(frozen=True)
class Sheet:
    """One melee sheet. Every combatant in `attackers` attacks the owner.

    A denizen owner stands in `owner_position` and attacks `owner_target` (by default the last of its
    attackers, as an unassigned denizen turns on its most recent attacker).
    """

    owner: str
    attackers: tuple[Position, ...] = ()
    owner_position: Position | None = None
    owner_target: str | None = None


@dataclass(frozen=True)
class AttackPlay:
    """A FIGHT chit with a weapon (none: the dagger), or a MAGIC chit with an attack spell, in box
    1 Thrust, 2 Swing or 3 Smash."""

    box: int
    chit: str
    weapon: str | None = None
    spell: str | None = None
    alerted: bool = False  # a MAGIC chit alerted earlier: the spell's attack time is 0 (the kludge's case)


@dataclass(frozen=True)
class ManeuverPlay:
    """A MOVE chit, a Boots card (named, with its strength and time) or the active horse on its walking
    or galloping side, in box 1 Charge, 2 Dodge or 3 Duck."""

    box: int
    chit: str | None = None
    boots: str | None = None
    boots_strength: str | None = None
    boots_time: int | None = None
    horse: str | None = None  # "walking" or "galloping"


@dataclass(frozen=True)
class Play:
    """One character's secret plays for the round."""

    character: str
    target: str | None = None
    target_part: str = "horse"  # "horse" or "rider": a rider may be attacked only under riding_horses (5.3)
    attack: AttackPlay | None = None
    maneuver: ManeuverPlay | None = None
    rider_maneuver: ManeuverPlay | None = None  # the rider's own maneuver beside his horse (5.2)
    shield_box: int | None = None


@dataclass(frozen=True)
class GmRuling:
    """The GM's ruling on a magic attack the sources give no table for (a Demon's Power of the Pit, the
    Imp's Curse: systems.magic_realm.engine.magic_attacks). `outcome` is one of RULING_OUTCOMES; `amount` counts the
    wounds or asterisks of fatigue; `note` says in words what the GM ruled (kept in the log)."""

    attacker: str  # the denizen's id
    target: str  # whom it attacks this round
    outcome: str
    amount: int = 0
    note: str = ""


# no_effect: nothing happens; killed: the target is killed; wounds/fatigue: the target (a character) owes
# `amount` more; other: an outcome in words (a curse...) that changes nothing the engine keeps.
RULING_OUTCOMES: tuple[str, ...] = ("no_effect", "killed", "wounds", "fatigue", "other")


@dataclass(frozen=True)
class RulingNeeded:
    """A magic attack that waits for the GM's ruling: give it in the round file's `gm_rulings`."""

    path: str  # "gm_rulings.Demon"
    attacker: str
    target: str
    spell: str  # "Power of the Pit", "Curse"
    magic_type: str | None
    time: int
    length: int
    block: int  # its place in the order of attacks
    message: str


@dataclass(frozen=True)
class RoundInput:
    rules: RuleSet
    state: BattleState
    sheets: tuple[Sheet, ...] = ()
    plays: tuple[Play, ...] = ()
    gm_rulings: tuple[GmRuling, ...] = ()  # the GM's rulings on magic attacks (systems.magic_realm.engine.magic_attacks)
    # (character, chit label) of each chit played in this round's encounter step (set by systems.magic_realm.engine.play):
    # the melee reads it for advantages that a chit played there turns on (BERSERK).
    encounter_chits: tuple[tuple[str, str], ...] = ()

    def ruling(self, attacker: str, target: str) -> GmRuling | None:
        return next((r for r in self.gm_rulings if r.attacker == attacker and r.target == target), None)

    @cached_property
    def _plays_by_character(self) -> dict[str, Play]:
        index: dict[str, Play] = {}
        for play in self.plays:
            index.setdefault(play.character, play)
        return index

    def play(self, character_id: str) -> Play | None:
        return self._plays_by_character.get(character_id)


@dataclass(frozen=True)
class PlayError:
    """A play that breaks the rules. `path` names the field, e.g. "plays.Black Knight.maneuver.chit".

    A warning does not stop the round (a weapon too heavy for its chit: the attack is cancelled)."""

    path: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(frozen=True)
class Kill:
    victim: str  # the combatant id, or for a horse its name ("Swordsman's Pony")
    killers: tuple[str, ...]  # every attacker of the block that killed it (simultaneous killers)
    credited_to: tuple[str, ...]  # the characters credited (a hireling's kill goes to its owner)
    block: int
    fame: float = 0
    notoriety: float = 0
    gold: float = 0
    multipliers: dict[str, int] = field(default_factory=dict)
    horse_of: str | None = None  # the horse's rider, when the victim is a horse


@dataclass(frozen=True)
class CharacterSummary:
    character: str
    wounds_owed: int = 0
    fatigue_owed: int = 0  # asterisks to fatigue beyond the free one
    asterisks_played: int = 0
    fame: float = 0
    notoriety: float = 0
    gold: float = 0
    kills: tuple[str, ...] = ()
    killed: bool = False
    weapons_alerted: tuple[str, ...] = ()
    weapons_unalerted: tuple[str, ...] = ()
    armor_changes: tuple[tuple[str, str], ...] = ()
    encounter_asterisks: int = 0  # asterisks of chits played in the encounter step, counted in asterisks_played


@dataclass(frozen=True)
class RoundResult:
    round_number: int
    rules: RuleSet
    events: tuple[Event, ...]
    state: BattleState  # the new state: the next round's starting point
    summaries: tuple[CharacterSummary, ...]
    kills: tuple[Kill, ...]
    harm_done: bool
    quiet: bool  # no harm, no fatigue, no spellcasting this round
    combat_ends: bool
    dice: tuple[Roll, ...]
    seed: int | None = None
    warnings: tuple[PlayError, ...] = ()
    # Magic attacks waiting for the GM's ruling: the round is not resolved until they are given.
    rulings_needed: tuple[RulingNeeded, ...] = ()

    def summary(self, character_id: str) -> CharacterSummary | None:
        for summary in self.summaries:
            if summary.character == character_id:
                return summary
        return None

    def events_for(self, combatant_id: str) -> tuple[Event, ...]:
        """What one combatant saw and suffered: the events that name it among their actors."""
        return tuple(event for event in self.events if combatant_id in event.actors)


def with_chit_states(character: CharacterState, states: dict[str, str]) -> CharacterState:
    chits = tuple(replace(chit, state=states.get(chit.id, chit.state)) for chit in character.chits)
    return replace(character, chits=chits)
