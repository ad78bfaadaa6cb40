"""The encounter step of one melee round, and the melee step's choice of targets, with the BIMR4
campaign options that live there: Watchful Natives, Extended Treachery (and Knight's Adjustment, through
`combat.engine.relationships` and the Meeting table helper in `combat.engine.meeting`).

The step runs in the order of the rules (8.3 Encounter step, 8.4.2 Melee step):

1. luring (8.3.4): characters and their hirelings lure unassigned denizens onto their own sheets;
2. random assignment (8.3.5a.3): each unassigned denizen goes to one battle group by a roll-off;
   with Watchful Natives, unhired natives still unassigned become watchful (Watchful Natives 1);
3. deployment of hirelings and charging (8.3), with Watchful Natives 1.2 and 1.3 and Extended Treachery;
4. encounter actions (8.3): run away (Stumble 5.1, or the basic rule), alert a weapon, cast a spell;
5. the melee step's targets (8.4.2): battling (8.4.2d.7), unhiding (8.4.2b.4), Treachery (8.4.2g),
   Watchful Natives 1.1 and 1.3.

Everything is pure Python: frozen dataclasses in, an `EncounterResult` out, dice injected. Where the
player has a choice the rules give him (which unhidden hireling takes a denizen: 8.3.5a.3 and Watchful
Natives 1.3), the choice is an input (`EncounterInput.choices`); when it is needed and missing, the
result stops there and says which choice is needed (`EncounterResult.choice_needed`): the GM asks the
player and resolves again with the same dice, which replays identically.
See docs/encounter.md for exactly what is encoded and the rulings where the texts are silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from combat.engine.dice import Dice, Roll
from combat.engine.log import Event
from combat.engine.advantages import FEAR, has_advantage
from combat.engine.meeting import MeetingRequest, MeetingTable, roll_meeting
from combat.engine.ruleset import RuleSet
from combat.engine.tables import stumble_modifier, stumble_table

Kind = Literal["monster", "native"]
RunWith = Literal["move", "boots", "horse", "fly"]

LURING = ("8.3.4", "Luring")
BATTLING_LURED = ("8.3.4e", "Luring natives: battling for the rest of the day")
RANDOM_ASSIGNMENT = ("8.3.5a.3", "Random assignment")
DEPLOYMENT = ("8.3", "Encounter step: deploying hirelings")
CHARGING = ("8.3", "Encounter step: charging")
RUNNING = ("8.3", "Encounter step: running away")
STUMBLE = ("5.1", "Stumble table (Optional Combat Rules)")
RIDING = ("5.2", "Riding horses: the horse is the only piece he can play to move")
ALERTING = ("8.3", "Encounter step: alerting a weapon")
CASTING = ("8.3", "Encounter step: casting a spell")
TARGETING = ("8.4.2", "Melee step: selecting targets")
UNHIDING = ("8.4.2b.4", "Targeting makes a character unhidden")
BATTLING_TARGETED = ("8.4.2d.7", "Targeting natives: battling for the rest of the day")
TREACHERY = ("8.4.2g", "Treachery")
EXTENDED_TREACHERY = ("BIMR4 Extended Treachery", "Extended Treachery")
WATCHFUL = ("BIMR4 Watchful Natives 1", "Watchful Natives")
WATCHFUL_TARGETED = ("BIMR4 Watchful Natives 1.1", "Watchful Natives: a watchful native targeted")
WATCHFUL_DEPLOYED = (
    "BIMR4 Watchful Natives 1.2",
    "Watchful Natives: a minion deployed against a watchful native",
)
WATCHFUL_HIDDEN = ("BIMR4 Watchful Natives 1.3", "Watchful Natives: hidden or absent character")

MAX_TIE_ROLLS = 20  # a roll-off that ties this often is a broken dice script, not a game


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


# --- Validation ----------------------------------------------------------------------------------


def validate_encounter(encounter: EncounterInput) -> list[EncounterError]:
    """Every input that names an unknown combatant, or asks for something the rules never allow.

    Outcomes that depend on the dice (a run with a chit too slow for attackers assigned at random) are
    not errors: they are resolved and logged.
    """
    errors: list[EncounterError] = []

    def add(path: str, message: str) -> None:
        errors.append(EncounterError(path, message))

    characters = {c.name: c for c in encounter.characters}
    minion_owner = {m.name: c.name for c in encounter.characters for m in c.minions}
    minions = {m.name: m for c in encounter.characters for m in c.minions}
    denizens = {d.name: d for d in encounter.denizens}

    seen: set[str] = set()
    names = [c.name for c in encounter.characters] + list(minion_owner) + [d.name for d in encounter.denizens]
    for name in names:
        if not name or not name.strip():
            add("characters", "every combatant needs a name")
        elif name in seen:
            add(
                "characters",
                f"{name!r} names two combatants; give each a distinct name ('Soldier 1', 'Soldier 2')",
            )
        seen.add(name)
    for i, denizen in enumerate(encounter.denizens):
        if denizen.kind not in ("monster", "native"):
            add(f"denizens[{i}].kind", f"must be 'monster' or 'native', not {denizen.kind!r}")
        if denizen.kind == "native" and not denizen.group:
            add(f"denizens[{i}].group", f"{denizen.name} is a native: give its group")
        if not isinstance(denizen.move_time, int) or not 0 <= denizen.move_time <= 8:
            add(f"denizens[{i}].move_time", f"must be a time from 0 to 8, not {denizen.move_time!r}")
        if denizen.red_side_up and denizen.kind != "monster":
            add(f"denizens[{i}].red_side_up", "only a Tremendous monster turns red side up")
        if denizen.target is not None and denizen.target not in seen:
            add(f"denizens[{i}].target", f"{denizen.target!r} is not in the clearing")
    for i, character in enumerate(encounter.characters):
        for j, minion in enumerate(character.minions):
            path = f"characters[{i}].minions[{j}]"
            if minion.kind == "native" and not minion.group:
                add(f"{path}.group", f"{minion.name} is a hired native: give its group")
            if not isinstance(minion.move_time, int) or not 0 <= minion.move_time <= 8:
                add(f"{path}.move_time", f"must be a time from 0 to 8, not {minion.move_time!r}")
    for i, (group, character) in enumerate(sorted(encounter.battling)):
        if character not in characters:
            add(f"battling[{i}]", f"{character!r} is not a character in the clearing")

    lured: set[str] = set()
    lures_by_minion: set[str] = set()
    for i, lure in enumerate(encounter.lures):
        path = f"lures[{i}]"
        if lure.lurer in characters:
            if not characters[lure.lurer].present:
                add(f"{path}.lurer", f"{lure.lurer} is not in the clearing and cannot lure")
        elif lure.lurer in minions:
            if lure.lurer in lures_by_minion:
                add(f"{path}.lurer", f"a hireling lures one denizen; {lure.lurer} already lured one")
            lures_by_minion.add(lure.lurer)
        else:
            add(f"{path}.lurer", f"{lure.lurer!r} is neither a character nor a hireling in the clearing")
        denizen = denizens.get(lure.denizen)
        if denizen is None:
            what = (
                "a hired native (hirelings are not lured)"
                if lure.denizen in minions
                else "not a denizen here"
            )
            add(f"{path}.denizen", f"{lure.denizen!r} is {what}")
            continue
        if denizen.red_side_up:
            add(
                f"{path}.denizen",
                f"{denizen.name} is a red-side-up Tremendous monster and cannot be lured (8.3.4)",
            )
        elif denizen.target is not None:
            add(
                f"{path}.denizen",
                f"{denizen.name} already attacks {denizen.target}; only unassigned denizens are lured",
            )
        elif lure.denizen in lured:
            add(f"{path}.denizen", f"{denizen.name} is lured twice; it can be lured once")
        lured.add(lure.denizen)

    lurers = {lure.lurer for lure in encounter.lures}  # a hidden character who lures becomes unhidden
    deployed: set[str] = set()
    for i, deploy in enumerate(encounter.deployments):
        path = f"deployments[{i}]"
        if deploy.minion not in minions:
            add(f"{path}.minion", f"{deploy.minion!r} is not a hireling in the clearing")
            continue
        if deploy.minion in deployed:
            add(f"{path}.minion", f"{deploy.minion} is deployed twice")
        if deploy.minion in lures_by_minion:
            add(
                f"{path}.minion", f"{deploy.minion} lured a denizen and fights it; it cannot also be deployed"
            )
        deployed.add(deploy.minion)
        owner = minion_owner[deploy.minion]
        if deploy.target not in seen:
            add(f"{path}.target", f"{deploy.target!r} is not in the clearing")
        elif deploy.target == owner or minion_owner.get(deploy.target) == owner:
            add(f"{path}.target", f"{deploy.minion} cannot be deployed against {owner} or his own hirelings")
        elif deploy.target in characters and not characters[deploy.target].present:
            add(f"{path}.target", f"{deploy.target} is not in the clearing")
        elif deploy.target in characters and characters[deploy.target].hidden and deploy.target not in lurers:
            add(f"{path}.target", f"{deploy.target} is hidden and cannot be attacked")

    charged: set[str] = set()
    for i, charge in enumerate(encounter.charges):
        path = f"charges[{i}]"
        if charge.character not in characters or not characters[charge.character].present:
            add(f"{path}.character", f"{charge.character!r} is not a character in the clearing")
        elif charge.character in charged:
            add(f"{path}.character", f"{charge.character} charges once")
        charged.add(charge.character)
        target = characters.get(charge.target)
        if target is None or not target.present or charge.target == charge.character:
            add(f"{path}.target", f"{charge.target!r} is not another character in the clearing")
        elif target.hidden and charge.target not in lurers:
            add(f"{path}.target", f"{charge.target} is hidden and cannot be charged")
        if not isinstance(charge.move_time, int) or not 0 <= charge.move_time <= 8:
            add(f"{path}.move_time", f"must be a time from 0 to 8, not {charge.move_time!r}")
        charger = characters.get(charge.character)
        if charger is not None and charge.using not in ("move", "boots", "horse"):
            add(f"{path}.using", f"a charge is made with a MOVE chit, Boots or a horse, not {charge.using!r}")
        elif (
            charger is not None
            and encounter.rules.riding_horses
            and charger.horse
            and charge.using != "horse"
        ):
            add(
                f"{path}.using",
                f"{charge.character} rides {charger.horse}: under riding horses (5.2) he must play the horse "
                "to charge",
            )
        elif charger is not None and charge.using == "horse" and not charger.horse:
            add(f"{path}.using", f"{charge.character} has no active horse")

    acting: set[str] = set()
    for i, action in enumerate(encounter.actions):
        path = f"actions[{i}]"
        character = characters.get(action.character)
        if character is None or not character.present:
            add(f"{path}.character", f"{action.character!r} is not a character in the clearing")
            continue
        if action.character in acting:
            add(f"{path}.character", f"{action.character} has already taken his encounter action this round")
        acting.add(action.character)
        if isinstance(action, RunAway):
            if not isinstance(action.move_time, int) or not 0 <= action.move_time <= 8:
                add(f"{path}.move_time", f"must be a time from 0 to 8, not {action.move_time!r}")
            if action.using not in ("move", "boots", "horse", "fly"):
                add(f"{path}.using", f"must be move, boots, horse or fly, not {action.using!r}")
            if action.character in charged:
                add(f"{path}.character", f"{action.character} charged this round and cannot run away")
            if encounter.rules.riding_horses and character.horse and action.using not in ("horse", "fly"):
                add(
                    f"{path}.using",
                    f"{action.character} rides {character.horse}: under riding horses (5.2) he must play "
                    "the horse to run away",
                )
            if action.using == "horse" and not character.horse:
                add(f"{path}.using", f"{action.character} has no active horse")
            holders = [d.name for d in encounter.denizens if d.red_side_up and d.target == action.character]
            if holders:
                add(
                    f"{path}.character",
                    f"{holders[0]} is red side up on {action.character}'s sheet: he cannot run away (5.1)",
                )
        elif isinstance(action, AlertWeapon):
            if not action.weapon.strip():
                add(f"{path}.weapon", "name the weapon to alert")
        elif isinstance(action, CastSpell) and not action.spell.strip():
            add(f"{path}.spell", "name the spell to cast")

    targeting: set[str] = set()
    for i, choice in enumerate(encounter.targets):
        path = f"targets[{i}]"
        if choice.attacker not in characters and choice.attacker not in minions:
            add(
                f"{path}.attacker",
                f"{choice.attacker!r} is neither a character nor a hireling in the clearing",
            )
        elif choice.attacker in targeting:
            add(f"{path}.attacker", f"{choice.attacker} has already chosen a target")
        elif choice.attacker in characters and not characters[choice.attacker].present:
            add(f"{path}.attacker", f"{choice.attacker} is not in the clearing")
        elif choice.attacker in deployed:
            add(
                f"{path}.attacker",
                f"{choice.attacker} was deployed: its target is the one it was deployed against",
            )
        targeting.add(choice.attacker)
        if choice.target not in seen or choice.target == choice.attacker:
            add(f"{path}.target", f"{choice.target!r} is not another combatant in the clearing")
        elif choice.target in characters and not characters[choice.target].present:
            add(f"{path}.target", f"{choice.target} is not in the clearing")
        if choice.stays_hidden and choice.attacker not in characters:
            add(f"{path}.stays_hidden", "only a character stays hidden by his Ambush hide roll")
    if encounter.meetings and encounter.meeting_table is None:
        add("meeting_table", "Meeting table rolls need the Meeting table: enter its five columns")
    for i, meeting in enumerate(encounter.meetings):
        if meeting.character.name not in characters:
            add(f"meetings[{i}].character", f"{meeting.character.name!r} is not a character in the clearing")
    for denizen, minion in encounter.choices.items():
        if denizen not in denizens and denizen not in minions:
            add(f"choices.{denizen}", f"{denizen!r} is not a denizen in the clearing")
        if minion not in minions:
            add(f"choices.{denizen}", f"{minion!r} is not a hireling in the clearing")
    return errors


# --- Resolution ----------------------------------------------------------------------------------


class _ChoicePending(Exception):
    def __init__(self, choice: ChoiceNeeded):
        self.choice = choice


@dataclass
class _Encounter:
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
        raise _ChoicePending(
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


def resolve_encounter(encounter: EncounterInput, dice: Dice) -> EncounterResult:
    """Resolve the encounter step and the melee step's targets; see the module docstring for the order.

    Raises EncounterInvalid (with every error and its field path) if `validate_encounter` finds any.
    """
    errors = validate_encounter(encounter)
    if errors:
        raise EncounterInvalid(errors)
    state = _Encounter(
        rules=encounter.rules,
        dice=dice,
        choices=encounter.choices,
        characters={c.name: c for c in encounter.characters},
        minions={m.name: m for c in encounter.characters for m in c.minions},
        owner={m.name: c.name for c in encounter.characters for m in c.minions},
        denizens={d.name: d for d in encounter.denizens},
        targets={},
        hidden={c.name for c in encounter.characters if c.hidden}
        | {m.name for c in encounter.characters for m in c.minions if m.hidden},
        absent={c.name for c in encounter.characters if not c.present},
        watchful={
            d.name
            for d in encounter.denizens
            if d.watchful and d.kind == "native" and encounter.rules.watchful_natives
        },
        battling=set(encounter.battling),
    )
    for denizen in encounter.denizens:
        if denizen.target is not None:
            state.targets[denizen.name] = denizen.target
    for minion in state.minions.values():
        if minion.target is not None:
            state.targets[minion.name] = minion.target
    choice = None
    try:
        _meetings(state, encounter)
        _luring(state, encounter.lures)
        _random_assignment(state)
        _deployment(state, encounter.deployments)
        _charging(state, encounter.charges)
        _encounter_actions(state, encounter.actions)
        _melee_targets(state, encounter.targets)
    except _ChoicePending as pending:
        choice = pending.choice
        state.log("choice", choice.message, (choice.rule, "The player's choice"), (choice.character,))
    return EncounterResult(
        events=tuple(state.events),
        targets=dict(state.targets),
        watchful=frozenset(state.watchful),
        battling=frozenset(state.battling),
        hidden=frozenset(state.hidden),
        ran_away=tuple(state.ran_away),
        runs=tuple(state.runs),
        rebels=tuple(state.rebels),
        fame_lost=dict(state.fame_lost),
        own_sheets=frozenset(state.own_sheets),
        charges={target: tuple(charges) for target, charges in state.charges.items()},
        alerted=tuple(state.alerted),
        spells=tuple(state.spells),
        owners=dict(state.owner),
        dice=tuple(state.rolls),
        chits_played={name: tuple(chits) for name, chits in state.chits_played.items()},
        choice_needed=choice,
    )


def _meetings(state: _Encounter, encounter: EncounterInput) -> None:
    """Meeting table rolls for battling natives (combat.engine.meeting), before luring."""
    for i, request in enumerate(encounter.meetings):
        assert encounter.meeting_table is not None  # validated
        outcome = roll_meeting(encounter.meeting_table, request, state.rules, state.dice)
        state.rolls.append(outcome.roll)
        state.events.extend(outcome.events)
        if outcome.choice_needed:
            raise _ChoicePending(
                ChoiceNeeded(
                    path=f"meetings[{i}].take_row_two",
                    denizen=request.group,
                    character=outcome.character,
                    options=("true", "false"),
                    rule="BIMR4 Expanded Meeting Table Opportunities",
                    message=f"{outcome.character} rolled OPPORTUNITY against the {request.group}: his player "
                    'chooses whether to take the "2" result of the same column instead',
                )
            )
        if outcome.battling:
            state.battling.add((request.group, outcome.character))


def _rebellion(state: _Encounter, character: str, group: str, cause: str, rule: tuple[str, str]) -> None:
    """Rule 8.4.2g Treachery (and BIMR4 Extended Treachery): every hired native of the group rebels.

    Each becomes unhired, goes to its own sheet, battles the character for the rest of the day, and the
    character loses fame equal to its notoriety.
    """
    rebels = [
        name
        for name, owner in state.owner.items()
        if owner == character and state.minions[name].kind == "native" and state.minions[name].group == group
    ]
    state.log(
        "treachery",
        f"{cause}: every {group} native hired by {character} rebels ({', '.join(rebels)})",
        rule,
        (character, *rebels),
        group=group,
    )
    for name in rebels:
        minion = state.minions[name]
        del state.owner[name]
        state.denizens[name] = Denizen(
            name=name,
            kind="native",
            move_time=minion.move_time,
            group=group,
            flying=minion.flying,
            notoriety=minion.notoriety,
        )
        state.targets.pop(name, None)
        state.hidden.discard(name)
        state.own_sheets.add(name)
        state.rebels.append(Rebel(name, group, character, minion.notoriety))
        state.fame_lost[character] = state.fame_lost.get(character, 0) + minion.notoriety
        state.log(
            "rebel",
            f"{name} rebels: unhired, on its own sheet, battling {character}; {character} loses "
            f"{minion.notoriety} fame (its notoriety {minion.notoriety}); fame lost so far "
            f"{state.fame_lost[character]}",
            TREACHERY,
            (character, name),
            fame_lost=minion.notoriety,
        )
    state.battling.add((group, character))


def _treacherous(state: _Encounter, minion: str, victim: str) -> bool:
    """Extended Treachery: a hired native turned against a member of its own native group."""
    if not state.rules.extended_treachery or minion not in state.owner:
        return False
    hired = state.minions[minion]
    return hired.kind == "native" and hired.group is not None and state.group_of(victim) == hired.group


def _luring(state: _Encounter, lures: tuple[Lure, ...]) -> None:
    """Rule 8.3.4 Luring: a character lures any number of unassigned denizens, each hireling one, onto
    its own sheet; luring a native makes its group battle the character (8.3.4e)."""
    for lure in lures:
        denizen = state.denizens.get(lure.denizen)
        if lure.lurer not in state.characters and lure.lurer not in state.owner:
            state.log(
                "lure", f"{lure.lurer} is no longer a hireling and lures nothing", LURING, (lure.lurer,)
            )
            continue
        character = lure.lurer if lure.lurer in state.characters else state.owner[lure.lurer]
        if denizen is None or lure.denizen in state.targets:
            state.log(
                "lure",
                f"{lure.lurer} cannot lure {lure.denizen}: only an unassigned, unhired denizen can be lured",
                LURING,
                (lure.lurer, character),
            )
            continue
        if _treacherous(state, lure.lurer, lure.denizen):
            group = state.minions[lure.lurer].group or ""
            _rebellion(
                state,
                character,
                group,
                f"{character} has his hired {lure.lurer} lure {lure.denizen}, of its own group ({group})",
                EXTENDED_TREACHERY,
            )
            state.log(
                "lure", f"The lure is cancelled: {lure.lurer} has rebelled", EXTENDED_TREACHERY, (character,)
            )
            continue
        state.unhide(lure.lurer, "it lures", LURING)
        state.assign(lure.denizen, lure.lurer)
        state.log(
            "lure",
            f"{lure.lurer} lures {lure.denizen} onto its sheet",
            LURING,
            (lure.lurer, character, lure.denizen),
        )
        if denizen.kind == "native" and denizen.group:
            state.mark_battling(
                denizen.group, character, f"{lure.lurer} lured {lure.denizen}", BATTLING_LURED
            )


def _available(state: _Encounter, character: str) -> bool:
    return (state.unhidden_character(character) and not state.held_by_red_monster(character)) or bool(
        state.unhidden_minions(character)
    )


def _random_assignment(state: _Encounter) -> None:
    """Rule 8.3.5a.3 Random assignment: for each unassigned denizen, every battle group with someone
    unhidden in the clearing rolls (high die + the character's die-roll modifiers; two plain dice for an
    absent character); the highest takes it, ties roll again. It attacks the character if he is present
    and unhidden, otherwise his unhidden hireling (the player chooses among several).
    Then, with Watchful Natives, unhired natives still unassigned become watchful (Watchful Natives 1)."""
    for denizen in list(state.denizens.values()):
        if denizen.name in state.targets:
            continue
        candidates = [
            name
            for name in state.characters
            if _available(state, name)
            and (denizen.kind == "monster" or (denizen.group or "", name) in state.battling)
        ]
        if not candidates:
            state.log(
                "assignment",
                f"{denizen.name} stays unassigned: no battle group with someone unhidden in the clearing "
                + ("is battling it" if denizen.kind == "native" else "can take it"),
                RANDOM_ASSIGNMENT,
                (denizen.name,),
            )
            continue
        winner = candidates[0] if len(candidates) == 1 else _roll_off(state, denizen.name, candidates)
        if len(candidates) == 1:
            state.log(
                "assignment",
                f"{winner} is the only battle group that can take {denizen.name}: no roll",
                RANDOM_ASSIGNMENT,
                (winner, denizen.name),
            )
        if state.unhidden_character(winner) and not state.held_by_red_monster(winner):
            target = winner
        else:
            target = state.pick_minion(
                denizen.name, winner, state.unhidden_minions(winner), RANDOM_ASSIGNMENT
            )
        state.assign(denizen.name, target)
        state.log(
            "assignment",
            f"{denizen.name} is assigned to {target}"
            + ("" if target == winner else f" ({winner}'s hireling)"),
            RANDOM_ASSIGNMENT,
            (winner, target, denizen.name),
        )
    if not state.rules.watchful_natives:
        return
    for denizen in state.denizens.values():
        if (
            denizen.kind == "native"
            and denizen.name not in state.targets
            and denizen.name not in state.watchful
        ):
            state.watchful.add(denizen.name)
            state.log(
                "watchful",
                f"{denizen.name} ({denizen.group}) is unassigned at the end of random assignment: "
                "it is watchful",
                WATCHFUL,
                (denizen.name,),
            )


def _roll_off(state: _Encounter, denizen: str, candidates: list[str]) -> str:
    rolling = list(candidates)
    for attempt in range(MAX_TIE_ROLLS):
        scores: dict[str, int] = {}
        parts: list[str] = []
        for name in rolling:
            character = state.characters[name]
            present = state.in_clearing(name)
            modifier = character.die_modifier if present else 0
            roll = state.roll(2, f"Random assignment of {denizen}: {name}")
            scores[name] = roll.high + modifier
            detail = f"high die {roll.high}" + (f" {modifier:+d}" if modifier else "")
            if not present:
                detail += " (absent: two plain dice)"
            parts.append(f"{name} {roll.dice} → {detail} = {scores[name]}")
        best = max(scores.values())
        leaders = [name for name in rolling if scores[name] == best]
        again = " (roll again among the tied)" if attempt else ""
        state.log(
            "roll",
            f"Random assignment of {denizen}{again}: " + "; ".join(parts),
            RANDOM_ASSIGNMENT,
            (*rolling, denizen),
            scores=scores,
        )
        if len(leaders) == 1:
            state.log(
                "assignment",
                f"{leaders[0]} rolls highest ({best}) and takes {denizen}",
                RANDOM_ASSIGNMENT,
                (leaders[0], denizen),
            )
            return leaders[0]
        state.log(
            "assignment",
            f"{' and '.join(leaders)} tie at {best}: they roll again",
            RANDOM_ASSIGNMENT,
            (*leaders, denizen),
        )
        rolling = leaders
    raise RuntimeError(f"random assignment of {denizen} tied {MAX_TIE_ROLLS} times")


def _send_watchful_group(
    state: _Encounter, character: str, natives: list[str], rule: tuple[str, str], why: str
) -> None:
    """Watchful natives pile on the character (1.1, 1.2), or, if he is hidden or not in the clearing,
    onto his unhidden minions as in random assignment (1.3); if they are all hidden, they stay watchful."""
    if not natives:
        return
    if state.unhidden_character(character):
        for name in natives:
            state.assign(name, character)
        state.log(
            "watchful",
            f"{why}: the watchful {', '.join(natives)} are put on {character}'s sheet and attack him "
            "this round",
            rule,
            (character, *natives),
        )
        return
    options = state.unhidden_minions(character)
    if not options:
        state.log(
            "watchful",
            f"{why}, but {character} and all his minions are hidden: {', '.join(natives)} stay "
            "unassigned and watchful",
            WATCHFUL_HIDDEN,
            (character, *natives),
        )
        return
    for name in natives:
        minion = state.pick_minion(name, character, options, WATCHFUL_HIDDEN)
        state.assign(name, minion)
        state.log(
            "watchful",
            f"{why}; {character} is hidden or not in the clearing: the watchful {name} is assigned to his "
            f"unhidden minion {minion}, as in random assignment",
            WATCHFUL_HIDDEN,
            (character, minion, name),
        )


def _watchful_of_group(state: _Encounter, group: str) -> list[str]:
    return [name for name in state.denizens if name in state.watchful and state.denizens[name].group == group]


def _minion_attacks(
    state: _Encounter, minion: str, target: str, rule: tuple[str, str], verb: str, done: str
) -> str | None:
    """A hireling deployed against (or, in the melee step, made to target) someone. Returns the native
    group of a watchful native it was set against (Watchful Natives 1.2), if any."""
    character = state.owner.get(minion)
    if character is None:
        state.log("deploy", f"{minion} has rebelled and obeys no one", rule, (minion,))
        return None
    if _treacherous(state, minion, target):
        group = state.minions[minion].group or ""
        _rebellion(
            state,
            character,
            group,
            f"{character} {verb} his hired {minion} against {target}, of its own group ({group})",
            EXTENDED_TREACHERY,
        )
        return None
    if _hidden_target(state, target):
        state.log(
            "deploy", f"{minion} cannot attack {target}: it is not unhidden in the clearing", rule, (minion,)
        )
        return None
    attackers = [name for name, whom in state.targets.items() if whom == minion and name in state.denizens]
    if attackers:
        state.log(
            "deploy",
            f"{minion} cannot be {done}: {', '.join(attackers)} already "
            f"{'attacks' if len(attackers) == 1 else 'attack'} it and it fights back",
            rule,
            (character, minion),
        )
        return None
    state.unhide(minion, "it attacks", rule)
    state.targets[minion] = target
    state.log("deploy", f"{character} {verb} {minion} against {target}", rule, (character, minion, target))
    denizen = state.denizens.get(target)
    if denizen is None:
        return None
    if denizen.kind == "native" and denizen.group:
        state.mark_battling(
            denizen.group, character, f"his hireling {minion} attacks {target}", BATTLING_LURED
        )
    was_watchful = target in state.watchful
    if target not in state.targets:
        # An unassigned denizen attacked by a minion turns on it (Watchful Natives 1.2: "assigned to fight
        # the deployed minion"; in the basic rules it fights its most recent attacker).
        state.assign(target, minion)
        state.log(
            "deploy",
            f"{target} turns to fight {minion}",
            WATCHFUL_DEPLOYED if was_watchful else rule,
            (minion, target),
        )
    return denizen.group if was_watchful else None


def _deployment(state: _Encounter, deployments: tuple[Deploy, ...]) -> None:
    """Deployment (8.3): each character, in turn, deploys his hirelings. With Watchful Natives (1.2), once
    he has finished, every other watchful native of a group he deployed against attacks him (1.3 if he
    is hidden or absent)."""
    by_character: dict[str, list[Deploy]] = {}
    for deploy in deployments:
        owner = state.owner.get(deploy.minion, "")
        by_character.setdefault(owner, []).append(deploy)
    for character, deploys in by_character.items():
        watchful_groups: list[str] = []
        for deploy in deploys:
            group = _minion_attacks(state, deploy.minion, deploy.target, DEPLOYMENT, "deploys", "deployed")
            if group and state.rules.watchful_natives and group not in watchful_groups:
                watchful_groups.append(group)
        for group in watchful_groups:
            _send_watchful_group(
                state,
                character,
                _watchful_of_group(state, group),
                WATCHFUL_DEPLOYED,
                f"{character} deployed a minion against a watchful {group} native",
            )


def _charging(state: _Encounter, charges: tuple[Charge, ...]) -> None:
    """Charging (8.3): a charge chit is an attacker on the target's sheet; the charger becomes unhidden
    and cannot run away this round."""
    for charge in charges:
        if not state.unhidden_character(charge.target):
            state.log(
                "charge",
                f"{charge.character} cannot charge {charge.target}: not unhidden in the clearing",
                CHARGING,
                (charge.character,),
            )
            continue
        state.unhide(charge.character, "he charges", CHARGING)
        if charge.using != "horse":
            state.played(charge.character, charge.chit)
        state.charges.setdefault(charge.target, []).append(charge)
        state.chargers.add(charge.character)
        state.log(
            "charge",
            f"{charge.character} charges {charge.target} with {charge.chit or 'a move'} "
            f"(move time {charge.move_time})",
            CHARGING,
            (charge.character, charge.target),
        )


def _encounter_actions(state: _Encounter, actions: tuple[EncounterAction, ...]) -> None:
    for action in actions:
        if action.character in state.absent:
            continue
        if isinstance(action, RunAway):
            _run_away(state, action)
            if action.using != "horse" and any(
                r.character == action.character and r.attempted for r in state.runs
            ):
                state.played(action.character, action.chit)
            continue
        state.played(action.character, action.chit)
        if isinstance(action, AlertWeapon):
            state.alerted.append((action.character, action.weapon))
            state.log(
                "alert",
                f"{action.character} alerts his {action.weapon}"
                + (f" with {action.chit}" if action.chit else ""),
                ALERTING,
                (action.character,),
            )
        else:
            state.spells.append(action)
            state.log(
                "spell",
                f"{action.character} casts {action.spell}" + (f" with {action.chit}" if action.chit else ""),
                CASTING,
                (action.character,),
            )


def _attackers_on_sheet(state: _Encounter, character: str, flying: bool) -> list[tuple[str, int]]:
    """The attackers on a character's sheet with their move times: denizens and other characters'
    hirelings attacking him, and a charge chit (5.1: "denizens and ACTION chits"; a monster's head or
    club is part of its monster). Flying (5.1/3) counts only flying attackers."""
    found: list[tuple[str, int]] = []
    for name, target in state.targets.items():
        if target != character:
            continue
        counter = state.denizens.get(name) or state.minions.get(name)
        if counter is None or (flying and not counter.flying):
            continue
        found.append((name, counter.move_time))
    if not flying:
        for charge in state.charges.get(character, []):
            found.append((f"{charge.character}'s charge", charge.move_time))
    return found


def _run_away(state: _Encounter, run: RunAway) -> None:
    """Running away (8.3; Stumble 5.1 when on)."""
    name = run.character
    what = (
        run.chit
        or {"move": "a MOVE chit", "boots": "Boots", "horse": "his horse", "fly": "a FLY chit"}[run.using]
    )

    def refuse(reason: str, rule: tuple[str, str]) -> None:
        state.runs.append(RunResult(name, False, reason, attempted=False))
        state.log("run", f"{name} cannot run away: {reason}", rule, (name,))

    holder = next(
        (d for d in state.denizens.values() if d.red_side_up and state.targets.get(d.name) == name), None
    )
    if holder is not None:
        return refuse(
            f"{holder.name} is red side up on his sheet", STUMBLE if state.rules.stumble else RUNNING
        )
    if name in state.chargers:
        return refuse("he charged this round", CHARGING)
    if state.rules.riding_horses and state.characters[name].horse and run.using not in ("horse", "fly"):
        return refuse(f"he rides {state.characters[name].horse} and must play it", RIDING)
    flying = run.using == "fly"
    attackers = _attackers_on_sheet(state, name, flying)
    listing = ", ".join(f"{who} (move time {time})" for who, time in attackers) or "none"
    if state.rules.stumble:
        if not attackers:
            state.log(
                "run",
                f"{name} runs away with {what}: no attacker on his sheet, no Stumble roll",
                STUMBLE,
                (name,),
            )
            return _ran(state, name, RunResult(name, True, "no attackers"))
        fastest = min(time for _, time in attackers)
        modifier = stumble_modifier(run.move_time, fastest, len(attackers))
        die_modifier = state.characters[name].die_modifier
        roll = state.roll(2, f"Stumble: {name} runs away")
        adjusted = roll.high + die_modifier + modifier
        result = stumble_table(adjusted)
        arithmetic = (
            f"high die {roll.high}"
            + (f" {die_modifier:+d} (his die modifiers)" if die_modifier else "")
            + f" + {len(attackers)} attacker{'s' if len(attackers) != 1 else ''}"
            + f" + (own time {run.move_time} - fastest attacker {fastest}) = {adjusted}"
        )
        verdict = "6 or less: the run completes" if result.completed else "7 or more: the run is cancelled"
        state.log(
            "stumble",
            f"{name} runs with {what}{' (flying: flying attackers only)' if flying else ''}; "
            f"attackers {listing}. "
            f"Stumble: {arithmetic} → {verdict}",
            STUMBLE,
            (name,),
            roll=list(roll.dice),
            adjusted=adjusted,
        )
        if not result.completed:
            state.runs.append(RunResult(name, False, "stumbled", adjusted))
            return None
        return _ran(state, name, RunResult(name, True, "completed", adjusted))
    slower = [(who, time) for who, time in attackers if run.move_time >= time]
    if slower:
        who, time = min(slower, key=lambda pair: pair[1])
        return refuse(
            f"his move time {run.move_time} is not strictly faster than {who} (move time {time}); "
            f"attackers: {listing}",
            RUNNING,
        )
    state.log(
        "run",
        f"{name} runs away with {what} (time {run.move_time}), faster than every attacker ({listing})",
        RUNNING,
        (name,),
    )
    return _ran(state, name, RunResult(name, True, "faster than every attacker"))


def _ran(state: _Encounter, name: str, result: RunResult) -> None:
    """He leaves the clearing. Those attacking him are left behind, unassigned; unhired natives among
    them become watchful (Watchful Natives 1). His hirelings stay."""
    state.runs.append(result)
    state.ran_away.append(name)
    state.absent.add(name)
    state.charges.pop(name, None)
    left = [attacker for attacker, target in state.targets.items() if target == name]
    for attacker in left:
        del state.targets[attacker]
    state.targets.pop(name, None)
    if left:
        state.log(
            "run",
            f"{name} has run away: {', '.join(left)} are left behind, unassigned",
            RUNNING,
            (name, *left),
        )
    for attacker in left:
        if state.rules.watchful_natives and state.unhired_native(attacker) is not None:
            state.watchful.add(attacker)
            state.log(
                "watchful",
                f"{attacker} was left behind by {name}, who ran away: it is watchful",
                WATCHFUL,
                (attacker,),
            )


def _melee_targets(state: _Encounter, targets: tuple[MeleeTarget, ...]) -> None:
    """The melee step's targets (8.4.2), in the order they were chosen."""
    for choice in targets:
        attacker, target = choice.attacker, choice.target
        if attacker in state.characters:
            _character_targets(state, choice)
            continue
        character = state.owner.get(attacker)
        group = _minion_attacks(state, attacker, target, TARGETING, "sets", "set against another target")
        if group and character and state.rules.watchful_natives:
            _send_watchful_group(
                state,
                character,
                _watchful_of_group(state, group),
                WATCHFUL_DEPLOYED,
                f"{character}'s minion {attacker} targets a watchful {group} native",
            )


def _hidden_target(state: _Encounter, target: str) -> bool:
    """Hidden characters and hirelings, and characters gone from the clearing, cannot be attacked."""
    if target in state.characters:
        return not state.unhidden_character(target)
    return target in state.owner and target in state.hidden


def _character_targets(state: _Encounter, choice: MeleeTarget) -> None:
    name, target = choice.attacker, choice.target
    if name in state.absent:
        return
    if _hidden_target(state, target):
        state.log(
            "target", f"{name} cannot target {target}: not unhidden in the clearing", TARGETING, (name,)
        )
        return
    state.targets[name] = target
    state.log("target", f"{name} targets {target}", TARGETING, (name, target))
    if choice.stays_hidden and name in state.hidden:
        state.log("unhide", f"{name} makes his Hide roll under Ambush and stays hidden", UNHIDING, (name,))
    else:
        state.unhide(name, "he targets an individual", UNHIDING)
    if state.owner.get(target) == name:
        hired = state.minions[target]
        if hired.kind == "native" and hired.group:
            _rebellion(state, name, hired.group, f"{name} targets his own hireling {target}", TREACHERY)
        return
    denizen = state.denizens.get(target)
    if denizen is None:
        return
    if denizen.kind == "native" and denizen.group:
        state.mark_battling(denizen.group, name, f"{name} targets {target}", BATTLING_TARGETED)
    if target in state.watchful and denizen.group:
        _send_watchful_group(
            state,
            name,
            _watchful_of_group(state, denizen.group),
            WATCHFUL_TARGETED,
            f"{name} targets the watchful {target}",
        )
    elif target not in state.targets:
        state.own_sheets.add(target)
        state.log(
            "target",
            f"{target} is unassigned: it goes to its own sheet and does not attack {name} this round",
            TARGETING,
            (name, target),
        )


def with_choice(encounter: EncounterInput, denizen: str, minion: str) -> EncounterInput:
    """The same encounter with one more of the player's choices."""
    return replace(encounter, choices={**encounter.choices, denizen: minion})


def denizen_from_catalogue(name: str, counter: str | None = None, side: str = "light", **state) -> Denizen:
    """A Denizen with its kind, group, move time, flying and notoriety read from the catalogue.

    `counter` is the catalogue name when `name` differs ("Soldier 1"); a mounted native's move time in
    the encounter step is its horse's walking side. `state` sets target, watchful, red_side_up.
    """
    from combat.engine.catalogue_data import get_catalogue

    found = get_catalogue().denizen(counter or name)
    face = found.dark if side == "dark" else found.light
    horse = getattr(found, "horse", None)
    move_time = horse.walking.move_time if horse is not None else face.move_time
    group = getattr(found, "group", None)
    return Denizen(
        name=name,
        kind="native" if group else "monster",
        move_time=move_time if move_time is not None else 6,
        group=group,
        flying=getattr(found, "flying", False),
        notoriety=found.notoriety,
        **state,
    )


def minion_from_catalogue(name: str, counter: str | None = None, side: str = "light", **state) -> Minion:
    """A hireling (hired native or monster) read from the catalogue, as denizen_from_catalogue."""
    denizen = denizen_from_catalogue(name, counter, side)
    return Minion(
        name=name,
        move_time=denizen.move_time,
        kind=denizen.kind,
        group=denizen.group,
        notoriety=denizen.notoriety,
        flying=denizen.flying,
        **state,
    )


# --- The round file's `encounter` section and the melee round (combat.engine.model) ----------------

ENCOUNTER_SCHEMA: dict = {
    "type": "object",
    "description": "The encounter step before the melee step (docs/encounter.md).",
    "additionalProperties": False,
    "properties": {
        "battling": {
            "type": "array",
            "description": "Native groups battling characters this evening (Meeting table, luring, targeting).",
            "items": {
                "type": "object",
                "required": ["group", "character"],
                "additionalProperties": False,
                "properties": {"group": {"type": "string"}, "character": {"type": "string"}},
            },
        },
        "absent": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Characters not in the clearing.",
        },
        "hidden_hirelings": {"type": "array", "items": {"type": "string"}},
        "watchful": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Watchful from an earlier round.",
        },
        "die_modifiers": {"type": "object", "additionalProperties": {"type": "integer"}},
        "lures": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["lurer", "denizen"],
                "additionalProperties": False,
                "properties": {"lurer": {"type": "string"}, "denizen": {"type": "string"}},
            },
        },
        "deployments": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["hireling", "target"],
                "additionalProperties": False,
                "properties": {"hireling": {"type": "string"}, "target": {"type": "string"}},
            },
        },
        "charges": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["character", "target"],
                "additionalProperties": False,
                "description": "One of: chit (a MOVE chit), horse (walking or galloping), boots + time.",
                "properties": {
                    "character": {"type": "string"},
                    "target": {"type": "string"},
                    "chit": {"type": "string"},
                    "horse": {"enum": ["walking", "galloping"]},
                    "boots": {"type": "string"},
                    "time": {"type": "integer", "minimum": 0, "maximum": 8},
                },
            },
        },
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["character"],
                "additionalProperties": False,
                "properties": {
                    "character": {"type": "string"},
                    "run": {
                        "type": "object",
                        "additionalProperties": False,
                        "description": "One of: chit (MOVE or FLY), horse (walking or galloping), boots + time.",
                        "properties": {
                            "chit": {"type": "string"},
                            "horse": {"enum": ["walking", "galloping"]},
                            "boots": {"type": "string"},
                            "time": {"type": "integer", "minimum": 0, "maximum": 8},
                        },
                    },
                    "alert": {"type": "string"},
                    "cast": {"type": "string"},
                    "chit": {"type": "string"},
                },
            },
        },
        "targets": {
            "type": "array",
            "description": "Melee-step targets in order; characters not listed take their play's target.",
            "items": {
                "type": "object",
                "required": ["attacker", "target"],
                "additionalProperties": False,
                "properties": {
                    "attacker": {"type": "string"},
                    "target": {"type": "string"},
                    "stays_hidden": {"type": "boolean"},
                },
            },
        },
        "choices": {"type": "object", "additionalProperties": {"type": "string"}},
        "meeting_table": {
            "type": "object",
            # MeetingTable checks that each column has six results and names the column.
            "description": "The Meeting table as the GM entered it: each column's six results, rows 1 to 6.",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "meetings": {
            "type": "array",
            "description": "Meeting table rolls for battling natives, made before luring.",
            "items": {
                "type": "object",
                "required": ["group", "character"],
                "additionalProperties": False,
                "properties": {
                    "group": {"type": "string"},
                    "character": {"type": "string"},
                    "die_modifier": {"type": "integer"},
                    "relationship": {"type": "integer", "minimum": -2, "maximum": 2},
                    "take_row_two": {"type": "boolean"},
                },
            },
        },
    },
}


@dataclass(frozen=True)
class CharacterRelationships:
    """A character as the Meeting table needs it: his id in the battle and his card's relationships."""

    name: str
    knight: bool
    relationships: dict[str, int]


def _catalogue_or_default(catalogue):
    if catalogue is not None:
        return catalogue
    from combat.engine.catalogue_data import get_catalogue

    return get_catalogue()


def _counter_facts(catalogue, denizen) -> dict:
    """Kind, group, move time, flying, notoriety and red side of a DenizenState, from the catalogue.
    A mounted native moves at its horse's walking time in the encounter step."""
    counter = catalogue.denizen(denizen.counter)
    face = counter.dark if denizen.side == "dark" else counter.light
    horse = getattr(counter, "horse", None)
    move_time = face.move_time
    if horse is not None and not denizen.horse_dead:
        move_time = horse.walking.move_time
    group = denizen.group or getattr(counter, "group", None)
    return {
        "kind": "native" if group else "monster",
        "group": group,
        "move_time": move_time if move_time is not None else 6,
        "flying": getattr(counter, "flying", False),
        "notoriety": counter.notoriety,
        "red_side_up": denizen.side == "dark" and bool(getattr(face, "pins", False)),
    }


def _chit_time(label: str, path: str, errors: list[EncounterError]) -> tuple[int, str]:
    from combat.engine.model import ChitLabelError, parse_chit

    try:
        chit = parse_chit(label)
    except ChitLabelError as error:
        errors.append(EncounterError(path, str(error)))
        return 0, "move"
    return chit.time or 0, "fly" if chit.action == "FLY" else "move"


def encounter_from_round(round_input, data: Mapping, catalogue=None) -> EncounterInput:
    """The EncounterInput of a round file: its state (combat.engine.model.BattleState) and its
    `encounter` section (ENCOUNTER_SCHEMA). Raises EncounterInvalid with paths under "encounter."."""
    catalogue = _catalogue_or_default(catalogue)
    state = round_input.state
    errors: list[EncounterError] = []
    absent = set(data.get("absent", []))
    hidden_hirelings = set(data.get("hidden_hirelings", []))
    watchful = set(data.get("watchful", []))
    modifiers = data.get("die_modifiers", {})
    facts: dict[str, dict] = {}
    for i, denizen in enumerate(state.denizens):
        if not denizen.active:
            continue
        try:
            facts[denizen.id] = _counter_facts(catalogue, denizen)
        except LookupError as error:
            errors.append(EncounterError(f"state.denizens[{i}].counter", str(error)))
    # A target killed or fled earlier leaves its attacker unassigned (issue #14.1): it is lured or assigned anew.
    # So does a hireling of a character killed or fled: with no one in the clearing to lead it, it takes no
    # part in the encounter step (it is no one's minion, and not unhired), so nothing here is assigned to it.
    gone = {c.id for c in state.characters if c.dead or c.fled}
    in_the_fight = {c.id for c in state.characters if not c.dead and not c.fled}
    in_the_fight |= {d.id for d in state.denizens if d.active and d.hired_by not in gone}
    characters = []
    for character in state.characters:
        if character.dead or character.fled:
            continue
        minions = tuple(
            Minion(
                name=d.id,
                move_time=facts[d.id]["move_time"],
                kind=facts[d.id]["kind"],
                group=facts[d.id]["group"],
                notoriety=facts[d.id]["notoriety"],
                hidden=d.id in hidden_hirelings,
                flying=facts[d.id]["flying"],
                target=d.target if d.target in in_the_fight else None,
            )
            for d in state.denizens
            if d.hired_by == character.id and d.id in facts
        )
        characters.append(
            CharacterInClearing(
                name=character.id,
                present=character.id not in absent,
                hidden=character.hidden,
                minions=minions,
                die_modifier=modifiers.get(character.id, 0),
                horse=character.horse.counter if character.rides else None,
            )
        )
    denizens = tuple(
        Denizen(
            name=d.id,
            kind=facts[d.id]["kind"],
            move_time=facts[d.id]["move_time"],
            group=facts[d.id]["group"],
            flying=facts[d.id]["flying"],
            red_side_up=facts[d.id]["red_side_up"],
            notoriety=facts[d.id]["notoriety"],
            target=d.target if d.target in in_the_fight else None,
            watchful=d.id in watchful,
        )
        for d in state.denizens
        if d.hired_by is None and d.id in facts
    )
    charges = []
    for i, raw in enumerate(data.get("charges", [])):
        run = _run_from_json(raw["character"], raw, state, catalogue, f"encounter.charges[{i}]", errors)
        charges.append(Charge(raw["character"], raw["target"], run.move_time, run.chit, run.using))
    actions: list[EncounterAction] = []
    for i, raw in enumerate(data.get("actions", [])):
        path = f"encounter.actions[{i}]"
        given = [key for key in ("run", "alert", "cast") if key in raw]
        if len(given) != 1:
            errors.append(EncounterError(path, "give exactly one of run, alert or cast"))
            continue
        if "chit" in raw:
            _own_chit(
                state,
                raw["character"],
                raw["chit"],
                ("FIGHT", "BERSERK") if "alert" in raw else ("MAGIC",),
                path,
                errors,
            )
        if "alert" in raw:
            who = state.character(raw["character"])
            weapon = who.weapon(raw["alert"]) if who is not None else None
            if who is not None and weapon is None:
                errors.append(EncounterError(f"{path}.alert", f"{raw['character']} has no {raw['alert']!r}"))
            elif weapon is not None and weapon.alerted:
                errors.append(EncounterError(f"{path}.alert", f"{weapon.name} is already alerted"))
            actions.append(AlertWeapon(raw["character"], raw["alert"], raw.get("chit", "")))
        elif "cast" in raw:
            actions.append(CastSpell(raw["character"], raw["cast"], raw.get("chit", "")))
        else:
            actions.append(
                _run_from_json(raw["character"], raw["run"], state, catalogue, f"{path}.run", errors)
            )
    targets = [
        MeleeTarget(raw["attacker"], raw["target"], raw.get("stays_hidden", False))
        for raw in data.get("targets", [])
    ]
    meeting_table = None
    if "meeting_table" in data:
        from combat.engine.meeting import MeetingTableError

        try:
            meeting_table = MeetingTable({k: tuple(v) for k, v in data["meeting_table"].items()})
        except MeetingTableError as error:
            errors.extend(
                EncounterError(f"encounter.meeting_table.{k[8:]}", v) for k, v in error.errors.items()
            )
    meetings = []
    for i, raw in enumerate(data.get("meetings", [])):
        who = state.character(raw["character"])
        if who is None:
            errors.append(
                EncounterError(f"encounter.meetings[{i}].character", f"no character {raw['character']!r}")
            )
            continue
        counter = catalogue.character(who.character)
        meetings.append(
            MeetingRequest(
                CharacterRelationships(who.id, counter.knight, dict(counter.relationships)),
                raw["group"],
                raw.get("die_modifier", 0),
                raw.get("relationship"),
                raw.get("take_row_two"),
                one_die=has_advantage(counter, FEAR),  # issue #15.4: the Black Knight rolls one die
            )
        )
    listed = {target.attacker for target in targets}
    targets += [
        MeleeTarget(p.character, p.target)
        for p in round_input.plays
        if p.target and p.character not in listed
    ]
    if errors:
        raise EncounterInvalid(errors)
    return EncounterInput(
        rules=round_input.rules,
        characters=tuple(characters),
        denizens=denizens,
        # Natives battling a character who has since died or fled battle no one (issue #14.1).
        battling=frozenset((b["group"], b["character"]) for b in data.get("battling", []) if b["character"] not in gone),
        round_number=state.round_number,
        lures=tuple(Lure(raw["lurer"], raw["denizen"]) for raw in data.get("lures", [])),
        deployments=tuple(Deploy(raw["hireling"], raw["target"]) for raw in data.get("deployments", [])),
        charges=tuple(charges),
        actions=tuple(actions),
        targets=tuple(targets),
        choices=dict(data.get("choices", {})),
        meetings=tuple(meetings),
        meeting_table=meeting_table,
    )


def _own_chit(state, character: str, label: str, actions: tuple[str, ...], path: str, errors) -> None:
    """The chit must be one of the character's, fresh, and of the right action."""
    who = state.character(character)
    if who is None:
        return
    chit = who.chit(label)
    if chit is None:
        errors.append(EncounterError(path, f"{character} has no chit {label!r}"))
    elif not chit.usable:
        errors.append(EncounterError(path, f"{character}'s {label} is {chit.state}"))
    elif chit.action not in actions:
        errors.append(EncounterError(path, f"{label} is not a {' or '.join(actions)} chit"))


def _run_from_json(
    character: str, raw: Mapping, state, catalogue, path: str, errors: list[EncounterError]
) -> RunAway:
    if "chit" in raw:
        known = len(errors)
        # A chit is named by its id ("MOVE M4 #2" for a character's second MOVE M4) or by its label.
        who = state.character(character)
        chit = who.chit(raw["chit"]) if who is not None else None
        time, using = _chit_time(chit.label if chit is not None else raw["chit"], f"{path}.chit", errors)
        if len(errors) == known:
            _own_chit(state, character, raw["chit"], ("MOVE", "FLY"), f"{path}.chit", errors)
        return RunAway(character, time, using, raw["chit"])
    if "horse" in raw:
        rider = state.character(character)
        if rider is None or not rider.rides:
            errors.append(EncounterError(f"{path}.horse", f"{character} has no active horse"))
            return RunAway(character, 0, "horse")
        horse = catalogue.horse(rider.horse.counter)
        side = horse.galloping if raw["horse"] == "galloping" else horse.walking
        return RunAway(character, side.move_time, "horse", f"{horse.name} ({raw['horse']})")
    if "boots" in raw and "time" in raw:
        return RunAway(character, raw["time"], "boots", raw["boots"])
    errors.append(EncounterError(path, "give a chit, a horse side, or boots with their time"))
    return RunAway(character, 0)


def melee_sheets(
    result: EncounterResult, characters: tuple[str, ...]
) -> list[tuple[str, list[str], str | None]]:
    """The melee sheets the encounter leaves, as (owner, attackers, owner's own target), characters'
    sheets first. Every denizen or hireling attacking a character stands on his sheet; a denizen or
    hireling attacked by a denizen or hireling owns a sheet with its attackers on it (a pair attacking
    each other shares one sheet); a denizen only a character attacks is alone on its own sheet."""
    targets = result.targets
    sheets: dict[str, list[str]] = {}
    placed: set[str] = set()
    gone = set(result.ran_away)
    for character in characters:
        if character in gone:
            continue
        attackers = [a for a, t in targets.items() if t == character and a not in characters]
        sheets[character] = attackers
        placed.update(attackers)
    for attacker, target in targets.items():
        if attacker in characters or attacker in placed or target in characters:
            continue
        if target in sheets:
            sheets[target].append(attacker)
        elif targets.get(target) == attacker and target not in placed:
            sheets[target] = [attacker]
            placed.add(target)
        else:
            sheets[target] = [attacker]
        placed.add(attacker)
    for name in sorted(result.own_sheets):
        if name not in sheets and name not in placed:
            sheets[name] = []
    # A character's attack lands on its target's counter: a target on no sheet (a watchful native left
    # unassigned by an Ambush, a free hireling) stands alone on its own sheet for the melee round.
    for attacker, target in targets.items():
        if (
            attacker in characters
            and target not in characters
            and target not in sheets
            and target not in placed
        ):
            sheets[target] = []
    return [
        (owner, attackers, None if owner in characters else targets.get(owner))
        for owner, attackers in sheets.items()
    ]


def apply_encounter(round_input, result: EncounterResult):
    """The melee step's RoundInput (combat.engine.model) after the encounter: targets, sheets, who is
    hidden, who ran away, rebels unhired, weapons alerted, characters' targets in their plays. Boxes
    given in the round's own sheets are kept for combatants that stay on the same sheet."""
    from combat.engine.model import Position, Sheet

    if result.choice_needed is not None:
        raise EncounterInvalid([EncounterError(result.choice_needed.path, result.choice_needed.message)])
    state = round_input.state
    alerted: dict[str, set[str]] = {}
    for character, weapon in result.alerted:
        alerted.setdefault(character, set()).add(weapon.lower())
    rebels = {rebel.name for rebel in result.rebels}
    characters = tuple(
        replace(
            c,
            hidden=c.hidden if c.dead or c.fled else c.id in result.hidden,
            fled=c.fled or c.id in result.ran_away,
            weapons=tuple(
                replace(w, alerted=True) if w.name.lower() in alerted.get(c.id, set()) else w
                for w in c.weapons
            ),
        )
        for c in state.characters
    )
    denizens = tuple(
        d
        if not d.active
        else replace(d, target=result.targets.get(d.id), hired_by=None if d.id in rebels else d.hired_by)
        for d in state.denizens
    )
    given = {(s.owner, p.combatant): p for s in round_input.sheets for p in s.attackers}
    given_owner = {s.owner: s.owner_position for s in round_input.sheets}
    sheets = tuple(
        Sheet(
            owner=owner,
            attackers=tuple(given.get((owner, a), Position(a)) for a in attackers),
            owner_position=given_owner.get(owner),
            owner_target=owner_target,
        )
        # Only characters still in the fight own a sheet: a dead or fled character's sheet is gone (issue #14.1).
        for owner, attackers, owner_target in melee_sheets(result, tuple(c.id for c in state.characters if not c.dead and not c.fled))
    )
    plays = tuple(
        _melee_play(replace(p, target=p.target or result.targets.get(p.character)), result.ran_away)
        for p in round_input.plays
        if p.character not in result.ran_away
    )
    return replace(
        round_input,
        state=replace(state, characters=characters, denizens=denizens),
        sheets=sheets,
        plays=plays,
    )


def _melee_play(play, ran_away):
    """A play against a character who ran away in the encounter step loses its target and its attack, as if
    it had not been played: in the game the melee plays are chosen after the encounter step, so no one
    attacks a runner. The round used to be refused ("plays.Captain.target: Amazon is gone", issue #14.1)."""
    if play.target in ran_away:
        return replace(play, target=None, attack=None)
    return play


def encounter_summary(result: EncounterResult, melee_input=None) -> dict:
    """What an encounter decided, as plain JSON (the golden files of docs/examples compare this)."""
    summary = {
        "events": [str(event) for event in result.events],
        "targets": dict(result.targets),
        "watchful": sorted(result.watchful),
        "battling": sorted([group, character] for group, character in result.battling),
        "hidden": sorted(result.hidden),
        "ran_away": list(result.ran_away),
        "rebels": [[rebel.name, rebel.group, rebel.character, rebel.notoriety] for rebel in result.rebels],
        "fame_lost": dict(result.fame_lost),
        "dice": [list(roll.dice) for roll in result.dice],
        "chits_played": {name: list(chits) for name, chits in result.chits_played.items()},
        "choice_needed": result.choice_needed.path if result.choice_needed else None,
    }
    if melee_input is not None:
        summary["sheets"] = [
            {
                "owner": s.owner,
                "attackers": [p.combatant for p in s.attackers],
                "owner_target": s.owner_target,
            }
            for s in melee_input.sheets
        ]
    return summary


def prepare_melee(round_input, section: Mapping | None, dice: Dice, catalogue=None):
    """The encounter step of a round (its round file's `encounter` section) resolved with `dice`, and
    the melee step's RoundInput it leaves. Pass the same dice on to the melee round, and put the
    encounter's events before the round's in the log. Returns (EncounterResult, RoundInput); raises
    EncounterInvalid naming each field (a pending player choice included)."""
    encounter = encounter_from_round(round_input, section or {}, catalogue)
    result = resolve_encounter(encounter, dice)
    return result, apply_encounter(round_input, result)


def play_round_file(round_file, catalogue=None):
    """Resolve a round file with an `encounter` section: the encounter step, then the melee round,
    with the same dice (the encounter's rolls come first). Returns (EncounterResult, RoundResult)."""
    from combat.engine.melee import resolve_round

    dice = round_file.make_dice()
    result, melee_input = prepare_melee(round_file.round_input, round_file.encounter, dice, catalogue)
    return result, resolve_round(melee_input, dice, catalogue)
