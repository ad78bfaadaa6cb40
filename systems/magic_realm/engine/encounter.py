"""The encounter step of one melee round, and the melee step's choice of targets, with the BIMR4
campaign options that live there: Watchful Natives, Extended Treachery (and Knight's Adjustment, through
`systems.magic_realm.engine.relationships` and the Meeting table helper in `systems.magic_realm.engine.meeting`).

`resolve_encounter(encounter, dice)` runs the step in the order of the rules (8.3 Encounter step, 8.4.2
Melee step), each in the module named for it, all working on one `EncounterState`
(systems.magic_realm.engine.encounter_state):

0. Meeting table rolls for battling natives, before luring (systems.magic_realm.engine.meeting, here);
1. luring (8.3.4): characters and their hirelings lure unassigned denizens onto their own sheets
   (systems.magic_realm.engine.luring);
2. random assignment (8.3.5a.3): each unassigned denizen goes to one battle group by a roll-off;
   with Watchful Natives, unhired natives still unassigned become watchful (Watchful Natives 1)
   (systems.magic_realm.engine.random_assignment, systems.magic_realm.engine.watchful_natives);
3. deployment of hirelings and charging (8.3), with Watchful Natives 1.2 and 1.3 and Extended Treachery
   (systems.magic_realm.engine.deployment, systems.magic_realm.engine.charging, systems.magic_realm.engine.treachery);
4. encounter actions (8.3): run away (Stumble 5.1, or the basic rule), alert a weapon, cast a spell
   (systems.magic_realm.engine.encounter_actions, systems.magic_realm.engine.running_away);
5. the melee step's targets (8.4.2): battling (8.4.2d.7), unhiding (8.4.2b.4), Treachery (8.4.2g),
   Watchful Natives 1.1 and 1.3 (systems.magic_realm.engine.targeting).

The input and output are frozen dataclasses (systems.magic_realm.engine.encounter_model), checked by
`validate_encounter` (systems.magic_realm.engine.encounter_validation); a round file's `encounter` section
(ENCOUNTER_SCHEMA, systems.magic_realm.engine.encounter_schema) is read by `encounter_from_round`
(systems.magic_realm.engine.encounter_input), and the result becomes the melee round's sheets by `apply_encounter`
(systems.magic_realm.engine.encounter_sheets). The rules each log line cites are in systems.magic_realm.engine.encounter_log.

Everything is pure Python: frozen dataclasses in, an `EncounterResult` out, dice injected. Where the
player has a choice the rules give him (which unhidden hireling takes a denizen: 8.3.5a.3 and Watchful
Natives 1.3), the choice is an input (`EncounterInput.choices`); when it is needed and missing, the
result stops there and says which choice is needed (`EncounterResult.choice_needed`): the GM asks the
player and resolves again with the same dice, which replays identically (`with_choice`).
See docs/encounter.md for exactly what is encoded and the rulings where the texts are silent.
"""

from __future__ import annotations

from collections.abc import Mapping

from systems.magic_realm.engine.charging import charging
from systems.magic_realm.engine.deployment import deployment
from systems.magic_realm.engine.dice import Dice
from systems.magic_realm.engine.encounter_actions import encounter_actions
from systems.magic_realm.engine.encounter_input import (
    denizen_from_catalogue,
    encounter_from_round,
    minion_from_catalogue,
)
from systems.magic_realm.engine.encounter_model import (
    AlertWeapon,
    CastSpell,
    CharacterInClearing,
    Charge,
    ChoiceNeeded,
    Denizen,
    Deploy,
    EncounterAction,
    EncounterError,
    EncounterInput,
    EncounterInvalid,
    EncounterResult,
    Kind,
    Lure,
    MeleeTarget,
    Minion,
    Rebel,
    RunAway,
    RunResult,
    RunWith,
)
from systems.magic_realm.engine.encounter_schema import ENCOUNTER_SCHEMA
from systems.magic_realm.engine.encounter_sheets import apply_encounter, encounter_summary, melee_sheets
from systems.magic_realm.engine.encounter_state import ChoicePending, EncounterState, with_choice
from systems.magic_realm.engine.encounter_validation import validate_encounter
from systems.magic_realm.engine.luring import luring
from systems.magic_realm.engine.meeting import roll_meeting
from systems.magic_realm.engine.random_assignment import random_assignment
from systems.magic_realm.engine.running_away import RunOutlook, run_outlook
from systems.magic_realm.engine.relationships import CharacterRelationships
from systems.magic_realm.engine.targeting import melee_targets

# What callers import from here (systems.magic_realm.engine.play, the plug-in, the resolve_round command, the tests).
__all__ = [
    "AlertWeapon",
    "CastSpell",
    "CharacterInClearing",
    "CharacterRelationships",
    "Charge",
    "ChoiceNeeded",
    "Denizen",
    "Deploy",
    "ENCOUNTER_SCHEMA",
    "EncounterAction",
    "EncounterError",
    "EncounterInput",
    "EncounterInvalid",
    "EncounterResult",
    "Kind",
    "Lure",
    "MeleeTarget",
    "Minion",
    "Rebel",
    "RunAway",
    "RunOutlook",
    "RunResult",
    "RunWith",
    "apply_encounter",
    "denizen_from_catalogue",
    "encounter_from_round",
    "encounter_summary",
    "melee_sheets",
    "minion_from_catalogue",
    "play_round_file",
    "prepare_melee",
    "resolve_encounter",
    "run_before_the_step",
    "starting_state",
    "validate_encounter",
    "with_choice",
]


def resolve_encounter(encounter: EncounterInput, dice: Dice) -> EncounterResult:
    """Resolve the encounter step and the melee step's targets; see the module docstring for the order.

    Raises EncounterInvalid (with every error and its field path) if `validate_encounter` finds any.
    """
    errors = validate_encounter(encounter)
    if errors:
        raise EncounterInvalid(errors)
    state = starting_state(encounter, dice)
    choice = None
    try:
        meeting_rolls(state, encounter)
        luring(state, encounter.lures)
        random_assignment(state)
        deployment(state, encounter.deployments)
        charging(state, encounter.charges)
        encounter_actions(state, encounter.actions)
        melee_targets(state, encounter.targets)
    except ChoicePending as pending:
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


def starting_state(encounter: EncounterInput, dice: Dice | None) -> EncounterState:
    """The step's working state before its first part: who is where, hidden or absent, and the targets the
    input already gives its denizens and hirelings."""
    state = EncounterState(
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
    return state


def run_before_the_step(encounter: EncounterInput, run: RunAway) -> RunOutlook:
    """What `run_outlook` makes of `run` from what the input already holds, before any of the step is played
    (the plays form tells it while the player types): the unhired denizens already on his sheet are still there
    when he runs (luring and random assignment only place unassigned denizens, and nothing before the encounter
    actions takes one off), so a refusal found here is certain. Hirelings attacking him are left out (their
    owner may deploy them elsewhere, Extended Treachery may unhire them), and others may yet lure, charge or be
    assigned onto his sheet, so a Stumble roll's attackers may still grow."""
    state = starting_state(encounter, None)  # no die is thrown
    state.targets = {name: target for name, target in state.targets.items() if name in state.denizens}
    return run_outlook(state, run)


def meeting_rolls(state: EncounterState, encounter: EncounterInput) -> None:
    """Meeting table rolls for battling natives (systems.magic_realm.engine.meeting), before luring."""
    for i, request in enumerate(encounter.meetings):
        assert encounter.meeting_table is not None  # validated
        outcome = roll_meeting(encounter.meeting_table, request, state.rules, state.dice)
        state.rolls.append(outcome.roll)
        state.events.extend(outcome.events)
        if outcome.choice_needed:
            raise ChoicePending(
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
    from systems.magic_realm.engine.melee import resolve_round

    dice = round_file.make_dice()
    result, melee_input = prepare_melee(round_file.round_input, round_file.encounter, dice, catalogue)
    return result, resolve_round(melee_input, dice, catalogue)
