"""A Meeting table helper for the evening: does a native group battle a character?

We do not have the Meeting table's text, so the table itself is data the GM supplies and confirms
(`MeetingTable`: for each relationship column, the six results of rows 1 to 6, as printed). What this
module encodes:

- the column is the character's relationship with the group, after Knight's Adjustment
  (`systems.magic_realm.engine.relationships`), unless the GM gives the current relationship (trading and hiring may
  have changed it);
- the row is the high die of two dice plus the die-roll modifiers the GM gives, read as row 1 when it
  is below 1 and row 6 when it is above 6;
- a result in `battle_results` (by default "BLOCK/BATTLE") means the group battles the character this
  evening;
- Expanded Meeting Table Opportunities (BIMR4): on an OPPORTUNITY result the player may instead take the
  "2" result in the same column; the player's choice is an input (`take_row_two`), and when it is needed
  and missing the outcome says so (`choice_needed`).
"""

from __future__ import annotations

from dataclasses import dataclass

from systems.magic_realm.engine.dice import Dice, Roll
from systems.magic_realm.engine.log import Event, section
from systems.magic_realm.engine.relationships import HasRelationships, relationship_name, relationship_with
from systems.magic_realm.engine.ruleset import RuleSet

COLUMNS: tuple[str, ...] = ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")
OPPORTUNITY = "OPPORTUNITY"
BLOCK_BATTLE = "BLOCK/BATTLE"
MEETING_RULE = (section("Meeting table"), "Battling natives: BLOCK/BATTLE")
EXPANDED_RULE = ("BIMR4 Expanded Meeting Table Opportunities", "Expanded Meeting Table Opportunities")


class MeetingTableError(ValueError):
    def __init__(self, errors: dict[str, str]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))


@dataclass(frozen=True)
class MeetingTable:
    """The Meeting table as the GM entered it: column name → the results of rows 1..6."""

    columns: dict[str, tuple[str, ...]]
    battle_results: frozenset[str] = frozenset({BLOCK_BATTLE})

    def __post_init__(self) -> None:
        errors = {}
        for column in COLUMNS:
            rows = self.columns.get(column)
            if rows is None:
                errors[f"columns.{column}"] = f"the {column} column is missing: give its six results, rows 1 to 6"
            elif len(rows) != 6:
                errors[f"columns.{column}"] = (f"the {column} column must hold six results, rows 1 to 6, "
                                               f"not {len(rows)}")
            elif empty := [str(row) for row, r in enumerate(rows, 1) if not (isinstance(r, str) and r.strip())]:
                errors[f"columns.{column}"] = (f"the {column} column's row{'s' if len(empty) > 1 else ''} "
                                               f"{', '.join(empty)} {'are' if len(empty) > 1 else 'is'} empty: "
                                               "give each of its six results")
        for column in self.columns:
            if column not in COLUMNS:
                errors[f"columns.{column}"] = f"is not a column; columns are {', '.join(COLUMNS)}"
        if errors:
            raise MeetingTableError(errors)

    def result(self, column: str, row: int) -> str:
        return self.columns[column][row - 1]


@dataclass(frozen=True)
class MeetingOutcome:
    character: str
    group: str
    relationship: int
    column: str
    roll: Roll
    row: int
    result: str
    battling: bool
    events: tuple[Event, ...]
    choice_needed: str | None = None  # "take_row_two": the player may take the "2" result instead


@dataclass(frozen=True)
class MeetingRequest:
    character: HasRelationships
    group: str
    die_modifier: int = 0
    relationship: int | None = None  # the current relationship, if trading or hiring changed it
    take_row_two: bool | None = None  # the player's choice on an OPPORTUNITY (Expanded Meeting Table)
    one_die: bool = False  # the Black Knight's FEAR: one die instead of two on the Meeting table


def roll_meeting(table: MeetingTable, request: MeetingRequest, rules: RuleSet, dice: Dice) -> MeetingOutcome:
    """Roll on the Meeting table for one native group and one character (see the module docstring)."""
    character = request.character
    events: list[Event] = []
    if request.relationship is None:
        level, adjustment = relationship_with(character, request.group, rules)
        events.extend(adjustment)
        source = "from his card" + (" after Knight's Adjustment" if adjustment else "")
    else:
        level, source = request.relationship, "as the GM gave it"
    column = relationship_name(level)
    roll = dice.roll(1 if request.one_die else 2, f"Meeting table: {request.group} meet {character.name}")
    raw = roll.high + request.die_modifier
    row = min(6, max(1, raw))
    result = table.result(column, row)
    modifier = f" {request.die_modifier:+d}" if request.die_modifier else ""
    events.append(
        Event(
            "meeting",
            f"The {request.group} meet {character.name}: {column} ({source}); "
            + (f"one die (FEAR) {roll.high}" if request.one_die else f"high die {roll.high}")
            + f"{modifier} = {raw} → row {row}: {result}",
            *MEETING_RULE,
            actors=(character.name,),
            data={"group": request.group, "column": column, "row": row, "result": result},
        )
    )
    choice_needed = None
    if result == OPPORTUNITY and rules.expanded_meeting_table:
        if request.take_row_two is None:
            choice_needed = "take_row_two"
            events.append(
                Event(
                    "meeting",
                    f'{character.name} may ignore the OPPORTUNITY and take the "2" result of the {column} '
                    f"column ({table.result(column, 2)}): the player chooses",
                    *EXPANDED_RULE,
                    actors=(character.name,),
                )
            )
        elif request.take_row_two:
            result = table.result(column, 2)
            events.append(
                Event(
                    "meeting",
                    f'{character.name} ignores the OPPORTUNITY and takes the "2" result of the {column} '
                    f"column: {result}",
                    *EXPANDED_RULE,
                    actors=(character.name,),
                )
            )
    battling = result in table.battle_results
    if battling:
        events.append(
            Event(
                "battling",
                f"The {request.group} battle {character.name} this evening ({result})",
                *MEETING_RULE,
                actors=(character.name,),
                data={"group": request.group},
            )
        )
    return MeetingOutcome(
        character=character.name,
        group=request.group,
        relationship=level,
        column=column,
        roll=roll,
        row=row,
        result=result,
        battling=battling,
        events=tuple(events),
        choice_needed=choice_needed,
    )


def battling_from(outcomes: list[MeetingOutcome]) -> frozenset[tuple[str, str]]:
    """The (group, character) pairs battling, for EncounterInput.battling."""
    return frozenset((o.group, o.character) for o in outcomes if o.battling)
