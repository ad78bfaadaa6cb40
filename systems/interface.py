"""The one narrow interface every combat system provides (issue #11), as typed values and a Protocol.

The app (battles, rounds, forms, emails, the player's page) is to talk to a system only through these, so it
never names a system. A system package exports the functions of `CombatSystem`; `systems.get_system(name)`
finds it. Everything here is plain data: no Django, no I/O, dice injected (docs/systems.md).

The parts, in the order a battle uses them:
- `Options`: the rule-set a campaign picks (presets, toggles, what implies or forbids what), checked by
  `check_options` with errors naming the option, written into each round input by `with_options`, and
  digested by `options_fingerprint` (a campaign keeps each state of its options as a version with it);
- the round input: one JSON object per round (a system's round file: state + plays + dice or seed), described by
  `input_schema()` and checked by `validate()` with errors naming the field path;
- `PlaysForm` (systems/forms.py): what one side fills in for the next round, built from the state, so it
  offers only what that side may choose now; `fill` writes a side's answers into the round input at each
  field's path.
  `plays_form(round_input, GM)` is the GM's own entries for the round: what the rules leave to the GM before
  the round resolves, not a side's secret (Magic Realm: which native groups battle which characters this
  evening, and the Meeting table rolls), a form whose side is `GM`, with no fields where there is nothing for
  the GM to enter (`no_gm_entries`), written by `fill` like a side's answers. `sides()` never lists `GM`;
  `sides_in_battle()` lists those still in the battle (a round opens a side for these alone), and
  `asks_anything(round_input, side)` says whether a side's form has a field without building it where the
  system can (`asks_from_form(plays_form)` builds it);
- `Resolution`: what `resolve()` returns: the events (each citing its rule, with the arithmetic, and saying who
  may see it), the state the next round starts from, and what each side owes or must choose next;
- `SideSummary`: the lines for a side's email and results page;
- `picture()`: an SVG of the table where one helps (else None); `picture_for()`: the table before the round as one
  side may see it, beside its player's form (else None: `no_side_picture`);
- `adjustments()` and `adjust()`: the changes a GM may make by hand to a battle's state between rounds (each
  an `Adjustment`), and the state after one of them with the sentence the round's history keeps; `state` is
  a battle's state between rounds as `Resolution.state` gives it (a round input without plays or dice), and
  the state `adjust` returns is one `validate` accepts;
- `waiting_forms()`: what a round that stopped half-way (`Resolution.waiting_for`) needs before it goes on, as
  forms (a side's choice in the middle of the round, or the GM's ruling where the rules give no table), whose
  answers `fill` writes into the round input before it is resolved again with the same dice;
- `dues_form()` and `settle()`: what a side must settle after a resolved round before the next one resolves
  (Magic Realm: which chits take the wounds and fatigue a character owes), and the state once it has;
- `setup_form()` and `set_up()`: a new battle's questions beyond the system's examples (Magic Realm: the characters
  present, the monsters and natives, who attacks whom, the dwelling), None where battles start from the examples,
  and round 1's input from the answers (systems/setup.py);
- `planned_odds()`: the chances of what a side has planned so far (each a `PlannedOdds`), for the odds panel
  beside its plays form, from the system's own `odds` (the answers `manage.py combat_odds` gives);
- the campaign's calendar beyond the date (systems/calendar.py): its state when a campaign starts (`new_calendar`),
  the end of a week (`end_week`: the next week's first day, the new state, the facts in words, the GM's marked),
  what everyone may know now (`calendar_facts`) and what only the GM may (`gm_calendar`), a state checked
  (`check_calendar`) and Herald's calendar before issue #11 checked (`check_old_calendar`) and read
  (`calendar_from_old`). A system whose
  campaigns count the days in 7-day weeks exports systems/calendar.py's defaults;
- a campaign's characters (systems/characters.py): the name a character is kept under (`character_name`), the names
  offered for a new one (`character_names`, None for any), the native groups it may start with (`native_groups`) and
  what its card shows beyond its record (`character_facts`). A system whose characters are free names, each its
  combatant's, exports systems/characters.py's defaults;
- a character's secret starting information (systems/starting.py): its questions (`starting_form`, None where the
  system's characters have none), their check (`check_starting`), what a battle starts the character with from the
  answers (`starting_record`), and the answers from a campaign file's starting information before issue #11
  (`starting_from_old`). A system whose characters have none exports systems/starting.py's defaults;
- a battle begun before its campaigns moved to the interface's pages, carried over (systems/old_battles.py: its
  state, a draft and the GM's entries as answers, the round file it resolved, what a round waited for);
- its demo campaign (`demo_campaign`, systems/demo.py): the players, characters and battles `manage.py load_demo`
  makes for it, None for a system with none.

Everything a page keeps between requests is JSON: `waiting_forms`, `dues_form` and `settle` read a resolution
through its `output` (as a round stores it), never the `Resolution` object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Mapping, Protocol, runtime_checkable

from systems.errors import FieldError, OddsQueryError, PlaysInvalid
from systems.forms import (GM, AllOf, AnyOf, Choice, Condition, Field, PlaysForm, ShownWhen,  # noqa: F401
                           alternatives, answers_that_apply, any_of, applies, asks_from_form, choices_open,
                           conditions, fill, no_gm_entries, rendered, side_errors, written)
from systems.options import Constraint, Option, Options, Preset  # noqa: F401 (re-exported)

if TYPE_CHECKING:
    from systems.calendar import CalendarFacts, Fact, GmCalendar, WeekEnd
    from systems.characters import CharacterFact
    from systems.demo import DemoCampaign
    from systems.records import CardLine, RecordChange

ALL: Literal["all"] = "all"  # an event everyone in the battle may see


# The rule-set options: systems/options.py; the plays form, its conditions and a side's answers written into a
# round input: systems/forms.py (both re-exported here, the one module every system and the app import from).


# --- the resolution ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResolvedEvent:
    """One line of the round's log: its rule (the system's own number) and the sentence with the arithmetic
    (`line` adds the citation), the combatants it concerns, and who may see it: ALL, or a set of side ids."""

    kind: str
    text: str
    rule: str
    rule_name: str
    line: str
    actors: tuple[str, ...]
    visible_to: frozenset[str] | Literal["all"]

    def seen_by(self, side: str) -> bool:
        return self.visible_to == ALL or side in self.visible_to


@dataclass(frozen=True)
class Resolution:
    """What `resolve` returns.

    `output` is the system's whole result as JSON (what `manage.py resolve_round` prints; the golden files);
    `state` is the round input the next round starts from, without plays or dice; `owes` and `must_choose` map
    a side to sentences (wounds or fatigue to take; the plays to send next). `waiting_for` is empty when the
    round resolved; otherwise it names what the GM or a side must supply first (the round is not resolved and
    `state` is the input's). `waits_for_gm` says that what it waits for is the GM's rulings, not a side's choice
    (`manage.py resolve_round` then prints `output`, the rulings needed with the log so far, and exits 3)."""

    events: tuple[ResolvedEvent, ...]
    state: dict[str, Any]
    owes: Mapping[str, tuple[str, ...]]
    must_choose: Mapping[str, tuple[str, ...]]
    output: dict[str, Any]
    finished: bool = False
    waiting_for: tuple[FieldError, ...] = ()
    waits_for_gm: bool = False

    def events_for(self, side: str) -> tuple[ResolvedEvent, ...]:
        return tuple(event for event in self.events if event.seen_by(side))


def resolved_event(event: Mapping[str, Any], visible_to: frozenset[str] | Literal["all"] = ALL) -> ResolvedEvent:
    """A logged event (systems.events.Event.to_dict, or Magic Realm's) with who may see it."""
    return ResolvedEvent(event["kind"], event["text"], event["rule"], event["rule_name"], event["line"],
                         tuple(event.get("actors", ())), visible_to)


@dataclass(frozen=True)
class SideSummary:
    """The lines of one side's email and results page for a resolved round."""

    side: str
    lines: tuple[str, ...]


def no_side_picture(round_input: dict[str, Any], side: str) -> str | None:
    """`picture_for` of a system that shows a side no picture of the table."""
    return None


# --- a GM's hand adjustments -----------------------------------------------------------------------


@dataclass(frozen=True)
class Adjustment:
    """One change a GM may make by hand to a battle's state between rounds, for what the rules leave to the
    GM (a wound on a ruling, a combatant who fled when the table says so): `value` is the system's own token,
    read back by `adjust`; `label` says it in words ("Amazon: wound FIGHT M4*"); `combatant` is whom it
    changes, so a long list can be grouped by combatant."""

    value: str
    label: str
    combatant: str = ""


class AdjustmentRefused(ValueError):
    """A change `adjust` cannot make to that state (no such combatant or item, or nothing left to change);
    the message says why in words."""


# --- a round that waits, and what a side owes after one ---------------------------------------------
#
# waiting_forms(round_input, output) -> tuple[PlaysForm, ...]
#     The forms a round that stopped half-way needs answered before it goes on: `output` is the `output` of the
#     `Resolution` whose `waiting_for` is not empty (what a round keeps of it). Each form's `side` is the side
#     that must answer (a player's choice in the middle of the round), or `GM` (a ruling the rules leave to the
#     GM); its fields' paths point into `round_input`, so `fill(round_input, form, answers)` writes the answers
#     and `resolve` of the filled input with the same seed or dice goes on from where the round stopped (and
#     may wait again, for the next thing). () when the round did not wait, or waits for nothing a form can ask.
#
# dues_form(state, output, side) -> PlaysForm | None
#     What `side` must settle after a resolved round before the next round resolves (Magic Realm: the chits a
#     character's wounds and fatigue fall on; the rules leave the choice to him), or None when it owes nothing.
#     `state` is the round's end state (`Resolution.state`) and `output` its `Resolution.output`. Its fields'
#     paths are None: the answers are read by `settle`, not written into a round input.
#
# settle(state, output, side, answers) -> dict
#     The state with `side`'s dues settled by `answers` (a new dict; `state` is not changed). `state` is the
#     round's end state with no other side's dues settled or with some of them; settling one side never depends
#     on another's. Raises `systems.errors.PlaysInvalid` whose errors' paths are the dues form's field names
#     ("wounded": "Amazon owes 1 wound: tick exactly 1 chit") when the answers do not settle exactly what the
#     side owes, and when the side owes nothing.


def no_waiting_forms(round_input: Mapping[str, Any], output: Mapping[str, Any]) -> tuple[PlaysForm, ...]:
    """`waiting_forms` of a system whose rounds never stop half-way."""
    return ()


def no_dues_form(state: Mapping[str, Any], output: Mapping[str, Any], side: str) -> PlaysForm | None:
    """`dues_form` of a system in which nothing is owed after a round."""
    return None


def nothing_to_settle(state: Mapping[str, Any], output: Mapping[str, Any], side: str,
                      answers: Mapping[str, Any]) -> dict[str, Any]:
    """`settle` of a system in which nothing is owed after a round: always refused, in words."""
    raise PlaysInvalid([FieldError("__all__", f"{side} owes nothing after this round: there is nothing to settle")])


# --- the odds of what a side plans -------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedOdds:
    """The chances of one attack (or throw) a side has planned, for the odds panel beside its plays form.

    `outcomes` maps each outcome, named in words ("killed", "wounded", "miss"; "hit"; "2 damage"; "unhorses"),
    to its chance; the outcomes exclude each other and add up to 1. `query` is the odds query asked, which
    `manage.py combat_odds` answers the same way; `explanation` says in words what the chances assume (what
    is still unknown when the plays are made). `error` (and no outcomes) when the plan cannot be asked yet."""

    attacker: str
    target: str | None
    outcomes: Mapping[str, float]
    query: Mapping[str, Any]
    explanation: str = ""
    error: str = ""


def percent_shares(outcomes: Mapping[str, float]) -> list[tuple[str, int]]:
    """Every outcome with a chance, as whole percentages that add up to exactly 100 (largest remainder), so a
    panel never leaves a share unexplained ("18% to kill, 0% to wound, 0% to miss" adds up to nothing)."""
    shown = [(name, p * 100) for name, p in outcomes.items() if p > 0]
    floors = {name: int(share) for name, share in shown}
    missing = 100 - sum(floors.values()) if shown else 0
    for name, share in sorted(shown, key=lambda item: item[1] - int(item[1]), reverse=True)[:missing]:
        floors[name] += 1
    return [(name, floors[name]) for name, _ in shown]


# planned_odds(round_input, side) -> tuple[PlannedOdds, ...]
#     The chances of each attack `side` has planned in `round_input` (its answers written by `fill`; a side
#     still typing has a partial plan, which is no error: what cannot be asked yet is left out or carries
#     `error`), computed by the system's own `odds`. () when the side plans nothing the odds can answer.


def ask_planned(attacker: str, target: str | None, query: Mapping[str, Any], odds: Any,
                assumed: str = "") -> PlannedOdds:
    """One planned attack's `PlannedOdds`: `odds(query)` answered, with the answer's `outcomes` (every system's
    answer has them) and the explanation: what is assumed (`assumed`), then the answer's own steps. An
    `OddsQueryError` (a plan the odds cannot ask yet) becomes the `error`, in the odds' own words, naming the
    query's field."""
    try:
        answer = odds(dict(query))
    except OddsQueryError as error:
        return PlannedOdds(attacker, target, {}, query, assumed, str(error))
    steps = answer.get("explanation", "")
    explanation = " ".join(part for part in (assumed, *([steps] if isinstance(steps, str) else steps)) if part)
    return PlannedOdds(attacker, target, dict(answer["outcomes"]), query, explanation)


# --- the protocol --------------------------------------------------------------------------------------


@runtime_checkable
class CombatSystem(Protocol):
    """What every system package exports (its `__init__`), so the app never names a system."""

    NAME: str
    TITLE: str
    KINDS: tuple[str, ...]  # the battle kinds a round input may be ("round"; Fallen Empire: "melee", "joust")

    def options(self) -> Options: ...

    def check_options(self, values: Mapping[str, Any]) -> list[FieldError]: ...

    def with_options(self, round_input: dict[str, Any], values: Mapping[str, Any]) -> dict[str, Any]: ...

    # A short digest of option values (checked), shown beside a campaign's rule-set version and in a round's
    # emails; anyone recomputes it from the values. Every system's is `systems.options.fingerprint` but Magic
    # Realm's, its rule set's own (`RuleSet.fingerprint`).
    def options_fingerprint(self, values: Mapping[str, Any]) -> str: ...

    def input_schema(self, kind: str | None = None) -> dict[str, Any]: ...

    def validate(self, round_input: Any) -> list[FieldError]: ...

    def resolve(self, round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution: ...

    def odds(self, query: dict) -> dict: ...

    # A side's plays form, or with side `GM` the GM's own entries for the round (none: `no_gm_entries`).
    def plays_form(self, round_input: dict[str, Any], side: str) -> PlaysForm: ...

    # Who fills in a plays form: never `GM`, whose entries every system answers for.
    def sides(self, round_input: dict[str, Any]) -> tuple[str, ...]: ...

    # The sides still in the battle as the round starts, in `sides()` order: those of `sides()` but the ones out
    # of it (killed, fled, down as the system's rules say). A round opens a side for each of these alone, so a
    # combatant out of the battle gets no side, and no email, in the rounds after the one he left it in.
    def sides_in_battle(self, round_input: dict[str, Any]) -> tuple[str, ...]: ...

    # Whether `plays_form(round_input, side)` (a side's, or `GM`'s entries) has a field, without building it where
    # that is cheaper: exactly `bool(plays_form(round_input, side).fields)` (`asks_from_form` is that default).
    def asks_anything(self, round_input: dict[str, Any], side: str) -> bool: ...

    def summaries(self, round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]: ...

    def picture(self, round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None: ...

    # The table before the round as `side` may see it, beside its player's form: only what that side may know (in
    # Magic Realm his own melee sheet and his hirelings'), with its own plays where `round_input` has them (the app
    # writes that side's answers alone, as typed); None where the system shows a side nothing (`no_side_picture`).
    def picture_for(self, round_input: dict[str, Any], side: str) -> str | None: ...

    def adjustments(self, state: dict[str, Any]) -> tuple[Adjustment, ...]: ...

    def adjust(self, state: dict[str, Any], change: str) -> tuple[dict[str, Any], str]: ...

    def waiting_forms(self, round_input: dict[str, Any], output: dict[str, Any]) -> tuple[PlaysForm, ...]: ...

    def dues_form(self, state: dict[str, Any], output: dict[str, Any], side: str) -> PlaysForm | None: ...

    def settle(self, state: dict[str, Any], output: dict[str, Any], side: str,
               answers: Mapping[str, Any]) -> dict[str, Any]: ...

    def planned_odds(self, round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]: ...

    # A campaign character's record between battles (systems/records.py says what each is for).
    def with_records(self, round_input: dict[str, Any], records: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]: ...

    def record_changes(self, before: dict[str, Any], after: dict[str, Any],
                       output: dict[str, Any]) -> tuple[RecordChange, ...]: ...

    def check_record(self, record: Mapping[str, Any]) -> list[FieldError]: ...

    def record_form(self, record: Mapping[str, Any], name: str = "") -> PlaysForm: ...

    def new_record(self) -> dict[str, Any]: ...

    # The record in words for the character's card, every key but `killed` (systems/records.py `record_card`).
    def record_card(self, record: Mapping[str, Any]) -> tuple[CardLine, ...]: ...

    # What a side's player knows of his own combatant before the plays, in lines (his page, his email).
    def standing(self, round_input: dict[str, Any], side: str) -> tuple[str, ...]: ...

    # A starting state with combatants renamed after the campaign characters who play them (systems/renaming.py);
    # raises PlaysInvalid naming the combatant when the cast cannot be made.
    def rename(self, round_input: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]: ...

    # A new battle set up by questions beyond the system's examples (systems/setup.py): the questions, given the
    # campaign's living characters' names, or None where battles start from the examples; and round 1's input
    # from the answers, PlaysInvalid naming the form's field (every system without a form refuses).
    def setup_form(self, characters: tuple[str, ...]) -> PlaysForm | None: ...

    def set_up(self, answers: Mapping[str, Any], characters: tuple[str, ...]) -> dict[str, Any]: ...

    # A campaign's calendar beyond the date (systems/calendar.py says what each is for; its defaults count 7-day
    # weeks and keep nothing more). `options` are the campaign's (`Campaign.round_rules()`), dice `systems.dice`.
    def new_calendar(self, options: Mapping[str, Any], dice: Any) -> dict[str, Any]: ...

    def end_week(self, options: Mapping[str, Any], state: Mapping[str, Any], month: int, day: int,
                 dice: Any) -> WeekEnd: ...

    def calendar_facts(self, options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> CalendarFacts: ...

    def gm_calendar(self, options: Mapping[str, Any], state: Mapping[str, Any], month: int) -> GmCalendar: ...

    def check_calendar(self, state: Mapping[str, Any]) -> list[FieldError]: ...

    def check_old_calendar(self, old: Mapping[str, Any]) -> list[FieldError]: ...

    def calendar_from_old(self, old: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[tuple[Fact, ...], ...]]: ...

    # A campaign's characters (systems/characters.py says what each is for; its defaults are free names).
    def character_name(self, name: str) -> str: ...

    def character_names(self) -> tuple[str, ...] | None: ...

    def native_groups(self) -> tuple[str, ...]: ...

    def character_facts(self, name: str, record: Mapping[str, Any],
                        options: Mapping[str, Any]) -> tuple["CharacterFact", ...]: ...

    # The kinds of step a campaign's players take in turn before it starts (systems/setup_order.py); none: the
    # players page asks nothing of the kind.
    def setup_order_kinds(self) -> tuple[tuple[str, str], ...]: ...

    # A character's secret starting information (systems/starting.py says what each is for; its defaults: none).
    def starting_form(self, name: str, options: Mapping[str, Any]) -> PlaysForm | None: ...

    def check_starting(self, answers: Mapping[str, Any], options: Mapping[str, Any]) -> list[FieldError]: ...

    def starting_record(self, answers: Mapping[str, Any]) -> dict[str, Any]: ...

    def starting_from_old(self, old: Mapping[str, Any]) -> dict[str, Any]: ...

    # A battle begun before its system's campaigns moved to the interface's pages (systems/old_battles.py).
    def battle_from_old(self, old_state: Mapping, previous=None, entries=None, starting=None) -> dict[str, Any]: ...

    def answers_from_old(self, round_input: dict, side: str, old_plays: Mapping | None) -> tuple[dict, tuple]: ...

    def gm_answers_from_old(self, round_input: dict, entries: Mapping | None) -> tuple[dict, tuple]: ...

    def round_input_from_old(self, round_input: dict, plays_by_side: Mapping, entries: Mapping | None) -> dict: ...

    def wait_from_old(self, entries: Mapping | None) -> dict[str, Any]: ...

    # Where in a round an error's field lies, in the GM's words (systems/error_places.py; default `round_part`).
    def error_place(self, path: str) -> str: ...

    # Its demo campaign, what `manage.py load_demo` makes for it (systems/demo.py); None for a system with none.
    def demo_campaign(self) -> DemoCampaign | None: ...
