"""The encounter step's input and output: frozen dataclasses.

In: the characters in the clearing and their hirelings (`CharacterInClearing`, `Minion`), the unhired
denizens (`Denizen`), the player's lures (8.3.4), deployments and charges (8.3), encounter actions (run
away, alert a weapon, cast a spell: 8.3) and melee-step targets (8.4.2), as one `EncounterInput`.
Out: `EncounterResult` (targets, watchful natives, battling groups, runs, rebels and fame lost under
Treachery 8.4.2g), `EncounterError`/`EncounterInvalid` for inputs that break the rules, and
`ChoiceNeeded` when the player must choose (8.3.5a.3, Watchful Natives 1.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from systems.magic_realm.engine.dice import Roll
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.meeting import MeetingRequest, MeetingTable
from systems.magic_realm.engine.ruleset import RuleSet


Kind = Literal["monster", "native"]
RunWith = Literal["move", "boots", "horse", "fly"]


# --- Input ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Minion:
    """A character's hireling in the clearing: a hired native, or a hired or controlled monster.

    `move_time` is its current move time (a mounted native: its horse's), used when it rebels and ends
    on a running character's sheet; `notoriety` is the fame its owner loses if it rebels (8.4.2g).
    """

    name: str
    move_time: int
    kind: Kind = "native"
    group: str | None = None
    notoriety: int = 0
    hidden: bool = False
    flying: bool = False
    target: str | None = None  # whom it fights, carried over from the previous round


@dataclass(frozen=True)
class CharacterInClearing:
    """A character and his minions. An absent character (`present=False`) takes part only through his
    minions in the clearing. `horse` names his active horse: under riding horses (5.2) he must run with it.
    """

    name: str
    present: bool = True
    hidden: bool = False
    minions: tuple[Minion, ...] = ()
    die_modifier: int = 0
    horse: str | None = None
    target: str | None = None  # carried over from the previous round (informational)


@dataclass(frozen=True)
class Denizen:
    """An unhired monster or native in the clearing. `move_time` is its current move time (a mounted
    native: its horse's walking side in the encounter step). `target` is whom it attacks, carried over
    from the previous round (None: unassigned). `red_side_up`: a Tremendous monster red side up."""

    name: str
    kind: Kind
    move_time: int
    group: str | None = None
    flying: bool = False
    red_side_up: bool = False
    notoriety: int = 0
    target: str | None = None
    watchful: bool = False


@dataclass(frozen=True)
class Lure:
    """A character (any number of denizens) or one of his hirelings (one denizen) lures an unassigned
    denizen onto its own sheet."""

    lurer: str
    denizen: str


@dataclass(frozen=True)
class Deploy:
    """A character deploys one of his hirelings against a target (a denizen, another character or
    another character's hireling)."""

    minion: str
    target: str


@dataclass(frozen=True)
class Charge:
    """A character charges another with a MOVE chit (or horse): the chit is an attacker on the target's
    sheet, with its move time."""

    character: str
    target: str
    move_time: int
    chit: str = ""
    using: RunWith = "move"


@dataclass(frozen=True)
class RunAway:
    character: str
    move_time: int
    using: RunWith = "move"
    chit: str = ""  # "MOVE M4", "Boots of ...", the horse's name; for the log


@dataclass(frozen=True)
class AlertWeapon:
    character: str
    weapon: str
    chit: str = ""


@dataclass(frozen=True)
class CastSpell:
    character: str
    spell: str
    chit: str = ""


EncounterAction = RunAway | AlertWeapon | CastSpell


@dataclass(frozen=True)
class MeleeTarget:
    """A target chosen in the melee step, in the order targets were chosen. `attacker` is a character
    or one of his hirelings. `stays_hidden`: the character made his Hide roll under the Ambush advanced
    rule and stays hidden (Watchful Natives 1.1 exception, 1.3)."""

    attacker: str
    target: str
    stays_hidden: bool = False


@dataclass(frozen=True)
class EncounterInput:
    rules: RuleSet
    characters: tuple[CharacterInClearing, ...]
    denizens: tuple[Denizen, ...] = ()
    battling: frozenset[tuple[str, str]] = frozenset()  # (native group, character) battling this evening
    round_number: int = 1
    lures: tuple[Lure, ...] = ()
    deployments: tuple[Deploy, ...] = ()
    charges: tuple[Charge, ...] = ()
    actions: tuple[EncounterAction, ...] = ()
    targets: tuple[MeleeTarget, ...] = ()
    choices: Mapping[str, str] = field(default_factory=dict)  # denizen → the hireling the player picks
    # Meeting table rolls made before luring (battling natives this evening), on the GM's table.
    meetings: tuple[MeetingRequest, ...] = ()
    meeting_table: MeetingTable | None = None


# --- Output --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EncounterError:
    """An input that breaks the rules; `path` names the field, e.g. "lures[2].denizen"."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class EncounterInvalid(ValueError):
    def __init__(self, errors: list[EncounterError]):
        self.errors = errors
        super().__init__("; ".join(str(error) for error in errors))


@dataclass(frozen=True)
class ChoiceNeeded:
    """The player must choose which of his unhidden hirelings takes a denizen (8.3.5a.3, Watchful
    Natives 1.3). Give it as `choices[denizen] = hireling` and resolve again."""

    path: str  # "choices.Soldier 2"
    denizen: str
    character: str
    options: tuple[str, ...]
    rule: str
    message: str


@dataclass(frozen=True)
class Rebel:
    name: str
    group: str
    character: str
    notoriety: int


@dataclass(frozen=True)
class RunResult:
    character: str
    ran: bool
    reason: str
    adjusted_roll: int | None = None
    attempted: bool = True  # False: the run was not allowed, and no chit was played


@dataclass(frozen=True)
class EncounterResult:
    events: tuple[Event, ...]
    targets: Mapping[str, str]  # every denizen, minion and character with a target → its target
    watchful: frozenset[str]
    battling: frozenset[tuple[str, str]]
    hidden: frozenset[str]  # characters and minions hidden after the step
    ran_away: tuple[str, ...]
    runs: tuple[RunResult, ...]
    rebels: tuple[Rebel, ...]
    fame_lost: Mapping[str, int]
    own_sheets: frozenset[str]  # unhired denizens on their own sheet, attacked but not attacking a character
    charges: Mapping[str, tuple[Charge, ...]]  # target → the charges against him
    alerted: tuple[tuple[str, str], ...]  # (character, weapon)
    spells: tuple[CastSpell, ...]
    owners: Mapping[str, str]  # minion → its character, after rebellions
    dice: tuple[Roll, ...]
    # Chits played in the encounter step (charge, run, alert, cast), whose effort counts in this round.
    chits_played: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    choice_needed: ChoiceNeeded | None = None

    @property
    def complete(self) -> bool:
        return self.choice_needed is None

    def attackers_of(self, name: str) -> tuple[str, ...]:
        return tuple(attacker for attacker, target in self.targets.items() if target == name)

    def events_for(self, name: str) -> tuple[Event, ...]:
        return tuple(event for event in self.events if name in event.actors)
