"""The GM's own entries for a Magic Realm round, as the interface's form (systems/interface.py:
`plays_form(round_input, GM)`): what the rules leave to the GM before the encounter step (docs/encounter.md), not
a side's secret.

- Which native groups battle which characters this evening (`encounter.battling`: the Meeting table's result, or
  as the GM decides): per native group in the battle and living character, one optional field writing that
  pair's entry. A pair already battling in the round input (a battle carried over for the rest of the day,
  8.3.4e, 8.4.2d.7) stands and is not offered again. A round without an encounter section that gets a battle
  gets its encounter step, in which random assignment (8.3.5a.3) sets the group's unassigned natives on the
  character (or, when he is hidden, on his unhidden hirelings).
- The Meeting table itself (`encounter.meeting_table`: we do not have its text, so the GM types it), first: a
  choice to type it, then, once chosen, its five columns, each required, each one line of the six results of rows
  1 to 6 separated by "|" (a text `Field` with a `separator`, written as the list the engine reads). A table
  partly typed is refused: every column is needed, as the engine's `MeetingTable` needs it, and it names each
  column wrong (its count, an empty row). A table already in the encounter section (typed in an earlier round
  and carried, systems/magic_realm/battle_state.py `carried_encounter`) stands unless the GM chooses to type it
  again: each column's help says what it holds now.
- Which character rolls on the Meeting table against which group (`encounter.meetings`), when the round's
  encounter section has the GM's `meeting_table` or the GM chose to type it (the helper needs it:
  systems/magic_realm/engine/meeting.py): per pair not battling yet, the roll, shown while the GM has not
  entered that battle, and its die modifier (a dwelling's or a treasure's). On the page the roll appears as
  soon as the GM chooses to type the table (the form's conditions, no save needed).

The entries land in the round file's encounter section where the engine reads them.
"""

from __future__ import annotations

from typing import Any, Mapping

from systems.interface import GM, Choice, Field, PlaysForm
from systems.magic_realm.encounter_options import native_groups
from systems.magic_realm.engine.meeting import COLUMNS
from systems.magic_realm.engine.round_format import state_from_json

RULES_THAT_ADD_BATTLES = ("luring, deploying against or targeting an unhired native adds its group on its own "
                          "(8.3.4e, 8.4.2d.7)")
MEETING_HELP = ("The helper picks the column from the character's relationship with the group (Knight's Adjustment "
                "included), rolls two dice and reads BLOCK/BATTLE as battling this evening")
# A row reads the high die plus the modifiers, clamped to 1..6 (docs/encounter.md): more changes nothing.
DIE_MODIFIER_BOUND = 5
UNADDRESSABLE = ".[]"  # a keyed path part's value holds none of these (systems.paths.set_path)
TABLE = "meeting_table"  # the choice to type the Meeting table (it steers the form and writes nothing)
TYPED = (TABLE, (True,))
RESULTS_BETWEEN = "|"
# Six results, none empty, between "|": what the page's input takes (Python's `re` and a browser's `pattern` both
# read it); the engine's `MeetingTable` says in words what is wrong (the count, an empty row).
RESULT = r"\s*[^\|\s][^\|]*"  # one way only to match (no backtracking blow-up on a wrong line)
SIX_RESULTS = rf"{RESULT}(?:\|{RESULT}){{5}}"


def gm_entries(round_input: Mapping[str, Any]) -> PlaysForm:
    """The GM's form: per (native group, living character) pair not battling yet, the battle and, with the GM's
    Meeting table, the roll; no fields (and a note saying why) when the battle has no native or no one living."""
    parsed = state_from_json(round_input["state"])
    title = f"The GM's entries for round {parsed.round_number}"
    encounter = round_input.get("encounter")
    section = encounter if isinstance(encounter, Mapping) else {}
    standing = _pairs(section.get("battling"))
    rolling = _pairs(section.get("meetings"))
    hidden = {c.id for c in parsed.characters if c.hidden}
    living = [c.id for c in parsed.characters if not c.dead and not c.fled]
    groups = native_groups({"state": round_input["state"]})
    pairs = [(group, character) for group in groups for character in living
             if (group, character) not in standing and _addressable(group, character)]
    table = section.get("meeting_table")
    carried = table if isinstance(table, Mapping) and table else None  # an empty one carries no table to roll on
    fields: list[Field] = []
    for index, (group, character) in enumerate(pairs):
        fields.append(_battling_field(index, group, character, encounter is not None, character in hidden))
        if (group, character) not in rolling:
            fields += _meeting_fields(index, group, character, carried is not None)
    if fields:
        return PlaysForm(GM, title, (*_table_fields(carried), *fields))
    return PlaysForm(GM, title, notes=(_why_none(groups, living, standing),))


def _pairs(entries: Any) -> set[tuple[str, str]]:
    """The (group, character) pairs a list of the encounter section names."""
    return {(entry.get("group"), entry.get("character")) for entry in entries or () if isinstance(entry, Mapping)}


def _addressable(group: str, character: str) -> bool:
    return not any(mark in name for name in (group, character) for mark in UNADDRESSABLE)


def _entry(key: str, group: str, character: str) -> str:
    return f"encounter.{key}[group={group}][character={character}]"


def _battling_field(index: int, group: str, character: str, has_encounter_step: bool, hidden: bool) -> Field:
    """The pair's battle: its one choice is the entry itself, which `fill` merges into (and so creates) the
    pair's entry of `encounter.battling`."""
    help_text = f"As the Meeting table (or the GM) decided; {RULES_THAT_ADD_BATTLES}."
    if hidden:
        help_text += f" The {character} is hidden: the natives go to the {character}'s unhidden hirelings " \
                     "(8.3.5a.3)."
    if not has_encounter_step:
        help_text += (" This round has no encounter step yet: a battle entered here gives it one, in which random "
                      "assignment sets the group's unassigned natives on the character (8.3.5a.3).")
    return Field(f"battling_{index}", "choice", f"The {group} battle the {character} this evening",
                 _entry("battling", group, character), help_text,
                 (Choice({"group": group, "character": character}, "Yes, they battle"),), required=False)


def _table_fields(carried: Mapping[str, Any] | None) -> list[Field]:
    """The choice to type the Meeting table, then its five columns, each required once it is chosen (a table
    partly typed is no table: the engine's `MeetingTable` needs every column), each written as the list of its
    six results at `encounter.meeting_table.<column>`, where the engine reads and checks it."""
    if carried is None:
        choice = Choice(True, "Type it, to roll on it this evening")
        help_text = ("We do not have the Meeting table's text: type its five columns as printed to roll on it; "
                     "once typed it is carried to the battle's later rounds")
    else:
        choice = Choice(True, "Type it again, replacing the one carried")
        help_text = ("The table typed in an earlier round is carried and used for the rolls below; type it again "
                     "only to replace it (each column's help says what it holds now)")
    fields = [Field(TABLE, "choice", "The Meeting table", None, help_text, (choice,), required=False)]
    for column in COLUMNS:
        now = carried.get(column) if carried is not None else None
        help_text = f"The six results of rows 1 to 6, as printed, separated by {RESULTS_BETWEEN}"
        if isinstance(now, list):
            help_text += f". Now: {f' {RESULTS_BETWEEN} '.join(map(str, now))}"
        fields.append(Field(f"meeting_table_{column.lower()}", "text", f"Meeting table, {column} column",
                            f"encounter.meeting_table.{column}", help_text, shown_when=TYPED,
                            pattern=SIX_RESULTS, separator=RESULTS_BETWEEN))
    return fields


def _meeting_fields(index: int, group: str, character: str, carried: bool) -> list[Field]:
    """The pair's Meeting table roll, offered while the GM has not entered their battle (a roll is moot
    then) and there is a table to roll on (carried, or the GM chose to type it), and its die modifier beside
    it."""
    roll = {"group": group, "character": character}
    not_battling = (f"battling_{index}", (None,))
    return [
        Field(f"meeting_{index}", "choice", f"The {character} rolls on the Meeting table against the {group}",
              _entry("meetings", group, character), f"{MEETING_HELP}.",
              (Choice(roll, "Yes, roll"),), required=False,
              shown_when=not_battling if carried else (not_battling, TYPED)),
        Field(f"die_modifier_{index}", "number", f"The {character}'s die modifier on that roll",
              f"{_entry('meetings', group, character)}.die_modifier",
              "added to the high die (a dwelling's or a treasure's); left empty, none", required=False,
              minimum=-DIE_MODIFIER_BOUND, maximum=DIE_MODIFIER_BOUND, shown_when=(f"meeting_{index}", (roll,))),
    ]


def _why_none(groups: list[str], living: list[str], standing: set[tuple[str, str]]) -> str:
    if not groups:
        return "No native group is in the battle: there is no battle or Meeting table roll for the GM to enter"
    if not living:
        return "No character is left in the battle: there is nothing for the GM to enter"
    return ("Every native group in the battle already battles every character for the rest of the day: there is "
            "nothing for the GM to enter")
